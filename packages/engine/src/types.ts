/**
 * Vocabulary shared by every module: const arrays with derived unions (chessops style), plus the
 * small integer codes used in typed-array tables on the hot path.
 */

/**
 * A rule's id, as docs/rules.md names it and errors, events, tests and comments cite it: a section
 * letter or letters and a number, e.g. B-7, D-14, X-3 (a plug-in expansion brings its own section).
 */
export type RuleId = `${string}-${string}`;

/** Feature kinds a tile can carry. `tower` is a tower foundation (T-1): a feature of its own. */
export const FEATURE_KINDS = ['road', 'city', 'field', 'monastery', 'tower'] as const;
export type FeatureKind = (typeof FEATURE_KINDS)[number];
/** Integer codes of FEATURE_KINDS, used in typed arrays. */
export const K_ROAD = 0;
export const K_CITY = 1;
export const K_FIELD = 2;
export const K_MONASTERY = 3;
export const K_TOWER = 4;

/** Edge types for placement matching (B-4). An edge is city, road or field; -1 means "no edge". */
export const EDGE_TYPES = ['field', 'road', 'city'] as const;
export type EdgeType = (typeof EDGE_TYPES)[number];
export const E_NONE = -1;
export const E_FIELD = 0;
export const E_ROAD = 1;
export const E_CITY = 2;

/** Rotations clockwise, in degrees. For a triangle the rotation also fixes which half of the cell it covers. */
export const ROTATIONS = [0, 90, 180, 270] as const;
export type Rotation = (typeof ROTATIONS)[number];

/** Tile shapes: a full square, or a right isosceles triangle (half a cell cut along a diagonal, H-1). */
export const SHAPES = ['square', 'triangle'] as const;
export type Shape = (typeof SHAPES)[number];

/** A board position: +x east, +y south, the start tile at (0,0). */
export interface Point {
  x: number;
  y: number;
}
