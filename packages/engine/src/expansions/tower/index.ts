/**
 * The Tower (docs/rules.md, section T; ..X-7): tower foundations (T-1, tile data), pieces by
 * player count (T-0), building and capturing (T-2..T-4, T-8), prisoner exchange (T-5) and ransom
 * (T-6); towers never score (T-7).
 */
import type { ExpansionDef } from '../../rules/expansion.js';
import { TOWER_OPTIONS } from './options.js';
import { TOWER_SETS, TOWER_TILES } from './tiles.js';
import { Tower } from './state.js';
import { TOWER_ACTIONS, TOWER_ERRORS, TOWER_PHASES } from './vocabulary.js';

export const TOWER: ExpansionDef<Tower> = {
  id: 'tower',
  title: 'The Tower',
  tiles: TOWER_TILES,
  tileSets: TOWER_SETS,
  options: TOWER_OPTIONS,
  tileSet: (base) => (base === 'basic:1' ? 'tower:1' : 'tower:2'),
  actions: TOWER_ACTIONS,
  errors: TOWER_ERRORS,
  phases: TOWER_PHASES,
  create: (game) => new Tower(game),
};

// Re-exported so that the declaration files carry what is merged into the core's types.
export { TOWER_OPTIONS } from './options.js';
export { TOWER_ACTIONS } from './vocabulary.js';
export type { Tower } from './state.js';
// …and the view fields merged into `ExpansionViews`.
export type { TowerView, TowerViewSlice } from './view.js';
