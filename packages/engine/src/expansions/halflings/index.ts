/**
 * Halflings (docs/rules.md, section H; X-8): 24 triangular half tiles dealt to the players' hands (H-3),
 * played instead of drawing a normal tile (H-4, H-5), with the game ending on the last normal tile
 * (H-6). The geometry (H-1, H-2), open features at gaps (H-7), counting per cell or per tile
 * (H-8, H-9, option `halflings-edition`), fields bounded by gaps (H-10) and the grid principle for
 * the other expansions (H-11) live in the core: board/, features/, rules/scoring.ts, board/units.ts.
 */
import type { ExpansionDef } from '../../rules/expansion.js';
import { HALFLINGS_OPTIONS, HALFLINGS_PRESETS } from './options.js';
import { HALFLINGS_SETS, HALFLINGS_SYMBOLS, HALFLINGS_TILES, triangleKinds } from './tiles.js';
import { Halflings } from './state.js';
import { HALFLINGS_ACTIONS, HALFLINGS_PHASES } from './vocabulary.js';

export const HALFLINGS: ExpansionDef<Halflings> = {
  id: 'halflings',
  title: 'Halflings',
  tiles: HALFLINGS_TILES,
  tileSets: HALFLINGS_SETS,
  symbols: HALFLINGS_SYMBOLS,
  options: HALFLINGS_OPTIONS,
  presets: HALFLINGS_PRESETS,
  counting: (options) => ({
    unitsPerTile: options.halflingsEdition !== '2021',
    countTiles: options.halflingsEdition !== '2021',
    monasteryTiles: options.halflingsEdition === '2015',
  }),
  offPile: (options, catalog) => triangleKinds(catalog, options),
  actions: HALFLINGS_ACTIONS,
  phases: HALFLINGS_PHASES,
  create: (game) => new Halflings(game),
};

// Re-exported so that the declaration files carry what is merged into the core's types.
export { HALFLINGS_OPTIONS } from './options.js';
export type { Halflings } from './state.js';
export type { CropMeeple } from './vocabulary.js';
export { CROP_MEEPLES } from './vocabulary.js';
// …and the view fields merged into `ExpansionViews`.
export type { HalflingsViewSlice } from './view.js';
