/**
 * A slow, independent reference for the feature graph and the base turn, which tests compare the
 * engine against.
 *
 * Everything here is recomputed from scratch, by flood fill, from the list of placed tiles (their
 * TileDef, cell and rotation) and the meeples. It reads only definitions: it does not use the
 * engine's union-find, its compiled catalog tables (edgeType, edgeFeature, halfFeature, pattern),
 * Board.fits, or the engine's geometry helpers, so a mistake there cannot hide itself here.
 *
 * Geometry, derived directly from the rules (docs/rules.md: B-4, H-1, H-2) and the TileDef format:
 * - board sides 0 n, 1 e, 2 s, 3 w; 4 is the diagonal of a triangle (its long side);
 * - a quarter turn clockwise moves local side s to (s + 1) % 4; the diagonal stays the diagonal;
 * - a triangle's rotation q is the corner of its right angle (0 nw, 1 ne, 2 se, 3 sw); in its own
 *   frame it has sides N, W and D, so it covers board sides q and (q + 3) % 4;
 * - half h of side s keeps its index under rotation (both are numbered clockwise); across a shared
 *   side (a cell edge, or the diagonal between complementary triangles) half h meets half 1 − h.
 *
 * `RefGame` builds a tiny independent base-game engine on top (placements by brute force over a
 * bounding box, meeple spots, B-5 discards, B-7 and B-9 scoring), used by the invariant playouts
 * and as the independent counter in the perft tests.
 */
import { fieldCities } from '../src/rules/scoring.js';
import type { Game } from '../src/rules/game.js';
import type { TileDef } from '../src/tiles/tileDef.js';
import type { FeatureKind } from '../src/types.js';
import { FEATURE_KINDS } from '../src/types.js';

export const DIAG = 4;
const DX = [0, 1, 0, -1];
const DY = [-1, 0, 1, 0];
const MEEPLES = 7;

/** A tile on the board: its definition, cell and rotation in quarter turns (the corner for a triangle). */
export interface PlacedTile {
  def: TileDef;
  x: number;
  y: number;
  q: number;
}

/** A meeple on feature `local` of the tile placed `slot`-th. */
export interface PlacedMeeple {
  player: number;
  slot: number;
  local: number;
}

type EdgeKind = 'field' | 'road' | 'city';

/** One tile's printed landscape in board coordinates. */
export interface Oriented {
  tri: boolean;
  /** Board sides 0..3 the tile covers (all four for a square, two for a triangle). */
  covers: number[];
  /** Its sides on the board: `covers`, plus the diagonal for a triangle. */
  sides: number[];
  /** Per side slot 0..4: what lies on that side, or null when the tile has no such side. */
  edge: (EdgeKind | null)[];
  /** Per side slot 0..4: the road or city feature on that side, or -1. */
  sideFeature: number[];
  /** Per half slot (side · 2 + h, 0..9): the field feature there, or -1. */
  halfFeature: number[];
}

const orientCache = new WeakMap<TileDef, Oriented[]>();

/** The tile's landscape after q quarter turns, from its definition alone. */
export function orient(def: TileDef, q: number): Oriented {
  let rows = orientCache.get(def);
  if (!rows) {
    rows = [0, 1, 2, 3].map((r) => orientUncached(def, r));
    orientCache.set(def, rows);
  }
  return rows[q];
}

function orientUncached(def: TileDef, q: number): Oriented {
  const tri = def.shape === 'triangle';
  const local = tri ? [0, 3, DIAG] : [0, 1, 2, 3];
  const toBoard = (s: number) => (s === DIAG ? DIAG : (s + q) % 4);
  const edge: (EdgeKind | null)[] = [null, null, null, null, null];
  const sideFeature = [-1, -1, -1, -1, -1];
  const halfFeature = new Array<number>(10).fill(-1);
  for (const s of local) edge[toBoard(s)] = 'field';
  def.features.forEach((f, i) => {
    for (const s of f.sides) {
      edge[toBoard(s)] = f.kind === 'city' ? 'city' : 'road';
      sideFeature[toBoard(s)] = i;
    }
    for (const h of f.halves) halfFeature[toBoard(Math.floor(h / 2)) * 2 + (h % 2)] = i;
  });
  const covers = local.filter((s) => s !== DIAG).map(toBoard);
  return { tri, covers, sides: local.map(toBoard), edge, sideFeature, halfFeature };
}

/**
 * Which tile covers which side of which cell, built from a tile list: dense arrays over the tiles'
 * bounding box grown by two cells (so every neighbour of a candidate cell is inside).
 */
export class Layout {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
  private readonly w: number;
  private readonly h: number;
  /** Slots per cell (up to two), at cell · 2 + i; -1 for none. */
  private readonly slots: Int32Array;
  /** Slot covering side s of a cell at cell · 4 + s, or -1. */
  private readonly side: Int32Array;
  readonly problems: string[] = [];

  constructor(readonly tiles: readonly PlacedTile[]) {
    let minX = 0;
    let maxX = 0;
    let minY = 0;
    let maxY = 0;
    for (const t of tiles) {
      minX = Math.min(minX, t.x);
      maxX = Math.max(maxX, t.x);
      minY = Math.min(minY, t.y);
      maxY = Math.max(maxY, t.y);
    }
    this.minX = minX - 2;
    this.minY = minY - 2;
    this.maxX = maxX + 2;
    this.maxY = maxY + 2;
    this.w = this.maxX - this.minX + 1;
    this.h = this.maxY - this.minY + 1;
    this.slots = new Int32Array(this.w * this.h * 2).fill(-1);
    this.side = new Int32Array(this.w * this.h * 4).fill(-1);
    tiles.forEach((t, slot) => this.add(t, slot));
  }

  /** Cells in the box. */
  get cellCount(): number {
    return this.w * this.h;
  }

  /** Cell index of (x, y), or -1 outside the box. */
  cell(x: number, y: number): number {
    const cx = x - this.minX;
    const cy = y - this.minY;
    return cx < 0 || cy < 0 || cx >= this.w || cy >= this.h ? -1 : cy * this.w + cx;
  }

  private add(t: PlacedTile, slot: number): void {
    const c = this.cell(t.x, t.y);
    const o = orient(t.def, t.q);
    const a = this.slots[c * 2];
    const first = a === -1 ? undefined : this.tiles[a];
    const complementary =
      first !== undefined && o.tri && first.def.shape === 'triangle' && first.q === (t.q + 2) % 4;
    if (this.slots[c * 2 + 1] !== -1 || (first !== undefined && !complementary)) {
      this.problems.push(`slot ${slot}: cell (${t.x},${t.y}) has no room for it (H-1)`);
    }
    for (const s of o.covers) {
      if (this.side[c * 4 + s] !== -1)
        this.problems.push(`slot ${slot}: side ${s} of (${t.x},${t.y}) covered twice`);
      this.side[c * 4 + s] = slot;
    }
    this.slots[c * 2 + (a === -1 ? 0 : 1)] = slot;
  }

  /** The tiles on cell (x, y). */
  slotsAt(x: number, y: number): number[] {
    const c = this.cell(x, y);
    if (c === -1) return [];
    const out: number[] = [];
    if (this.slots[c * 2] !== -1) out.push(this.slots[c * 2]);
    if (this.slots[c * 2 + 1] !== -1) out.push(this.slots[c * 2 + 1]);
    return out;
  }

  /** The slot covering side s (0..3) of cell (x, y), or -1. */
  at(x: number, y: number, s: number): number {
    const c = this.cell(x, y);
    return c === -1 ? -1 : this.side[c * 4 + s];
  }

  /** The tile across board side s (0..3, or the diagonal) of the tile in `slot`, or -1. */
  across(slot: number, s: number): number {
    const t = this.tiles[slot];
    if (s === DIAG) {
      const c = this.cell(t.x, t.y);
      for (let i = 0; i < 2; i++) {
        const other = this.slots[c * 2 + i];
        if (other !== -1 && other !== slot && this.tiles[other].q === (t.q + 2) % 4) return other;
      }
      return -1;
    }
    return this.at(t.x + DX[s], t.y + DY[s], (s + 2) % 4);
  }

  occupied(x: number, y: number): boolean {
    const c = this.cell(x, y);
    return c !== -1 && this.slots[c * 2] !== -1;
  }
}

/** One feature as the reference sees it. */
export interface RefFeature {
  id: number;
  kind: FeatureKind;
  /** Member nodes (see RefResult.slotOf / localOf); the first is the lowest. */
  members: number[];
  /** Road and city sides not matched by a neighbouring tile (B-7, H-7); 0 for other kinds. */
  openSides: number;
  /** Roads and cities: no open side. Monasteries: all 8 surrounding cells hold a tile (H-9). Fields: false. */
  complete: boolean;
  tiles: number;
  cells: number;
  pennants: number;
  /** Meeples per player. */
  meeples: number[];
  /** Fields: ids of the completed cities they touch (B-9). */
  cities: Set<number>;
  /** Monasteries: occupied cells among the 8 around it. */
  ring: number;
}

export interface RefResult {
  layout: Layout;
  features: RefFeature[];
  /** Nodes are the features printed on placed tiles: node nodeBase[slot] + local. */
  nodeBase: number[];
  /** Feature id per node. */
  featureOf: Int32Array;
  /** Slot per node. */
  slotOf: Int32Array;
  problems: string[];
}

/** Feature id of feature `local` of the tile in `slot`. */
export const featureAt = (ref: RefResult, slot: number, local: number): RefFeature =>
  ref.features[ref.featureOf[ref.nodeBase[slot] + local]];

/** Recomputes every feature from scratch by flood fill (B-4, B-7, B-9, H-1, H-2, H-7, H-8, H-10). */
export function referenceFeatures(
  tiles: readonly PlacedTile[],
  meeples: readonly PlacedMeeple[],
  players: number,
): RefResult {
  const layout = new Layout(tiles);
  const problems = [...layout.problems];
  const nodeBase: number[] = [];
  let nodes = 0;
  for (const t of tiles) {
    nodeBase.push(nodes);
    nodes += t.def.features.length;
  }
  const slotOf = new Int32Array(nodes);
  tiles.forEach((t, slot) => slotOf.fill(slot, nodeBase[slot], nodeBase[slot] + t.def.features.length));

  // Links between nodes across every shared side (cell edges, and the diagonal of two triangles).
  const ends: number[] = [];
  tiles.forEach((t, slot) => {
    const o = orient(t.def, t.q);
    for (const s of o.sides) {
      const other = layout.across(slot, s);
      if (other === -1 || other < slot) continue; // each shared side once
      const u = tiles[other];
      const ou = orient(u.def, u.q);
      const os = s === DIAG ? DIAG : (s + 2) % 4;
      if (o.edge[s] !== ou.edge[os]) {
        problems.push(`slots ${slot} and ${other}: ${o.edge[s]} meets ${ou.edge[os]} across side ${s}`);
        continue;
      }
      if (o.sideFeature[s] !== -1)
        ends.push(nodeBase[slot] + o.sideFeature[s], nodeBase[other] + ou.sideFeature[os]);
      for (let h = 0; h < 2; h++) {
        const a = o.halfFeature[s * 2 + h];
        const b = ou.halfFeature[os * 2 + 1 - h];
        if ((a === -1) !== (b === -1)) problems.push(`slots ${slot} and ${other}: half ${h} of side ${s}`);
        else if (a !== -1) ends.push(nodeBase[slot] + a, nodeBase[other] + b);
      }
    }
  });
  // Adjacency lists, packed.
  const start = new Int32Array(nodes + 1);
  for (const n of ends) start[n + 1]++;
  for (let i = 0; i < nodes; i++) start[i + 1] += start[i];
  const fillAt = start.slice(0, nodes);
  const adj = new Int32Array(ends.length);
  for (let i = 0; i < ends.length; i += 2) {
    adj[fillAt[ends[i]]++] = ends[i + 1];
    adj[fillAt[ends[i + 1]]++] = ends[i];
  }

  // For counting distinct tiles and cells.
  const cellOf = tiles.map((t) => layout.cell(t.x, t.y));
  const slotSeen = new Int32Array(tiles.length).fill(-1);
  const cellSeen = new Int32Array(layout.cellCount).fill(-1);

  const featureOf = new Int32Array(nodes).fill(-1);
  const features: RefFeature[] = [];
  const stack: number[] = [];
  for (let first = 0; first < nodes; first++) {
    if (featureOf[first] !== -1) continue;
    // Every lower node is taken already, so `first` is the feature's lowest member.
    const id = features.length;
    const members: number[] = [];
    featureOf[first] = id;
    stack.push(first);
    while (stack.length > 0) {
      const n = stack.pop()!;
      members.push(n);
      for (let i = start[n]; i < start[n + 1]; i++) {
        const m = adj[i];
        if (featureOf[m] === -1) {
          featureOf[m] = id;
          stack.push(m);
        }
      }
    }
    const s0 = slotOf[first];
    const kind = tiles[s0].def.features[first - nodeBase[s0]].kind;
    let openSides = 0;
    let pennants = 0;
    let tileCount = 0;
    let cellCount = 0;
    for (const n of members) {
      const slot = slotOf[n];
      const t = tiles[slot];
      const f = t.def.features[n - nodeBase[slot]];
      if (f.kind !== kind) problems.push(`feature ${id} mixes ${kind} and ${f.kind}`);
      pennants += f.pennants;
      if (slotSeen[slot] !== id) {
        slotSeen[slot] = id;
        tileCount++;
      }
      if (cellSeen[cellOf[slot]] !== id) {
        cellSeen[cellOf[slot]] = id;
        cellCount++;
      }
      for (const ls of f.sides) {
        const bs = ls === DIAG ? DIAG : (ls + t.q) % 4;
        if (layout.across(slot, bs) === -1) openSides++;
      }
    }
    let ring = 0;
    if (kind === 'monastery') {
      const t = tiles[s0];
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++)
          if ((dx !== 0 || dy !== 0) && layout.occupied(t.x + dx, t.y + dy)) ring++;
      }
    }
    const complete =
      kind === 'road' || kind === 'city' ? openSides === 0 : kind === 'monastery' && ring === 8;
    features.push({
      id,
      kind,
      members,
      openSides,
      complete,
      tiles: tileCount,
      cells: cellCount,
      pennants,
      meeples: new Array<number>(players).fill(0),
      cities: new Set(),
      ring,
    });
  }
  const ref: RefResult = { layout, features, nodeBase, featureOf, slotOf, problems };
  for (const m of meeples) featureAt(ref, m.slot, m.local).meeples[m.player]++;
  for (const f of features) {
    if (f.kind !== 'field') continue;
    for (const n of f.members) {
      const slot = slotOf[n];
      for (const ci of tiles[slot].def.features[n - nodeBase[slot]].cities) {
        const city = featureAt(ref, slot, ci);
        if (city.complete) f.cities.add(city.id);
      }
    }
  }
  return ref;
}

/** Whether the tile may go there (B-4, H-1, H-2, H-4), judged from definitions only. */
export function referenceFits(layout: Layout, def: TileDef, x: number, y: number, q: number): boolean {
  const o = orient(def, q);
  const here = layout.slotsAt(x, y);
  let touches = false;
  if (!o.tri) {
    if (here.length > 0) return false;
  } else {
    if (here.length > 1) return false;
    if (here.length === 1) {
      const other = layout.tiles[here[0]];
      // H-1: only the complementary half, long side against long side.
      if (other.def.shape !== 'triangle' || other.q !== (q + 2) % 4) return false;
      if (orient(other.def, other.q).edge[DIAG] !== o.edge[DIAG]) return false;
      touches = true;
    }
  }
  for (const s of o.covers) {
    const n = layout.at(x + DX[s], y + DY[s], (s + 2) % 4);
    if (n === -1) continue;
    const u = layout.tiles[n];
    if (orient(u.def, u.q).edge[(s + 2) % 4] !== o.edge[s]) return false;
    touches = true;
  }
  return touches;
}

export interface Spot {
  x: number;
  y: number;
  q: number;
}

/** Every legal (cell, rotation) of a tile, by brute force over the bounding box grown by one cell. */
export function referencePlacements(layout: Layout, def: TileDef): Spot[] {
  const out: Spot[] = [];
  for (let y = layout.minY + 1; y < layout.maxY; y++) {
    for (let x = layout.minX + 1; x < layout.maxX; x++) {
      for (let q = 0; q < 4; q++) if (referenceFits(layout, def, x, y, q)) out.push({ x, y, q });
    }
  }
  return out;
}

// -------------------------------------------------------------------------------------------------
// Reading a game's state (data only: slot arrays, segment numbering, catalog definitions)

export function gameTiles(game: Game): PlacedTile[] {
  const { board, catalog, grid } = game.state;
  const out: PlacedTile[] = [];
  for (let slot = 0; slot < board.slotCount; slot++) {
    const c = board.slotCell[slot];
    out.push({ def: catalog.def(board.slotKind[slot]), x: grid.x(c), y: grid.y(c), q: board.slotRot[slot] });
  }
  return out;
}

/** Slot and local feature of every segment, from the slots' first segments and the definitions' lengths. */
export function segmentOwners(game: Game): { slot: Int32Array; local: Int32Array } {
  const { board, catalog } = game.state;
  const count = game.state.graph.count;
  const slotOf = new Int32Array(count).fill(-1);
  const localOf = new Int32Array(count).fill(-1);
  for (let slot = 0; slot < board.slotCount; slot++) {
    const n = catalog.def(board.slotKind[slot]).features.length;
    for (let f = 0; f < n; f++) {
      const seg = board.slotSeg[slot] + f;
      if (seg >= count) continue;
      slotOf[seg] = slot;
      localOf[seg] = f;
    }
  }
  return { slot: slotOf, local: localOf };
}

export function gameMeeples(game: Game): PlacedMeeple[] {
  const owners = segmentOwners(game);
  const out: PlacedMeeple[] = [];
  game.state.meepleSeg.forEach((seg, i) => {
    if (seg < 0) return;
    out.push({ player: Math.floor(i / MEEPLES), slot: owners.slot[seg], local: owners.local[seg] });
  });
  return out;
}

/**
 * Compares the engine's feature graph with the reference: partition of segments into features,
 * and per root the open ends, distinct tiles and cells, pennants, meeples and fields' cities.
 * Returns one line per difference (empty when they agree).
 */
export function compareWithEngine(game: Game): string[] {
  const diffs: string[] = [];
  const graph = game.state.graph;
  const tiles = gameTiles(game);
  const ref = referenceFeatures(tiles, gameMeeples(game), game.players);
  diffs.push(...ref.problems.map((p) => `reference: ${p}`));
  const owners = segmentOwners(game);
  const total = ref.featureOf.length;
  if (graph.count !== total)
    diffs.push(`graph has ${graph.count} segments, the tiles have ${total} features`);
  if (owners.slot.includes(-1)) diffs.push('segments are not numbered consecutively per tile');
  if (diffs.length > 0) return diffs;
  const rootToRef = new Int32Array(graph.count).fill(-1);
  const refToRoot = new Int32Array(ref.features.length).fill(-1);
  const roots: number[] = [];
  for (let seg = 0; seg < graph.count; seg++) {
    const slot = owners.slot[seg];
    const local = owners.local[seg];
    if (graph.slot[seg] !== slot || graph.local[seg] !== local) {
      diffs.push(
        `segment ${seg}: engine says slot ${graph.slot[seg]}/${graph.local[seg]}, is ${slot}/${local}`,
      );
    }
    const kind = tiles[slot].def.features[local].kind;
    if (FEATURE_KINDS[graph.kind[seg]] !== kind)
      diffs.push(`segment ${seg}: kind ${graph.kind[seg]} vs ${kind}`);
    const r = graph.find(seg);
    const f = ref.featureOf[ref.nodeBase[slot] + local];
    if (rootToRef[r] === -1) {
      rootToRef[r] = f;
      roots.push(r);
    } else if (rootToRef[r] !== f) {
      diffs.push(`segment ${seg} (slot ${slot}/${local}): joined in the engine, apart in the reference`);
    }
    if (refToRoot[f] === -1) refToRoot[f] = r;
    else if (refToRoot[f] !== r) {
      diffs.push(`segment ${seg} (slot ${slot}/${local}): apart in the engine, joined in the reference`);
    }
  }
  if (diffs.length > 0) return diffs;

  const p = game.players;
  for (const r of roots) {
    const f = ref.features[rootToRef[r]];
    const before = diffs.length;
    const eq = (what: string, engine: unknown, reference: unknown) => {
      if (engine !== reference)
        diffs.push(`${what}: engine ${String(engine)}, reference ${String(reference)}`);
    };
    eq('members', graph.size[r], f.members.length);
    // The circular member list must visit exactly the members (scoring walks it).
    let walked = 0;
    let m = r;
    do {
      if (graph.find(m) !== r) break;
      walked++;
      m = graph.next[m];
    } while (m !== r && walked <= f.members.length);
    if (walked !== f.members.length || m !== r)
      diffs.push(`member list is not the ${f.members.length} members`);
    eq('open ends', graph.openEnds[r], f.openSides);
    if (f.kind === 'road' || f.kind === 'city') {
      eq('tiles', graph.tiles[r], f.tiles);
      eq('cells', graph.cells[r], f.cells);
    }
    eq('pennants', graph.pennants[r], f.pennants);
    let sum = 0;
    for (let i = 0; i < p; i++) {
      if (graph.meeples[r * p + i] !== f.meeples[i])
        eq(`meeples of player ${i}`, graph.meeples[r * p + i], f.meeples[i]);
      sum += f.meeples[i];
    }
    eq('meepleTotal', graph.meepleTotal[r], sum);
    if (f.kind === 'field') {
      const engineCities = fieldCities(game.state, r)
        .map((c) => rootToRef[c])
        .sort((a, b) => a - b);
      const refCities = [...f.cities].sort((a, b) => a - b);
      eq('field cities', engineCities.join(','), refCities.join(','));
    }
    for (let i = before; i < diffs.length; i++) {
      const s0 = ref.slotOf[f.members[0]];
      diffs[i] = `${f.kind} at slot ${s0}/${f.members[0] - ref.nodeBase[s0]} (root ${r}): ${diffs[i]}`;
    }
  }
  return diffs;
}

// -------------------------------------------------------------------------------------------------
// An independent base-game model (B-3..B-10, H-8, H-9 per cell)

export interface RefOptions {
  tinyCityScoring: 2 | 4;
}

/** Points a feature is worth (B-7, B-9, H-8: roads and cities per occupied cell; H-9). */
export function featurePoints(f: RefFeature, final: boolean, options: RefOptions): number {
  switch (f.kind) {
    case 'road':
      return f.cells;
    case 'city':
      if (!f.complete) return f.cells + f.pennants;
      if (f.cells === 2 && options.tinyCityScoring === 2) return f.cells + f.pennants;
      return 2 * (f.cells + f.pennants);
    case 'monastery':
      return 1 + f.ring;
    case 'field':
      return final ? 3 * f.cities.size : 0;
    default:
      return 0;
  }
}

export type RefPhase = 'place' | 'action' | 'over';

/** The base game, played on definitions and flood fills only. Slow; for tests. */
export class RefGame {
  tiles: PlacedTile[];
  meeples: PlacedMeeple[];
  supply: number[];
  scores: number[];
  current: number;
  phase: RefPhase = 'place';
  drawn: TileDef | null = null;
  /** Tiles still to draw, next first (scripted mode). */
  pile: TileDef[];
  discarded: TileDef[] = [];

  constructor(
    readonly players: number,
    readonly options: RefOptions,
    tiles: PlacedTile[],
    pile: TileDef[],
    meeples: PlacedMeeple[] = [],
    first = 0,
  ) {
    this.tiles = [...tiles];
    this.pile = [...pile];
    this.meeples = [...meeples];
    this.supply = new Array<number>(players).fill(MEEPLES);
    for (const m of meeples) this.supply[m.player]--;
    this.scores = new Array<number>(players).fill(0);
    this.current = first;
  }

  clone(): RefGame {
    const g = new RefGame(this.players, this.options, this.tiles, this.pile, this.meeples, this.current);
    g.supply = [...this.supply];
    g.scores = [...this.scores];
    g.phase = this.phase;
    g.drawn = this.drawn;
    g.discarded = [...this.discarded];
    return g;
  }

  layout(): Layout {
    return new Layout(this.tiles);
  }

  /** Draws from the pile until a tile fits (B-5 discards the others), or ends the game (B-9). */
  drawFromPile(): void {
    while (this.pile.length > 0) {
      const def = this.pile.shift()!;
      if (referencePlacements(this.layout(), def).length > 0) {
        this.drawn = def;
        this.phase = 'place';
        return;
      }
      this.discarded.push(def);
    }
    this.finish();
  }

  /**
   * Takes draws decided elsewhere (the engine's shuffled bag): all but the last must fit nowhere;
   * the last is the drawn tile, unless `pileEmpty` says every one of them was discarded.
   * Returns problems found.
   */
  takeDraws(draws: TileDef[], pileEmpty: boolean): string[] {
    const problems: string[] = [];
    const layout = this.layout();
    draws.forEach((def, i) => {
      const fits = referencePlacements(layout, def).length > 0;
      const last = i === draws.length - 1 && !pileEmpty;
      if (last && !fits) problems.push(`drawn tile ${def.id} fits nowhere (B-5)`);
      if (!last && fits) problems.push(`discarded tile ${def.id} fits somewhere (B-5)`);
      if (!last) this.discarded.push(def);
    });
    if (pileEmpty) this.finish();
    else {
      this.drawn = draws[draws.length - 1];
      this.phase = 'place';
    }
    return problems;
  }

  placements(): Spot[] {
    return this.drawn === null ? [] : referencePlacements(this.layout(), this.drawn);
  }

  place(x: number, y: number, q: number): void {
    if (this.phase !== 'place' || this.drawn === null) throw new Error('RefGame: not placing');
    this.tiles.push({ def: this.drawn, x, y, q });
    this.drawn = null;
    this.phase = 'action';
  }

  /** Local features of the tile just placed that may take a meeple (B-6). */
  spots(): number[] {
    if (this.phase !== 'action' || this.supply[this.current] === 0) return [];
    const ref = referenceFeatures(this.tiles, this.meeples, this.players);
    const slot = this.tiles.length - 1;
    const out: number[] = [];
    this.tiles[slot].def.features.forEach((f, local) => {
      if (f.kind === 'tower') return;
      const feat = featureAt(ref, slot, local);
      if (feat.meeples.every((n) => n === 0)) out.push(local);
    });
    return out;
  }

  /** Ends the turn with a meeple on `local` of the placed tile, or none (-1): B-6, B-7. */
  act(local: number): void {
    if (this.phase !== 'action') throw new Error('RefGame: not acting');
    const slot = this.tiles.length - 1;
    if (local >= 0) {
      this.meeples.push({ player: this.current, slot, local });
      this.supply[this.current]--;
    }
    this.scoreTurn(slot);
    this.current = (this.current + 1) % this.players;
    this.phase = 'place';
  }

  private scoreTurn(slot: number): void {
    const ref = referenceFeatures(this.tiles, this.meeples, this.players);
    const placed = this.tiles[slot];
    const scored = new Set<number>();
    for (const f of ref.features) {
      if (f.meeples.every((n) => n === 0) || !f.complete) continue;
      if (f.kind === 'road' || f.kind === 'city') {
        if (f.members.some((n) => ref.slotOf[n] === slot)) scored.add(f.id);
      } else if (f.kind === 'monastery') {
        const t = this.tiles[ref.slotOf[f.members[0]]];
        if (Math.abs(t.x - placed.x) <= 1 && Math.abs(t.y - placed.y) <= 1) scored.add(f.id);
      }
    }
    for (const id of scored) this.award(ref, ref.features[id], false);
  }

  private award(ref: RefResult, f: RefFeature, final: boolean): void {
    const points = featurePoints(f, final, this.options);
    const best = Math.max(...f.meeples);
    f.meeples.forEach((n, p) => {
      if (n === best) this.scores[p] += points;
    });
    this.meeples = this.meeples.filter((m) => {
      if (featureAt(ref, m.slot, m.local) !== f) return true;
      this.supply[m.player]++;
      return false;
    });
  }

  /** B-9: every feature with meeples scores; all meeples go home. */
  finish(): void {
    const ref = referenceFeatures(this.tiles, this.meeples, this.players);
    for (const f of ref.features) if (f.meeples.some((n) => n > 0)) this.award(ref, f, true);
    this.drawn = null;
    this.phase = 'over';
  }

  /** Number of decision sequences of the given depth (perft), each turn drawing from the pile. */
  perft(depth: number): number {
    if (depth === 0) return 1;
    if (this.phase === 'over') return 0;
    if (this.phase === 'place') {
      const spots = this.placements();
      if (depth === 1) return spots.length;
      let n = 0;
      for (const s of spots) {
        const g = this.clone();
        g.place(s.x, s.y, s.q);
        n += g.perft(depth - 1);
      }
      return n;
    }
    const choices = [-1, ...this.spots()];
    if (depth === 1) return choices.length;
    let n = 0;
    for (const c of choices) {
      const g = this.clone();
      g.act(c);
      g.drawFromPile();
      n += g.perft(depth - 1);
    }
    return n;
  }
}
