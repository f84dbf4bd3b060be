/**
 * Sides, half-edges and triangle corners of a cell (B-4, H-1, H-2).
 *
 * A square tile has four sides; a triangle has two short sides (full cell edges) and a long side
 * (the diagonal). In tables a tile has five side slots: 0 n, 1 e, 2 s, 3 w, 4 the diagonal. Every
 * side has three ports, numbered clockwise around the tile: the two field halves and the centre,
 * which carries the side's road or city. The diagonal's ports continue the clockwise order.
 *
 *          0   1   2                  triangle at corner nw (rotation 0):
 *        +-----------+                  +-----------+
 *     11 |           | 3                | 0   1   2/
 *     10 |           | 4             11 |        / 12
 *      9 |           | 5             10 |     /  13
 *        +-----------+                9 |  /  14
 *          8   7   6                    +/
 *
 * Half h of side s (h 0 = "L", the first clockwise; h 1 = "R") is half-index s * 2 + h.
 * Across a shared side, half h meets the neighbour's half 1 − h; this holds for cell sides and for
 * the diagonal between two complementary triangles alike.
 *
 * A quarter turn clockwise maps side s to (s + 1) % 4 and keeps the diagonal a diagonal. A triangle's
 * rotation is the corner holding its right angle: 0 nw, 1 ne, 2 se, 3 sw. The triangle at corner c
 * covers the cell sides c and (c + 3) % 4; its complement (H-1) is at corner (c + 2) % 4, and the
 * two share the diagonal through the other two corners.
 */

export const SIDE_NAMES = ['N', 'E', 'S', 'W', 'D'] as const;
export type SideName = (typeof SIDE_NAMES)[number];
export const HALF_NAMES = ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR', 'DL', 'DR'] as const;
export type HalfName = (typeof HALF_NAMES)[number];

export const SIDE_N = 0;
export const SIDE_E = 1;
export const SIDE_S = 2;
export const SIDE_W = 3;
export const SIDE_D = 4;
/** Number of side slots per tile in tables (four cell sides and the diagonal). */
export const SIDE_SLOTS = 5;
export const HALF_SLOTS = 10;

export const CORNER_NAMES = ['nw', 'ne', 'se', 'sw'] as const;
export type CornerName = (typeof CORNER_NAMES)[number];

/** The side facing side s across the cell boundary. */
export const opposite = (side: number): number => (side + 2) & 3;

/** Where local side s of a tile lies on the board after q clockwise quarter turns. */
export const rotateSide = (side: number, quarters: number): number =>
  side === SIDE_D ? SIDE_D : (side + quarters) & 3;

/** The two cell sides covered by a triangle whose right angle is at corner c. */
export const cornerSides = (corner: number): readonly [number, number] => [corner, (corner + 3) & 3];

/** The complementary half's corner (H-1). */
export const complementCorner = (corner: number): number => (corner + 2) & 3;

/** Local sides a triangle has in its own frame (right angle at nw): N, W and the diagonal. */
export const TRIANGLE_SIDES: readonly number[] = [SIDE_N, SIDE_W, SIDE_D];
export const SQUARE_SIDES: readonly number[] = [SIDE_N, SIDE_E, SIDE_S, SIDE_W];
