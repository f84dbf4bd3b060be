import { describe, expect, test } from 'vitest';
import { HALF_NAMES, SIDE_D, SIDE_NAMES } from '../../geometry/edges.js';
import { Catalog } from '../../tiles/catalog.js';
import { BASE_TILE_SCHEMA, buildTileSchema } from '../../tiles/schema.js';
import { HALFLINGS_SETS, HALFLINGS_SYMBOLS, HALFLINGS_TILES } from './tiles.js';
import type { TileDef } from '../../tiles/tileDef.js';
import { parseTileDef } from '../../tiles/tileDef.js';

/** The base game's declarations and the symbols the Halflings declare. */
const schema = buildTileSchema([
  { owner: 'base', ...BASE_TILE_SCHEMA },
  { owner: 'halflings', symbols: HALFLINGS_SYMBOLS },
]);

const defs: TileDef[] = HALFLINGS_TILES.map((input) => {
  const r = parseTileDef(input, 'tile', schema);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
});

const ids = (prefix: string) =>
  Array.from({ length: 12 }, (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`);

/** A tile's feature structure as sorted strings, e.g. `road:N W`, `field:WL WR DL DR>N`. */
const structure = (d: TileDef): string[] =>
  d.features
    .map((f) => {
      const sides = [...f.sides].sort((a, b) => a - b).map((s) => SIDE_NAMES[s]);
      if (f.kind === 'road' || f.kind === 'city') return `${f.kind}:${sides.join(' ')}`;
      if (f.kind === 'field') {
        const halves = [...f.halves].sort((a, b) => a - b).map((h) => HALF_NAMES[h]);
        const cities = f.cities.map((c) => SIDE_NAMES[Math.min(...d.features[c]!.sides)]).sort();
        return `field:${halves.join(' ')}${cities.length ? `>${cities.join(' ')}` : ''}`;
      }
      return f.kind;
    })
    .sort();

/** The type of a tile's long side: the kind of the road or city on it, else field. */
const longSide = (d: TileDef): string =>
  d.features.find((f) => (f.kind === 'road' || f.kind === 'city') && f.sides.includes(SIDE_D))?.kind ??
  'field';

const withSymbol = (s: string) => defs.filter((d) => d.symbols.includes(s)).map((d) => d.id);
/** Tiles with a road (or city) feature whose sides satisfy `pred`. */
const having = (kind: 'road' | 'city', pred: (sides: number[]) => boolean) =>
  defs.filter((d) => d.features.some((f) => f.kind === kind && pred(f.sides))).map((d) => d.id);

describe('H-0 the reconstructed Halflings triangles', () => {
  test('H-0 every definition parses; ids H1-01..H1-12 and H2-01..H2-12, all triangles', () => {
    expect(defs.map((d) => d.id)).toEqual([...ids('H1'), ...ids('H2')]);
    expect(defs.every((d) => d.shape === 'triangle')).toBe(true);
    const cat = Catalog.fromDefs(defs, new Set(), schema);
    expect(cat.ok).toBe(true);
  });

  test('H-0 sets: halflings:1 holds H1-*, halflings:2 holds H2-*, one copy each', () => {
    expect(Object.keys(HALFLINGS_SETS).sort()).toEqual(['halflings:1', 'halflings:2']);
    expect(HALFLINGS_SETS['halflings:1']).toEqual(Object.fromEntries(ids('H1').map((id) => [id, 1])));
    expect(HALFLINGS_SETS['halflings:2']).toEqual(Object.fromEntries(ids('H2').map((id) => [id, 1])));
  });

  test('H-0, H-12..H-14 one monastery; vineyard, hill, sheep, crop circle on four distinct tiles', () => {
    expect(defs.filter((d) => d.features.some((f) => f.kind === 'monastery'))).toHaveLength(1);
    const symbolTiles = ['vineyard', 'hill', 'sheep', 'cropCircle'].map((s) => {
      const tiles = withSymbol(s);
      expect(tiles, s).toHaveLength(1);
      return tiles[0];
    });
    expect(new Set(symbolTiles).size).toBe(4);
    for (const d of defs) {
      const foreign = d.symbols.filter((s) => s !== 'waterTower');
      expect(foreign.length, d.id).toBeLessThanOrEqual(1);
    }
  });

  test('H-0 two water towers (decoration) and pennants on some city parts', () => {
    expect(withSymbol('waterTower')).toHaveLength(2);
    const pennantTiles = defs.filter((d) => d.features.some((f) => f.pennants > 0));
    expect(pennantTiles.length).toBeGreaterThanOrEqual(1);
    const cityTiles = defs.filter((d) => d.features.some((f) => f.kind === 'city'));
    expect(cityTiles.length).toBeGreaterThan(pennantTiles.length); // cities with and without
  });

  test('H-0 roads and cities on the long side: at least three of each', () => {
    expect(defs.filter((d) => longSide(d) === 'road').length).toBeGreaterThanOrEqual(3);
    expect(defs.filter((d) => longSide(d) === 'city').length).toBeGreaterThanOrEqual(3);
  });

  test('H-0 complementary pairs fit along the long side (H-1): a road across a cell, a city in one', () => {
    // Two tiles whose long sides have the same type fit together in one cell.
    for (const kind of ['road', 'city']) {
      expect(defs.filter((d) => longSide(d) === kind).length, kind).toBeGreaterThanOrEqual(2);
    }
    const short = (sides: number[]) => sides.some((s) => s !== SIDE_D);
    // A road runs from a cell edge across both triangles to another cell edge.
    expect(having('road', (s) => s.includes(SIDE_D) && short(s)).length).toBeGreaterThanOrEqual(2);
    // A city continues through both triangles of a cell ...
    expect(having('city', (s) => s.includes(SIDE_D) && short(s)).length).toBeGreaterThanOrEqual(2);
    // ... and two city caps on the long side complete a city inside one cell.
    expect(having('city', (s) => s.length === 1 && s[0] === SIDE_D).length).toBeGreaterThanOrEqual(2);
  });

  test('H-0 the five shapes of the public implementation are present', () => {
    const all = 'field:NL NR WL WR DL DR';
    const shapes = [
      [all, 'road:W'], // field / road ending inside / field
      [all, 'road:N', 'road:W'], // road stub / separate road stub / field
      ['field:NL WR', 'field:NR WL DL DR', 'road:N W'], // curve N–W cutting off the corner field
      [all, 'monastery'], // all field with a monastery
      ['city:N', 'field:WL WR DL DR>N', 'road:W'], // city cap / road ending inside / field
    ];
    const structures = defs.map(structure);
    for (const shape of shapes) expect(structures, shape.join(', ')).toContainEqual(shape.sort());
  });

  test('H-0 fields name every city they touch on tiles with a single field', () => {
    for (const d of defs) {
      const fields = d.features.filter((f) => f.kind === 'field');
      const cities = d.features.flatMap((f, i) => (f.kind === 'city' ? [i] : []));
      if (fields.length === 1) expect([...fields[0]!.cities].sort(), d.id).toEqual(cities);
    }
  });
});
