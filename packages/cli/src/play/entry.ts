/**
 * What a person types at the `carcassonne play` prompt, read into one of: a command, a number from
 * the menu, coordinates of a placement, or words to match against the menu. Reading never looks at
 * the game: whether the entry is possible is the session's question (and the engine's).
 */
import type { Rotation } from '@carc/engine';

export const COMMANDS = ['help', 'board', 'moves', 'scores', 'legend', 'quit'] as const;
export type Command = (typeof COMMANDS)[number];

const COMMAND_ALIASES: Record<string, Command> = {
  help: 'help',
  '?': 'help',
  board: 'board',
  moves: 'moves',
  list: 'moves',
  scores: 'scores',
  score: 'scores',
  legend: 'legend',
  quit: 'quit',
  exit: 'quit',
  q: 'quit',
};

export type Entry =
  | { kind: 'empty' }
  | { kind: 'command'; command: Command }
  | { kind: 'number'; n: number }
  /** A placement: a tile at (x, y), optionally its rotation and (for a triangle) which one. */
  | { kind: 'coords'; x: number; y: number; rotation?: Rotation; tile?: string }
  | { kind: 'words'; words: string[] }
  | { kind: 'bad'; message: string };

const ROTATION_NAMES: Record<string, Rotation> = { nw: 0, ne: 90, se: 180, sw: 270 };
const INTEGER = /^[+-]?\d+$/;

/** Reads a rotation: 0, 90, 180, 270 (with an optional r or a trailing °), or a corner (H-4). */
export function readRotation(token: string): Rotation | undefined {
  const t = token.toLowerCase().replace(/°$/, '');
  if (t in ROTATION_NAMES) return ROTATION_NAMES[t];
  const m = /^(?:r|rot)?(\d+)$/.exec(t);
  if (!m) return undefined;
  const n = Number(m[1]);
  return n === 0 || n === 90 || n === 180 || n === 270 ? n : undefined;
}

/** Whether a token names a tile (`BA/CRr`, `H1-03`): letters, then a slash or a dash. */
const looksLikeTile = (token: string): boolean => /^[A-Za-z]+\d*[/-]\S+$/.test(token) && !INTEGER.test(token);

/** Reads one line of input. */
export function readEntry(line: string): Entry {
  const text = line.trim();
  if (text === '') return { kind: 'empty' };
  const command = COMMAND_ALIASES[text.toLowerCase()];
  if (command) return { kind: 'command', command };
  if (/^\d+$/.test(text)) return { kind: 'number', n: Number(text) };
  // "3 -1 90", "3,-1 r90", "(3,-1) 90°", "H1-03 2 0 nw".
  const tokens = text
    .replace(/[(),;]/g, ' ')
    .split(/\s+/)
    .filter((s) => s !== '');
  const tile = tokens[0] !== undefined && looksLikeTile(tokens[0]) ? tokens[0] : undefined;
  const rest = tile === undefined ? tokens : tokens.slice(1);
  const [xs, ys, rs, ...extra] = rest;
  if (xs !== undefined && ys !== undefined && INTEGER.test(xs) && INTEGER.test(ys)) {
    const x = Number(xs);
    const y = Number(ys);
    if (extra.length > 0) {
      return {
        kind: 'bad',
        message: `too much after the coordinates: "${extra.join(' ')}" (write x y rotation)`,
      };
    }
    if (rs === undefined) return { kind: 'coords', x, y, ...(tile ? { tile } : {}) };
    const rotation = readRotation(rs);
    if (rotation === undefined) {
      return {
        kind: 'bad',
        message: `"${rs}" is not a rotation: write 0, 90, 180 or 270 (or r90; nw, ne, se, sw for a triangle)`,
      };
    }
    return { kind: 'coords', x, y, rotation, ...(tile ? { tile } : {}) };
  }
  if (tile !== undefined && rest.length === 0) return { kind: 'words', words: [tile.toLowerCase()] };
  // Words: "city", "meeple road 1 0", "north". Two integers in a row name a cell: "1 0" → "1,0".
  const words: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const a = tokens[i] ?? '';
    const b = tokens[i + 1];
    if (INTEGER.test(a) && b !== undefined && INTEGER.test(b)) {
      words.push(`${Number(a)},${Number(b)}`);
      i++;
    } else words.push(a.toLowerCase());
  }
  return { kind: 'words', words };
}

/** The words of a menu phrase, as typed words are matched against them. */
export function phraseWords(phrase: string): string[] {
  return (
    phrase
      .toLowerCase()
      .replace(/\((-?\d+),(-?\d+)\)/g, ' $1,$2 ')
      .replace(/[():'’]/g, ' ')
      .split(/\s+/)
      // A comma ends a clause ("at 1,0, turned 90°"); inside "1,0" it joins a cell's coordinates.
      .map((w) => w.replace(/,$/, ''))
      .filter((w) => w !== '')
  );
}

/**
 * Whether typed words name a menu entry: each word is one of the entry's words (or keys), or the
 * start of one (three letters at least: "mon" for monastery).
 */
export function wordsMatch(
  words: readonly string[],
  phrase: readonly string[],
  keys: readonly string[],
): boolean {
  return words.every(
    (w) =>
      keys.includes(w) ||
      phrase.includes(w) ||
      (w.length >= 3 && /^[a-z]/.test(w) && phrase.some((p) => p.startsWith(w))),
  );
}
