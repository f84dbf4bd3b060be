/**
 * The players' colours and letters for every part of the client (panels, log, hand, board): the
 * art package's palette (Okabe–Ito, distinguishable with the common colour-vision deficiencies) and
 * its letters, the same as on the board's figures, so that nothing is told by colour alone.
 *
 * Also the words of the game screen's plain modules (here, turn.ts, describe.ts): they take a
 * `Speech`, the client's messages (`import * as i18n from '../i18n/index.svelte.js'` is one, and
 * follows a change of language), English by default (tests and tools without a page).
 */
import type { Locale, MessageValues, Phrase } from '@carc/art';
import { Translator, playerColour, playerLetters } from '@carc/art';
import type { MessageKey } from '../i18n/catalog.js';
import { ENGLISH_CATALOG } from '../i18n/catalog.js';

/** The messages a plain module speaks with: the page's (i18n/index.svelte.ts), or English. */
export interface Speech {
  locale(): Locale;
  t(key: MessageKey, values?: MessageValues): string;
  tPhrase(key: MessageKey, values?: MessageValues): Phrase;
}

const english = new Translator('en', ENGLISH_CATALOG);

/** The English messages, for code that runs without a page (and the default everywhere). */
export const ENGLISH: Speech = {
  locale: () => 'en',
  t: (key, values) => english.text(key, values),
  tPhrase: (key, values) => english.phrase(key, values),
};

export interface PlayerStyle {
  /** Seat index, 0..5. */
  seat: number;
  /** The colour's name (vermillion, blue…), in English: `colourWords` says it in the page's language. */
  colourName: string;
  /** Fill colour (CSS). */
  colour: string;
  /** A text colour readable on `colour`. */
  ink: string;
  /** The seat's letter, shown on every chip, figure and log line. */
  letter: string;
}

/** The style of seat `seat`; its letter is the initial of its name among `names` (see `playerLetters`). */
export function playerStyle(seat: number, names: readonly string[] = []): PlayerStyle {
  const { colour, name, ink } = playerColour(seat);
  const letter = playerLetters(names, Math.max(names.length, seat + 1))[seat] ?? '?';
  return { seat, colourName: name, colour, ink, letter };
}

/** A colour's name ("vermillion", "sky blue") in the language of `speech`. */
export const colourWords = (colourName: string, speech: Speech = ENGLISH): string =>
  speech.t('game.colour', { colour: colourName.replace(/\W+/g, '_'), name: colourName });

/** A seat's display name: the given name, or "Player n". */
export function playerName(names: readonly string[], seat: number, speech: Speech = ENGLISH): string {
  const n = names[seat];
  return n !== undefined && n !== '' ? n : speech.t('game.playerN', { n: seat + 1 });
}

/** A seat's name with its letter, e.g. "Ada (A)": how the log names players. */
export function playerLabel(names: readonly string[], seat: number, speech: Speech = ENGLISH): string {
  return `${playerName(names, seat, speech)} (${playerStyle(seat, names).letter})`;
}
