/**
 * Languages: messages in ICU MessageFormat (plurals, choices) looked up by key in a locale's
 * catalog, formatted by `intl-messageformat`. A message may hold parts as values (a tile, a
 * player, a rule, a whole phrase): `phrase` keeps them as parts, so a translation can put the
 * player and the tile in whatever order its language wants.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { Phrase, Piece } from './phrase.js';
import { phraseText, say } from './phrase.js';

/** The languages players can choose: those of the rules pages this game follows. */
export const LOCALES = ['en', 'nl', 'ro'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language by its own name, for a language menu. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  nl: 'Nederlands',
  ro: 'Română',
};

export const isLocale = (s: unknown): s is Locale => (LOCALES as readonly unknown[]).includes(s);

/** The first of a browser's preferred languages ("nl-BE", "ro") that we speak; English otherwise. */
export function localeOf(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const lang = tag.toLowerCase().split('-')[0];
    if (isLocale(lang)) return lang;
  }
  return 'en';
}

/** Messages by key, in ICU MessageFormat. */
export type Catalog = Readonly<Record<string, string>>;

/** What a message's arguments may be: words, numbers, parts and whole phrases. */
export type MessageValues = Readonly<Record<string, Piece>>;

/** Told when a key has no message in the locale (the English one is used) or none at all. */
export type MissingHandler = (key: string, locale: Locale) => void;

export class Translator {
  private readonly formats = new Map<string, IntlMessageFormat>();
  private readonly lists: Intl.ListFormat;

  /**
   * @param catalog the locale's messages
   * @param fallback the English messages, used (and `onMissing` told) for a key the locale lacks
   */
  constructor(
    readonly locale: Locale,
    private readonly catalog: Catalog,
    private readonly fallback: Catalog = catalog,
    private readonly onMissing: MissingHandler = () => {},
  ) {
    // British lists ("a, b and c"): the game's English has no comma before "and".
    this.lists = new Intl.ListFormat(locale === 'en' ? 'en-GB' : locale, { type: 'conjunction' });
  }

  /** Whether the locale (or English) has a message for `key`. */
  has(key: string): boolean {
    return Object.hasOwn(this.catalog, key) || Object.hasOwn(this.fallback, key);
  }

  private format(key: string): IntlMessageFormat | undefined {
    let f = this.formats.get(key);
    if (f !== undefined) return f;
    let source: string | undefined;
    let locale: string = this.locale;
    if (Object.hasOwn(this.catalog, key)) source = this.catalog[key];
    else {
      this.onMissing(key, this.locale);
      if (Object.hasOwn(this.fallback, key)) {
        source = this.fallback[key];
        locale = 'en';
      }
    }
    if (source === undefined) return undefined;
    // Tags stay text: a message is words, never markup.
    f = new IntlMessageFormat(source, locale, undefined, { ignoreTag: true });
    this.formats.set(key, f);
    return f;
  }

  /** The message `key` as a phrase: its arguments that are parts or phrases kept as parts. */
  phrase(key: string, values: MessageValues = {}): Phrase {
    const f = this.format(key);
    if (f === undefined) return say`${key}`;
    // Phrases and parts go in as objects and come back in order among the words.
    const objects: Record<string, string | number | object> = {};
    for (const [name, v] of Object.entries(values)) objects[name] = v;
    let out: unknown;
    try {
      out = f.format<object>(objects);
    } catch (e) {
      // A message asking for an argument not given: say which, rather than break the screen.
      this.onMissing(`${key} (${e instanceof Error ? e.message : String(e)})`, this.locale);
      return say`${key}`;
    }
    return say`${(Array.isArray(out) ? out : [out]) as Piece[]}`;
  }

  /** The message `key` as plain text (tiles in words, players by name, no rule references). */
  text(key: string, values: MessageValues = {}): string {
    return phraseText(this.phrase(key, values));
  }

  /** Several phrases as the language lists them: "a, b and c", "a, b și c". */
  list(phrases: readonly Phrase[]): Phrase {
    const marks = phrases.map((_, i) => `\u0000${i}\u0000`);
    const out: Piece[] = [];
    for (const p of this.lists.formatToParts(marks)) {
      out.push(p.type === 'element' ? (phrases[Number(p.value.slice(1, -1))] ?? []) : p.value);
    }
    return say`${out}`;
  }
}
