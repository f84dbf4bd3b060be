/**
 * Words the app's screens share, in the language on screen (call them from markup or `$derived`,
 * so that they follow a change of language): the boxes by name, a game's expansions in a few words.
 */
import { t } from '../i18n/index.svelte.js';
import type { MessageKey } from '../i18n/index.svelte.js';
import { expansionTitle } from '../ui/setup.js';

/** The expansions' names as their boxes say them, by the engine's ids. */
const EXPANSIONS: Readonly<Record<string, MessageKey>> = {
  'princess-and-dragon': 'app.expansionPrincessDragon',
  tower: 'app.expansionTower',
  halflings: 'app.expansionHalflings',
};

/** An expansion's name (the engine's title for one without a message). */
export function expansionName(id: string): string {
  const key = EXPANSIONS[id];
  return key === undefined ? expansionTitle(id) : t(key);
}

/**
 * Expansions by name, "a, b": as listed on the games' cards (a language whose names hold commas
 * separates them otherwise: "De Toren; De Draak, de Fee en de Jonkvrouw").
 */
export const expansionNames = (ids: readonly string[]): string =>
  ids
    .map(expansionName)
    .reduce((list, next) => (list === '' ? next : t('app.expansionList', { list, next })), '');
