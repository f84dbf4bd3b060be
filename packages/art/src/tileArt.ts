/**
 * Tile artwork computed from a tile definition: the shapes of its cities and roads, where its
 * buildings stand, and where a meeple, a pennant or a symbol goes on each feature. Everything is in
 * the tile's own frame (rotation 0, unit square, +y south; a triangle has its right angle at the
 * north-west corner), so one computation serves every rotation.
 *
 * Pure data and arithmetic: no DOM and no Node APIs, so a web client can reuse it.
 *
 * How shapes are built (see packages/engine/src/geometry/edges.ts for sides and halves):
 * - a city walks clockwise along the sides it covers; between two runs of covered sides it curves
 *   inwards (a one-side city is a cap, a two-side city a band or a corner, and so on), and it draws
 *   back when the gap holds another city's side or a road, so that two cities of one tile never
 *   overlap and a road into the city has room;
 * - a road joining two sides is a curve bending through the tile centre; a road with one side (or
 *   three or more) is a stub from each side to an end point: the centre (a junction), the edge of a
 *   monastery or tower, or the wall of a city covering the centre. Roads leave every side at a right
 *   angle from its midpoint, so they continue straight into the neighbouring tile;
 * - fields are what is left; meeple spots are found by sampling the tile, splitting the free
 *   samples between fields from their half-sides, and taking the sample deepest inside each feature.
 */
import type { FeatureDef, TileDef } from '@carc/engine';

export interface Pt {
  x: number;
  y: number;
}

/** A path in tile coordinates: move, line and quadratic curve commands. */
export type PathCmd =
  { c: 'M' | 'L'; p: Pt } | { c: 'Q'; k: Pt; p: Pt } | { c: 'C'; k: Pt; k2: Pt; p: Pt } | { c: 'Z' };

export interface CityArt {
  feature: number;
  path: PathCmd[];
  /** Where its pennants are drawn. */
  pennants: Pt[];
  princess: boolean;
}

export interface RoadArt {
  feature: number;
  /** Open paths (stroked, not filled). */
  paths: PathCmd[][];
  tunnel: boolean;
}

export interface TileArt {
  shape: 'square' | 'triangle';
  /** The tile outline, clockwise from the north-west corner. */
  outline: Pt[];
  cities: CityArt[];
  roads: RoadArt[];
  /** Road ends drawn as small squares (crossings, dead ends, city gates). */
  junctions: Pt[];
  monastery: Pt | undefined;
  tower: Pt | undefined;
  /** Meeple spot per feature index (towers included: their centre). */
  anchors: Pt[];
  /** Where each printed symbol is drawn, in the order of `def.symbols`. */
  symbols: Pt[];
}

/** Half-width of a road, in cells. */
export const ROAD_HALF_WIDTH = 0.045;
/** Half-size of the monastery building. */
export const MONASTERY_HALF = 0.13;
/** Radius of a tower foundation. */
export const TOWER_RADIUS = 0.12;

/** The outline of a square tile and of a triangle (right angle at the north-west corner), clockwise. */
export const SQUARE_OUTLINE: readonly Pt[] = [
  { x: 0, y: 0 },
  { x: 1, y: 0 },
  { x: 1, y: 1 },
  { x: 0, y: 1 },
];
export const TRIANGLE_OUTLINE: readonly Pt[] = [
  { x: 0, y: 0 },
  { x: 1, y: 0 },
  { x: 0, y: 1 },
];
/** Side slots in clockwise order around each shape. Side i runs from vertex i to vertex i + 1. */
const SQUARE_SIDES = [0, 1, 2, 3];
const TRIANGLE_SIDES = [0, 4, 3];
/** The point roads meet at: the centre of the square, the incentre of the triangle. */
const SQUARE_CENTRE: Pt = { x: 0.5, y: 0.5 };
const TRIANGLE_CENTRE: Pt = { x: 0.29, y: 0.29 };

const mean = (pts: readonly Pt[], fallback: Pt): Pt =>
  pts.length === 0
    ? fallback
    : { x: pts.reduce((s, p) => s + p.x, 0) / pts.length, y: pts.reduce((s, p) => s + p.y, 0) / pts.length };
const lerp = (a: Pt, b: Pt, t: number): Pt => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
const dist = (a: Pt, b: Pt): number => Math.hypot(a.x - b.x, a.y - b.y);
const at = <T>(xs: readonly T[], i: number): T => {
  const v = xs[i];
  if (v === undefined) throw new Error(`invariant: index ${i} out of range`);
  return v;
};

interface Frame {
  shape: 'square' | 'triangle';
  vertices: readonly Pt[];
  sides: number[];
  centre: Pt;
  /** Distance from a point to the outline (positive inside). */
  inset(p: Pt): number;
}

function frameOf(def: TileDef): Frame {
  if (def.shape === 'triangle') {
    return {
      shape: 'triangle',
      vertices: TRIANGLE_OUTLINE,
      sides: TRIANGLE_SIDES,
      centre: TRIANGLE_CENTRE,
      inset: (p) => Math.min(p.x, p.y, (1 - p.x - p.y) / Math.SQRT2),
    };
  }
  return {
    shape: 'square',
    vertices: SQUARE_OUTLINE,
    sides: SQUARE_SIDES,
    centre: SQUARE_CENTRE,
    inset: (p) => Math.min(p.x, p.y, 1 - p.x, 1 - p.y),
  };
}

/** Start and end of side slot `side` (clockwise). */
function sideEnds(f: Frame, side: number): [Pt, Pt] {
  const i = f.sides.indexOf(side);
  return [at(f.vertices, i), at(f.vertices, (i + 1) % f.vertices.length)];
}

const sideMid = (f: Frame, side: number): Pt => {
  const [a, b] = sideEnds(f, side);
  return lerp(a, b, 0.5);
};

/** The unit normal of a side, pointing into the tile. */
const inward = (f: Frame, side: number): Pt => {
  const [a, b] = sideEnds(f, side);
  const len = dist(a, b);
  // Sides run clockwise (with +y south), so the inside lies to the right of a → b.
  return { x: -(b.y - a.y) / len, y: (b.x - a.x) / len };
};
const along = (p: Pt, dir: Pt, d: number): Pt => ({ x: p.x + dir.x * d, y: p.y + dir.y * d });

/** Middle of half-side `half` (side · 2 + h; h 0 is the first half clockwise). */
const halfMid = (f: Frame, half: number): Pt => {
  const [a, b] = sideEnds(f, half >> 1);
  return lerp(a, b, half & 1 ? 0.75 : 0.25);
};

/**
 * The outline of a city covering `sides`, drawing back from the sides in `others` (other cities)
 * and `roads` (sides carrying a road) to leave them room.
 */
function cityPath(
  f: Frame,
  sides: readonly number[],
  others: ReadonlySet<number>,
  roads: ReadonlySet<number>,
): PathCmd[] {
  const n = f.sides.length;
  const covered = f.sides.map((s) => sides.includes(s));
  if (covered.every(Boolean)) {
    return [...f.vertices.map((p, i): PathCmd => ({ c: i === 0 ? 'M' : 'L', p })), { c: 'Z' }];
  }
  // Start at a covered side whose predecessor is not covered.
  let start = 0;
  while (!(covered[start] && !covered[(start - 1 + n) % n])) start++;
  const path: PathCmd[] = [{ c: 'M', p: at(f.vertices, start) }];
  let i = start;
  do {
    // A run of covered sides, along the outline.
    while (covered[i % n]) {
      path.push({ c: 'L', p: at(f.vertices, (i + 1) % n) });
      i++;
    }
    // A gap: curve inwards to the next covered side.
    const from = at(f.vertices, i % n);
    let g = 0;
    let shrink = false;
    let road = false;
    while (!covered[(i + g) % n]) {
      const side = at(f.sides, (i + g) % n);
      if (others.has(side)) shrink = true;
      if (roads.has(side)) road = true;
      g++;
    }
    const to = at(f.vertices, (i + g) % n);
    const mid = lerp(from, to, 0.5);
    let k: Pt;
    if (dist(mid, f.centre) < 1e-6) {
      // A diagonal chord through the centre (two adjacent sides of a square): bow towards the free
      // corner, or away from it when another city lies there.
      const corner = at(f.vertices, (i + 1) % n);
      k = lerp(f.centre, corner, shrink || road ? -0.3 : 0.25);
    } else {
      // A gap of one whole side leaves a concave bite (deeper when it must hold a road or another
      // city); a longer gap makes a cap over the run (flatter when another city faces it).
      const depth = g === 1 ? (shrink || road ? 1.3 : 0.9) : shrink ? 0.8 : 1.0;
      k = lerp(mid, f.centre, depth);
    }
    path.push({ c: 'Q', k, p: to });
    i += g;
  } while (i % n !== start);
  path.push({ c: 'Z' });
  return path;
}

/** Flattens a path to points (curves in 12 steps). */
export function flatten(path: readonly PathCmd[]): Pt[] {
  const pts: Pt[] = [];
  let cur: Pt = { x: 0, y: 0 };
  for (const cmd of path) {
    if (cmd.c === 'Z') continue;
    if (cmd.c === 'Q') {
      for (let s = 1; s <= 12; s++) {
        const t = s / 12;
        const u = 1 - t;
        pts.push({
          x: u * u * cur.x + 2 * u * t * cmd.k.x + t * t * cmd.p.x,
          y: u * u * cur.y + 2 * u * t * cmd.k.y + t * t * cmd.p.y,
        });
      }
    } else if (cmd.c === 'C') {
      for (let s = 1; s <= 12; s++) {
        const t = s / 12;
        const u = 1 - t;
        const a = u * u * u;
        const b = 3 * u * u * t;
        const c = 3 * u * t * t;
        const d = t * t * t;
        pts.push({
          x: a * cur.x + b * cmd.k.x + c * cmd.k2.x + d * cmd.p.x,
          y: a * cur.y + b * cmd.k.y + c * cmd.k2.y + d * cmd.p.y,
        });
      }
    } else {
      pts.push(cmd.p);
    }
    cur = cmd.p;
  }
  return pts;
}

export function insidePolygon(p: Pt, poly: readonly Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = at(poly, i);
    const b = at(poly, j);
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

function distToSegment(p: Pt, a: Pt, b: Pt): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

/** Sampling resolution of the meeple-spot search (samples per cell side). */
const GRID = 28;
/** The four neighbours of a sample on the grid (east, west, south, north), as x and y steps. */
const STEP_X = [1, -1, 0, 0] as const;
const STEP_Y = [0, 0, 1, -1] as const;
/** The sample points, row by row: made once, shared by every tile (the search runs per kind). */
const SAMPLES: readonly Pt[] = Array.from({ length: GRID * GRID }, (_, i) => ({
  x: ((i % GRID) + 0.5) / GRID,
  y: (Math.floor(i / GRID) + 0.5) / GRID,
}));

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The bounding box of points, grown by `margin` on every side. */
function boxOf(pts: readonly Pt[], margin: number): Box {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of pts) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  return { x0: x0 - margin, y0: y0 - margin, x1: x1 + margin, y1: y1 + margin };
}

const inBox = (p: Pt, b: Box): boolean => p.x >= b.x0 && p.x <= b.x1 && p.y >= b.y0 && p.y <= b.y1;

/** Whether `p` is nearer than `reach` to the polyline (stops at the first segment that is). */
function nearPolyline(p: Pt, pts: readonly Pt[], reach: number): boolean {
  for (let i = 1; i < pts.length; i++) if (distToSegment(p, at(pts, i - 1), at(pts, i)) < reach) return true;
  return false;
}

/** Deeper than this inside a feature makes no difference to a meeple. */
const MAX_DEPTH = 0.2;

/**
 * Depth of each sample inside its feature (`owner`, by sample; negative: none): distance to the
 * nearest sample of another feature or to the outline, capped at MAX_DEPTH. A function of its own
 * so that the engine optimises its loops soon (it runs once per tile kind, cold).
 */
function depthField(owner: Int16Array, inset: (p: Pt) => number): Float64Array {
  const N = GRID;
  const depthOf = new Float64Array(N * N);
  const r = Math.ceil(MAX_DEPTH * N) + 1;
  for (let i = 0; i < N * N; i++) {
    const o = owner[i] ?? -2;
    if (o < 0) continue;
    const p = at(SAMPLES, i);
    let d = Math.min(inset(p), MAX_DEPTH);
    const x0 = i % N;
    const y0 = Math.floor(i / N);
    // The nearest other sample by whole grid steps first (integers, exact), ring by ring outwards,
    // no further than could make it shallower than `d`; then the same floating-point distances as
    // before among the nearest only: the result is unchanged, at a fraction of the work.
    const reach = Math.min(r, Math.ceil(d * N + 0.5 + 1e-9));
    let best = Infinity;
    for (let ring = 1; ring <= reach && ring * ring <= best; ring++) {
      for (let y = y0 - ring; y <= y0 + ring; y++) {
        if (y < 0 || y >= N) continue;
        const edge = y === y0 - ring || y === y0 + ring;
        for (let x = x0 - ring; x <= x0 + ring; x += edge ? 1 : 2 * ring) {
          if (x < 0 || x >= N || owner[x + y * N] === o) continue;
          const g = (x - x0) * (x - x0) + (y - y0) * (y - y0);
          if (g < best) best = g;
        }
      }
    }
    if (best !== Infinity) {
      const span = Math.floor(Math.sqrt(best) + 1e-9);
      for (let y = Math.max(0, y0 - span); y <= Math.min(N - 1, y0 + span); y++) {
        for (let x = Math.max(0, x0 - span); x <= Math.min(N - 1, x0 + span); x++) {
          const j = x + y * N;
          if (owner[j] === o || (x - x0) * (x - x0) + (y - y0) * (y - y0) !== best) continue;
          d = Math.min(d, dist(p, at(SAMPLES, j)) - 0.5 / N);
        }
      }
    }
    depthOf[i] = d;
  }
  return depthOf;
}

/** Computes the artwork of a tile definition. Cached per definition object. */
export function tileArt(def: TileDef): TileArt {
  let art = cache.get(def);
  if (!art) {
    art = computeArt(def);
    cache.set(def, art);
  }
  return art;
}
const cache = new WeakMap<TileDef, TileArt>();

function computeArt(def: TileDef): TileArt {
  const f = frameOf(def);
  const features = def.features;
  const C = f.centre;
  const monasteryIndex = features.findIndex((x) => x.kind === 'monastery');
  const towerIndex = features.findIndex((x) => x.kind === 'tower');
  const monastery = monasteryIndex >= 0 ? C : undefined;
  let tower: Pt | undefined;
  if (towerIndex >= 0) tower = monastery ? lerp(C, at(f.vertices, 0), 0.62) : C;

  // Cities.
  const citySides = new Map<number, number>();
  features.forEach((x, i) => x.kind === 'city' && x.sides.forEach((s) => citySides.set(s, i)));
  const roadSides = new Set(features.flatMap((x) => (x.kind === 'road' ? x.sides : [])));
  const cities: CityArt[] = [];
  const cityPolys: { feature: number; poly: Pt[]; box: Box }[] = [];
  features.forEach((x, i) => {
    if (x.kind !== 'city') return;
    const others = new Set([...citySides].filter(([, j]) => j !== i).map(([s]) => s));
    const path = cityPath(f, x.sides, others, roadSides);
    cities.push({ feature: i, path, pennants: [], princess: x.princess });
    const poly = flatten(path);
    cityPolys.push({ feature: i, poly, box: boxOf(poly, 1e-9) });
  });
  const inCity = (p: Pt) => cityPolys.some((c) => inBox(p, c.box) && insidePolygon(p, c.poly));

  // Roads.
  const roads: RoadArt[] = [];
  const junctions: Pt[] = [];
  const addJunction = (p: Pt) => {
    if (!junctions.some((j) => dist(j, p) < 1e-6)) junctions.push(p);
  };
  const roadLines: { feature: number; pts: Pt[] }[] = [];
  features.forEach((x, i) => {
    if (x.kind !== 'road') return;
    const paths: PathCmd[][] = [];
    // Roads leave every side at a right angle, so they meet the neighbour's roads square on.
    const reach = f.shape === 'square' ? 1 / 3 : 0.2;
    if (x.sides.length === 2) {
      const [s0, s1] = [at(x.sides, 0), at(x.sides, 1)];
      const [a, b] = [sideMid(f, s0), sideMid(f, s1)];
      paths.push([
        { c: 'M', p: a },
        { c: 'C', k: along(a, inward(f, s0), reach), k2: along(b, inward(f, s1), reach), p: b },
      ]);
    } else {
      for (const s of x.sides) {
        const m = sideMid(f, s);
        const end = stubEnd(m, C, monastery, tower, inCity);
        const k = along(m, inward(f, s), Math.min(reach, dist(m, end.p) / 2));
        paths.push([
          { c: 'M', p: m },
          { c: 'C', k, k2: end.p, p: end.p },
        ]);
        if (end.junction) addJunction(end.p);
      }
    }
    roads.push({ feature: i, paths, tunnel: x.tunnel });
    roadLines.push({ feature: i, pts: paths.flatMap((p) => flatten(p)) });
  });

  // Classify samples: city, road, building, or free (fields are assigned below).
  const N = GRID;
  const owner = new Int16Array(N * N).fill(-2); // -2 outside the tile, -1 free
  const pt = (i: number): Pt => at(SAMPLES, i);
  const roadReach = ROAD_HALF_WIDTH + 0.5 / N;
  const roadBoxes = roadLines.map((r) => ({ feature: r.feature, pts: r.pts, box: boxOf(r.pts, roadReach) }));
  for (let i = 0; i < N * N; i++) {
    const p = pt(i);
    if (f.inset(p) <= 0) continue;
    let o = -1;
    for (const c of cityPolys) if (inBox(p, c.box) && insidePolygon(p, c.poly)) o = c.feature;
    for (const r of roadBoxes) if (inBox(p, r.box) && nearPolyline(p, r.pts, roadReach)) o = r.feature;
    if (monastery && Math.max(Math.abs(p.x - monastery.x), Math.abs(p.y - monastery.y)) < MONASTERY_HALF)
      o = monasteryIndex;
    if (tower && dist(p, tower) < TOWER_RADIUS) o = towerIndex;
    owner[i] = o;
  }
  // Fields: a breadth-first search from every field's half-sides at once.
  const queue: number[] = [];
  const nearestFree = (p: Pt): number => {
    let best = -1;
    let bestD = Infinity;
    let bestSq = Infinity;
    for (let i = 0; i < N * N; i++) {
      if (owner[i] !== -1) continue;
      const q = pt(i);
      // Squares first: only a sample about as near as the best so far needs the exact distance.
      const sq = (q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y);
      if (sq > bestSq * (1 + 1e-9)) continue;
      const d = dist(q, p);
      if (d < bestD) {
        bestD = d;
        bestSq = sq;
        best = i;
      }
    }
    return best;
  };
  features.forEach((x, i) => {
    if (x.kind !== 'field') return;
    if (x.halves.length === 0) {
      // An inner field, closed in by cities: it starts between the cities it touches.
      const near = x.cities.map((c) =>
        lerp(
          mean(
            at(features, c).sides.map((s) => sideMid(f, s)),
            C,
          ),
          C,
          0.5,
        ),
      );
      const seed = nearestFree(mean(near, C));
      if (seed >= 0) {
        owner[seed] = i;
        queue.push(seed);
      }
    }
    for (const h of x.halves) {
      const seed = nearestFree(lerp(halfMid(f, h), C, 0.04));
      if (seed >= 0 && owner[seed] === -1) {
        owner[seed] = i;
        queue.push(seed);
      }
    }
  });
  for (let q = 0; q < queue.length; q++) {
    const i = at(queue, q);
    const x = i % N;
    const y = Math.floor(i / N);
    const o = owner[i] ?? -1;
    for (let k = 0; k < 4; k++) {
      const nx = x + (STEP_X[k] ?? 0);
      const ny = y + (STEP_Y[k] ?? 0);
      if (nx < 0 || ny < 0 || nx >= N || ny >= N) continue;
      const j = nx + ny * N;
      if (owner[j] !== -1) continue;
      owner[j] = o;
      queue.push(j);
    }
  }

  const depthOf = depthField(owner, f.inset);
  const depth = (i: number): number => depthOf[i] ?? 0;
  /** The deepest sample of a feature, ties broken towards `prefer`; avoiding `avoid` points. */
  const deepest = (feature: number, prefer: Pt, avoid: readonly Pt[] = [], gap = 0): Pt | undefined => {
    let best: Pt | undefined;
    let bestScore = -Infinity;
    for (let i = 0; i < N * N; i++) {
      // A sample no deeper than the best score so far cannot beat it (the score is at most the depth).
      if (owner[i] !== feature || depth(i) <= bestScore) continue;
      const p = pt(i);
      if (avoid.some((a) => dist(a, p) < gap)) continue;
      const score = depth(i) - 0.05 * dist(p, prefer);
      if (score > bestScore) {
        bestScore = score;
        best = p;
      }
    }
    return best;
  };

  const anchors: Pt[] = features.map((x, i) => anchorOf(f, x, i, roads, deepest, monastery, tower));
  for (const c of cities) {
    const x = at(features, c.feature);
    const anchor = at(anchors, c.feature);
    const taken: Pt[] = [anchor];
    for (let k = 0; k < x.pennants; k++) {
      const p = deepest(c.feature, lerp(anchor, sideMid(f, at(x.sides, 0)), 0.6), taken, 0.2);
      const spot = p ?? lerp(anchor, sideMid(f, at(x.sides, 0)), 0.5);
      c.pennants.push(spot);
      taken.push(spot);
    }
  }
  // Symbols go on the largest field, away from meeple spots and pennants.
  const symbols: Pt[] = [];
  const busy = [...anchors, ...cities.flatMap((c) => c.pennants)];
  for (let k = 0; k < def.symbols.length; k++) {
    let best: Pt | undefined;
    let bestScore = -Infinity;
    for (let i = 0; i < N * N; i++) {
      const o = owner[i] ?? -2;
      if (o < 0 || at(features, o).kind !== 'field') continue;
      // The room is at most 0.3: a sample that cannot beat the best even so is passed over.
      if (Math.min(depth(i), 0.12) + 0.3 <= bestScore) continue;
      const p = pt(i);
      let room = 0.3;
      for (const b of busy) room = Math.min(room, dist(b, p));
      const score = Math.min(depth(i), 0.12) + room;
      if (score > bestScore) {
        bestScore = score;
        best = p;
      }
    }
    const spot = best ?? lerp(C, at(f.vertices, 1), 0.5);
    symbols.push(spot);
    busy.push(spot);
  }
  return {
    shape: f.shape,
    outline: [...f.vertices],
    cities,
    roads,
    junctions,
    monastery,
    tower,
    anchors,
    symbols,
  };
}

/** Where a road stub from side midpoint `m` stops, and whether a junction square marks it. */
function stubEnd(
  m: Pt,
  C: Pt,
  monastery: Pt | undefined,
  tower: Pt | undefined,
  inCity: (p: Pt) => boolean,
): { p: Pt; junction: boolean } {
  const len = dist(m, C);
  if (monastery) return { p: lerp(m, C, (len - MONASTERY_HALF) / len), junction: false };
  if (tower && dist(tower, C) < 1e-6) return { p: lerp(m, C, (len - TOWER_RADIUS) / len), junction: false };
  // Stop at the wall of a city that covers the centre (a city gate).
  let t = 1;
  for (let s = 1; s <= 40; s++) {
    if (inCity(lerp(m, C, s / 40))) {
      t = Math.max(0.3, (s - 1.5) / 40);
      break;
    }
  }
  return { p: lerp(m, C, t), junction: true };
}

function anchorOf(
  f: Frame,
  x: FeatureDef,
  i: number,
  roads: readonly RoadArt[],
  deepest: (feature: number, prefer: Pt) => Pt | undefined,
  monastery: Pt | undefined,
  tower: Pt | undefined,
): Pt {
  const C = f.centre;
  switch (x.kind) {
    case 'monastery':
      // The monk stands on the chapel's lower right, leaving its roof in sight.
      return monastery ? { x: monastery.x + 0.09, y: monastery.y + 0.07 } : C;
    case 'tower':
      return tower ?? C;
    case 'road': {
      const road = roads.find((r) => r.feature === i);
      const first = road?.paths[0];
      if (!first) return C;
      // The middle of the first path: the curve's apex, or the middle of a stub.
      const pts = flatten(first);
      return at(pts, Math.floor((pts.length - 1) / 2));
    }
    case 'city': {
      const prefer = mean(
        x.sides.map((s) => sideMid(f, s)),
        C,
      );
      return deepest(i, lerp(prefer, C, 0.3)) ?? prefer;
    }
    case 'field': {
      const prefer = mean(
        x.halves.map((h) => lerp(halfMid(f, h), C, 0.3)),
        C,
      );
      return deepest(i, prefer) ?? prefer;
    }
  }
}
