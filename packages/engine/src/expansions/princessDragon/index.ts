/**
 * The Princess & the Dragon (docs/rules.md, section D; ): volcano and dragon (D-3..D-9),
 * princess (D-10..D-12), magic portal (D-13), fairy (D-14..D-19), the monastery in a city (D-1) and
 * the tunnel (D-2), which are plain tile data.
 *
 * Each mechanic can be switched off (options `dragon`, `fairy`, `princess`, `portal`) while its
 * tiles stay in play as ordinary tiles.
 */
import type { ExpansionDef } from '../../rules/expansion.js';
import { PRINCESS_DRAGON_OPTIONS, PRINCESS_DRAGON_PRESETS } from './options.js';
import {
  PRINCESS_DRAGON_ATTRIBUTES,
  PRINCESS_DRAGON_SETS,
  PRINCESS_DRAGON_SYMBOLS,
  PRINCESS_DRAGON_TILES,
} from './tiles.js';
import { PrincessDragon } from './state.js';
import { PRINCESS_DRAGON_ACTIONS, PRINCESS_DRAGON_ERRORS, PRINCESS_DRAGON_PHASES } from './vocabulary.js';

export const PRINCESS_AND_DRAGON: ExpansionDef<PrincessDragon> = {
  id: 'princess-and-dragon',
  title: 'The Princess & the Dragon',
  tiles: PRINCESS_DRAGON_TILES,
  tileSets: PRINCESS_DRAGON_SETS,
  featureAttributes: PRINCESS_DRAGON_ATTRIBUTES,
  symbols: PRINCESS_DRAGON_SYMBOLS,
  options: PRINCESS_DRAGON_OPTIONS,
  presets: PRINCESS_DRAGON_PRESETS,
  tileSet: (base) => (base === 'basic:1' ? 'princess-and-dragon:1' : 'princess-and-dragon:2'),
  actions: PRINCESS_DRAGON_ACTIONS,
  errors: PRINCESS_DRAGON_ERRORS,
  phases: PRINCESS_DRAGON_PHASES,
  create: (game) => new PrincessDragon(game),
};

// Re-exported so that the declaration files carry what is merged into the core's types.
export { PRINCESS_DRAGON_OPTIONS } from './options.js';
export type { PrincessDragon } from './state.js';
export type { Direction } from './vocabulary.js';
export { DIRECTIONS } from './vocabulary.js';
// …and the view fields merged into `ExpansionViews`.
export type { FairyMeepleView, FairyView, HuntView, PrincessDragonViewSlice } from './view.js';
