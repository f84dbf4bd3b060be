/**
 * Placed tiles and what occupies each cell side (B-4, H-1, H-2).
 *
 * A cell holds one square or up to two complementary triangles. Each placed tile gets a slot (its
 * index in placement order); `sideSlot` records which slot covers each of a cell's four sides, so a
 * neighbour lookup is one read whatever the shapes. `sideType` caches that side's edge type for
 * placement checks.
 */
import { SIDE_D, SIDE_SLOTS, complementCorner, opposite } from '../geometry/edges.js';
import type { Grid } from '../geometry/grid.js';
import type { Catalog } from '../tiles/catalog.js';
import { E_NONE } from '../types.js';
import type { Span, StateFields } from '../util/state.js';
import { copyState, statePart } from '../util/state.js';
import type { StatePart } from '../util/state.js';

/** Pattern bits (two per side, see Catalog.pattern) of a triangle's short sides, by corner: cornerSides(q). */
const SHORT_SIDES = [0, 1, 2, 3].map((q) => (3 << (2 * q)) | (3 << (2 * ((q + 3) & 3))));

export class Board {
  /** Tiles placed so far. */
  slotCount = 0;
  /** Tile kind per slot. */
  readonly slotKind: Int16Array;
  /** Rotation in quarter turns per slot (for a triangle, its corner: 0 nw, 1 ne, 2 se, 3 sw). */
  readonly slotRot: Int8Array;
  readonly slotCell: Int32Array;
  /** First feature-graph segment of each slot; its features follow in definition order. */
  readonly slotSeg: Int32Array;
  /** The turn in which each slot's tile was placed (0: the start tile and the set-up); the game writes it. */
  readonly slotTurn: Int32Array;
  /**
   * The grid cells are packed for. It grows as tiles near its edge (`regrid`), and the cell
   * arrays below (`cellTiles`, `sideSlot`, `sideType`, `facing`, `inFrontier`) are sized to it.
   */
  // Set by allocateCells (the constructor's and regrid's).
  grid!: Grid;
  /** Tiles per cell: 0, 1, or 2 (two triangles). */
  cellTiles!: Int8Array;
  /** Slot covering side s of cell c at c · 4 + s, or -1. */
  sideSlot!: Int16Array;
  /** Edge type (E_*) at c · 4 + s, or E_NONE. */
  sideType!: Int8Array;
  /**
   * What faces each cell: `neighbourTypes(c)` kept up to date as tiles are placed, since placement
   * generation reads it for every frontier cell on every draw.
   */
  facing!: Uint16Array;
  /**
   * The frontier: empty cells next to a placed tile, `frontier[0..frontierCount)`, with
   * `inFrontier[c]` set for them. Kept as tiles are placed, so that placement generation looks only
   * at cells where a tile could go (a few dozen), not at every neighbour of every tile.
   */
  readonly frontier: Int32Array;
  frontierCount = 0;
  inFrontier!: Uint8Array;
  /** Cells holding a lone triangle (H-1: room for its complement), `gaps[0..gapCount)`. */
  readonly gaps: Int32Array;
  gapCount = 0;
  /**
   * Every cell-indexed entry ever written lies in `[usedLo, usedHi)` (placed cells and their
   * neighbours): outside it the arrays hold their initial values, so copyFrom copies only that band.
   */
  usedLo!: number;
  usedHi = 0;
  /**
   * Cell arrays in their initial state kept for the next move to another grid, by a board that is
   * copied into (`copyFrom`): a search's copy goes back to its source's grid on every iteration and
   * grows again in the playout, and allocating the arrays each time cost more than the copy. The
   * cell arrays may so be longer than the grid's cells; only `[0, grid.size)` is read.
   */
  private spare: CellArrays | undefined;
  private recycles = false;

  constructor(
    grid: Grid,
    readonly catalog: Catalog,
    readonly maxTiles: number,
  ) {
    this.slotKind = new Int16Array(maxTiles);
    this.slotRot = new Int8Array(maxTiles);
    this.slotCell = new Int32Array(maxTiles);
    this.slotSeg = new Int32Array(maxTiles);
    this.slotTurn = new Int32Array(maxTiles);
    this.frontier = new Int32Array(maxTiles * 4 + 4);
    this.gaps = new Int32Array(maxTiles);
    this.allocateCells(grid);
  }

  /** Cell arrays for `grid` holding their initial values (nothing used yet): the spare ones if they fit. */
  private allocateCells(grid: Grid): void {
    const spare = this.spare;
    let cells: CellArrays;
    if (spare !== undefined && spare.cellTiles.length >= grid.size) {
      cells = spare;
      this.spare = undefined;
    } else {
      cells = {
        cellTiles: new Int8Array(grid.size),
        sideSlot: new Int16Array(grid.size * 4).fill(-1),
        sideType: new Int8Array(grid.size * 4).fill(E_NONE),
        facing: new Uint16Array(grid.size),
        inFrontier: new Uint8Array(grid.size),
      };
    }
    this.cellTiles = cells.cellTiles;
    this.sideSlot = cells.sideSlot;
    this.sideType = cells.sideType;
    this.facing = cells.facing;
    this.inFrontier = cells.inFrontier;
    this.grid = grid;
    this.usedLo = grid.size;
    this.usedHi = 0;
  }

  /** Sets the used band of `cells` back to its initial values. */
  private static clear(cells: CellArrays, lo: number, hi: number): void {
    if (lo >= hi) return;
    cells.cellTiles.fill(0, lo, hi);
    cells.inFrontier.fill(0, lo, hi);
    cells.facing.fill(0, lo, hi);
    cells.sideSlot.fill(-1, lo * 4, hi * 4);
    cells.sideType.fill(E_NONE, lo * 4, hi * 4);
  }

  /** Empty cell arrays for `grid`: the board's own, cleared, when they are long enough. */
  private emptyCells(grid: Grid): void {
    if (this.cellTiles.length >= grid.size) {
      Board.clear(this, this.usedLo, this.usedHi);
      this.grid = grid;
      this.usedLo = grid.size;
      this.usedHi = 0;
    } else {
      this.allocateCells(grid);
    }
  }

  /** Back to an empty board on `grid`, as constructed (createState reusing a game, rules/setup.ts). */
  reset(grid: Grid): void {
    this.emptyCells(grid);
    for (const a of [this.slotKind, this.slotRot, this.slotCell, this.slotSeg, this.slotTurn])
      a.fill(0, 0, this.slotCount);
    this.frontier.fill(0, 0, this.frontierCount);
    this.gaps.fill(0, 0, this.gapCount);
    this.slotCount = 0;
    this.frontierCount = 0;
    this.gapCount = 0;
  }

  clone(): Board {
    const b = new Board(this.grid, this.catalog, this.maxTiles);
    copyState(BOARD_STATE, b, this);
    return b;
  }

  /**
   * Moves the board onto `to`, a larger grid: every cell entry is re-packed, and so are the cells
   * the slots, the frontier and the gaps name. The caller re-packs the cells held elsewhere
   * (GameState.regrid).
   */
  regrid(to: Grid): void {
    const from = this.grid;
    if (to === from) return;
    const old: CellArrays = {
      cellTiles: this.cellTiles,
      sideSlot: this.sideSlot,
      sideType: this.sideType,
      facing: this.facing,
      inFrontier: this.inFrontier,
    };
    const { cellTiles, sideSlot, sideType, facing, inFrontier, usedLo, usedHi } = this;
    this.allocateCells(to);
    for (let c = usedLo; c < usedHi; c++) {
      const n = to.remap(c, from);
      this.cellTiles[n] = cellTiles[c];
      this.facing[n] = facing[c];
      this.inFrontier[n] = inFrontier[c];
      for (let s = 0; s < 4; s++) {
        this.sideSlot[n * 4 + s] = sideSlot[c * 4 + s];
        this.sideType[n * 4 + s] = sideType[c * 4 + s];
      }
    }
    for (let i = 0; i < this.slotCount; i++) this.slotCell[i] = to.remap(this.slotCell[i], from);
    for (let i = 0; i < this.frontierCount; i++) this.frontier[i] = to.remap(this.frontier[i], from);
    for (let i = 0; i < this.gapCount; i++) this.gaps[i] = to.remap(this.gaps[i], from);
    if (this.recycles && (this.spare === undefined || this.spare.cellTiles.length < cellTiles.length)) {
      Board.clear(old, usedLo, usedHi);
      this.spare = old;
    }
    // The band place() keeps: each placed cell with the rows above and below it.
    const width = to.width;
    for (let i = 0; i < this.slotCount; i++) {
      const c = this.slotCell[i];
      if (c - width < this.usedLo) this.usedLo = c - width;
      if (c + width + 1 > this.usedHi) this.usedHi = c + width + 1;
    }
  }

  /** Its declared state for snapshots, with the bounds its element types do not give. */
  statePart(): StatePart {
    return statePart('board', BOARD_STATE, this, (b) => {
      const size = b.grid.size;
      if (b.usedLo < 0 || b.usedHi > size) return `usedLo and usedHi must lie within the ${size} cells`;
      if (b.slotCount < 1 || b.slotCount > b.maxTiles) return `slotCount must be from 1 to ${b.maxTiles}`;
      const kinds = b.catalog.defs.length;
      for (let s = 0; s < b.slotCount; s++) {
        if (b.slotKind[s] < 0 || b.slotKind[s] >= kinds) return `slotKind[${s}] is not a tile kind`;
        if (b.slotRot[s] < 0 || b.slotRot[s] > 3) return `slotRot[${s}] must be from 0 to 3`;
        const seg = s === 0 ? 0 : b.slotSeg[s - 1] + b.catalog.featureCount[b.slotKind[s - 1]];
        if (b.slotSeg[s] !== seg) return `slotSeg[${s}] must be ${seg}, its tile's first segment`;
        if (b.slotCell[s] < b.usedLo || b.slotCell[s] >= b.usedHi)
          return `slotCell[${s}] lies outside the used cells`;
      }
      // The frontier lists exactly the cells marked inFrontier, each once, all within the used cells.
      let marked = 0;
      for (let c = b.usedLo; c < b.usedHi; c++) if (b.inFrontier[c] !== 0) marked++;
      if (marked !== b.frontierCount) return `frontierCount must be ${marked}, the cells marked inFrontier`;
      for (let i = 0; i < b.frontierCount; i++) {
        const c = b.frontier[i];
        if (c < b.usedLo || c >= b.usedHi || b.inFrontier[c] !== 1 || b.frontier.indexOf(c) !== i)
          return `frontier[${i}] is not a cell marked inFrontier, listed once`;
      }
      for (let i = 0; i < b.gapCount; i++)
        if (b.gaps[i] < 0 || b.gaps[i] >= size) return `gaps[${i}] is not a cell`;
      for (let i = b.usedLo * 4; i < b.usedHi * 4; i++)
        if (b.sideSlot[i] < -1 || b.sideSlot[i] >= b.slotCount) return `sideSlot[${i}] is not a placed tile`;
      return undefined;
    });
  }

  /**
   * Makes this board equal to `src`, a board of the same game (same grid and catalog), without
   * allocating (see BOARD_STATE for what is copied).
   */
  copyFrom(src: Board): void {
    // On another grid (one of the two grew since they were equal), start over on src's: a copy
    // must pack cells as its source does.
    if (src.grid !== this.grid) {
      this.recycles = true;
      this.emptyCells(src.grid);
    }
    copyState(BOARD_STATE, this, src);
  }

  /**
   * Whether tile kind t with rotation q may go on cell c (B-4, H-4): the cell has room for it,
   * at least one of its sides touches a placed tile, and every touching side matches.
   */
  fits(t: number, q: number, c: number): boolean {
    const cat = this.catalog;
    const sideSlot = this.sideSlot;
    const sideType = this.sideType;
    const delta = this.grid.sideDelta;
    if (cat.triangle[t] === 0) {
      if (this.cellTiles[c] !== 0) return false;
      const n = this.facing[c];
      return n >>> 8 !== 0 && ((cat.pattern[t * 4 + q] ^ n) & (n >>> 8)) === 0;
    }
    // The triangle's two short sides (cornerSides(q), unrolled: this is the hot path of H-4).
    const a = q;
    const b = (q + 3) & 3;
    if (sideSlot[c * 4 + a] !== -1 || sideSlot[c * 4 + b] !== -1) return false;
    const row = (t * 4 + q) * SIDE_SLOTS;
    let touches = false;
    const ea = sideType[(c + delta[a]) * 4 + opposite(a)];
    if (ea !== E_NONE) {
      if (ea !== cat.edgeType[row + a]) return false;
      touches = true;
    }
    const eb = sideType[(c + delta[b]) * 4 + opposite(b)];
    if (eb !== E_NONE) {
      if (eb !== cat.edgeType[row + b]) return false;
      touches = true;
    }
    // H-2: the long side touches only the complementary triangle of the same cell.
    const other = this.cellTiles[c] === 0 ? -1 : sideSlot[c * 4 + complementCorner(q)];
    if (other !== -1) {
      const otherRow = (this.slotKind[other] * 4 + this.slotRot[other]) * SIDE_SLOTS;
      if (cat.edgeType[otherRow + SIDE_D] !== cat.edgeType[row + SIDE_D]) return false;
      touches = true;
    }
    return touches;
  }

  /** Puts tile kind t on cell c with rotation q and returns its slot. Unchecked: call fits() first. */
  place(t: number, q: number, c: number, firstSeg: number): number {
    const slot = this.slotCount++;
    this.slotKind[slot] = t;
    this.slotRot[slot] = q;
    this.slotCell[slot] = c;
    this.slotSeg[slot] = firstSeg;
    this.cellTiles[c]++;
    const width = this.grid.width;
    if (c - width < this.usedLo) this.usedLo = c - width;
    if (c + width + 1 > this.usedHi) this.usedHi = c + width + 1;
    const row = (t * 4 + q) * SIDE_SLOTS;
    for (let s = 0; s < 4; s++) {
      const e = this.catalog.edgeType[row + s];
      if (e === E_NONE) continue;
      this.sideSlot[c * 4 + s] = slot;
      this.sideType[c * 4 + s] = e;
    }
    if (this.catalog.triangle[t] === 1) {
      if (this.cellTiles[c] === 1) {
        this.gaps[this.gapCount++] = c;
      } else {
        let i = 0;
        while (this.gaps[i] !== c) i++;
        this.gaps[i] = this.gaps[--this.gapCount];
      }
    }
    // The frontier: this cell leaves it, its empty neighbours join it.
    if (this.inFrontier[c] === 1) {
      this.inFrontier[c] = 0;
      let i = 0;
      while (this.frontier[i] !== c) i++;
      this.frontier[i] = this.frontier[--this.frontierCount];
    }
    const delta = this.grid.sideDelta;
    for (let s = 0; s < 4; s++) {
      const n = c + delta[s];
      this.facing[n] = this.neighbourTypes(n);
      if (this.cellTiles[n] === 0 && this.inFrontier[n] === 0) {
        this.inFrontier[n] = 1;
        this.frontier[this.frontierCount++] = n;
      }
    }
    return slot;
  }

  /**
   * The edge types facing cell c, packed two bits per side (n lowest, as `Catalog.pattern`) in bits
   * 0–7, and in bits 8–15 a mask of the sides where a tile touches. Read it from `facing`.
   */
  private neighbourTypes(c: number): number {
    const sideType = this.sideType;
    const delta = this.grid.sideDelta;
    let have = 0;
    let mask = 0;
    for (let s = 0; s < 4; s++) {
      const e = sideType[(c + delta[s]) * 4 + ((s + 2) & 3)];
      if (e !== E_NONE) {
        have |= e << (2 * s);
        mask |= 3 << (2 * s);
      }
    }
    return have | (mask << 8);
  }

  /** How many of cell c's four sides touch a placed tile (0–4). */
  touching(c: number): number {
    const m = this.facing[c] >>> 8; // two bits per touching side
    return (m & 1) + ((m >>> 2) & 1) + ((m >>> 4) & 1) + ((m >>> 6) & 1);
  }

  /**
   * Appends every legal (cell, rotation) of tile kind t, encoded by `encode`, to `out[n..)` (B-4,
   * H-1, H-4). Each frontier cell has what faces it in `facing`; each rotation costs one XOR and
   * mask against the kind's packed side types; a triangle on an empty cell meets neighbours with
   * its two short sides only, so the mask keeps those. A cell beside a lone triangle also needs the
   * long sides to match, and goes through fits().
   */
  placements(t: number, out: Int32Array, n: number, encode: (cell: number, q: number) => number): number {
    const pattern = this.catalog.pattern;
    const base = t * 4;
    const triangle = this.catalog.triangle[t] === 1;
    for (let i = 0; i < this.frontierCount; i++) {
      const c = this.frontier[i];
      const nb = this.facing[c];
      const mask = nb >>> 8;
      if (mask === 0) continue;
      for (let q = 0; q < 4; q++) {
        const m = triangle ? mask & SHORT_SIDES[q] : mask;
        if (m !== 0 && ((pattern[base + q] ^ nb) & m) === 0) out[n++] = encode(c, q);
      }
    }
    if (!triangle) return n;
    for (let i = 0; i < this.gapCount; i++) {
      const c = this.gaps[i];
      for (let q = 0; q < 4; q++) if (this.fits(t, q, c)) out[n++] = encode(c, q);
    }
    return n;
  }

  /** The other triangle of a slot's cell, or -1. */
  complementOf(slot: number): number {
    const t = this.slotKind[slot];
    if (this.catalog.triangle[t] === 0) return -1;
    const c = this.slotCell[slot];
    return this.cellTiles[c] === 2 ? this.sideSlot[c * 4 + complementCorner(this.slotRot[slot])] : -1;
  }

  /** A slot on cell c (a square, or one of its triangles), or -1 for an empty cell. */
  anySlot(c: number): number {
    // Every tile covers side n or side s of its cell.
    const n = this.sideSlot[c * 4];
    return n !== -1 ? n : this.sideSlot[c * 4 + 2];
  }

  /** Whether tile kind t fits anywhere (B-5): `placements`' test, stopping at the first legal place. */
  fitsAnywhere(t: number): boolean {
    const pattern = this.catalog.pattern;
    const base = t * 4;
    const triangle = this.catalog.triangle[t] === 1;
    for (let i = 0; i < this.frontierCount; i++) {
      const nb = this.facing[this.frontier[i]];
      const mask = nb >>> 8;
      if (mask === 0) continue;
      for (let q = 0; q < 4; q++) {
        const m = triangle ? mask & SHORT_SIDES[q] : mask;
        if (m !== 0 && ((pattern[base + q] ^ nb) & m) === 0) return true;
      }
    }
    if (!triangle) return false;
    for (let i = 0; i < this.gapCount; i++) {
      for (let q = 0; q < 4; q++) if (this.fits(t, q, this.gaps[i])) return true;
    }
    return false;
  }
}

/** The arrays indexed by cell (see Board). */
interface CellArrays {
  cellTiles: Int8Array;
  sideSlot: Int16Array;
  sideType: Int8Array;
  facing: Uint16Array;
  inFrontier: Uint8Array;
}

/** Cells `[lo, hi)` either board ever wrote, times the entries per cell. */
const band =
  (perCell: number): Span<Board> =>
  (d, s) => [Math.min(d.usedLo, s.usedLo) * perCell, Math.max(d.usedHi, s.usedHi) * perCell];
const prefix =
  (count: (b: Board) => number): Span<Board> =>
  (_d, s) => [0, count(s)];

/**
 * A board's state: the cell arrays over the union of both used bands only (outside them every
 * entry holds its initial value), the slot and list arrays over their used prefixes (entries past
 * a count are never read).
 */
const BOARD_STATE: StateFields<Board> = {
  arrays: [
    { key: 'cellTiles', span: band(1) },
    { key: 'inFrontier', span: band(1) },
    { key: 'facing', span: band(1) },
    { key: 'sideSlot', span: band(4) },
    { key: 'sideType', span: band(4) },
    { key: 'slotKind', span: prefix((b) => b.slotCount) },
    { key: 'slotRot', span: prefix((b) => b.slotCount) },
    { key: 'slotCell', span: prefix((b) => b.slotCount) },
    { key: 'slotSeg', span: prefix((b) => b.slotCount) },
    { key: 'slotTurn', span: prefix((b) => b.slotCount) },
    { key: 'frontier', span: prefix((b) => b.frontierCount) },
    { key: 'gaps', span: prefix((b) => b.gapCount) },
  ],
  scalars: ['usedLo', 'usedHi', 'slotCount', 'frontierCount', 'gapCount'],
};
