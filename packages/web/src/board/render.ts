/**
 * Draws a board state into the board's DOM: the HTML wrapper (buttons, the live region) and the SVG
 * layers, bottom to top: tiles, last round's marks, scoring lights, a hovered target's feature,
 * figures, meeples going home, legal cells, the preview of a placement (all in the zoomed world
 * group); then score badges and the figure targets, in screen space so they keep a 48 px hit area
 * at any zoom. It knows no rules and listens to nothing: the input module does.
 */
import type { BoardModel, FigureNames } from '@carc/art';
import { ART_COLOURS, pathData, tileWords, turnsOf, tileArt } from '@carc/art';
import type { CornerName, CoveredTile, SideName, TargetHint } from '@carc/engine';
import type { ZoomTransform } from 'd3-zoom';
import { CELL, cellUnits, drawFigure, drawTile, el, outlinePoints, spread, titled } from './draw.js';
import type { Pending } from './state.js';
import { pendingPlacement, placementModel } from './state.js';
import { BOARD_STYLE, HTML_STYLE } from './style.js';
import type { TargetNode } from './targets.js';
import { MIN_HIT_PX, TARGET_STEP } from './targets.js';
import type { BoardInput, BoardTiles } from './types.js';
import type { Say } from './words.js';
import { documentLocale } from './words.js';

/** The board's elements. */
export interface BoardDom {
  root: HTMLDivElement;
  svg: SVGSVGElement;
  world: SVGGElement;
  tiles: SVGGElement;
  last: SVGGElement;
  lights: SVGGElement;
  highlight: SVGGElement;
  figures: SVGGElement;
  leaving: SVGGElement;
  cells: SVGGElement;
  preview: SVGGElement;
  badges: SVGGElement;
  targets: SVGGElement;
  controls: HTMLDivElement;
  rotateButton: HTMLButtonElement;
  confirmButton: HTMLButtonElement;
  /** The live region: what the preview or a lit target is, in words. */
  status: HTMLDivElement;
}

const num = (v: number): string => String(Math.round(v * 10) / 10);

function button(className: string, text: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.textContent = text;
  return b;
}

/** Builds the board's elements into `container`. */
export function createDom(container: HTMLElement): BoardDom {
  const root = document.createElement('div');
  root.className = 'carc-board';
  const htmlStyle = document.createElement('style');
  htmlStyle.textContent = HTML_STYLE;
  root.appendChild(htmlStyle);

  const svg = el('svg', { role: 'application', tabindex: 0 });
  const style = el('style', {}, svg);
  style.textContent = BOARD_STYLE;
  el('rect', { class: 'backdrop', width: '100%', height: '100%', fill: ART_COLOURS.background }, svg);
  const world = el('g', { class: 'world' }, svg);
  const dom: Omit<BoardDom, 'controls' | 'rotateButton' | 'confirmButton' | 'status'> = {
    root,
    svg,
    world,
    tiles: el('g', { class: 'tiles' }, world),
    last: el('g', { class: 'last-round' }, world),
    lights: el('g', { class: 'scoring-lights', 'pointer-events': 'none' }, world),
    highlight: el('g', { class: 'highlight', 'pointer-events': 'none' }, world),
    figures: el('g', { class: 'figures' }, world),
    leaving: el('g', { class: 'going-home-layer', 'pointer-events': 'none' }, world),
    cells: el('g', { class: 'cells', role: 'group' }, world),
    preview: el('g', { class: 'preview-layer' }, world),
    badges: el('g', { class: 'score-badges', 'aria-hidden': 'true' }, svg),
    targets: el('g', { class: 'targets', role: 'group' }, svg),
  };
  root.appendChild(svg);

  const controls = document.createElement('div');
  controls.className = 'controls';
  controls.hidden = true;
  const rotateButton = button('rotate', '↻');
  const confirmButton = button('confirm', '✓');
  controls.append(rotateButton, confirmButton);
  root.appendChild(controls);

  const status = document.createElement('div');
  status.className = 'sr';
  status.setAttribute('aria-live', 'polite');
  root.appendChild(status);
  container.appendChild(root);
  return { ...dom, controls, rotateButton, confirmButton, status };
}

/** The words of what stays: the board's role and name (before a first input), its groups, the buttons. */
export function labelControls(dom: BoardDom, say: Say, drawn: boolean): void {
  dom.svg.setAttribute('aria-roledescription', say('roleBoard'));
  if (!drawn) dom.svg.setAttribute('aria-label', say('boardIntro'));
  dom.cells.setAttribute('aria-label', say('legalCells'));
  dom.targets.setAttribute('aria-label', say('figureTargets'));
  dom.rotateButton.title = say('rotateTitle');
  dom.rotateButton.setAttribute('aria-label', say('rotateLabel'));
  dom.confirmButton.title = say('confirmTitle');
  dom.confirmButton.setAttribute('aria-label', say('confirmLabel'));
}

/** The board's name after a drawing: how many tiles, cells and targets it shows. */
export function labelBoard(dom: BoardDom, say: Say, tiles: number, cells: number, targets: number): void {
  dom.svg.setAttribute('aria-label', say('boardSummary', { tiles, cells, targets }));
}

/** The placed tiles; `drawn` keeps their nodes between drawings (a tile is drawn once). */
export function drawTiles(
  dom: BoardDom,
  drawn: Map<string, SVGElement>,
  m: BoardModel,
  tiles: BoardTiles,
  say: Say,
): void {
  const seen = new Set<string>();
  for (const t of m.tiles) {
    const k = `${t.tile}@${t.x},${t.y},${t.rotation},${t.corner ?? ''},${t.towerHeight}`;
    seen.add(k);
    let node = drawn.get(k);
    if (!node) {
      node = drawTile(t, say, tiles);
      drawn.set(k, node);
    }
    dom.tiles.appendChild(node); // in model order
  }
  for (const [k, node] of drawn) {
    if (seen.has(k)) continue;
    node.remove();
    drawn.delete(k);
  }
}

export function drawLastRound(dom: BoardDom, i: BoardInput): void {
  dom.last.replaceChildren();
  for (const t of i.hints.lastRound) {
    el(
      'polygon',
      {
        class: 'last',
        points: outlinePoints(t.x, t.y, t.corner, 0.02),
        'vector-effect': 'non-scaling-stroke',
        'data-x': t.x,
        'data-y': t.y,
      },
      dom.last,
    );
  }
}

export function drawFigures(dom: BoardDom, m: BoardModel, names: FigureNames, say: Say): void {
  dom.figures.replaceChildren();
  for (const f of m.figures) {
    const node = drawFigure(f, names, say);
    if (node) dom.figures.appendChild(node);
  }
}

/** The legal cells offered; returns each cell's node, by the cell's place in `cells`. */
export function drawCells(
  dom: BoardDom,
  cells: Iterable<{ x: number; y: number; placements: readonly unknown[] }>,
  say: Say,
): SVGGElement[] {
  dom.cells.replaceChildren();
  const nodes: SVGGElement[] = [];
  for (const c of cells) {
    const n = c.placements.length;
    const g = el(
      'g',
      {
        class: 'cell',
        role: 'button',
        tabindex: 0,
        'data-x': c.x,
        'data-y': c.y,
        'data-placements': n,
        'aria-label': say('cellLabel', { x: c.x, y: c.y, n }),
      },
      dom.cells,
    );
    titled(g, say('cellTitle', { x: c.x, y: c.y, n }));
    el('rect', { class: 'hit', 'data-x': c.x, 'data-y': c.y }, g);
    el(
      'rect',
      {
        class: 'legal',
        x: c.x * CELL + 3,
        y: c.y * CELL + 3,
        width: CELL - 6,
        height: CELL - 6,
        rx: 6,
        'vector-effect': 'non-scaling-stroke',
      },
      g,
    );
    nodes.push(g);
  }
  return nodes;
}

/** The placement previewed (or none): its tile on its cell, the cell selected, the buttons, its words. */
export function drawPreview(dom: BoardDom, pending: Pending | undefined, tiles: BoardTiles, say: Say): void {
  dom.preview.replaceChildren();
  for (const g of dom.cells.querySelectorAll('.cell.selected')) g.classList.remove('selected');
  const p = pendingPlacement(pending);
  if (!pending || !p) {
    dom.controls.hidden = true;
    dom.status.textContent = '';
    return;
  }
  const c = pending.cell;
  dom.cells.querySelector(`.cell[data-x="${c.x}"][data-y="${c.y}"]`)?.classList.add('selected');
  const g = el(
    'g',
    {
      class: 'preview',
      'data-x': c.x,
      'data-y': c.y,
      'data-tile': p.tile,
      'data-rotation': p.rotation,
      'data-index': pending.index,
      ...(p.corner !== undefined ? { 'data-corner': p.corner } : {}),
    },
    dom.preview,
  );
  g.appendChild(drawTile(placementModel(tiles, c, p), say, tiles));
  el(
    'polygon',
    { class: 'frame', points: outlinePoints(c.x, c.y, p.corner), 'vector-effect': 'non-scaling-stroke' },
    g,
  );
  const n = c.placements.length;
  dom.rotateButton.hidden = n < 2;
  dom.controls.hidden = false;
  dom.status.textContent = say('previewStatus', {
    // What the tile shows in words, never its id.
    tile: tileWords(tiles, p.tile, documentLocale()) ?? p.tile,
    x: c.x,
    y: c.y,
    corner: p.corner ?? 'none',
    rotation: String(p.rotation),
    index: pending.index + 1,
    n,
  });
}

/** The endpoints of a board side of a cell (D: a triangle's diagonal), in cell coordinates. */
function sideLine(side: SideName, corner: CornerName | undefined): [number, number, number, number] {
  switch (side) {
    case 'N':
      return [0, 0, 1, 0];
    case 'E':
      return [1, 0, 1, 1];
    case 'S':
      return [1, 1, 0, 1];
    case 'W':
      return [0, 1, 0, 0];
    case 'D':
      // The diagonal through the two corners next to the right angle's.
      return corner === 'nw' || corner === 'se' ? [1, 0, 0, 1] : [0, 0, 1, 1];
  }
}

/** Lights the feature a target would take (its coverage), or its cell without one. */
export function showCoverage(dom: BoardDom, t: TargetHint, tiles: BoardTiles): void {
  dom.highlight.replaceChildren();
  const coverage: readonly CoveredTile[] = t.coverage ?? [
    {
      x: t.x,
      y: t.y,
      ...(t.corner ? { corner: t.corner } : {}),
      tile: t.tile,
      rotation: t.rotation,
      feature: -1,
      sides: [],
    },
  ];
  for (const c of coverage) {
    const g = el('g', { class: 'covered', 'data-x': c.x, 'data-y': c.y }, dom.highlight);
    el('polygon', { class: 'area', points: outlinePoints(c.x, c.y, c.corner) }, g);
    const kind = tiles.kindOf(c.tile);
    const art = kind === undefined ? undefined : tileArt(tiles.def(kind));
    const turned = el(
      'g',
      {
        transform: `translate(${c.x * CELL} ${c.y * CELL}) rotate(${turnsOf(c) * 90} ${CELL / 2} ${CELL / 2})`,
      },
      g,
    );
    for (const city of art?.cities ?? []) {
      if (city.feature === c.feature)
        el('path', { class: 'shape', d: pathData(city.path, cellUnits) }, turned);
    }
    for (const road of art?.roads ?? []) {
      if (road.feature === c.feature)
        el('path', { class: 'way', d: road.paths.map((p) => pathData(p, cellUnits)).join(' ') }, turned);
    }
    for (const s of c.sides) {
      const [x1, y1, x2, y2] = sideLine(s, c.corner);
      el(
        'line',
        {
          class: 'side',
          x1: (c.x + x1) * CELL,
          y1: (c.y + y1) * CELL,
          x2: (c.x + x2) * CELL,
          y2: (c.y + y2) * CELL,
        },
        g,
      );
    }
  }
}

export function hideCoverage(dom: BoardDom): void {
  dom.highlight.replaceChildren();
}

/**
 * Everything that keeps a size on screen at the view's transform `at` (a `width` × `height` view):
 * the cells' hit areas, the targets (spread apart, with a leader line back to their point), the
 * buttons beside the previewed cell.
 */
export function placeOverlays(
  dom: BoardDom,
  at: ZoomTransform,
  width: number,
  height: number,
  targets: readonly TargetNode[],
  pending: Pending | undefined,
): void {
  const k = at.k;
  const side = Math.max(CELL, MIN_HIT_PX / k);
  for (const hit of dom.cells.querySelectorAll<SVGRectElement>('rect.hit')) {
    const x = Number(hit.dataset.x) * CELL;
    const y = Number(hit.dataset.y) * CELL;
    hit.setAttribute('x', String(x + CELL / 2 - side / 2));
    hit.setAttribute('y', String(y + CELL / 2 - side / 2));
    hit.setAttribute('width', String(side));
    hit.setAttribute('height', String(side));
  }
  const spots = targets.map((t) => {
    const [ax, ay] = at.apply([t.wx, t.wy]);
    return { ax, ay, x: ax + t.dx, y: ay };
  });
  spread(spots, TARGET_STEP, width, height);
  targets.forEach((t, i) => {
    const s = spots[i];
    if (!s) return;
    t.node.setAttribute('transform', `translate(${num(s.x)} ${num(s.y)})`);
    // Pushed off its point (zoomed out, or several at one point): a leader line back to it.
    const off = Math.hypot(s.ax - s.x, s.ay - s.y) > 6;
    t.leader.setAttribute('x2', num(s.ax - s.x));
    t.leader.setAttribute('y2', num(s.ay - s.y));
    t.anchor.setAttribute('cx', num(s.ax - s.x));
    t.anchor.setAttribute('cy', num(s.ay - s.y));
    t.leader.style.display = off ? '' : 'none';
    t.anchor.style.display = off ? '' : 'none';
  });
  if (pending) {
    const c = pending.cell;
    const [right, top] = at.apply([(c.x + 1) * CELL, c.y * CELL]);
    const [left] = at.apply([c.x * CELL, c.y * CELL]);
    const w = dom.controls.offsetWidth;
    const h = dom.controls.offsetHeight;
    let x = right + 8;
    if (x + w > width - 4) x = left - 8 - w;
    x = Math.min(Math.max(4, x), Math.max(4, width - w - 4));
    const y = Math.min(Math.max(4, top), Math.max(4, height - h - 4));
    dom.controls.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px)`;
  }
}
