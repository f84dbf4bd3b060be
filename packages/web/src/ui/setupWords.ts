/**
 * The set-up screen's words for players: bot levels, expansions, presets and rule options named as a
 * player would name them, in the messages of i18n/<language>/setup.json ("setup.option.dragon-move",
 * "setup.optionValue.dragon-move.after-scoring"…). The engine's ids stay what they are (records and
 * the server use them); an option or value without a message falls back to words made from its id
 * (and the engine's own explanation), so a new engine option still shows. A test checks that every
 * option the engine offers has its messages.
 *
 * The words are asked of a `Say` (the screen passes `t`, which follows a change of language); without
 * one, English: this module and setup.ts also run in Node, where the reactive `t` cannot.
 */
import { Translator } from '@carc/art';
import type { MessageValues } from '@carc/art';
import { ENGLISH_CATALOG } from '../i18n/catalog.js';
import type { MessageKey } from '../i18n/catalog.js';
import type { BotLevel } from './setup.js';

/** Gives the message `key` as text: `t` on screen, `english` elsewhere. */
export type Say = (key: MessageKey, values?: MessageValues) => string;

const ENGLISH = new Translator('en', ENGLISH_CATALOG);

/** The English messages, for code that runs without the page's language (Node, tests). */
export const english: Say = (key, values) => ENGLISH.text(key, values);

/** Whether `key` names a message (keys made from the engine's ids may not). */
export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(ENGLISH_CATALOG, key);

/** A bot level's name (Easy, Medium, Hard) and one line on how it plays. */
export const botLevelWords = (level: BotLevel, say: Say = english): { title: string; line: string } => ({
  title: say(`setup.botLevel.${level}`),
  line: say(`setup.botLine.${level}`),
});

/** A tile that shows what each expansion brings (drawn with the board's art). */
export const EXPANSION_TILES: Readonly<Record<string, string>> = {
  'princess-and-dragon': 'DG/C.v',
  tower: 'TO/CccC+',
  halflings: 'H1-01',
};

/** The base game's picture: its start tile. */
export const BASE_TILE = 'BA/RCr';

/** One sentence on what an expansion adds, or undefined when it has none. */
export function expansionLine(id: string, say: Say = english): string | undefined {
  const key = `setup.expansionLine.${id}`;
  return isMessageKey(key) ? say(key) : undefined;
}

/** A preset's name for players ("Z-Man Games edition"). */
export function presetWords(name: string, say: Say = english): string {
  const key = `setup.preset.${name}`;
  return isMessageKey(key) ? say(key) : wordsFromId(name);
}

/** Where a preset's rules come from ("The English rules by Z-Man Games"), if said. */
export function presetSource(name: string, say: Say = english): string | undefined {
  const key = `setup.presetSource.${name}`;
  return isMessageKey(key) ? say(key) : undefined;
}

/** An option's name for players ("When the dragon moves"). */
export function optionWords(id: string, say: Say = english): string {
  const key = `setup.option.${id}`;
  return isMessageKey(key) ? say(key) : wordsFromId(id);
}

/** An option's explanation, a sentence; `doc` (the engine's, in English) when it has no message. */
export function optionDocWords(id: string, doc: string, say: Say = english): string {
  const key = `setup.optionDoc.${id}`;
  return isMessageKey(key) ? say(key) : `${doc.charAt(0).toUpperCase()}${doc.slice(1)}.`;
}

/** An option's value in words ("After the turn’s scoring"); a number without words as itself. */
export function optionValueWords(id: string, value: string | number, say: Say = english): string {
  const key = `setup.optionValue.${id}.${String(value)}`;
  if (isMessageKey(key)) return say(key);
  return typeof value === 'number' ? String(value) : wordsFromId(value);
}

/** "tower-gaps" → "Tower gaps": words for an option the messages do not know. */
export const wordsFromId = (id: string): string => {
  const words = id.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
