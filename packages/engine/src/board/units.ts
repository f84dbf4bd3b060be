/**
 * The units that things moving or reaching over the board work on (H-11, X-8): the dragon's steps
 * (D-7), the fairy's protection (D-16) and a tower's range (T-3).
 *
 * - `cells` (Halflings edition 2021, and every game without triangles): a unit is a cell; all tiles
 *   of a cell are affected together, and a cell with one triangle is a normal cell.
 * - `tiles` (editions 2015 and 2020): a unit is a tile; two triangles of one cell are neighbours
 *   across their long side, and a step over a triangular gap goes on to the next tile in that
 *   direction.
 *
 * Units are plain integers: a packed cell, or a tile slot.
 */
import { cornerSides, opposite } from '../geometry/edges.js';
import type { Board } from './board.js';

export class Units {
  constructor(
    readonly board: Board,
    readonly perTile: boolean,
  ) {}

  /** The unit holding tile `slot`. */
  ofSlot(slot: number): number {
    return this.perTile ? slot : this.board.slotCell[slot];
  }

  /** Whether tile `slot` belongs to `unit`. */
  contains(unit: number, slot: number): boolean {
    return this.perTile ? slot === unit : this.board.slotCell[slot] === unit;
  }

  /** The cell a unit lies in. */
  cellOf(unit: number): number {
    return this.perTile ? this.board.slotCell[unit] : unit;
  }

  /** The neighbouring unit in direction d (0 n, 1 e, 2 s, 3 w) holding a tile, or -1. */
  step(unit: number, d: number): number {
    const board = this.board;
    const delta = board.grid.sideDelta[d];
    if (!this.perTile) {
      const c = unit + delta;
      return board.cellTiles[c] === 0 ? -1 : c;
    }
    const other = board.complementOf(unit);
    if (other !== -1 && cornerSides(board.slotRot[other]).includes(d)) return other;
    const c = board.slotCell[unit] + delta;
    if (board.cellTiles[c] === 0) return -1;
    // Entering through the facing side; through a triangular gap, on to the cell's lone triangle.
    const facing = board.sideSlot[c * 4 + opposite(d)];
    return facing !== -1 ? facing : board.anySlot(c);
  }

  /**
   * The units within `reach` steps of `from` in the four straight directions (T-3 `orthogonal`),
   * each once, into `out` (emptied first; reused by the caller: the tower asks at every capture):
   * an empty cell counts as one step and, unless `gapsBlock`, the reach goes on past it.
   */
  straight(from: number, reach: number, gapsBlock: boolean, out: number[] = []): number[] {
    const board = this.board;
    out.length = 0;
    out.push(from);
    for (let d = 0; d < 4; d++) {
      let left = reach;
      let cell = this.cellOf(from);
      if (this.perTile && left > 0) {
        // The other triangle of the tower's own cell, when it lies that way.
        const other = board.complementOf(from);
        if (other !== -1 && cornerSides(board.slotRot[other]).includes(d)) {
          if (!out.includes(other)) out.push(other);
          left--;
        }
      }
      while (left > 0) {
        // Past the grid's edge every cell is empty: the line meets nothing more.
        if (!board.grid.hasNeighbour(cell, d)) break;
        cell += board.grid.sideDelta[d];
        if (board.cellTiles[cell] === 0) {
          if (gapsBlock) break;
          left--; // an empty cell is a step of range
          continue;
        }
        if (!this.perTile) {
          if (!out.includes(cell)) out.push(cell);
          left--;
          continue;
        }
        // The tiles the line meets in this cell (the facing one first); a triangular gap is no step.
        const first =
          board.cellTiles[cell] === 1 ? board.anySlot(cell) : board.sideSlot[cell * 4 + opposite(d)];
        if (!out.includes(first)) out.push(first);
        left--;
        if (board.cellTiles[cell] === 2 && left > 0) {
          const second = board.complementOf(first);
          if (!out.includes(second)) out.push(second);
          left--;
        }
      }
    }
    return out;
  }

  /** The units within `reach` orthogonal steps of `from` by any path (T-3 `diagonal`). */
  around(from: number, reach: number, gapsBlock: boolean, out: number[] = []): number[] {
    const board = this.board;
    // Breadth-first over units and, where gaps do not block, empty cells (encoded as −cell − 1).
    const seen = new Set<number>([from]);
    let frontier = [from];
    for (let k = 0; k < reach; k++) {
      const next: number[] = [];
      for (const u of frontier) {
        for (let d = 0; d < 4; d++) {
          let v: number;
          if (u < 0) {
            // Past the grid's edge every cell is empty, and a path out there and back is never
            // shorter than one along the edge (tiles stay two cells inside it, see Grid.holds).
            if (!board.grid.hasNeighbour(-u - 1, d)) continue;
            const c = -u - 1 + board.grid.sideDelta[d];
            v = board.cellTiles[c] === 0 ? -c - 1 : this.perTile ? entryTile(board, c, d) : c;
          } else {
            v = this.step(u, d);
            if (v === -1) {
              const c = this.cellOf(u) + board.grid.sideDelta[d];
              if (board.cellTiles[c] !== 0) continue;
              v = -c - 1;
            }
          }
          if (v < 0 && gapsBlock) continue;
          if (seen.has(v)) continue;
          seen.add(v);
          next.push(v);
        }
      }
      frontier = next;
    }
    out.length = 0;
    for (const u of seen) if (u >= 0) out.push(u);
    return out;
  }
}

/** The tile met first when entering cell c moving in direction d. */
function entryTile(board: Board, c: number, d: number): number {
  const facing = board.sideSlot[c * 4 + opposite(d)];
  return facing !== -1 ? facing : board.anySlot(c);
}
