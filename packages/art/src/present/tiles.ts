/**
 * What a tile shows, in words, for players (never its id): "a city cap with a road", "a triangle with
 * a road", "a monastery with a road". From the tile's definition only.
 */
import type { TileDef } from '@carc/engine';
import type { TileLookup } from '../model.js';
import { andList, some } from './words.js';

const SYMBOL_WORDS: Readonly<Record<string, string>> = {
  garden: 'a garden',
  volcano: 'a volcano',
  dragon: 'the dragon’s sign',
  portal: 'a magic portal',
  vineyard: 'a vineyard',
  hill: 'a hill',
  sheep: 'sheep',
  cropCircle: 'a crop circle',
  waterTower: 'a water tower',
};

/** What a tile definition shows, in words. */
export function tileDefWords(def: TileDef): string {
  const of = (k: string) => def.features.filter((f) => f.kind === k);
  const cities = of('city');
  const pennants = cities.reduce((n, f) => n + f.pennants, 0);
  const parts: string[] = [];
  if (cities.length > 0) {
    const extras: string[] = [];
    if (pennants > 0) extras.push(some(pennants, 'pennant'));
    if (cities.some((f) => f.princess)) extras.push('a princess');
    // A city on one side only is the tile players call a city cap.
    const noun = cities.length === 1 && (cities[0]?.sides.length ?? 0) === 1 ? 'city cap' : 'city';
    parts.push(
      `${some(cities.length, noun, 'cities')}${extras.length > 0 ? ` with ${andList(extras)}` : ''}`,
    );
  }
  const roads = of('road');
  if (roads.length > 0)
    parts.push(`${some(roads.length, 'road')}${roads.some((f) => f.tunnel) ? ' under a city' : ''}`);
  if (of('monastery').length > 0) parts.push('a monastery');
  if (of('tower').length > 0) parts.push('a tower foundation');
  for (const s of def.symbols) parts.push(SYMBOL_WORDS[s] ?? s);
  // A triangle is named by what it holds: "a triangle with a road", "a field triangle".
  if (def.shape === 'triangle') {
    if (parts.length === 0) return 'a field triangle';
    const what = andList(parts);
    return what.includes(' with ') ? `a triangle (${what})` : `a triangle with ${what}`;
  }
  const [first, ...rest] = parts;
  const what =
    first === undefined
      ? 'fields only'
      : rest.length === 0 || first.includes(' with ')
        ? andList(parts)
        : `${first} with ${andList(rest)}`;
  return what;
}

/** What the tile `id` shows, in words; undefined for a tile the lookup does not know. */
export function tileWords(tiles: TileLookup, id: string): string | undefined {
  const kind = tiles.kindOf(id);
  return kind === undefined ? undefined : tileDefWords(tiles.def(kind));
}
