/** Registry of the expansions by id (records and the command line name them this way). */
import type { ExpansionDef, ExpansionId } from './expansion.js';
import { HALFLINGS } from './halflings/index.js';
import { PRINCESS_AND_DRAGON } from './princessDragon/index.js';
import { TOWER } from './tower/index.js';

export const EXPANSIONS: Readonly<Record<ExpansionId, ExpansionDef>> = {
  halflings: HALFLINGS,
  tower: TOWER,
  'princess-and-dragon': PRINCESS_AND_DRAGON,
};
