/**
 * Account names as compared: two names that look alike are the same name, so nobody can pass for
 * somebody else ("Аnn" with a Cyrillic А for "Ann", "rn" for "m", "paypaI" with a capital i for
 * "paypal"). The comparison key folds compatibility forms (NFKC), case, and Unicode's confusables
 * (the UTS #39 skeleton, over confusables.txt as the `unhomoglyph` package ships it); names that mix
 * scripts (Latin with Cyrillic or Greek letters…) are refused outright, as UTS #39's "highly
 * restrictive" profile does.
 *
 * Case and confusables do not commute: the skeleton of "I" is "l" but its lower case is "i", so
 * folding one then the other would let "Ian" and "ian" (or "paypaI" and "paypal") apart. The key
 * therefore takes the skeleton of the lower-cased name (UTS #39's way for case-insensitive
 * identifiers) and then reads "i" as "l", the one Latin letter whose capital is confusable with
 * another lower-case letter.
 */
import unhomoglyph from 'unhomoglyph';

/** UTS #39's skeleton: NFD, each code point to its prototype (confusables.txt), NFD again. */
export const skeleton = (s: string): string => unhomoglyph(s.normalize('NFD')).normalize('NFD');

/** Compatibility and case folded, spaces collapsed: the key of names before confusables (kept to find accounts named then). */
export const legacyNameKey = (name: string): string =>
  name.normalize('NFKC').toLocaleLowerCase('en').replace(/\s+/g, ' ');

/**
 * The skeleton of the case-folded name (UTS #39's way for case-insensitive identifiers). Folded
 * through upper case so that "ß" is "ss" and a final sigma a sigma; lower-cased again after, as a
 * few prototypes are capitals ("0" is "O").
 */
const foldedSkeleton = (s: string): string =>
  skeleton(legacyNameKey(s).toUpperCase().toLowerCase()).toLowerCase();

/**
 * Where case and confusables part: a capital letter whose skeleton is not its lower case's (the
 * capital I looks like l). Its lower case then stands for that skeleton: "i" and "l" are one letter
 * to the key. Only the Latin capitals of ASCII: names mixing scripts are refused anyway, and joining
 * every script's look-alike classes through case would chain letters that do not look alike.
 */
const representative = new Map<string, string>();
for (const capital of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
  const folded = foldedSkeleton(capital);
  const typed = foldedSkeleton(skeleton(capital));
  if (folded !== typed) representative.set(folded, typed);
}

/**
 * The name as compared (unique among accounts): NFKC, lower case, skeleton, and look-alike classes
 * joined. Not for showing: "m" becomes "rn".
 */
export function nameKey(name: string): string {
  return [...foldedSkeleton(name)].map((c) => representative.get(c) ?? c).join('');
}

/**
 * Scripts that may share a name (UTS #39 "highly restrictive": Latin with the scripts of Chinese,
 * Japanese and Korean writing). Digits, punctuation and symbols (Common, Inherited) go with any.
 */
const ALLOWED_MIXES: readonly (readonly string[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Ethiopic',
  'Cherokee',
  'Canadian_Aboriginal',
  'Khmer',
  'Mongolian',
  'Han',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Hangul',
  'Coptic',
  'Runic',
  'Ogham',
  'Lisu',
  'Vai',
  'Tifinagh',
  'Nko',
].map((name) => ({ name, pattern: new RegExp(`\\p{Script=${name}}`, 'u') }));

/** The scripts of a name's letters (anything outside the list above counts as "Other"). */
export function scriptsOf(name: string): Set<string> {
  const found = new Set<string>();
  for (const c of name.normalize('NFKC')) {
    if (!/[\p{L}\p{M}\p{N}]/u.test(c) || /[\p{Script=Common}\p{Script=Inherited}]/u.test(c)) continue;
    found.add(SCRIPTS.find((s) => s.pattern.test(c))?.name ?? 'Other');
  }
  return found;
}

/** Does the name mix scripts that no language writes together (a spoof's sign)? */
export function mixesScripts(name: string): boolean {
  const scripts = [...scriptsOf(name)];
  if (scripts.length <= 1) return false;
  return !ALLOWED_MIXES.some((mix) => scripts.every((s) => mix.includes(s)));
}
