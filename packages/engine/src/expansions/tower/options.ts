/** The Tower's options (docs/rules.md, section O). */
import type { OptionSpec } from '../../rules/options.js';

declare module '../../rules/options.js' {
  interface Options {
    /** tower-pieces (T-0): pieces per player; `auto` by player count (1–2 → 10, 3 → 9, 4 → 7, 5 → 6, 6 → 5). */
    towerPieces: 'auto' | number;
    /** tower-ransom (T-6): buying prisoners back, or (house rule "eye for an eye") not. */
    towerRansom: 'on' | 'off';
    /** tower-range (T-3): h cells in each of 4 directions, h − 1 (`no-surprise`), or any cell within h steps (`diagonal`). */
    towerRange: 'orthogonal' | 'no-surprise' | 'diagonal';
    /** tower-gaps (T-3): capture past an empty cell, or (house rule) not. */
    towerGaps: 'allowed' | 'blocked';
  }
}

/** Most tower pieces per player an option may give. */
export const MAX_TOWER_PIECES = 30;

export const TOWER_OPTIONS: readonly OptionSpec[] = [
  {
    id: 'tower-pieces',
    key: 'towerPieces',
    values: ['auto', ...Array.from({ length: MAX_TOWER_PIECES }, (_, i) => i + 1)],
    rule: 'T-0',
    doc: 'tower pieces per player: by player count (auto), or 1 to 30',
  },
  {
    id: 'tower-ransom',
    key: 'towerRansom',
    values: ['on', 'off'],
    rule: 'T-6',
    doc: 'prisoners may be bought back for 3 points, or (house rule) not',
  },
  {
    id: 'tower-range',
    key: 'towerRange',
    values: ['orthogonal', 'no-surprise', 'diagonal'],
    rule: 'T-3',
    doc: 'a tower of height h captures h cells in 4 directions, h − 1, or any cell within h steps',
  },
  {
    id: 'tower-gaps',
    key: 'towerGaps',
    values: ['allowed', 'blocked'],
    rule: 'T-3',
    doc: 'a capture reaches past an empty cell, or (house rule) stops there',
  },
];
