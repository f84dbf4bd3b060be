/**
 * Game options (RULES.md section O): stable kebab-case ids with typed values and defaults, and the
 * presets that bundle them. A record stores only the options that differ from the defaults.
 */
import type { Result } from '../util/result.js';
import { err, ok } from '../util/result.js';

export interface Options {
  /** tile-set-base (B-1): base tile artwork set; expansions use the tile set of the same edition. */
  tileSetBase: 'basic:1' | 'basic:2';
  /** tiny-city-scoring (B-7): what a completed city of two tiles scores: 4 (2 per tile and pennant) or 2 (1 each). */
  tinyCityScoring: 4 | 2;
  /** dragon (D-3..D-9): the volcano and dragon mechanics; `off` keeps the tiles as plain tiles. */
  dragon: 'on' | 'off';
  /** fairy (D-14..D-19). */
  fairy: 'on' | 'off';
  /** princess (D-10..D-12). */
  princess: 'on' | 'off';
  /** portal (D-13). */
  portal: 'on' | 'off';
  /** princess-action (D-10): removing a knight with the princess is optional or compulsory. */
  princessAction: 'may' | 'must';
  /** fairy-placement (D-14): next to a meeple, or (1st edition) onto a tile holding one. */
  fairyPlacement: 'next-follower' | 'on-tile';
  /** dragon-move (D-7): the hunt before or after the turn's scoring. */
  dragonMove: 'before-scoring' | 'after-scoring';
  /** dragon-set-aside (D-6): a dragon tile drawn before the first volcano is set aside, or goes back into the pile. */
  dragonSetAside: 'set-aside' | 'reshuffle';
  /** fairy-bonus (D-15, D-17): 1 at turn start and 3 per scoring, or (house rule) 5 per scoring only. */
  fairyBonus: '1+3' | '5';
  /** fairy-blocks-dragon (D-16): the dragon may not enter her tile, or (house rule) enters but eats nothing there. */
  fairyBlocksDragon: 'blocks' | 'protects-only';
  /** tower-pieces (T-0): pieces per player; `auto` by player count (1–2 → 10, 3 → 9, 4 → 7, 5 → 6, 6 → 5). */
  towerPieces: 'auto' | number;
  /** tower-ransom (T-6): buying prisoners back, or (house rule "eye for an eye") not. */
  towerRansom: 'on' | 'off';
  /** tower-range (T-3): h cells in each of 4 directions, h − 1 (`no-surprise`), or any cell within h steps (`diagonal`). */
  towerRange: 'orthogonal' | 'no-surprise' | 'diagonal';
  /** tower-gaps (T-3): capture past an empty cell, or (house rule) not. */
  towerGaps: 'allowed' | 'blocked';
  /** halflings-edition (H-7..H-11): count per occupied cell (2021) or per tile (2015, 2020). */
  halflingsEdition: '2021' | '2020' | '2015';
  /** halflings-hand (H-3): triangles per player. */
  halflingsHand: number;
  /** halflings-deal (H-3): dealt face down, or drafted face up in reverse turn order. */
  halflingsDeal: 'draw' | 'draft';
  /** halflings-symbols (H-14): include the vineyard and crop-circle triangles. */
  halflingsSymbols: 'off' | 'on';
}

interface OptionSpec<K extends keyof Options> {
  id: string;
  key: K;
  values: readonly Options[K][];
  rule: string;
}

/** Every option with its id, allowed values (the first is the default) and the rule it belongs to. */
export const OPTION_SPECS: readonly OptionSpec<keyof Options>[] = [
  { id: 'tile-set-base', key: 'tileSetBase', values: ['basic:2', 'basic:1'], rule: 'B-1' },
  { id: 'tiny-city-scoring', key: 'tinyCityScoring', values: [4, 2], rule: 'B-7' },
  { id: 'dragon', key: 'dragon', values: ['on', 'off'], rule: 'D-3' },
  { id: 'fairy', key: 'fairy', values: ['on', 'off'], rule: 'D-14' },
  { id: 'princess', key: 'princess', values: ['on', 'off'], rule: 'D-10' },
  { id: 'portal', key: 'portal', values: ['on', 'off'], rule: 'D-13' },
  { id: 'princess-action', key: 'princessAction', values: ['may', 'must'], rule: 'D-10' },
  { id: 'fairy-placement', key: 'fairyPlacement', values: ['next-follower', 'on-tile'], rule: 'D-14' },
  { id: 'dragon-move', key: 'dragonMove', values: ['before-scoring', 'after-scoring'], rule: 'D-7' },
  { id: 'dragon-set-aside', key: 'dragonSetAside', values: ['set-aside', 'reshuffle'], rule: 'D-6' },
  { id: 'fairy-bonus', key: 'fairyBonus', values: ['1+3', '5'], rule: 'D-17' },
  { id: 'fairy-blocks-dragon', key: 'fairyBlocksDragon', values: ['blocks', 'protects-only'], rule: 'D-16' },
  {
    id: 'tower-pieces',
    key: 'towerPieces',
    values: ['auto', ...Array.from({ length: 30 }, (_, i) => i + 1)],
    rule: 'T-0',
  },
  { id: 'tower-ransom', key: 'towerRansom', values: ['on', 'off'], rule: 'T-6' },
  { id: 'tower-range', key: 'towerRange', values: ['orthogonal', 'no-surprise', 'diagonal'], rule: 'T-3' },
  { id: 'tower-gaps', key: 'towerGaps', values: ['allowed', 'blocked'], rule: 'T-3' },
  { id: 'halflings-edition', key: 'halflingsEdition', values: ['2021', '2020', '2015'], rule: 'H-8' },
  {
    id: 'halflings-hand',
    key: 'halflingsHand',
    values: [3, ...Array.from({ length: 12 }, (_, i) => i + 1).filter((n) => n !== 3)],
    rule: 'H-3',
  },
  { id: 'halflings-deal', key: 'halflingsDeal', values: ['draw', 'draft'], rule: 'H-3' },
  { id: 'halflings-symbols', key: 'halflingsSymbols', values: ['off', 'on'], rule: 'H-14' },
];

/** The current publisher's rules (the `hig` preset). */
export const DEFAULT_OPTIONS: Readonly<Options> = Object.fromEntries(
  OPTION_SPECS.map((s) => [s.key, s.values[0]]),
) as unknown as Options;

/** Presets after the publishers' editions of the rules (RULES.md section O). */
export const PRESETS: Readonly<Record<string, Partial<Options>>> = {
  hig: {},
  zman: { princessAction: 'must', fairyPlacement: 'on-tile' },
  rgg: { princessAction: 'must', fairyPlacement: 'on-tile', dragonMove: 'after-scoring' },
  'halflings-first-edition': { halflingsEdition: '2015', halflingsHand: 2 },
};

export interface OptionError {
  code: 'options/invalid';
  path: string;
  message: string;
}

/**
 * Reads options keyed by their kebab-case ids, e.g. `{ "tiny-city-scoring": 2 }`, on top of a preset
 * (default `hig`). Explicit options win over the preset's.
 */
export function parseOptions(input: unknown, path = 'options', preset = 'hig'): Result<Options, OptionError> {
  const presetValues = PRESETS[preset];
  if (presetValues === undefined) {
    const known = Object.keys(PRESETS).join(', ');
    return err({
      code: 'options/invalid',
      path: 'preset',
      message: `preset: unknown preset "${preset}" (${known})`,
    });
  }
  const options: Options = { ...DEFAULT_OPTIONS, ...presetValues };
  if (input === undefined) return ok(options);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return err({
      code: 'options/invalid',
      path,
      message: `${path}: must be an object of option ids to values`,
    });
  }
  for (const [id, value] of Object.entries(input)) {
    const spec = OPTION_SPECS.find((s) => s.id === id);
    if (!spec) {
      const known = OPTION_SPECS.map((s) => s.id).join(', ');
      return err({
        code: 'options/invalid',
        path: `${path}.${id}`,
        message: `${path}.${id}: unknown option (${known})`,
      });
    }
    if (!(spec.values as readonly unknown[]).includes(value)) {
      const allowed = spec.values.map((v) => JSON.stringify(v)).join(', ');
      return err({
        code: 'options/invalid',
        path: `${path}.${id}`,
        message: `${path}.${id}: ${JSON.stringify(value)} is not allowed (${allowed})`,
      });
    }
    (options as unknown as Record<string, unknown>)[spec.key] = value;
  }
  return ok(options);
}

/** The options that differ from the defaults, keyed by id (what a record stores). */
export function makeOptions(options: Options): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const spec of OPTION_SPECS) {
    if (options[spec.key] !== DEFAULT_OPTIONS[spec.key]) out[spec.id] = options[spec.key];
  }
  return out;
}
