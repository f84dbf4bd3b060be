/** The Halflings' options (docs/rules.md, section O) and preset. */
import type { OptionSpec, Presets } from '../../rules/options.js';

declare module '../../rules/options.js' {
  interface Options {
    /** halflings-edition (H-7..H-11): count per occupied cell (2021) or per tile (2015, 2020). */
    halflingsEdition: '2021' | '2020' | '2015';
    /** halflings-hand (H-3): triangles per player. */
    halflingsHand: number;
    /** halflings-deal (H-3): dealt face down, or drafted face up in reverse turn order. */
    halflingsDeal: 'draw' | 'draft';
    /** halflings-symbols (H-14): include the vineyard and crop-circle triangles. */
    halflingsSymbols: 'off' | 'on';
  }
}

/** Most triangles a hand may hold (H-3). */
export const MAX_HAND = 12;

export const HALFLINGS_OPTIONS: readonly OptionSpec[] = [
  {
    id: 'halflings-edition',
    key: 'halflingsEdition',
    values: ['2021', '2020', '2015'],
    rule: 'H-8',
    also: ['H-11'],
    doc: 'roads, cities and the other expansions count occupied cells (2021) or tiles (2015, 2020)',
  },
  {
    id: 'halflings-hand',
    key: 'halflingsHand',
    values: [3, ...Array.from({ length: MAX_HAND }, (_, i) => i + 1).filter((n) => n !== 3)],
    rule: 'H-3',
    doc: 'triangles in each player’s hand, 1 to 12',
  },
  {
    id: 'halflings-deal',
    key: 'halflingsDeal',
    values: ['draw', 'draft'],
    rule: 'H-3',
    doc: 'hands are dealt face down, or drafted face up in reverse turn order',
  },
  {
    id: 'halflings-symbols',
    key: 'halflingsSymbols',
    values: ['off', 'on'],
    rule: 'H-14',
    also: ['H-12', 'H-13'],
    doc: 'the vineyard and crop-circle triangles join the set',
  },
];

export const HALFLINGS_PRESETS: Presets = {
  'halflings-first-edition': { halflingsEdition: '2015', halflingsHand: 2 },
};
