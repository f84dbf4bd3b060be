/** The extent of a board, shared by the SVG and the text renderers. */

/** The smallest and largest coordinates, and the columns and rows between them (inclusive). */
export interface BoardBounds {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
  cols: number;
  rows: number;
}

/** The bounds of `points` (the cells of the board); a single cell at (0,0) when there are none. */
export function boardBounds(points: readonly { x: number; y: number }[]): BoardBounds {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const minX = xs.length > 0 ? Math.min(...xs) : 0;
  const maxX = xs.length > 0 ? Math.max(...xs) : 0;
  const minY = ys.length > 0 ? Math.min(...ys) : 0;
  const maxY = ys.length > 0 ? Math.max(...ys) : 0;
  return { minX, maxX, minY, maxY, cols: maxX - minX + 1, rows: maxY - minY + 1 };
}
