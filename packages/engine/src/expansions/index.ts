/** Registry of the expansions by id (records and the command line name them this way). */
import type { ExpansionDef, ExpansionId } from './expansion.js';
import { PRINCESS_AND_DRAGON } from './princessDragon/index.js';

export const EXPANSIONS: Readonly<Record<ExpansionId, ExpansionDef>> = {
  'princess-and-dragon': PRINCESS_AND_DRAGON,
};
