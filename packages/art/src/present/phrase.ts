/**
 * A phrase: what happened or what can be done, as words with references a client may draw
 * otherwise: a tile (the web draws its picture, the terminal says it in words), a rule (the web
 * makes it a small link into docs/rules.md, the terminal may say "(rule B-7)"), a player (each
 * client names seats its own way: "Ada (A)", "P0 Ada").
 */
import type { RuleId } from '@carc/engine';

export type Part =
  | { readonly text: string }
  /**
   * A tile, with what it shows in words (never its id, which only the picture is drawn from), and
   * its rotation when it was placed so (the picture turned as on the board).
   */
  | { readonly tile: string; readonly words: string; readonly rotation?: number }
  /** A rule; `points`: it explains points (what the terminal keeps as "(rule B-7)"). */
  | { readonly rule: RuleId; readonly points?: true }
  | { readonly player: number; readonly name: string };

export type Phrase = readonly Part[];

/** What may stand in a phrase template: words, numbers, parts, and lists of them (whole phrases). */
export type Piece = string | number | Part | readonly Piece[];

const isList = (p: Piece): p is readonly Piece[] => Array.isArray(p);

/** Appends a piece, joining neighbouring words into one text part. */
function push(out: Part[], piece: Piece): void {
  if (isList(piece)) {
    for (const p of piece) push(out, p);
    return;
  }
  const part: Part = typeof piece === 'object' ? piece : { text: String(piece) };
  const last = out[out.length - 1];
  if ('text' in part && last !== undefined && 'text' in last) {
    out[out.length - 1] = { text: last.text + part.text };
  } else if (!('text' in part) || part.text !== '') out.push(part);
}

/** A phrase from a template: `` say`${who} placed ${tile} at ${cell}` ``. */
export function say(strings: TemplateStringsArray, ...pieces: readonly Piece[]): Phrase {
  const out: Part[] = [];
  strings.forEach((s, i) => {
    push(out, s);
    const piece = pieces[i];
    if (piece !== undefined) push(out, piece);
  });
  return out;
}

/** Several phrases joined: "a, b and c". */
export function joinPhrases(phrases: readonly Phrase[], last = ' and ', sep = ', '): Phrase {
  const out: Part[] = [];
  phrases.forEach((p, i) => {
    if (i > 0) push(out, i === phrases.length - 1 ? last : sep);
    push(out, p);
  });
  return out;
}

/** How a renderer without pictures or links says each part. */
export interface TextStyle {
  /** Rules: every one as "(rule B-7)", only those explaining points, or none. */
  rules?: 'all' | 'points' | 'none';
  /** How a rule is said: "(rule B-7)" by default (`ruleText(locale)` says it in a language). */
  rule?: (id: RuleId) => string;
}

/** The phrase as plain text: tiles in words, players by their names, rules as the style says. */
export function phraseText(phrase: Phrase, style: TextStyle = {}): string {
  const rules = style.rules ?? 'none';
  const ruleText = style.rule ?? ((id: RuleId) => `(rule ${id})`);
  let s = '';
  for (const p of phrase) {
    if ('text' in p) s += p.text;
    else if ('tile' in p) s += p.words;
    else if ('player' in p) s += p.name;
    else if (rules === 'all' || (rules === 'points' && p.points === true)) s += ` ${ruleText(p.rule)}`;
  }
  // A rule left out leaves no double space or space before punctuation behind.
  return s
    .replace(/ +([,.;:)])/g, '$1')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** The phrase with its first letter in upper case (a sentence's start). */
export function capitalized(phrase: Phrase): Phrase {
  const first = phrase[0];
  if (first === undefined || !('text' in first) || first.text === '') return phrase;
  return [{ text: first.text[0]!.toUpperCase() + first.text.slice(1) }, ...phrase.slice(1)];
}
