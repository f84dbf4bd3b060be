/**
 * The language the client speaks: the browser's preferred one we have (English, Dutch, Romanian)
 * unless the player chose one (kept on this device). `t(key)` read in a component's markup follows
 * a change of language at once; `locale()` gives it to the presentation of moves (@carc/art).
 */
import { isLocale, localeOf, Translator } from '@carc/art';
import type { Locale, MessageValues, Phrase } from '@carc/art';
import { ENGLISH_CATALOG, flatten } from './catalog.js';
import type { MessageKey, Translation } from './catalog.js';

export type { MessageKey };

const STORED = 'carc.locale';

/** A key missing in a translation is an error a test catches; the English message stands in. */
const reportMissing = (key: string, locale: Locale): void =>
  console.error(`i18n: no ${locale} message for ${key}`);

const LOADERS: Readonly<Record<Exclude<Locale, 'en'>, () => Promise<Translation>>> = {
  nl: () => import('./nl/index.js').then((m) => m.default),
  ro: () => import('./ro/index.js').then((m) => m.default),
};

const current = $state<{ tr: Translator }>({ tr: new Translator('en', ENGLISH_CATALOG) });

/** The language on screen. */
export const locale = (): Locale => current.tr.locale;

/** The message `key` as text. */
export const t = (key: MessageKey, values?: MessageValues): string => current.tr.text(key, values);

/** The message `key` as a phrase (tiles, players, rules kept as parts to draw). */
export const tPhrase = (key: MessageKey, values?: MessageValues): Phrase => current.tr.phrase(key, values);

/** Phrases listed as the language lists them ("a, b and c"). */
export const tList = (phrases: readonly Phrase[]): Phrase => current.tr.list(phrases);

/** The language chosen on this device before, else the browser's. */
export function initialLocale(): Locale {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORED);
  } catch {
    // Storage refused (private mode): the browser's language.
  }
  return isLocale(stored) ? stored : localeOf(navigator.languages ?? [navigator.language]);
}

let latest = 0;
/** Speaks `l` from now on (its messages loaded first); `remember`: the player chose it. */
export async function setLocale(l: Locale, remember = false): Promise<void> {
  const request = ++latest;
  const catalog = l === 'en' ? ENGLISH_CATALOG : flatten(await LOADERS[l]());
  // Two quick switches: the last one chosen wins, whichever language loads last.
  if (request !== latest) return;
  current.tr = new Translator(l, catalog, ENGLISH_CATALOG, reportMissing);
  document.documentElement.lang = l;
  if (remember) {
    try {
      localStorage.setItem(STORED, l);
    } catch {
      // Not kept: the choice holds for this visit.
    }
  }
}
