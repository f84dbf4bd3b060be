/**
 * Cells of the unbounded board packed into integers (+x east, +y south, start tile at (0,0)).
 *
 * Implementation notes: a grid of radius r is a dense square of side 2·r+3 centred on the start
 * tile: the cells within r steps of it, plus a one-cell empty border, which lets neighbour lookups
 * skip bounds checks (chessops `tabulate`). A game never has more than `maxTiles` tiles, so radius
 * `maxTiles` holds every reachable cell; but a board rarely spreads far (random base games stay
 * within 16 cells of the start), so a game starts with a small grid and moves to a larger one when
 * a tile comes near its edge (GameState.regrid: every stored cell is re-packed). Grids are
 * immutable and shared per radius (`Grid.of`): two games on the same grid pack cells alike.
 */
import type { Point } from '../types.js';

/** Radius a game starts with (a 23×23 square): most base games never leave it. */
export const INITIAL_RADIUS = 10;
/** Radius added when a tile comes near the edge. */
const GROWTH = 4;

const byRadius = new Map<number, Grid>();

export class Grid {
  /** Cells within `radius` steps of the start tile (in x and in y) lie inside the border. */
  readonly radius: number;
  /** Cells per row. */
  readonly width: number;
  /** Number of cells. */
  readonly size: number;
  /** Packed offset of the four orthogonal neighbours, indexed by side (0 n, 1 e, 2 s, 3 w). */
  readonly sideDelta: Int32Array;
  /** Packed offsets of the 8 surrounding cells (monasteries, B-7, H-9). */
  readonly ringDelta: Int32Array;
  private readonly offset: number;

  /** Number of cells of the largest grid a game of at most `maxTiles` tiles needs (radius `maxTiles`). */
  static sizeFor(maxTiles: number): number {
    const width = 2 * (maxTiles + 1) + 1;
    return width * width;
  }

  /** The shared grid of a radius. */
  static of(radius: number): Grid {
    let g = byRadius.get(radius);
    if (g === undefined) {
      g = new Grid(radius);
      byRadius.set(radius, g);
    }
    return g;
  }

  /** The grid a game of at most `maxTiles` tiles starts on. */
  static initial(maxTiles: number): Grid {
    return Grid.of(Math.min(INITIAL_RADIUS, maxTiles));
  }

  /** A grid of the given radius (prefer `Grid.of`, which shares them). */
  constructor(radius: number) {
    this.radius = radius;
    this.offset = radius + 1;
    this.width = 2 * this.offset + 1;
    this.size = this.width * this.width;
    const w = this.width;
    this.sideDelta = Int32Array.of(-w, 1, w, -1);
    this.ringDelta = Int32Array.of(-w - 1, -w, -w + 1, 1, w + 1, w, w - 1, -1);
  }

  /** Packs a point; undefined when it lies outside the square of this radius. */
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

  /**
   * Whether a tile may go at (x, y) on this grid of a game of at most `maxTiles` tiles: at least
   * two cells from the edge, so that its empty neighbours (the frontier) keep a border cell beyond
   * them and walks over empty cells (T-3) meet the edge only where nothing lies beyond. The
   * largest grid (radius maxTiles) takes every reachable point, as the only grid did before.
   */
  holds(x: number, y: number, maxTiles: number): boolean {
    const r = this.radius >= maxTiles ? this.radius : this.radius - 1;
    return Math.abs(x) <= r && Math.abs(y) <= r;
  }

  /** The grid after this one that holds (x, y) (see `holds`), for a point within `maxTiles` of the start. */
  grownFor(x: number, y: number, maxTiles: number): Grid {
    let r = this.radius;
    while (r < maxTiles && (Math.abs(x) > r - 1 || Math.abs(y) > r - 1)) r = Math.min(maxTiles, r + GROWTH);
    return Grid.of(r);
  }

  /** Cell c of grid `from` packed for this grid (a larger or equal one). */
  remap(c: number, from: Grid): number {
    const shift = this.offset - from.offset;
    return (c % from.width) + shift + (Math.floor(c / from.width) + shift) * this.width;
  }

  /** Whether cell c has a neighbour on side s inside the grid (walks over empty cells stop there). */
  hasNeighbour(c: number, s: number): boolean {
    const w = this.width;
    switch (s) {
      case 0:
        return c >= w;
      case 1:
        return c % w !== w - 1;
      case 2:
        return c < this.size - w;
      default:
        return c % w !== 0;
    }
  }
}
