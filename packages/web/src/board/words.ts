/**
 * The board's words (and the local table's), in the language of the page: the messages of
 * `i18n/<locale>/board.json`, formatted by @carc/art's Translator. The board is plain DOM and
 * builds alone (its demo page has no Svelte), so it does not read the app's reactive language:
 * it speaks the language of its document (`<html lang>`, which the app sets with every change of
 * language) and redraws its words when that changes (`watchLanguage`).
 */
import type { Catalog, Locale, MessageValues } from '@carc/art';
import { localeOf, Translator } from '@carc/art';
import en from '../i18n/en/board.json' with { type: 'json' };
import nl from '../i18n/nl/board.json' with { type: 'json' };
import ro from '../i18n/ro/board.json' with { type: 'json' };

/** A message of board.json. */
export type BoardKey = keyof typeof en;

/** The board's messages as text, in one language. */
export type Say = (key: BoardKey, values?: MessageValues) => string;

const CATALOGS: Readonly<Record<Locale, Catalog>> = { en, nl, ro };

const translators = new Map<Locale, Translator>();

/** The words of `locale` (English for a message it lacks, reported as an error). */
export function wordsOf(locale: Locale): Say {
  let tr = translators.get(locale);
  if (tr === undefined) {
    tr = new Translator(locale, CATALOGS[locale], CATALOGS.en, (key, l) =>
      console.error(`i18n: no ${l} message for board.${key}`),
    );
    translators.set(locale, tr);
  }
  const translator = tr;
  return (key, values) => translator.text(key, values);
}

/** The language of the page the board is in (English where it says none we speak). */
export function documentLocale(doc: Document = document): Locale {
  return localeOf([doc.documentElement.lang]);
}

/** The words of the page's language, looked up at each call (they follow a change of language). */
export const pageWords: Say = (key, values) => wordsOf(documentLocale())(key, values);

/** Calls `changed` whenever the page's language changes; returns the function that stops it. */
export function watchLanguage(changed: () => void, doc: Document = document): () => void {
  let last = documentLocale(doc);
  const observer = new MutationObserver(() => {
    const now = documentLocale(doc);
    if (now === last) return;
    last = now;
    changed();
  });
  observer.observe(doc.documentElement, { attributes: true, attributeFilter: ['lang'] });
  return () => observer.disconnect();
}
