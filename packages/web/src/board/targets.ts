/**
 * The figure targets the hints offer, drawn in screen space: a ring with the piece the action puts
 * down, a hit area of MIN_HIT_PX at any zoom, a leader line back to its point when pushed off it,
 * and an accessible name in words. Targets sharing one point stand side by side.
 */
import type { FigureShape, Pt } from '@carc/art';
import { featurePoint, figureShape, placeCentre, playerColour, targetFigure } from '@carc/art';
import type { TargetHint } from '@carc/engine';
import { CELL, el, titled } from './draw.js';
import type { BoardInput, BoardTiles } from './types.js';
import type { Say } from './words.js';

/** The smallest hit area on screen, in CSS pixels (WCAG 2.5.5: 44). */
export const MIN_HIT_PX = 48;
/** Screen pixels between targets sharing one point. */
export const TARGET_STEP = 50;
/** The height of the piece drawn on a figure target, in screen pixels. */
const FIGURE_PX = 30;

/** A target drawn: its node, its hint and name, and where it stands (world point, screen offset). */
export interface TargetNode {
  node: SVGGElement;
  hint: TargetHint;
  label: string;
  leader: SVGLineElement;
  anchor: SVGCircleElement;
  wx: number;
  wy: number;
  dx: number;
}

/** The direction of a point of a cell from the cell's centre ('none' at the centre). */
function compass(at: Pt, centre: Pt): string {
  const dx = at.x - centre.x;
  const dy = at.y - centre.y;
  if (Math.hypot(dx, dy) < 0.12) return 'none';
  const names = ['e', 'se', 's', 'sw', 'w', 'nw', 'n', 'ne'];
  const octant = Math.round(Math.atan2(dy, dx) / (Math.PI / 4));
  return names[(octant + 8) % 8] ?? 'none';
}

/** A figure of @carc/art as a message's choice (no hyphen: ICU's keys are words). */
const figureKey = (figure: FigureShape['figure']): string =>
  figure === 'tower-meeple' ? 'towerMeeple' : figure;

/**
 * A figure target's accessible name, in words: what the action does with which figure, on which
 * feature of the tile and where ("Place a farmer on the field (south-west) at (2, -1)").
 */
function targetLabel(
  say: Say,
  t: TargetHint,
  shape: FigureShape,
  featureKind: string | undefined,
  at: Pt,
): string {
  const dir = compass(at, placeCentre(t.corner));
  const place = {
    kind: featureKind ?? 'none',
    dir: featureKind === undefined || dir === 'none' ? 'none' : say('compass', { dir }),
  };
  const on = say('featureOn', place);
  const figure = figureKey(shape.figure);
  const cell = { x: t.x, y: t.y };
  switch (t.action.type) {
    case 'meeple':
      return say('targetMeeple', { figure, on, ...cell });
    case 'crop':
      return say('targetCrop', { figure, on, ...cell });
    case 'tower':
      return say('targetTower', cell);
    case 'tower-meeple':
      return say('targetTowerMeeple', cell);
    case 'fairy':
      return featureKind === undefined
        ? say('targetFairyTile', cell)
        : say('targetFairyMeeple', { on, ...cell });
    case 'dragon':
      return say('targetDragon', cell);
    case 'princess':
      return say('targetPrincess', { feature: say('feature', place), ...cell });
    case 'capture':
      return say('targetCapture', { on, ...cell });
    default:
      return say('targetOther', { figure: say('figure', { figure }), on, ...cell });
  }
}

/** Draws the targets an input offers into `layer` (none unless interactive). */
export function drawTargets(layer: SVGGElement, i: BoardInput, tiles: BoardTiles, say: Say): TargetNode[] {
  layer.replaceChildren();
  const drawn: TargetNode[] = [];
  if (!i.interactive) return drawn;
  const targets = i.hints.targets ?? [];
  // Targets sharing a point stand side by side.
  const groups = new Map<string, { t: TargetHint; at: Pt; wx: number; wy: number }[]>();
  for (const t of targets) {
    const at = t.feature === undefined ? placeCentre(t.corner) : featurePoint(t, tiles, t.feature);
    const wx = (t.x + at.x) * CELL;
    const wy = (t.y + at.y) * CELL;
    const k = `${Math.round(wx)},${Math.round(wy)}`;
    const list = groups.get(k) ?? [];
    list.push({ t, at, wx, wy });
    groups.set(k, list);
  }
  const { colour } = playerColour(i.view.toAct >= 0 ? i.view.toAct : 0);
  let index = 0;
  for (const list of groups.values()) {
    list.forEach(({ t, at, wx, wy }, j) => {
      const kind = tiles.kindOf(t.tile);
      const feature =
        t.feature === undefined || kind === undefined ? undefined : tiles.def(kind).features[t.feature];
      const shape = figureShape(targetFigure(t.action.type, feature?.kind));
      const label = targetLabel(say, t, shape, feature?.kind, at);
      const g = el(
        'g',
        {
          class: 'target',
          role: 'button',
          tabindex: 0,
          'aria-label': label,
          'data-index': index,
          'data-type': t.action.type,
          'data-figure': shape.figure,
          'data-x': t.x,
          'data-y': t.y,
          'data-coverage': t.coverage?.length ?? 0,
        },
        layer,
      );
      titled(g, label);
      const leader = el('line', { class: 'leader', x1: 0, y1: 0, x2: 0, y2: 0 }, g);
      const anchor = el('circle', { class: 'anchor', r: 4, fill: colour }, g);
      el('circle', { class: 'hit', r: MIN_HIT_PX / 2 }, g);
      el('circle', { class: 'ring', r: 19, stroke: colour }, g);
      el('circle', { class: 'focus', r: 22 }, g);
      // The piece itself, about 30 px high, in the acting player's colour where it is theirs.
      const piece = el('g', { class: 'piece', transform: `scale(${FIGURE_PX})` }, g);
      for (const part of shape.parts) {
        el('path', { d: part.d, fill: part.fill === 'player' ? colour : part.fill }, piece);
      }
      // On touch, the lit target says a second tap confirms.
      const tick = el('g', { class: 'tick', transform: 'translate(17 -17)' }, g);
      el('circle', { r: 9 }, tick);
      el(
        'text',
        { 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': 13 },
        tick,
      ).textContent = '✓';
      drawn.push({
        node: g,
        hint: t,
        label,
        leader,
        anchor,
        wx,
        wy,
        dx: (j - (list.length - 1) / 2) * TARGET_STEP,
      });
      index++;
    });
  }
  return drawn;
}
