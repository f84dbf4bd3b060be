import { describe, expect, test } from 'vitest';
import { BUILTIN, TILE_SETS } from '../expansions/index.js';
import { parseTileDef } from './tileDef.js';

const total = (set: string) => Object.values(TILE_SETS[set]).reduce((a, b) => a + b, 0);

describe('B-1 tile catalog', () => {
  test('B-1 each base set holds 72 tiles with the start tile; kinds as published', () => {
    expect(total('basic:1')).toBe(72);
    expect(total('basic:2')).toBe(72);
    expect(Object.keys(TILE_SETS['basic:1'])).toHaveLength(24);
    expect(Object.keys(TILE_SETS['basic:2'])).toHaveLength(32);
    expect(TILE_SETS['basic:1']['BA/RCr']).toBe(4);
  });

  test('expansion sets: 30 Princess & Dragon tiles, 18 Tower tiles', () => {
    for (const s of ['princess-and-dragon:1', 'princess-and-dragon:2']) expect(total(s)).toBe(30);
    for (const s of ['tower:1', 'tower:2']) expect(total(s)).toBe(18);
  });

  test('every tile named by a set has a definition; markers are where the sets need them', () => {
    const cat = BUILTIN.catalog();
    for (const [set, counts] of Object.entries(TILE_SETS)) {
      for (const id of Object.keys(counts)) expect(cat.kindOf(id), `${set}: ${id}`).toBeDefined();
    }
    const count = (set: string, pred: (id: string) => boolean) =>
      Object.entries(TILE_SETS[set])
        .filter(([id]) => pred(id))
        .reduce((a, [, n]) => a + n, 0);
    const def = (id: string) => cat.def(cat.kindOf(id)!);
    const pd = 'princess-and-dragon:1';
    expect(count(pd, (id) => def(id).symbols.includes('volcano'))).toBe(6);
    expect(count(pd, (id) => def(id).symbols.includes('dragon'))).toBe(12);
    expect(count(pd, (id) => def(id).symbols.includes('portal'))).toBe(6);
    expect(count(pd, (id) => def(id).features.some((f) => f.princess))).toBe(6);
    expect(count('tower:1', (id) => def(id).features.some((f) => f.kind === 'tower'))).toBe(18);
    // D-2: the tunnel road, and D-1: the monastery inside a three-sided city.
    expect(def('DG/CRcr.d').features.some((f) => f.tunnel)).toBe(true);
    const lc = def('DG/LCcc.d').features.map((f) => f.kind);
    expect(lc).toContain('monastery');
    expect(lc).toContain('city');
  });

  test('rotation tables: four quarter turns bring every side back', () => {
    const cat = BUILTIN.catalog();
    const t = cat.kindOf('BA/RCr')!;
    // Rotation 0: city north, road east and west, field south (type codes 0 field, 1 road, 2 city).
    expect(Array.from(cat.edgeType.subarray(t * 20, t * 20 + 4))).toEqual([2, 1, 0, 1]);
    // A quarter turn clockwise puts the city east.
    expect(Array.from(cat.edgeType.subarray(t * 20 + 5, t * 20 + 9))).toEqual([1, 2, 1, 0]);
  });
});

describe('tile definition validation', () => {
  const bad = (input: unknown) => {
    const r = parseTileDef(input, 'tile', BUILTIN.tileSchema);
    if (r.ok) throw new Error('expected a refusal');
    return r.error.message;
  };

  test('each malformed definition names the tile and the field', () => {
    expect(bad({ id: 'X/1', features: [{ kind: 'city', edges: 'N Q' }] })).toBe(
      'tile "X/1": features[0].edges: "Q" is not a side of a square tile (N E S W)',
    );
    expect(bad({ id: 'X/2', features: [{ kind: 'city', edges: 'N', pennant: 1 }] })).toBe(
      'tile "X/2": features[0].pennant: unknown field for a city (declared attributes: pennants, princess)',
    );
    expect(bad({ id: 'X/3', features: [{ kind: 'field', halves: 'NL NR EL ER SL SR WL' }] })).toBe(
      'tile "X/3": features: half-side WR belongs to no field',
    );
    expect(bad({ id: 'X/4', features: [{ kind: 'field', halves: 'NL NR EL ER SL SR WL WR NL' }] })).toBe(
      'tile "X/4": features[0].halves: half-side NL already belongs to a field',
    );
    expect(bad({ id: 'X/5', features: [{ kind: 'city', edges: 'D' }] })).toBe(
      'tile "X/5": features[0].edges: "D" is not a side of a square tile (N E S W)',
    );
    expect(bad({ id: 'X/6', shape: 'triangle', features: [{ kind: 'city', edges: 'E' }] })).toBe(
      'tile "X/6": features[0].edges: "E" is not a side of a triangle tile (N W D)',
    );
    expect(
      bad({ id: 'X/7', features: [{ kind: 'field', halves: 'NL NR EL ER SL SR WL WR', cities: 'N' }] }),
    ).toBe('tile "X/7": features[0].cities: "N" is not a side covered by a city of this tile');
    expect(bad({ id: 'X/8', symbols: ['volcanoe'], features: [] })).toBe(
      'tile "X/8": symbols[0]: unknown symbol "volcanoe" (declared: garden, vineyard, hill, sheep, cropCircle, waterTower, volcano, dragon, portal)',
    );
    expect(bad({ features: [] })).toBe('tile: id: must be a non-empty string');
    expect(bad({ id: 'X/9', features: [{ kind: 'castle' }] })).toBe(
      'tile "X/9": features[0].kind: must be one of road, city, field, monastery, tower',
    );
  });

  test('H-0 a custom definition with a built-in id replaces that tile only when asked; an id given twice is refused', () => {
    const field = { id: 'BA/L', features: [{ kind: 'field', halves: 'NL NR EL ER SL SR WL WR' }] };
    const refused = BUILTIN.catalog().withExtra([{ ...field, id: 'T/new' }, field], 'my.json');
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error).toMatchObject({ code: 'tile/builtin-id', tile: 'BA/L', path: 'my.json[1].id' });
      expect(refused.error.message).toMatch(/^my\.json\[1\]\.id: "BA\/L" is a built-in tile id; /);
    }
    const r = BUILTIN.catalog().withExtra([field, { ...field, id: 'T/new' }], 'tiles', true);
    if (!r.ok) throw new Error(r.error.message);
    const k = r.value.kindOf('BA/L')!;
    expect(r.value.def(k).features.map((f) => f.kind)).toEqual(['field']); // no monastery any more
    expect(r.value.custom[k]).toBe(1);
    expect(r.value.defs.length).toBe(BUILTIN.catalog().defs.length + 1);
    const twice = BUILTIN.catalog().withExtra([field, field], 'tiles', true);
    expect(twice.ok).toBe(false);
    if (!twice.ok) expect(twice.error.message).toBe('tile "BA/L": id defined twice');
  });
});
