/**
 * A tile's face for the hand of triangles and other small pictures of tiles: the art package's
 * glyphs of the tile alone at (0, 0), unturned, the same drawing as on the board.
 */
import type { Glyph } from '@carc/art';
import { tileArt, tileGlyph } from '@carc/art';
import { BUILTIN } from '@carc/engine';

/** User units per cell of a face: the board's, so strokes keep the board's proportions. */
export const FACE_CELL = 100;

const cache = new Map<string, Glyph[] | undefined>();

/** The parts of tile `id`'s face (without the board's title), or undefined for an unknown tile. */
export function tileFace(id: string): Glyph[] | undefined {
  if (cache.has(id)) return cache.get(id);
  const catalog = BUILTIN.catalog();
  const kind = catalog.kindOf(id);
  let face: Glyph[] | undefined;
  if (kind !== undefined) {
    const def = catalog.def(kind);
    const placed = {
      tile: id,
      x: 0,
      y: 0,
      rotation: 0 as const,
      turns: 0,
      def,
      art: tileArt(def),
      towerHeight: 0,
    };
    face = (tileGlyph(placed, { x: 0, y: 0 }, FACE_CELL).children ?? []).filter((g) => g.tag !== 'title');
  }
  cache.set(id, face);
  return face;
}
