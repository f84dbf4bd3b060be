/**
 * How the game is told to players, one presentation part per expansion beside the base game's
 * (base.ts, princessDragon.ts, tower.ts, halflings.ts): the names of pieces and features, the
 * phrases of actions and events, the bonuses and the sources of points. The web client and the
 * terminal both read them here; each renders a phrase its own way (phrase.ts).
 *
 * Every word is a message (messages/: one catalog per part, English, Dutch and Romanian, in ICU
 * MessageFormat, keys prefixed by the part's id), so a phrase is told in the language its context
 * asks for (`locale`, English by default); a message a language lacks is told in English.
 *
 * A presenter holds the presentations a program knows, like the engine's registry holds
 * expansions: `PRESENTATIONS` has the built-in ones, `PRESENTATIONS.with(part)` adds a plug-in
 * expansion's (with its own messages). An action or event no presentation tells is shown by its
 * type and fields.
 */
import type { Action, GameEvent, MatchResult, RuleId } from '@carc/engine';
import { BASE_PRESENTATION, FEATURE_ORDER } from './base.js';
import { CORE_MESSAGES, coreTranslator, playersOf, translators } from './core.js';
import { HALFLINGS_PRESENTATION } from './halflings.js';
import type { Part, Phrase } from './phrase.js';
import { capitalized } from './phrase.js';
import { PRINCESS_DRAGON_PRESENTATION } from './princessDragon.js';
import { TOWER_PRESENTATION } from './tower.js';
import type { Locale, MissingHandler, Translator } from './translate.js';
import type { TileLookup } from '../model.js';
import type {
  FeatureNoun,
  Messages,
  Noun,
  PointsEntry,
  Presentation,
  PresentContext,
  PublicTable,
  Words,
} from './types.js';

export * from './phrase.js';
export * from './translate.js';
export * from './tiles.js';
export type * from './types.js';
export { cornerOf } from './corners.js';
export { featureWords } from './base.js';
export { andList, article, cellName, plural, some, turned } from './words.js';
export { BASE_PRESENTATION, HALFLINGS_PRESENTATION, PRINCESS_DRAGON_PRESENTATION, TOWER_PRESENTATION };

type AnyPhrase<T> = (x: T, ctx: PresentContext) => Phrase;
type AnyPoints = (e: GameEvent, words: Words, t: Translator) => readonly PointsEntry[];

/** What a client gives to tell something: how it names seats, the tiles, the table it shows, its language. */
export interface ContextInput {
  who(seat: number): Part;
  tiles: TileLookup;
  table?: PublicTable;
  phase?: string;
  cropMode?: 'add' | 'remove';
  /** The language to tell it in (English by default). */
  locale?: Locale;
}

/** Points by source per player, for the end table. */
export interface PointsBreakdown {
  /** The columns, features first (in the base game's order), then the others as they came. */
  sources: { key: string; label: string }[];
  /** points[player][key]. */
  points: Record<string, number>[];
  /** The sum per player (the score, when the events are the whole game's). */
  totals: number[];
}

export interface PresenterOptions {
  /**
   * Told when a message is missing in the language asked for (the English one is used) or missing
   * altogether, or lacks an argument: tests pass one that throws.
   */
  onMissing?: MissingHandler;
}

/** The fields of an action or event no presentation knows: "odd n 1". */
function fallback(x: object, t: Translator): Phrase {
  const words = Object.entries(x).map(([k, v]) => (k === 'type' ? String(v) : `${k} ${String(v)}`));
  return t.phrase('common.unknown', { details: words.join(' ') });
}

/** The kinds of words a part names, and the form of their message keys after "<id>.". */
const WORD_KEYS = {
  feature: /^feature\.([^.]+)\.one$/,
  piece: /^piece\.([^.]+)$/,
  bonus: /^bonus\.([^.]+)$/,
  removal: /^removal\.([^.]+)$/,
} as const;
type WordKind = keyof typeof WORD_KEYS;

export class Presenter {
  readonly parts: readonly Presentation[];
  /** The words of every part, in English. */
  readonly words: Words;
  private readonly actionPhrases = new Map<string, AnyPhrase<Action>>();
  private readonly eventPhrases = new Map<string, AnyPhrase<GameEvent>>();
  private readonly pointSources = new Map<string, AnyPoints>();
  /** Which part names each feature kind, piece, bonus and removal ("city" → "base"). */
  private readonly owners: Record<WordKind, Map<string, string>> = {
    feature: new Map(),
    piece: new Map(),
    bonus: new Map(),
    removal: new Map(),
  };
  /** Words given as fields (English), for parts without messages for them. */
  private readonly features = new Map<string, Noun & { readonly role?: string }>();
  private readonly pieces = new Map<string, string>();
  private readonly bonuses = new Map<string, string>();
  private readonly removals = new Map<string, (meeple: Phrase) => Phrase>();
  private readonly translators: (locale: Locale) => Translator;
  private readonly wordsByLocale = new Map<Locale, Words>();

  /**
   * Gathers `parts`; throws for an id given twice, an action, event or word told twice, or a
   * message key without its part's id in front.
   */
  constructor(
    parts: readonly Presentation[],
    private readonly options: PresenterOptions = {},
  ) {
    const ids = new Set<string>();
    const claim = <T>(what: string, into: Map<string, T>, from: Readonly<Record<string, T>> | undefined) => {
      for (const [k, v] of Object.entries(from ?? {})) {
        if (into.has(k)) throw new Error(`presentations: ${what} "${k}" told twice`);
        into.set(k, v);
      }
    };
    const own = (kind: WordKind, name: string, part: string) => {
      const owner = this.owners[kind].get(name);
      if (owner !== undefined && owner !== part)
        throw new Error(`presentations: ${kind} "${name}" told twice`);
      this.owners[kind].set(name, part);
    };
    for (const p of parts) {
      if (ids.has(p.id)) throw new Error(`presentations: "${p.id}" given twice`);
      ids.add(p.id);
      // Each table is typed by its key in Presentation; here they are looked up by type at run time.
      claim(
        'action',
        this.actionPhrases,
        p.actions as Readonly<Record<string, AnyPhrase<Action>>> | undefined,
      );
      claim(
        'event',
        this.eventPhrases,
        p.events as Readonly<Record<string, AnyPhrase<GameEvent>>> | undefined,
      );
      claim(
        'points of event',
        this.pointSources,
        p.points as Readonly<Record<string, AnyPoints>> | undefined,
      );
      for (const [kind, from] of [
        ['feature', p.features],
        ['piece', p.pieces],
        ['bonus', p.bonuses],
        ['removal', p.removals],
      ] as const) {
        for (const name of Object.keys(from ?? {})) own(kind, name, p.id);
      }
      claim('feature', this.features, p.features);
      claim('piece', this.pieces, p.pieces);
      claim('bonus', this.bonuses, p.bonuses);
      claim('removal', this.removals, p.removals);
      const prefix = `${p.id}.`;
      for (const catalog of Object.values(p.messages ?? {})) {
        for (const key of Object.keys(catalog ?? {})) {
          if (!key.startsWith(prefix))
            throw new Error(`presentations: message "${key}" of "${p.id}" lacks "${prefix}"`);
        }
      }
      for (const key of Object.keys(p.messages?.en ?? {})) {
        for (const kind of Object.keys(WORD_KEYS) as WordKind[]) {
          const name = WORD_KEYS[kind].exec(key.slice(prefix.length))?.[1];
          if (name !== undefined) own(kind, name, p.id);
        }
      }
    }
    this.parts = [...parts];
    const messages = parts.flatMap((p): Messages[] => (p.messages ? [p.messages] : []));
    this.translators = translators([...CORE_MESSAGES, ...messages], options.onMissing);
    this.words = this.wordsIn('en');
  }

  /** These presentations and more after them (a plug-in expansion's). */
  with(...parts: readonly Presentation[]): Presenter {
    return new Presenter([...this.parts, ...parts], this.options);
  }

  get(id: string): Presentation | undefined {
    return this.parts.find((p) => p.id === id);
  }

  /** Whether some presentation tells actions of this type / events of this type. */
  tellsAction(type: string): boolean {
    return this.actionPhrases.has(type);
  }
  tellsEvent(type: string): boolean {
    return this.eventPhrases.has(type);
  }

  /** Every part's messages (and the shared ones) in `locale`, English where it lacks one; made once. */
  translator(locale: Locale = 'en'): Translator {
    return this.translators(locale);
  }

  /** Every part's words in `locale`. */
  wordsIn(locale: Locale = 'en'): Words {
    let words = this.wordsByLocale.get(locale);
    if (words === undefined) {
      words = this.makeWords(this.translator(locale));
      this.wordsByLocale.set(locale, words);
    }
    return words;
  }

  private makeWords(t: Translator): Words {
    /** The message key of a word its part has a message for, in `t`'s language or in English. */
    const keyOf = (kind: WordKind, name: string, suffix = ''): string | undefined => {
      const owner = this.owners[kind].get(name);
      const key = owner === undefined ? undefined : `${owner}.${kind}.${name}${suffix}`;
      return key !== undefined && t.has(key) ? key : undefined;
    };
    const text = (key: string | undefined): string | undefined =>
      key === undefined ? undefined : t.text(key);
    const nouns = new Map<string, FeatureNoun>();
    return {
      feature: (kind): FeatureNoun => {
        const known = nouns.get(kind);
        if (known !== undefined) return known;
        // Each form from the part's messages, else from its fields (English), else made up.
        const form = (f: string) => text(keyOf('feature', kind, `.${f}`));
        const one = form('one') ?? this.features.get(kind)?.one ?? kind;
        const noun = {
          one,
          many: form('many') ?? this.features.get(kind)?.many ?? t.text('common.features', { kind }),
          the: form('the') ?? t.text('common.the', { noun: one }),
          gender: form('gender') ?? '',
        };
        nouns.set(kind, noun);
        return noun;
      },
      role: (kind) =>
        text(keyOf('feature', kind, '.role')) ?? this.features.get(kind)?.role ?? t.text('common.meeple'),
      piece: (id) => text(keyOf('piece', id)) ?? this.pieces.get(id) ?? id,
      bonus: (r: RuleId) => text(keyOf('bonus', r)) ?? this.bonuses.get(r) ?? t.text('common.bonus'),
      removal: (r: RuleId, meeple) => {
        const key = keyOf('removal', r);
        if (key !== undefined) return t.phrase(key, { meeple });
        return this.removals.get(r)?.(meeple) ?? t.phrase('common.removed', { meeple });
      },
    };
  }

  context(input: ContextInput): PresentContext {
    const { locale = 'en', ...rest } = input;
    return { table: {}, ...rest, t: this.translator(locale), words: this.wordsIn(locale) };
  }

  /** An action as a short phrase (after "Ada:" in a log, or alone on a button or in a menu). */
  action(a: Action, ctx: PresentContext): Phrase {
    const f = this.actionPhrases.get(a.type);
    return f === undefined ? fallback(a, ctx.t) : f(a, ctx);
  }

  /** An event as a sentence (without its final stop). */
  event(e: GameEvent, ctx: PresentContext): Phrase {
    const f = this.eventPhrases.get(e.type);
    // A sentence starts with a capital in every language, whatever word a translation puts first.
    return capitalized(f === undefined ? fallback(e, ctx.t) : f(e, ctx));
  }

  /** Points by source per player, from a game's events, the sources named in `locale`. */
  points(events: Iterable<GameEvent>, playerCount: number, locale: Locale = 'en'): PointsBreakdown {
    const t = this.translator(locale);
    const words = this.wordsIn(locale);
    const sources: { key: string; label: string }[] = [];
    const points = Array.from({ length: playerCount }, (): Record<string, number> => ({}));
    for (const e of events) {
      for (const entry of this.pointSources.get(e.type)?.(e, words, t) ?? []) {
        const row = points[entry.player];
        if (row === undefined || entry.points === 0) continue;
        if (!sources.some((s) => s.key === entry.key)) sources.push({ key: entry.key, label: entry.label });
        row[entry.key] = (row[entry.key] ?? 0) + entry.points;
      }
    }
    const rank = (key: string) => {
      const i = FEATURE_ORDER.indexOf(key);
      return i >= 0 ? i : FEATURE_ORDER.length;
    };
    sources.sort((a, b) => rank(a.key) - rank(b.key));
    const totals = points.map((row) => Object.values(row).reduce((a, b) => a + b, 0));
    return { sources, points, totals };
  }
}

/** Every built-in presentation, in the engine registry's order. */
export const PRESENTATIONS = new Presenter([
  BASE_PRESENTATION,
  HALFLINGS_PRESENTATION,
  TOWER_PRESENTATION,
  PRINCESS_DRAGON_PRESENTATION,
]);

/**
 * How a match ended, as a sentence: "Ann resigned.", "Bo ran out of time.", "The game was
 * stopped before its end."; empty for a game played to its end.
 */
export function outcomePhrase(
  result: Pick<MatchResult, 'status' | 'outcome'>,
  who: (seat: number) => Part,
  locale: Locale = 'en',
): Phrase {
  const t = coreTranslator(locale);
  const seat = result.outcome?.player;
  const values = seat === undefined ? { known: 'no', player: '' } : { known: 'yes', player: who(seat) };
  switch (result.status) {
    case 'resigned':
      return t.phrase('common.resigned', values);
    case 'timeout':
      return t.phrase('common.timeout', values);
    case 'aborted':
      return t.phrase('common.aborted');
    default:
      return [];
  }
}

/** How the terminal names a rule in `locale` (for `phraseText`'s style): "(rule B-7)", "(regel B-7)". */
export function ruleText(locale: Locale = 'en'): (id: RuleId) => string {
  const t = coreTranslator(locale);
  return (id) => t.text('common.rule', { id });
}

/** Several seats: "Ada (A), Bo (B) and Cy (C)" ("Ada (A), Bo (B) en Cy (C)"). */
export function playersPhrase(
  who: (seat: number) => Part,
  seats: readonly number[],
  locale: Locale = 'en',
): Phrase {
  return playersOf(coreTranslator(locale), who, seats);
}
