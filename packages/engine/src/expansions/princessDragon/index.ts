/**
 * The Princess & the Dragon (RULES.md section D; ): volcano and dragon (D-3..D-9),
 * princess (D-10..D-12), magic portal (D-13), fairy (D-14..D-19), the monastery in a city (D-1) and
 * the tunnel (D-2), which are plain tile data.
 *
 * Each mechanic can be switched off (options `dragon`, `fairy`, `princess`, `portal`) while its
 * tiles stay in play as ordinary tiles.
 */
import type { ExpansionDef } from '../expansion.js';
import { PrincessDragon } from './state.js';

export const PRINCESS_AND_DRAGON: ExpansionDef = {
  id: 'princess-and-dragon',
  tileSet: (base) => (base === 'basic:1' ? 'princess-and-dragon:1' : 'princess-and-dragon:2'),
  create: (game) => new PrincessDragon(game),
};
