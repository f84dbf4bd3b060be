/** Pieces of phrases several presentations use: places, features on the board, tiles, rules. */
import type { CornerName, RuleId, TileDef } from '@carc/engine';
import { tileArt } from '../tileArt.js';
import type { Part } from './phrase.js';
import { describeTileOf } from './tiles.js';
import type { PresentContext } from './types.js';

/** A rule reference; `points` when it explains points. */
export const rule = (id: RuleId, points = false): Part =>
  points ? { rule: id, points: true } : { rule: id };

/** A tile as a part: its picture for the web, its words for the terminal. */
export const tile = (ctx: PresentContext, id: string, rotation?: number): Part => ({
  ...(rotation ? { rotation } : {}),
  tile: id,
  words: describeTileOf(ctx.tiles, id, ctx.t) ?? ctx.t.text('common.aTile'),
});

/** Where a place is: "(1,0)", "(1,0) nw". */
export const at = (ctx: PresentContext, p: { x: number; y: number; corner?: CornerName }): string =>
  ctx.t.text('common.cell', { x: p.x, y: p.y, corner: p.corner ?? 'none' });

/** A rotation: "as drawn", "turned 90°". */
export const turned = (ctx: PresentContext, rotation: number): string =>
  ctx.t.text('common.turned', { rotation });

const COMPASS = ['e', 'se', 's', 'sw', 'w', 'nw', 'n', 'ne'];

/** Where a point of a cell lies seen from its middle: "n", "sw"… or "middle". */
function compass(x: number, y: number): string {
  const dx = x - 0.5;
  const dy = y - 0.5;
  if (Math.hypot(dx, dy) < 0.12) return 'middle';
  const octant = Math.round(Math.atan2(dy, dx) / (Math.PI / 4));
  return COMPASS[(octant + 8) % 8] ?? 'middle';
}

/** The tile definition and rotation at a place of the table, if the table shows one. */
function tileAt(
  ctx: PresentContext,
  x: number,
  y: number,
  corner?: CornerName,
): { def: TileDef; q: number } | undefined {
  const placed = ctx.table.tiles?.find((p) => p.x === x && p.y === y && p.corner === corner);
  if (!placed) return undefined;
  const kind = ctx.tiles.kindOf(placed.tile);
  if (kind === undefined) return undefined;
  return { def: ctx.tiles.def(kind), q: placed.rotation / 90 };
}

/**
 * A feature of a placed tile as message values: `feature`, its name with where it lies on the tile
 * when the tile has several features of its kind ("the city (north) at (1,0)"), and its `kind` and
 * the `gender` of its noun, for the words around it to agree with.
 */
export function featureName(
  ctx: PresentContext,
  p: { x: number; y: number; corner?: CornerName; feature: number },
): { feature: string; kind: string; gender: string } {
  const cell = at(ctx, p);
  const placed = tileAt(ctx, p.x, p.y, p.corner);
  const f = placed?.def.features[p.feature];
  if (!placed || !f) return { feature: ctx.t.text('common.someFeatureAt', { cell }), kind: '', gender: '' };
  const noun = ctx.words.feature(f.kind);
  const named = (where: string) => ({
    feature: ctx.t.text('common.featureAt', { the: noun.the, where, cell }),
    kind: f.kind,
    gender: noun.gender,
  });
  const same = placed.def.features.filter((g) => g.kind === f.kind).length;
  if (same < 2) return named('none');
  const anchor = tileArt(placed.def).anchors[p.feature];
  if (!anchor) return named('none');
  let { x: ax, y: ay } = anchor;
  for (let i = 0; i < placed.q; i++) [ax, ay] = [1 - ay, ax];
  return named(compass(ax, ay));
}

/**
 * Which of the owner's meeples on one spot an action means (two may share a spot after a crop
 * circle, H-13), so that each choice reads differently: its number, or "none".
 */
export const meepleNumber = (meeple: number | undefined): number | string => meeple ?? 'none';
