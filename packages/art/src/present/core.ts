/**
 * Translators of the presentation: the messages of several catalogs merged per language (English
 * under every other as its fallback), each made once per language. The core catalogs (words every
 * part shares, tiles) are in every presenter's translator and say outcomes and tiles on their own.
 */
import { ART_MESSAGES } from './messages/art.js';
import { COMMON_MESSAGES } from './messages/common.js';
import { TILE_MESSAGES } from './messages/tiles.js';
import type { Part, Phrase } from './phrase.js';
import type { Catalog, Locale, MissingHandler } from './translate.js';
import { Translator } from './translate.js';
import type { Messages } from './types.js';

/** The catalogs' messages in `locale`, merged. */
const merged = (catalogs: readonly Messages[], locale: Locale): Catalog =>
  Object.assign({}, ...catalogs.map((m) => m[locale] ?? {})) as Catalog;

/** Translators over `catalogs`, one per language, made when first asked for. */
export function translators(
  catalogs: readonly Messages[],
  onMissing?: MissingHandler,
): (locale: Locale) => Translator {
  const made = new Map<Locale, Translator>();
  return (locale) => {
    let t = made.get(locale);
    if (t === undefined) {
      const en = merged(catalogs, 'en');
      t = new Translator(locale, locale === 'en' ? en : merged(catalogs, locale), en, onMissing);
      made.set(locale, t);
    }
    return t;
  };
}

/** The words every part shares and the words of tiles. */
export const CORE_MESSAGES: readonly Messages[] = [COMMON_MESSAGES, TILE_MESSAGES];

/** The core messages alone, per language (outcomes, lists of players, tiles). */
export const coreTranslator = translators(CORE_MESSAGES);

/** The words of the pictures (glyphs' titles, figures, the SVG legend), per language. */
export const artTranslator = translators([ART_MESSAGES]);

/** Several seats: "Ada (A) and Bo (B)"; "nobody" for none. */
export const playersOf = (t: Translator, who: (seat: number) => Part, seats: readonly number[]): Phrase =>
  seats.length === 0 ? t.phrase('common.nobody') : t.list(seats.map((s) => [who(s)]));
