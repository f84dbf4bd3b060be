/**
 * What a tile shows, in words, for players (never its id): "a city cap with a road", "a triangle with
 * a road", "a monastery with a road". From the tile's definition only, in each language (tiles.*
 * messages).
 */
import type { TileDef } from '@carc/engine';
import type { TileLookup } from '../model.js';
import { coreTranslator } from './core.js';
import type { Phrase } from './phrase.js';
import type { Locale, Translator } from './translate.js';

/** Each translator's descriptions so far (every placement a menu offers describes its tile). */
const described = new WeakMap<Translator, WeakMap<TileDef, string>>();

/** What a tile definition shows, in the words of `t` (which holds the tiles.* messages). */
export function describeTile(def: TileDef, t: Translator): string {
  let known = described.get(t);
  if (known === undefined) {
    known = new WeakMap();
    described.set(t, known);
  }
  let words = known.get(def);
  if (words === undefined) {
    words = describe(def, t);
    known.set(def, words);
  }
  return words;
}

function describe(def: TileDef, t: Translator): string {
  const of = (k: string) => def.features.filter((f) => f.kind === k);
  const cities = of('city');
  const pennants = cities.reduce((n, f) => n + f.pennants, 0);
  const parts: Phrase[] = [];
  // Whether the cities come with pennants or a princess: the tile then says "with" already.
  let withExtras = false;
  if (cities.length > 0) {
    const extras: Phrase[] = [];
    if (pennants > 0) extras.push(t.phrase('tiles.pennants', { count: pennants }));
    if (cities.some((f) => f.princess)) extras.push(t.phrase('tiles.princess'));
    withExtras = extras.length > 0;
    // A city on one side only is the tile players call a city cap.
    const cap = cities.length === 1 && (cities[0]?.sides.length ?? 0) === 1;
    parts.push(
      t.phrase('tiles.cities', {
        count: cities.length,
        cap: cap ? 'yes' : 'no',
        withExtras: withExtras ? 'yes' : 'no',
        extras: t.list(extras),
      }),
    );
  }
  const roads = of('road');
  if (roads.length > 0)
    parts.push(
      t.phrase('tiles.roads', { count: roads.length, tunnel: roads.some((f) => f.tunnel) ? 'yes' : 'no' }),
    );
  if (of('monastery').length > 0) parts.push(t.phrase('tiles.monastery'));
  if (of('tower').length > 0) parts.push(t.phrase('tiles.towerFoundation'));
  for (const s of def.symbols) parts.push(t.phrase('tiles.symbol', { symbol: s }));
  const shape = parts.length === 0 ? 'empty' : withExtras ? 'brackets' : 'with';
  // A triangle is named by what it holds: "a triangle with a road", "a field triangle".
  if (def.shape === 'triangle') return t.text('tiles.triangle', { shape, parts: t.list(parts) });
  const [first = [], ...rest] = parts;
  return t.text('tiles.square', {
    shape: parts.length === 0 ? 'empty' : rest.length === 0 || withExtras ? 'list' : 'with',
    parts: t.list(parts),
    first,
    rest: t.list(rest),
  });
}

/** What a tile definition shows, in words. */
export function tileDefWords(def: TileDef, locale: Locale = 'en'): string {
  return describeTile(def, coreTranslator(locale));
}

/** What the tile `id` shows, in the words of `t`; undefined for a tile the lookup does not know. */
export function describeTileOf(tiles: TileLookup, id: string, t: Translator): string | undefined {
  const kind = tiles.kindOf(id);
  return kind === undefined ? undefined : describeTile(tiles.def(kind), t);
}

/** What the tile `id` shows, in words; undefined for a tile the lookup does not know. */
export function tileWords(tiles: TileLookup, id: string, locale: Locale = 'en'): string | undefined {
  return describeTileOf(tiles, id, coreTranslator(locale));
}
