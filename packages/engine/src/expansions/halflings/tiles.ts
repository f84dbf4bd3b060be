/**
 * Halflings triangles (H-0..H-14): sets halflings:1 (Halflings I, H1-01..H1-12) and halflings:2
 * (Halflings II, H2-01..H2-12), 12 half-size triangles each, one copy of every tile.
 *
 * A RECONSTRUCTION, not a transcription. No public source available to this project describes the
 * 24 printed triangles one by one (the rule pages only show their pictures), so these faces are the
 * project's own design (H-0, docs/halflings.md). They honour everything that is known: one monastery;
 * one vineyard, one hill, one sheep and one crop-circle triangle, four distinct tiles (H-12..H-14);
 * roads and cities that continue across the long side, so that a road can run through both triangles
 * of a cell and two triangles can complete a city; pennants on some city parts; a water tower
 * (decoration) on two tiles, H1-07 and H2-11, the two marked "(W)" in the seeds' tile lists; and the
 * five shapes seen in one public implementation (H1-01..H1-05). Players who own the real tiles can
 * load exact definitions from a file in this same format.
 *
 * Frame: the right angle at the north-west corner, short sides N and W, long side D (the diagonal);
 * clockwise around the triangle the half-sides are NL NR DL DR WL WR. A road stub that ends inside the
 * tile does not split the field around it.
 */
import type { Options } from '../../rules/options.js';
import type { Catalog } from '../../tiles/catalog.js';
import type { TileSymbolSpec } from '../../tiles/schema.js';
import type { TileDefInput } from '../../tiles/tileDef.js';

/** The symbols its triangles show. */
export const HALFLINGS_SYMBOLS: readonly TileSymbolSpec[] = [
  { name: 'vineyard', rule: 'H-12', doc: 'a vineyard: 3 more for a finished monastery beside it' },
  { name: 'hill', rule: 'H-14', doc: 'a hill (Hills & Sheep): its triangle never comes into play' },
  { name: 'sheep', rule: 'H-14', doc: 'sheep (Hills & Sheep): its triangle never comes into play' },
  { name: 'cropCircle', rule: 'H-13', doc: 'a crop circle: every player adds or removes a meeple' },
  { name: 'waterTower', rule: 'H-0', doc: 'a water tower, drawn only' },
];

export const HALFLINGS_TILES: readonly TileDefInput[] = [
  // Halflings I
  {
    // Shape 1: field / road ending inside the tile / field.
    id: 'H1-01',
    shape: 'triangle',
    features: [
      { kind: 'road', edges: 'W' },
      { kind: 'field', halves: 'NL NR DL DR WL WR' },
    ],
  },
  {
    // Shape 2: road stub / separate road stub / field.
    id: 'H1-02',
    shape: 'triangle',
    features: [
      { kind: 'road', edges: 'N' },
      { kind: 'road', edges: 'W' },
      { kind: 'field', halves: 'NL NR DL DR WL WR' },
    ],
  },
  {
    // Shape 3: a road curving from N to W cuts off the small field in the right angle.
    id: 'H1-03',
    shape: 'triangle',
    features: [
      { kind: 'road', edges: 'N W' },
      { kind: 'field', halves: 'WR NL' },
      { kind: 'field', halves: 'NR DL DR WL' },
    ],
  },
  {
    // Shape 4: all field with a monastery.
    id: 'H1-04',
    shape: 'triangle',
    features: [{ kind: 'monastery' }, { kind: 'field', halves: 'NL NR DL DR WL WR' }],
  },
  {
    // Shape 5: city cap / road ending inside the tile / field.
    id: 'H1-05',
    shape: 'triangle',
    features: [
      { kind: 'city', edges: 'N' },
      { kind: 'road', edges: 'W' },
      { kind: 'field', halves: 'DL DR WL WR', cities: 'N' },
    ],
  },
  {
    id: 'H1-06',
    shape: 'triangle',
    features: [
      { kind: 'road', edges: 'N D' },
      { kind: 'field', halves: 'NR DL' },
      { kind: 'field', halves: 'DR WL WR NL' },
    ],
  },
  {
    id: 'H1-07',
    shape: 'triangle',
    symbols: ['waterTower'],
    features: [
      { kind: 'city', edges: 'D' },
      { kind: 'field', halves: 'NL NR WL WR', cities: 'D' },
    ],
  },
  {
    id: 'H1-08',
    shape: 'triangle',
    features: [
      { kind: 'city', edges: 'N D', pennants: 1 },
      { kind: 'field', halves: 'WL WR', cities: 'N' },
    ],
  },
  {
    id: 'H1-09',
    shape: 'triangle',
    symbols: ['vineyard'],
    features: [
      { kind: 'road', edges: 'W D' },
      { kind: 'field', halves: 'DR WL' },
      { kind: 'field', halves: 'WR NL NR DL' },
    ],
  },
  {
    id: 'H1-10',
    shape: 'triangle',
    features: [
      { kind: 'city', edges: 'N' },
      { kind: 'city', edges: 'W' },
      { kind: 'field', halves: 'DL DR', cities: 'N W' },
    ],
  },
  {
    id: 'H1-11',
    shape: 'triangle',
    features: [
      { kind: 'city', edges: 'W' },
      { kind: 'road', edges: 'N D' },
      { kind: 'field', halves: 'NR DL' },
      { kind: 'field', halves: 'DR NL', cities: 'W' },
    ],
  },
  {
    id: 'H1-12',
    shape: 'triangle',
    symbols: ['hill'],
    features: [
      { kind: 'city', edges: 'N' },
      { kind: 'field', halves: 'DL DR WL WR', cities: 'N' },
    ],
  },
  // Halflings II
  {
    id: 'H2-01',
    shape: 'triangle',
    symbols: ['sheep'],
    features: [
      { kind: 'road', edges: 'D' },
      { kind: 'field', halves: 'NL NR DL DR WL WR' },
    ],
  },
  {
    // Three roads meeting at a farmhouse in the middle of the triangle.
    id: 'H2-02',
    shape: 'triangle',
    features: [
      { kind: 'road', edges: 'N' },
      { kind: 'road', edges: 'D' },
      { kind: 'road', edges: 'W' },
      { kind: 'field', halves: 'NR DL' },
      { kind: 'field', halves: 'DR WL' },
      { kind: 'field', halves: 'WR NL' },
    ],
  },
  {
    id: 'H2-03',
    shape: 'triangle',
    features: [
      { kind: 'city', edges: 'W D', pennants: 1 },
      { kind: 'field', halves: 'NL NR', cities: 'W' },
    ],
  },
  {
    id: 'H2-04',
    shape: 'triangle',
    features: [
      { kind: 'city', edges: 'N W' },
      { kind: 'field', halves: 'DL DR', cities: 'N' },
    ],
  },
  {
    id: 'H2-05',
    shape: 'triangle',
    features: [
      { kind: 'city', edges: 'N' },
      { kind: 'road', edges: 'W D' },
      { kind: 'field', halves: 'DL WR', cities: 'N' },
      { kind: 'field', halves: 'DR WL' },
    ],
  },
  {
    id: 'H2-06',
    shape: 'triangle',
    features: [
      { kind: 'city', edges: 'D' },
      { kind: 'road', edges: 'N W' },
      { kind: 'field', halves: 'WR NL' },
      { kind: 'field', halves: 'NR WL', cities: 'D' },
    ],
  },
  {
    id: 'H2-07',
    shape: 'triangle',
    features: [
      { kind: 'city', edges: 'D', pennants: 1 },
      { kind: 'road', edges: 'N' },
      { kind: 'field', halves: 'NL NR WL WR', cities: 'D' },
    ],
  },
  {
    id: 'H2-08',
    shape: 'triangle',
    features: [
      { kind: 'city', edges: 'N' },
      { kind: 'road', edges: 'D' },
      { kind: 'field', halves: 'DL DR WL WR', cities: 'N' },
    ],
  },
  {
    id: 'H2-09',
    shape: 'triangle',
    features: [{ kind: 'city', edges: 'N W D', pennants: 1 }],
  },
  {
    id: 'H2-10',
    shape: 'triangle',
    symbols: ['cropCircle'],
    features: [{ kind: 'field', halves: 'NL NR DL DR WL WR' }],
  },
  {
    id: 'H2-11',
    shape: 'triangle',
    symbols: ['waterTower'],
    features: [
      { kind: 'road', edges: 'N' },
      { kind: 'field', halves: 'NL NR DL DR WL WR' },
    ],
  },
  {
    id: 'H2-12',
    shape: 'triangle',
    features: [
      { kind: 'city', edges: 'N D' },
      { kind: 'road', edges: 'W' },
      { kind: 'field', halves: 'WL WR', cities: 'N' },
    ],
  },
];

export const HALFLINGS_SETS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'halflings:1': {
    'H1-01': 1,
    'H1-02': 1,
    'H1-03': 1,
    'H1-04': 1,
    'H1-05': 1,
    'H1-06': 1,
    'H1-07': 1,
    'H1-08': 1,
    'H1-09': 1,
    'H1-10': 1,
    'H1-11': 1,
    'H1-12': 1,
  },
  'halflings:2': {
    'H2-01': 1,
    'H2-02': 1,
    'H2-03': 1,
    'H2-04': 1,
    'H2-05': 1,
    'H2-06': 1,
    'H2-07': 1,
    'H2-08': 1,
    'H2-09': 1,
    'H2-10': 1,
    'H2-11': 1,
    'H2-12': 1,
  },
};

/** `triangleKinds` per catalog, by `halflingsSymbols` (asked at every game set-up and determinization). */
const kindsCache = new WeakMap<Catalog, Map<string, readonly number[]>>();

/** The triangle kinds that may enter play, in catalog order (H-0, H-14). */
export function triangleKinds(catalog: Catalog, options: Options): readonly number[] {
  let byOption = kindsCache.get(catalog);
  if (byOption === undefined) kindsCache.set(catalog, (byOption = new Map()));
  let kinds = byOption.get(options.halflingsSymbols);
  if (kinds === undefined)
    byOption.set(options.halflingsSymbols, (kinds = Object.freeze(listKinds(catalog, options))));
  return kinds;
}

function listKinds(catalog: Catalog, options: Options): number[] {
  const custom: number[] = [];
  for (let k = 0; k < catalog.defs.length; k++)
    if (catalog.custom[k] === 1 && catalog.triangle[k] === 1) custom.push(k);
  const all =
    custom.length > 0
      ? custom
      : ['halflings:1', 'halflings:2'].flatMap((set) =>
          Object.keys(HALFLINGS_SETS[set]).flatMap((id) => {
            const k = catalog.kindOf(id);
            return k === undefined ? [] : [k];
          }),
        );
  const symbols = options.halflingsSymbols === 'on';
  return all.filter(
    (k) =>
      !catalog.hasSymbol(k, 'hill') &&
      !catalog.hasSymbol(k, 'sheep') &&
      (symbols || (!catalog.hasSymbol(k, 'vineyard') && !catalog.hasSymbol(k, 'cropCircle'))),
  );
}
