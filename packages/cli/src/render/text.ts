/**
 * Draws a board as text for a terminal: every cell is a block of 7 × 3 characters, rasterized from
 * the same tile artwork as the SVG renderer (@carc/art), so custom tiles (H-0) and triangles draw
 * without extra tables.
 *
 *   C city   ^ pennant   - | / \ road   + crossing   . field   M monastery   t tower foundation
 *   T3 tower of height 3 (1T3: player 1's meeple on top)   0-5 meeples by seat   D dragon   F fairy
 *   v volcano  d dragon symbol  p magic portal  w vineyard  o crop circle
 *   / or \ through a cell holding triangles: the diagonal that splits it (H-1)
 *
 * The corners of a block stay blank unless a city fills them, so neighbouring tiles stay apart
 * while roads and cities run on across their shared sides.
 *
 * Pure functions of a view and a tile lookup, like the SVG renderer: no Node APIs. Colour is ANSI
 * escapes, added only when asked; without it the characters are the same, plain ASCII.
 */
import type { CornerName, PlaceView, TileDef } from '@carc/engine';
import type { BoardView, Pt, TileLookup } from '@carc/art';
import { boardBounds, flatten, insidePolygon, tileArt, turnPoint as toBoard } from '@carc/art';

/** Characters per cell, across and down (about square in a terminal font). */
export const CELL_W = 7;
export const CELL_H = 3;

/** What a character shows; decides its colour. */
export type Style =
  | 'plain'
  | 'field'
  | 'city'
  | 'pennant'
  | 'road'
  | 'monastery'
  | 'tower'
  | 'symbol'
  | 'diagonal'
  | 'mark'
  | 'axis'
  | 'dragon'
  | 'fairy'
  | 'meeple';

interface Px {
  ch: string;
  style: Style;
  /** The owner of a meeple, for its colour. */
  player?: number;
  /** Part of a highlighted cell (colour only). */
  highlight?: boolean;
}

/** One character of a tile's picture: what it shows and the feature it belongs to (-1: a field). */
interface GlyphPx extends Px {
  feature: number;
}

/** A tile drawn at one rotation: a CELL_W × CELL_H picture (null outside a triangle). */
export interface Glyph {
  px: (GlyphPx | null)[];
  /**
   * Per feature, the characters where its meeples stand, best first: its own characters from the
   * artwork's meeple spot outwards, then (for a field squeezed out of the picture) the blank corners
   * next to its half-sides.
   */
  spots: number[][];
  /** The character of the tower foundation, or -1. */
  tower: number;
}

const SYMBOL_CHARS: Partial<Record<string, string>> = {
  volcano: 'v',
  dragon: 'd',
  portal: 'p',
  vineyard: 'w',
  cropCircle: 'o',
};

const CORNERS: readonly CornerName[] = ['nw', 'ne', 'se', 'sw'];

/** The corner character of each corner (column, row). */
const CORNER_CHAR: Record<CornerName, [number, number]> = {
  nw: [0, 0],
  ne: [CELL_W - 1, 0],
  se: [CELL_W - 1, CELL_H - 1],
  sw: [0, CELL_H - 1],
};

/** The middle character of each cell side (N, E, S, W) and the road character leaving it. */
const SIDE_MIDDLES: readonly [number, number, string][] = [
  [0, (CELL_W - 1) / 2, '|'],
  [1, CELL_W + CELL_W - 1, '-'],
  [2, (CELL_H - 1) * CELL_W + (CELL_W - 1) / 2, '|'],
  [3, CELL_W, '-'],
];

/** The board half-sides on either side of each corner (nw, ne, se, sw): half index side · 2 + h. */
const CORNER_HALVES: readonly (readonly number[])[] = [
  [0, 7],
  [1, 2],
  [3, 4],
  [5, 6],
];

/** The tile's own half index lying on board half `h` after q quarter turns. */
const localHalf = (h: number, q: number): number => ((((h >> 1) - q) & 3) << 1) | (h & 1);

/** Side ends in a tile's own frame, clockwise: N, E, S, W and a triangle's diagonal. */
const SIDE_ENDS: readonly [Pt, Pt][] = [
  [
    { x: 0, y: 0 },
    { x: 1, y: 0 },
  ],
  [
    { x: 1, y: 0 },
    { x: 1, y: 1 },
  ],
  [
    { x: 1, y: 1 },
    { x: 0, y: 1 },
  ],
  [
    { x: 0, y: 1 },
    { x: 0, y: 0 },
  ],
  [
    { x: 1, y: 0 },
    { x: 0, y: 1 },
  ],
];

/** The middle of half-side h (side · 2 + k, k 0 the first clockwise) in the tile's own frame. */
function halfMid(h: number): Pt {
  const [a, b] = SIDE_ENDS[h >> 1] ?? SIDE_ENDS[0]!;
  const t = h & 1 ? 0.75 : 0.25;
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/** Distance between two cell points, in characters. */
const charGap = (a: Pt, b: Pt): number => Math.hypot((a.x - b.x) * CELL_W, (a.y - b.y) * CELL_H);

/** The inverse of `toBoard` (the artwork's `turnPoint`). */
function toLocal(p: Pt, q: number): Pt {
  let { x, y } = p;
  for (let i = 0; i < (q & 3); i++) [x, y] = [y, 1 - x];
  return { x, y };
}

const charAt = (p: Pt): number => {
  const c = Math.min(CELL_W - 1, Math.max(0, Math.floor(p.x * CELL_W)));
  const r = Math.min(CELL_H - 1, Math.max(0, Math.floor(p.y * CELL_H)));
  return r * CELL_W + c;
};
const centreOf = (i: number): Pt => ({
  x: ((i % CELL_W) + 0.5) / CELL_W,
  y: (Math.floor(i / CELL_W) + 0.5) / CELL_H,
});

/**
 * The column of the diagonal in each row for a cell whose triangles have their right angles at
 * corners nw/se (even q: the line from the north-east to the south-west corner) or ne/sw (odd q).
 */
export function diagonalColumn(q: number, row: number): number {
  const y = (row + 0.5) / CELL_H;
  const x = (q & 1) === 0 ? 1 - y : y;
  return Math.min(CELL_W - 1, Math.floor(x * CELL_W));
}

const isDiagonal = (q: number, i: number): boolean =>
  i % CELL_W === diagonalColumn(q, Math.floor(i / CELL_W));

/** Whether character i lies in the half of a cell held by a triangle at corner q. */
function inTriangle(q: number, i: number): boolean {
  if (isDiagonal(q, i)) return false;
  const p = toLocal(centreOf(i), q);
  return p.x + p.y < 1;
}

/** Distance in characters from p to the segment a–b (all in cell units). */
function charDistance(p: Pt, a: Pt, b: Pt): { d: number; dx: number; dy: number } {
  const ax = a.x * CELL_W;
  const ay = a.y * CELL_H;
  const dx = b.x * CELL_W - ax;
  const dy = b.y * CELL_H - ay;
  const px = p.x * CELL_W - ax;
  const py = p.y * CELL_H - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / len2));
  return { d: Math.hypot(px - t * dx, py - t * dy), dx, dy };
}

/** The road character for a direction measured in characters. */
function roadChar(dx: number, dy: number): string {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (ay < ax * 0.5) return '-';
  if (ax < ay * 0.5) return '|';
  return dx * dy > 0 ? '\\' : '/';
}

const glyphCache = new WeakMap<TileDef, Glyph[]>();

/** The picture of a tile at q quarter turns (for a triangle: with its right angle at corner q). */
export function tileGlyph(def: TileDef, q: number): Glyph {
  let byRotation = glyphCache.get(def);
  if (!byRotation) {
    byRotation = [];
    glyphCache.set(def, byRotation);
  }
  const cached = byRotation[q & 3];
  if (cached) return cached;
  const glyph = computeGlyph(def, q & 3);
  byRotation[q & 3] = glyph;
  return glyph;
}

function computeGlyph(def: TileDef, q: number): Glyph {
  const art = tileArt(def);
  const triangle = def.shape === 'triangle';
  const n = CELL_W * CELL_H;
  const px: (GlyphPx | null)[] = new Array<GlyphPx | null>(n).fill(null);
  const cities = art.cities.map((c) => ({
    feature: c.feature,
    poly: flatten(c.path).map((p) => toBoard(p, q)),
  }));
  const roads = art.roads.map((r) => ({
    feature: r.feature,
    lines: r.paths.map((path) => flatten(path).map((p) => toBoard(p, q))),
  }));
  const monastery = art.monastery ? charAt(toBoard(art.monastery, q)) : -1;
  const tower = art.tower ? charAt(toBoard(art.tower, q)) : -1;
  const monasteryIndex = def.features.findIndex((f) => f.kind === 'monastery');
  const towerIndex = def.features.findIndex((f) => f.kind === 'tower');
  // Road ends that meet at one point: a crossing (+) when several roads end there.
  const ends = new Map<string, number>();
  for (const r of roads) {
    for (const line of r.lines) {
      const end = line[line.length - 1];
      if (!end) continue;
      const key = String(charAt(end));
      ends.set(key, (ends.get(key) ?? 0) + 1);
    }
  }

  for (let i = 0; i < n; i++) {
    if (triangle && !inTriangle(q, i)) continue;
    const p = centreOf(i);
    if (i === monastery && monasteryIndex >= 0) {
      px[i] = { ch: 'M', style: 'monastery', feature: monasteryIndex };
      continue;
    }
    if (i === tower && towerIndex >= 0) {
      px[i] = { ch: 't', style: 'tower', feature: towerIndex };
      continue;
    }
    let best: { d: number; dx: number; dy: number; feature: number } | undefined;
    for (const r of roads) {
      for (const line of r.lines) {
        for (let k = 1; k < line.length; k++) {
          const a = line[k - 1];
          const b = line[k];
          if (!a || !b) continue;
          const hit = charDistance(p, a, b);
          if (hit.d < 0.5 && (!best || hit.d < best.d)) best = { ...hit, feature: r.feature };
        }
      }
    }
    if (best) {
      const crossing = (ends.get(String(i)) ?? 0) > 1 && Math.hypot(p.x - 0.5, p.y - 0.5) < 0.2;
      // In a triangle's few characters a slanted road would read as its diagonal.
      const ch = crossing
        ? '+'
        : triangle
          ? Math.abs(best.dx) >= Math.abs(best.dy)
            ? '-'
            : '|'
          : roadChar(best.dx, best.dy);
      px[i] = { ch, style: 'road', feature: best.feature };
      continue;
    }
    // Cities: the majority of 3 × 3 samples inside the character decides.
    const hits = new Map<number, number>();
    const c = i % CELL_W;
    const r = Math.floor(i / CELL_W);
    for (let sy = 0; sy < 3; sy++) {
      for (let sx = 0; sx < 3; sx++) {
        const s = { x: (c + (sx + 0.5) / 3) / CELL_W, y: (r + (sy + 0.5) / 3) / CELL_H };
        for (const city of cities) {
          if (insidePolygon(s, city.poly)) hits.set(city.feature, (hits.get(city.feature) ?? 0) + 1);
        }
      }
    }
    let city = -1;
    let most = 4;
    for (const [f, k] of hits) {
      if (k > most) {
        most = k;
        city = f;
      }
    }
    px[i] = city >= 0 ? { ch: 'C', style: 'city', feature: city } : { ch: '.', style: 'field', feature: -1 };
  }
  // A road leaves a side square on, at the side's middle.
  for (const [side, i, ch] of SIDE_MIDDLES) {
    const f = def.features.findIndex((x) => x.kind === 'road' && x.sides.includes((side - q + 4) & 3));
    if (f >= 0 && px[i]) px[i] = { ch, style: 'road', feature: f };
  }
  // Corners stay blank unless a city fills them: that keeps neighbouring tiles apart. (A triangle
  // keeps its sharp corners: its picture is small enough.)
  for (const corner of triangle ? [CORNERS[q] ?? 'nw'] : CORNERS) {
    const [c, r] = CORNER_CHAR[corner];
    const i = r * CELL_W + c;
    const cur = px[i];
    if (cur && cur.style !== 'city') px[i] = { ch: ' ', style: 'plain', feature: cur.feature };
  }

  // Fields: each field character belongs to the field of the nearest half-side (or meeple spot).
  const fieldSeeds: { p: Pt; feature: number }[] = [];
  def.features.forEach((f, k) => {
    if (f.kind !== 'field') return;
    for (const h of f.halves) fieldSeeds.push({ p: toBoard(halfMid(h), q), feature: k });
    const a = art.anchors[k];
    if (a) fieldSeeds.push({ p: toBoard(a, q), feature: k });
  });
  px.forEach((g, i) => {
    if (!g || g.style !== 'field') return;
    let best = Infinity;
    for (const seed of fieldSeeds) {
      const d = charGap(centreOf(i), seed.p);
      if (d < best) {
        best = d;
        g.feature = seed.feature;
      }
    }
  });
  // In a triangle's few characters a city or field thinner than a character (a band along a short
  // side, a city on the diagonal) would vanish: it takes the character nearest to its meeple spot in
  // the artwork from a city or field that keeps others. (A square's squeezed field stands in a blank
  // corner instead: see `spots`.)
  const isArea = (g: GlyphPx) => g.style === 'city' || g.style === 'field';
  const size = (feature: number) => px.filter((g) => g !== null && g.feature === feature && isArea(g)).length;
  def.features.forEach((f, k) => {
    if (!triangle || (f.kind !== 'city' && f.kind !== 'field') || size(k) > 0) return;
    const spot = charAt(toBoard(art.anchors[k] ?? { x: 0.5, y: 0.5 }, q));
    const i = nearestOf(px, spot, (g) => isArea(g) && size(g.feature) > 1);
    const cur = px[i];
    if (!cur || !isArea(cur) || size(cur.feature) <= 1) return;
    px[i] =
      f.kind === 'city' ? { ch: 'C', style: 'city', feature: k } : { ch: '.', style: 'field', feature: k };
  });
  const anchors = art.anchors.map((a) => charAt(toBoard(a, q)));
  // Pennants and symbols, each on a free character of their feature near where the artwork has them.
  const used = new Set<number>(anchors);
  for (const c of art.cities) {
    for (const pen of c.pennants) {
      const i = nearestOf(
        px,
        charAt(toBoard(pen, q)),
        (g, j) => g.style === 'city' && g.feature === c.feature && !used.has(j),
      );
      const cur = px[i];
      if (cur?.style === 'city' && cur.feature === c.feature && !used.has(i)) {
        px[i] = { ch: '^', style: 'pennant', feature: c.feature };
        used.add(i);
      }
    }
  }
  def.symbols.forEach((symbol, k) => {
    const ch = SYMBOL_CHARS[symbol];
    const at = art.symbols[k];
    if (ch === undefined || !at) return;
    const i = nearestOf(px, charAt(toBoard(at, q)), (g, j) => g.style === 'field' && !used.has(j));
    if (px[i]?.style === 'field' && !used.has(i)) {
      px[i] = { ch, style: 'symbol', feature: -1 };
      used.add(i);
    }
  });
  const spots = def.features.map((f, k) => {
    const from = anchors[k] ?? 0;
    const own = px
      .map((g, i) => (g && g.feature === k && g.style !== 'plain' ? i : -1))
      .filter((i) => i >= 0)
      .sort((a, b) => {
        // A meeple keeps pennants and symbols in sight when it can.
        const covers = (i: number) => (px[i]?.style === 'pennant' || px[i]?.style === 'symbol' ? 1 : 0);
        return (
          covers(a) - covers(b) || charGap(centreOf(a), centreOf(from)) - charGap(centreOf(b), centreOf(from))
        );
      });
    if (f.kind === 'monastery' && monastery >= 0) {
      // A monk stands beside the monastery, leaving its M in sight ("M0").
      const beside = [monastery + 1, monastery - 1].filter(
        (i) => Math.floor(i / CELL_W) === Math.floor(monastery / CELL_W) && px[i]?.style === 'field',
      );
      return [...beside, monastery];
    }
    if (f.kind === 'tower') {
      // A meeple on a tower stands just left of it ("1T3").
      const left = tower % CELL_W > 0 && px[tower - 1] ? [tower - 1] : [];
      const right = (tower + 2) % CELL_W > 1 && px[tower + 2] ? [tower + 2] : [];
      return [...left, ...right, tower];
    }
    if (f.kind !== 'field') return own;
    const corners = CORNERS.flatMap((c, ci) => {
      const [cc, cr] = CORNER_CHAR[c];
      const i = cr * CELL_W + cc;
      if (!px[i] || px[i]?.style !== 'plain') return [];
      const halves = CORNER_HALVES[ci] ?? [];
      return halves.some((h) => f.halves.includes(localHalf(h, q))) ? [i] : [];
    });
    return [...own, ...corners];
  });
  return { px, spots, tower: towerIndex >= 0 ? tower : -1 };
}

/** The character nearest to `from` (in characters) inside the picture that passes `ok`; `from` if none. */
function nearestOf<T extends Px>(
  px: readonly (T | null)[],
  from: number,
  ok: (g: T, i: number) => boolean,
): number {
  let best = from;
  let bestD = Infinity;
  const fc = from % CELL_W;
  const fr = Math.floor(from / CELL_W);
  px.forEach((g, i) => {
    if (!g || !ok(g, i)) return;
    // Rows are about twice as tall as columns are wide.
    const d = Math.hypot((i % CELL_W) - fc, 2 * (Math.floor(i / CELL_W) - fr));
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  return best;
}

/** An empty cell (or the empty half of a cell) where the tile in hand fits. */
export interface CellMark {
  x: number;
  y: number;
  /** The free half of a cell holding one triangle. */
  corner?: CornerName;
}

export interface TextBoardOptions {
  /** ANSI colours (default false: plain ASCII). */
  color?: boolean;
  /** Cells to mark as places where the tile in hand fits. */
  marks?: readonly CellMark[];
  /** Cells to highlight (the tile just placed), shown in colour only. */
  highlight?: readonly { x: number; y: number }[];
}

type Canvas = Px[][];

const blank = (): Px => ({ ch: ' ', style: 'plain' });

interface CellContent {
  /** Tiles in the cell: their glyph and whether they are triangles. */
  tiles: { glyph: Glyph; corner?: CornerName; x: number; y: number; q: number }[];
}

/** Renders the board of `view` with coordinates along the edges. */
export function renderBoardText(view: BoardView, tiles: TileLookup, opts: TextBoardOptions = {}): string {
  const marks = opts.marks ?? [];
  const { minX, minY, cols, rows } = boardBounds([...view.tiles, ...marks]);
  const canvas: Canvas = Array.from({ length: rows * CELL_H }, () =>
    Array.from({ length: cols * CELL_W }, blank),
  );
  const cells = new Map<string, CellContent>();
  const key = (x: number, y: number) => `${x},${y}`;
  for (const t of view.tiles) {
    const kind = tiles.kindOf(t.tile);
    if (kind === undefined) continue;
    const def = tiles.def(kind);
    const q = t.corner !== undefined ? CORNERS.indexOf(t.corner) : t.rotation / 90;
    const cell = cells.get(key(t.x, t.y)) ?? { tiles: [] };
    cell.tiles.push({
      glyph: tileGlyph(def, q),
      x: t.x,
      y: t.y,
      q,
      ...(t.corner ? { corner: t.corner } : {}),
    });
    cells.set(key(t.x, t.y), cell);
  }
  const put = (x: number, y: number, i: number, px: Px) => {
    const row = canvas[(y - minY) * CELL_H + Math.floor(i / CELL_W)];
    if (row) row[(x - minX) * CELL_W + (i % CELL_W)] = px;
  };
  const get = (x: number, y: number, i: number): Px | undefined =>
    canvas[(y - minY) * CELL_H + Math.floor(i / CELL_W)]?.[(x - minX) * CELL_W + (i % CELL_W)];

  for (const cell of cells.values()) {
    const triangles = cell.tiles.filter((t) => t.corner !== undefined);
    for (const t of cell.tiles) {
      t.glyph.px.forEach((g, i) => {
        if (g) put(t.x, t.y, i, { ch: g.ch, style: g.style });
      });
    }
    const first = triangles[0];
    if (first) {
      // H-1: the diagonal that splits the cell, drawn whether one or both halves are filled.
      for (let r = 0; r < CELL_H; r++) {
        put(first.x, first.y, r * CELL_W + diagonalColumn(first.q, r), {
          ch: (first.q & 1) === 0 ? '/' : '\\',
          style: 'diagonal',
        });
      }
    }
  }

  // Towers: height beside the foundation (T2 … T9, T+ above nine).
  for (const p of view.towers ?? []) {
    const t = cells.get(key(p.x, p.y))?.tiles.find((tt) => tt.corner === p.corner);
    if (!t || t.glyph.tower < 0) continue;
    if (p.height === 0) continue;
    put(p.x, p.y, t.glyph.tower, { ch: 'T', style: 'tower' });
    const right = t.glyph.tower + 1;
    if (right % CELL_W !== 0 && t.glyph.px[right]) {
      put(p.x, p.y, right, { ch: p.height > 9 ? '+' : String(p.height), style: 'tower' });
    }
  }

  // Meeples: the owner's seat number on their feature, side by side when several share it.
  const taken = new Set<string>();
  const takenKey = (x: number, y: number, i: number) => `${x},${y},${i}`;
  for (const m of view.meeples) {
    const t = cells.get(key(m.x, m.y))?.tiles.find((tt) => tt.corner === m.corner);
    if (!t) continue;
    const g = t.glyph;
    const spots = g.spots[m.feature] ?? [];
    const free = (i: number) => !taken.has(takenKey(m.x, m.y, i));
    const i =
      spots.find(free) ??
      nearestOf(g.px, spots[0] ?? (CELL_W * CELL_H - 1) >> 1, (gp, j) => free(j) && gp.style !== 'plain');
    taken.add(takenKey(m.x, m.y, i));
    put(m.x, m.y, i, { ch: String(m.player), style: 'meeple', player: m.player });
  }

  // The neutral figures in a corner of their tile (or triangle).
  const figure = (p: PlaceView | null | undefined, ch: string, style: Style) => {
    if (!p) return;
    const order: CornerName[] = p.corner
      ? [p.corner]
      : style === 'dragon'
        ? ['nw', 'sw', 'ne', 'se']
        : ['ne', 'se', 'nw', 'sw'];
    for (const corner of order) {
      const [c, r] = CORNER_CHAR[corner];
      const i = r * CELL_W + c;
      const cur = get(p.x, p.y, i);
      if (cur && (cur.style === 'dragon' || cur.style === 'fairy' || cur.style === 'meeple')) continue;
      put(p.x, p.y, i, { ch, style });
      return;
    }
  };
  figure(view.dragon, 'D', 'dragon');
  figure(view.fairy, 'F', 'fairy');

  for (const m of marks) {
    const cell = cells.get(key(m.x, m.y));
    if (cell && m.corner) {
      // The free half of a cell with one triangle: a star in its middle.
      const q = CORNERS.indexOf(m.corner);
      const centre = toBoard({ x: 1 / 3, y: 1 / 3 }, q);
      put(m.x, m.y, charAt(centre), { ch: '*', style: 'mark' });
      continue;
    }
    if (cell) continue;
    const label = `${m.x},${m.y}`.slice(0, CELL_W);
    const start = Math.floor((CELL_W - label.length) / 2);
    for (let c = 0; c < CELL_W; c++) {
      for (let r = 0; r < CELL_H; r++) {
        const inLabel = r === 1 && c >= start && c < start + label.length;
        put(m.x, m.y, r * CELL_W + c, { ch: inLabel ? (label[c - start] ?? ' ') : ' ', style: 'mark' });
      }
    }
  }

  const highlighted = new Set((opts.highlight ?? []).map((h) => key(h.x, h.y)));
  // Axes: x above and below each column of cells, y on the middle row of each row of cells.
  const yLabels = Array.from({ length: rows }, (_, r) => String(minY + r));
  const margin = Math.max(...yLabels.map((s) => s.length), 1) + 1;
  const axisRow = (): Px[] => {
    const out: Px[] = Array.from({ length: margin + cols * CELL_W }, blank);
    for (let c = 0; c < cols; c++) {
      const label = String(minX + c);
      const start = margin + c * CELL_W + Math.floor((CELL_W - label.length) / 2);
      for (let k = 0; k < label.length; k++) out[start + k] = { ch: label[k] ?? ' ', style: 'axis' };
    }
    return out;
  };
  const lines: Px[][] = [axisRow()];
  canvas.forEach((row, r) => {
    const cellRow = Math.floor(r / CELL_H);
    const label = r % CELL_H === 1 ? (yLabels[cellRow] ?? '') : '';
    const left: Px[] = Array.from({ length: margin }, (_, k) => {
      const ch = label.padStart(margin - 1)[k];
      return ch === undefined || ch === ' ' ? blank() : { ch, style: 'axis' as const };
    });
    const painted = row.map((px, c) => {
      const x = minX + Math.floor(c / CELL_W);
      const y = minY + cellRow;
      return highlighted.has(key(x, y)) ? { ...px, highlight: true } : px;
    });
    lines.push([...left, ...painted]);
  });
  lines.push(axisRow());
  return lines.map((l) => paint(l, opts.color === true)).join('\n') + '\n';
}

/**
 * Tiles side by side with a caption under each (the tile in hand, its rotations, a hand), in as
 * many rows as `width` (default 100 characters) asks.
 */
export function renderTileRow(
  items: readonly { def: TileDef; q: number; caption: string }[],
  opts: { color?: boolean; indent?: number; width?: number } = {},
): string {
  const gap = 3;
  const width = Math.max(CELL_W, ...items.map((it) => it.caption.length));
  const indent = ' '.repeat(opts.indent ?? 2);
  const perRow = Math.max(1, Math.floor(((opts.width ?? 100) - indent.length + gap) / (width + gap)));
  const lines: string[] = [];
  for (let k = 0; k < items.length; k += perRow) {
    const chunk = items.slice(k, k + perRow);
    for (let r = 0; r < CELL_H; r++) {
      const parts = chunk.map((it) => {
        const g = tileGlyph(it.def, it.q);
        const row: Px[] = [];
        for (let c = 0; c < CELL_W; c++) {
          const i = r * CELL_W + c;
          const px = g.px[i];
          if (px) row.push({ ch: px.ch, style: px.style });
          else if (it.def.shape === 'triangle' && isDiagonal(it.q, i))
            row.push({ ch: (it.q & 1) === 0 ? '/' : '\\', style: 'diagonal' });
          else row.push(blank());
        }
        return paint(row, opts.color === true) + ' '.repeat(width - CELL_W);
      });
      lines.push((indent + parts.join(' '.repeat(gap))).trimEnd());
    }
    lines.push((indent + chunk.map((it) => it.caption.padEnd(width)).join(' '.repeat(gap))).trimEnd());
  }
  return lines.join('\n') + '\n';
}

/** ANSI colour codes per style; meeples take their owner's colour as background. */
const STYLE_CODES: Record<Style, string> = {
  plain: '',
  field: '32',
  city: '33',
  pennant: '1;34',
  road: '1',
  monastery: '1;31',
  tower: '1;37;100',
  symbol: '35',
  diagonal: '1;36',
  mark: '1;30;43',
  axis: '2',
  dragon: '1;97;41',
  fairy: '1;30;46',
  meeple: '1',
};
/**
 * Player colours by seat, the terminal's nearest to @carc/art's palette: red (vermillion), blue,
 * yellow, black, magenta (purple), cyan (sky blue).
 */
const MEEPLE_CODES = ['1;97;41', '1;97;44', '1;30;43', '1;97;40', '1;30;45', '1;30;46'];

/** Escapes that switch a character to `px`'s colour. */
export function colorCode(px: Px): string {
  let code = px.style === 'meeple' ? (MEEPLE_CODES[px.player ?? 0] ?? '1') : STYLE_CODES[px.style];
  if (px.highlight && px.style !== 'meeple' && px.style !== 'dragon' && px.style !== 'fairy') {
    code = code === '' ? '48;5;238' : `${code};48;5;238`;
  }
  return code;
}

/** A row of characters as text, with colour escapes when `color` (one escape per run of a colour). */
function paint(row: readonly Px[], color: boolean): string {
  if (!color) return row.map((p) => p.ch).join('');
  let out = '';
  let current = '';
  for (const px of row) {
    const code = colorCode(px);
    if (code !== current) {
      out += current === '' ? '' : '\x1b[0m';
      if (code !== '') out += `\x1b[${code}m`;
      current = code;
    }
    out += px.ch;
  }
  if (current !== '') out += '\x1b[0m';
  return out;
}

/** Colours a whole string in one style (for headings and marks in running text). */
export function styled(text: string, style: Style, color: boolean, player?: number): string {
  if (!color) return text;
  const code = colorCode({ ch: '', style, ...(player === undefined ? {} : { player }) });
  return code === '' ? text : `\x1b[${code}m${text}\x1b[0m`;
}

/** The legend of the characters that can appear on a board of these expansions. */
export function boardLegend(expansions: readonly string[]): string {
  const parts = [
    'C city',
    '^ pennant',
    '-|/\\ road',
    '+ crossing',
    '. field',
    'M monastery',
    '0-5 meeples by seat',
    'x,y free cell where the tile fits',
  ];
  if (expansions.includes('princess-and-dragon')) {
    parts.push('D dragon', 'F fairy', 'v volcano', 'd dragon symbol', 'p portal');
  }
  if (expansions.includes('tower'))
    parts.push('t tower foundation', 'T3 tower of height 3 (1T3: topped by 1)');
  if (expansions.includes('halflings')) parts.push('/ \\ the diagonal of a cell of triangles', '* free half');
  return wrap(parts.join(', '), 100);
}

function wrap(text: string, width: number): string {
  const words = text.split(' ');
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line !== '' && line.length + 1 + w.length > width) {
      lines.push(line);
      line = w;
    } else line = line === '' ? w : `${line} ${w}`;
  }
  if (line !== '') lines.push(line);
  return lines.join('\n') + '\n';
}
