/**
 * Feature graph: union-find over the features of placed tiles (B-6, B-7, B-9, H-7, H-8).
 *
 * Each feature printed on a placed tile is a *segment*. Segments joined across matching sides are
 * unioned; the root of a set carries the totals of the whole feature, each with its merge rule:
 * - members (segments), open ends: sum; a shared side closes two ends at once (B-7, H-7);
 * - pennants, meeples per player: sum;
 * - distinct tiles and distinct cells of roads and cities: sum minus the tiles and cells both sides
 *   already had (H-8 counts cells, the per-tile editions count tiles);
 * - the cities a field touches are read through the union-find when the field is scored, because
 *   cities keep merging after the field last changed, and a cached set would go stale;
 * - attributes declared by the base game or an expansion (tiles/schema.ts): by their own merge rule
 *   (or, sum, max), combined over the members when asked (`attribute`).
 *
 * Implementation notes: union by size, no path compression, so finds stay O(log n) and a future
 * undo trail can restore every write. Members of a set form a circular list (`next`), spliced in
 * O(1) on union, to walk a feature when it is scored. Distinct counts look only at the smaller set
 * and only at tiles carrying several segments of the kind, so the common union costs a few reads.
 */
import type { Board } from '../board/board.js';
import { MAX_FEATURES } from '../tiles/catalog.js';
import { FEATURE_KINDS, K_CITY, K_ROAD } from '../types.js';
import type { Span, StateFields } from '../util/state.js';
import { copyState, statePart } from '../util/state.js';
import type { StatePart } from '../util/state.js';

const KINDS = FEATURE_KINDS.length;

export class FeatureGraph {
  /** Segments allocated so far. */
  count = 0;
  readonly parent: Int32Array;
  /** Members per root. */
  readonly size: Int32Array;
  /** Next member in the circular member list. */
  readonly next: Int32Array;
  /** Feature kind code (K_*) per segment. */
  readonly kind: Int8Array;
  /** Tile slot per segment. */
  readonly slot: Int32Array;
  /** Feature index within its tile's definition, per segment. */
  readonly local: Int8Array;
  /** Per root: unmatched road or city sides; 0 means complete (B-7). */
  readonly openEnds: Int32Array;
  /** Per root: pennants (B-7). */
  readonly pennants: Int32Array;
  /** Per root of a road or city: distinct tiles. */
  readonly tiles: Int32Array;
  /** Per root of a road or city: distinct cells (H-8). */
  readonly cells: Int32Array;
  /** Per root: meeples of player p at root · players + p. */
  readonly meeples: Int32Array;
  /** Per root: meeples of all players. */
  readonly meepleTotal: Int32Array;

  constructor(
    readonly board: Board,
    readonly players: number,
    maxSegments: number,
  ) {
    this.parent = new Int32Array(maxSegments);
    this.size = new Int32Array(maxSegments);
    this.next = new Int32Array(maxSegments);
    this.kind = new Int8Array(maxSegments);
    this.slot = new Int32Array(maxSegments);
    this.local = new Int8Array(maxSegments);
    this.openEnds = new Int32Array(maxSegments);
    this.pennants = new Int32Array(maxSegments);
    this.tiles = new Int32Array(maxSegments);
    this.cells = new Int32Array(maxSegments);
    this.meeples = new Int32Array(maxSegments * players);
    this.meepleTotal = new Int32Array(maxSegments);
  }

  clone(board: Board): FeatureGraph {
    const g = new FeatureGraph(board, this.players, this.parent.length);
    copyState(GRAPH_STATE, g, this);
    return g;
  }

  /**
   * Its declared state for snapshots. The check keeps the union-find sound: every parent is a
   * segment, and a non-root's parent holds more members than it (union by size), so no chain of
   * parents can loop.
   */
  statePart(): StatePart {
    return statePart('graph', GRAPH_STATE, this, (g) => {
      const b = g.board;
      const last = b.slotCount - 1;
      const segs = b.slotSeg[last] + b.catalog.featureCount[b.slotKind[last]];
      if (g.count !== segs) return `count must be ${segs}, the features of the placed tiles`;
      for (let slot = 0; slot < b.slotCount; slot++) {
        for (let f = 0; f < b.catalog.featureCount[b.slotKind[slot]]; f++) {
          const s = b.slotSeg[slot] + f;
          if (g.slot[s] !== slot || g.local[s] !== f)
            return `slot[${s}] and local[${s}] must be ${slot} and ${f}`;
        }
      }
      for (let s = 0; s < g.count; s++) {
        const p = g.parent[s];
        if (p < 0 || p >= g.count || (p !== s && g.size[p] <= g.size[s]))
          return `parent[${s}] does not make a union-find by size`;
        if (g.next[s] < 0 || g.next[s] >= g.count) return `next[${s}] is not a segment`;
        if (g.slot[s] < 0 || g.slot[s] >= g.board.slotCount) return `slot[${s}] is not a placed tile`;
        if (g.kind[s] < 0 || g.kind[s] >= KINDS) return `kind[${s}] is not a feature kind`;
      }
      // Each feature's members form one circular list of `size` members (scoring walks it).
      for (let r = 0; r < g.count; r++) {
        if (g.parent[r] !== r) continue;
        let s = r;
        for (let i = 0; i < g.size[r]; i++) {
          if (g.find(s) !== r) return `next: the members of feature ${r} are not its own`;
          s = g.next[s];
        }
        if (s !== r) return `next: the members of feature ${r} do not form a cycle of ${g.size[r]}`;
      }
      return undefined;
    });
  }

  /** Makes this graph equal to `src`, a graph of the same game, without allocating (see GRAPH_STATE). */
  copyFrom(src: FeatureGraph): void {
    copyState(GRAPH_STATE, this, src);
  }

  /** Back to no segments, every entry as constructed (GameState.create reusing a game). */
  reset(): void {
    const n = this.count;
    for (const a of [this.parent, this.size, this.next, this.kind, this.slot, this.local, this.openEnds])
      a.fill(0, 0, n);
    for (const a of [this.pennants, this.tiles, this.cells, this.meepleTotal]) a.fill(0, 0, n);
    this.meeples.fill(0, 0, n * this.players);
    this.count = 0;
  }

  /** Adds one segment per feature of the tile in `slot`, as singleton sets. */
  addTile(slot: number, t: number): void {
    const cat = this.board.catalog;
    const n = cat.featureCount[t];
    for (let f = 0; f < n; f++) {
      const s = this.count++;
      const i = t * MAX_FEATURES + f;
      this.parent[s] = s;
      this.size[s] = 1;
      this.next[s] = s;
      this.kind[s] = cat.featureKind[i];
      this.slot[s] = slot;
      this.local[s] = f;
      this.openEnds[s] = cat.ends[i];
      this.pennants[s] = cat.pennants[i];
      this.tiles[s] = 1;
      this.cells[s] = 1;
    }
  }

  find(s: number): number {
    const parent = this.parent;
    while (parent[s] !== s) s = parent[s];
    return s;
  }

  /** Joins two road or city segments across one shared side; the side closes an end on both. */
  joinEdge(a: number, b: number): void {
    const r = this.union(a, b);
    this.openEnds[r] -= 2;
  }

  /** Joins the features of segments a and b; returns the root. */
  union(a: number, b: number): number {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return ra;
    if (this.size[ra] < this.size[rb]) {
      const t = ra;
      ra = rb;
      rb = t;
    }
    const k = this.kind[ra];
    if (k === K_ROAD || k === K_CITY) this.mergeDistinct(ra, rb);
    this.parent[rb] = ra;
    this.size[ra] += this.size[rb];
    this.openEnds[ra] += this.openEnds[rb];
    this.pennants[ra] += this.pennants[rb];
    this.meepleTotal[ra] += this.meepleTotal[rb];
    const p = this.players;
    for (let i = 0; i < p; i++) this.meeples[ra * p + i] += this.meeples[rb * p + i];
    const na = this.next[ra];
    this.next[ra] = this.next[rb];
    this.next[rb] = na;
    return ra;
  }

  /** Adds rb's distinct tiles and cells to ra, less those ra already has. */
  private mergeDistinct(ra: number, rb: number): void {
    const board = this.board;
    const cat = board.catalog;
    const k = this.kind[ra];
    let sharedTiles = 0;
    let sharedCells = 0;
    let m = rb;
    do {
      const slot = this.slot[m];
      const multi = cat.kindCount[board.slotKind[slot] * KINDS + k] > 1;
      const other = board.complementOf(slot);
      if (multi || other !== -1) {
        // Count a tile (cell) once per set: only at its lowest segment in rb.
        const tileFirst = this.firstIn(slot, m, rb);
        if (multi && tileFirst && this.hasIn(slot, ra)) sharedTiles++;
        if (tileFirst && (other === -1 || this.firstIn(other, m, rb))) {
          if (this.hasIn(slot, ra) || (other !== -1 && this.hasIn(other, ra))) sharedCells++;
        }
      }
      m = this.next[m];
    } while (m !== rb);
    this.tiles[ra] += this.tiles[rb] - sharedTiles;
    this.cells[ra] += this.cells[rb] - sharedCells;
  }

  /** Whether no segment of `slot` below m belongs to root r. */
  private firstIn(slot: number, m: number, r: number): boolean {
    const base = this.board.slotSeg[slot];
    const end = base + this.board.catalog.featureCount[this.board.slotKind[slot]];
    for (let s = base; s < end && s < m; s++) if (this.find(s) === r) return false;
    return true;
  }

  /** Whether some segment of `slot` belongs to root r. */
  private hasIn(slot: number, r: number): boolean {
    const base = this.board.slotSeg[slot];
    const end = base + this.board.catalog.featureCount[this.board.slotKind[slot]];
    for (let s = base; s < end; s++) if (this.find(s) === r) return true;
    return false;
  }

  /**
   * The value of declared attribute `a` (Catalog.attributeIndex) on the feature rooted at `root`:
   * the values of its segments combined by the attribute's merge rule (or, sum, max). Read when a
   * feature is scored rather than kept per root, so attributes add nothing to a union, a copy or a
   * snapshot; the value is the same as if each union had combined the two sides.
   */
  attribute(root: number, a: number): number {
    const cat = this.board.catalog;
    const values = cat.attributeValues[a];
    const merge = cat.schema.attributes[a].merge;
    const kinds = this.board.slotKind;
    let total = 0;
    let m = root;
    do {
      const v = values[kinds[this.slot[m]] * MAX_FEATURES + this.local[m]];
      if (merge === 'sum') total += v;
      else if (v > total) total = merge === 'or' ? 1 : v;
      m = this.next[m];
    } while (m !== root);
    return total;
  }

  addMeeple(seg: number, player: number): void {
    const r = this.find(seg);
    this.meeples[r * this.players + player]++;
    this.meepleTotal[r]++;
  }

  removeMeeple(seg: number, player: number): void {
    const r = this.find(seg);
    this.meeples[r * this.players + player]--;
    this.meepleTotal[r]--;
  }
}

/**
 * Segments are never removed, so past its count an array holds its initial values; copying the
 * longer of the two prefixes makes every entry equal (addTile does not reset a new segment's
 * meeple counts).
 */
const segments =
  (perSegment: number): Span<FeatureGraph> =>
  (d, s) => [0, Math.max(d.count, s.count) * perSegment];

/** A feature graph's state. */
const GRAPH_STATE: StateFields<FeatureGraph> = {
  arrays: [
    ...(
      ['parent', 'size', 'next', 'kind', 'slot', 'local', 'openEnds', 'pennants', 'tiles', 'cells'] as const
    ).map((key) => ({ key, span: segments(1) })),
    { key: 'meepleTotal', span: segments(1) },
    { key: 'meeples', span: (d, s) => [0, Math.max(d.count, s.count) * d.players] },
  ],
  scalars: ['count'],
};
