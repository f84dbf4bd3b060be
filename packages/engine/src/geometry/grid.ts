/**
 * Cells of the unbounded board packed into integers (+x east, +y south, start tile at (0,0)).
 *
 * Implementation notes: a game never has more than `maxTiles` tiles, so every reachable cell lies
 * within `maxTiles` steps of the origin; a dense square of side 2·maxTiles+3 holds them all with a
 * one-cell empty border, which lets neighbour lookups skip bounds checks (chessops `tabulate`).
 */
import type { Point } from '../types.js';

export class Grid {
  /** Cells per row. */
  readonly width: number;
  /** Number of cells. */
  readonly size: number;
  /** Packed offset of the four orthogonal neighbours, indexed by side (0 n, 1 e, 2 s, 3 w). */
  readonly sideDelta: Int32Array;
  /** Packed offsets of the 8 surrounding cells (monasteries, B-7, H-9). */
  readonly ringDelta: Int32Array;
  private readonly offset: number;

  /** Number of cells of the grid for a game of at most `maxTiles` tiles. */
  static sizeFor(maxTiles: number): number {
    const width = 2 * (maxTiles + 1) + 1;
    return width * width;
  }

  constructor(maxTiles: number) {
    this.offset = maxTiles + 1;
    this.width = 2 * this.offset + 1;
    this.size = this.width * this.width;
    const w = this.width;
    this.sideDelta = Int32Array.of(-w, 1, w, -1);
    this.ringDelta = Int32Array.of(-w - 1, -w, -w + 1, 1, w + 1, w, w - 1, -1);
  }

  /** Packs a point; undefined when it lies outside the reachable square. */
  cell(x: number, y: number): number | undefined {
    const px = x + this.offset;
    const py = y + this.offset;
    if (!Number.isInteger(x) || !Number.isInteger(y)) return undefined;
    if (px < 1 || py < 1 || px >= this.width - 1 || py >= this.width - 1) return undefined;
    return px + py * this.width;
  }

  x(cell: number): number {
    return (cell % this.width) - this.offset;
  }

  y(cell: number): number {
    return Math.floor(cell / this.width) - this.offset;
  }

  point(cell: number): Point {
    return { x: this.x(cell), y: this.y(cell) };
  }
}
