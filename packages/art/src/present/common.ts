/** Pieces of phrases several presentations use: places, features on the board, tiles, rules. */
import type { CornerName, RuleId, TileDef } from '@carc/engine';
import { tileArt } from '../tileArt.js';
import type { Part } from './phrase.js';
import type { PresentContext } from './types.js';
import { cellName } from './words.js';
import { tileWords } from './tiles.js';

/** A rule reference; `points` when it explains points. */
export const rule = (id: RuleId, points = false): Part =>
  points ? { rule: id, points: true } : { rule: id };

/** A tile as a part: its picture for the web, its words for the terminal. */
export const tile = (ctx: PresentContext, id: string, rotation?: number): Part => ({
  ...(rotation ? { rotation } : {}),
  tile: id,
  words: tileWords(ctx.tiles, id) ?? 'a tile',
});

/** Where a place is: "(1,0)", "(1,0) nw". */
export const at = (p: { x: number; y: number; corner?: CornerName }): string => cellName(p.x, p.y, p.corner);

const COMPASS = ['east', 'south-east', 'south', 'south-west', 'west', 'north-west', 'north', 'north-east'];

/** Where a point of a cell lies seen from its middle: "north", "south-west"… or "middle". */
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
 * "the city (north) at (1,0)": a feature of a placed tile, with where it lies on the tile when the
 * tile has several features of its kind.
 */
export function featureName(
  ctx: PresentContext,
  p: { x: number; y: number; corner?: CornerName; feature: number },
): string {
  const where = at(p);
  const placed = tileAt(ctx, p.x, p.y, p.corner);
  const f = placed?.def.features[p.feature];
  if (!placed || !f) return `the feature at ${where}`;
  const noun = ctx.words.feature(f.kind).one;
  const same = placed.def.features.filter((g) => g.kind === f.kind).length;
  if (same < 2) return `the ${noun} at ${where}`;
  const anchor = tileArt(placed.def).anchors[p.feature];
  if (!anchor) return `the ${noun} at ${where}`;
  let { x: ax, y: ay } = anchor;
  for (let i = 0; i < placed.q; i++) [ax, ay] = [1 - ay, ax];
  return `the ${noun} (${compass(ax, ay)}) at ${where}`;
}

/**
 * " #3" when an action names which of the owner's meeples on one spot it means (two may share a
 * spot after a crop circle, H-13), so that each choice reads differently.
 */
export const meepleNumber = (meeple: number | undefined): string =>
  meeple === undefined ? '' : ` #${meeple}`;
