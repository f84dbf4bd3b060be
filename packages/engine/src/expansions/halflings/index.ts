/**
 * Halflings (RULES.md section H; X-8): 24 triangular half tiles dealt to the players' hands (H-3),
 * played instead of drawing a normal tile (H-4, H-5), with the game ending on the last normal tile
 * (H-6). The geometry (H-1, H-2), open features at gaps (H-7), counting per cell or per tile
 * (H-8, H-9, option `halflings-edition`), fields bounded by gaps (H-10) and the grid principle for
 * the other expansions (H-11) live in the core: board/, features/, rules/scoring.ts, board/units.ts.
 */
import type { ExpansionDef } from '../expansion.js';
import { Halflings, triangleKinds } from './state.js';

export const HALFLINGS: ExpansionDef = {
  id: 'halflings',
  extraTiles: (options, catalog) => triangleKinds(catalog, options).length,
  create: (game) => new Halflings(game),
};
