/**
 * A tile's face as SVG data in a 1×1 frame, from the art package's tile artwork (the same geometry
 * the board draws): for the hand of triangles and other small pictures of tiles.
 */
import type { PathCmd, Pt } from '@carc/art';
import { tileArt } from '@carc/art';
import { BUILTIN } from '@carc/engine';

export interface TileFace {
  id: string;
  shape: 'square' | 'triangle';
  outline: string;
  cities: { d: string; pennants: Pt[] }[];
  roads: string[];
  junctions: Pt[];
  monastery: Pt | undefined;
  tower: Pt | undefined;
}

const n = (v: number): string => String(Math.round(v * 1000) / 1000);

/** SVG path data of an artwork path. */
export function pathData(cmds: readonly PathCmd[]): string {
  return cmds
    .map((c) => {
      if (c.c === 'Z') return 'Z';
      if (c.c === 'Q') return `Q${n(c.k.x)} ${n(c.k.y)} ${n(c.p.x)} ${n(c.p.y)}`;
      if (c.c === 'C') return `C${n(c.k.x)} ${n(c.k.y)} ${n(c.k2.x)} ${n(c.k2.y)} ${n(c.p.x)} ${n(c.p.y)}`;
      return `${c.c}${n(c.p.x)} ${n(c.p.y)}`;
    })
    .join(' ');
}

const cache = new Map<string, TileFace | undefined>();

/** The face of tile `id`, or undefined when the built-in catalog does not know it. */
export function tileFace(id: string): TileFace | undefined {
  if (cache.has(id)) return cache.get(id);
  const catalog = BUILTIN.catalog();
  const kind = catalog.kindOf(id);
  let face: TileFace | undefined;
  if (kind !== undefined) {
    const art = tileArt(catalog.def(kind));
    face = {
      id,
      shape: art.shape,
      outline: art.outline.map((p) => `${n(p.x)},${n(p.y)}`).join(' '),
      cities: art.cities.map((c) => ({ d: pathData(c.path), pennants: c.pennants })),
      roads: art.roads.flatMap((r) => r.paths.map(pathData)),
      junctions: art.junctions,
      monastery: art.monastery,
      tower: art.tower,
    };
  }
  cache.set(id, face);
  return face;
}
