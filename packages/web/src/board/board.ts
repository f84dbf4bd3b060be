/**
 * The board (in the manner of chessground): framework-free DOM + SVG. It draws the view it is given
 * (tiles, figures, the dragon, the fairy, towers) with @carc/art's model and tile artwork, offers
 * only what the hints list (legal cells, figure targets), and reports the hinted action the player
 * confirms. It knows no rules.
 *
 * Layers, bottom to top: tiles, last round's marks, a hovered target's feature, figures, legal
 * cells, the preview of a placement (all in the zoomed world group); then the figure targets, in
 * screen space so they keep a 48 px hit area at any zoom; then HTML buttons (confirm, rotate).
 *
 * Input: mouse wheel, drag and pinch (d3-zoom); keys: arrows pan, + and - zoom, 0 or f fit, r
 * rotates, Enter confirms, Escape cancels; cells and targets are focusable and activate with Enter
 * or Space.
 */
import type { BoardModel, Figure, FigureNames, FigureShape, Pt, TileModel } from '@carc/art';
import {
  ART_COLOURS,
  boardModel,
  featurePoint,
  figureShape,
  pathData,
  placeCentre,
  playerColour,
  playerLetters,
  targetFigure,
  tileArt,
  tileWords,
  turnsOf,
} from '@carc/art';
import type {
  CellChoice,
  CellPlacement,
  CornerName,
  CoveredTile,
  GameEvent,
  SideName,
  TargetHint,
} from '@carc/engine';
import { BUILTIN } from '@carc/engine';
import { select } from 'd3-selection';
import type { D3ZoomEvent, ZoomTransform } from 'd3-zoom';
import { zoom, zoomIdentity } from 'd3-zoom';
import { CELL, cellUnits, drawFigure, drawTile, el, outlinePoints, spread, titled } from './draw.js';
import { createScoring, SCORING_HTML_STYLE, SCORING_STYLE } from './scoring.js';
import type { Board, BoardEvents, BoardInput, BoardPreview } from './types.js';
import type { Say } from './words.js';
import { documentLocale, pageWords, watchLanguage } from './words.js';

export type { Board, BoardEvents, BoardInput, BoardPreview, BoardStep } from './types.js';

/** The smallest hit area on screen, in CSS pixels (WCAG 2.5.5: 44). */
const MIN_HIT_PX = 48;
/** Screen pixels between targets sharing one point. */
const TARGET_STEP = 50;
/** The height of the piece drawn on a figure target, in screen pixels. */
const FIGURE_PX = 30;
const SCALE_EXTENT: [number, number] = [0.05, 4];
/** A fitted board shows cells at most this large (user units to pixels). */
const FIT_MAX_SCALE = 1.2;
const PAN_STEP = 80;
/** The camera's glide, in ms (a jump under prefers-reduced-motion). */
const GLIDE_MS = 350;
/**
 * The smallest zoom the camera picks by itself: a cell of 56 px on screen, its tile legible and a
 * comfortable tap. The user may zoom out further; the camera then keeps their zoom.
 */
const READABLE_SCALE = 0.56;
/** After the user pans or zooms, the camera leaves the view alone this long (others' moves). */
const USER_QUIET_MS = 4000;
/** Screen pixels kept between what the camera brings into view and the view's edge. */
const VIEW_MARGIN = 12;

const BOARD_STYLE = `
.figure text,.tower-height text,.target text{font-family:system-ui,sans-serif;font-weight:700;pointer-events:none;user-select:none}
.cell .legal{fill:rgba(255,255,255,.38);stroke:#0b57d0;stroke-width:3;stroke-dasharray:8 5}
.cell:hover .legal,.cell:focus .legal{fill:rgba(11,87,208,.22);stroke-dasharray:none}
.cell.selected .legal{fill:none;stroke:#0b57d0;stroke-width:4;stroke-dasharray:none}
.cell .hit{fill:transparent;pointer-events:all;cursor:pointer}
.cell:focus,.target:focus{outline:none}
.cell:focus-visible .legal{stroke:#000;stroke-width:5}
@media (prefers-color-scheme:dark){.cell .legal{fill:rgba(141,180,230,.1);stroke:#8db4e6;stroke-width:2.5}.cell:hover .legal,.cell:focus .legal{fill:rgba(141,180,230,.28)}.cell.selected .legal{stroke:#8db4e6}.cell:focus-visible .legal{stroke:#fff}}
.preview{pointer-events:none;opacity:.92}
.preview .frame{fill:none;stroke:#0b57d0;stroke-width:4}
.last{fill:none;stroke:#ff2d95;stroke-width:2.5;stroke-linejoin:round}
.covered .area{fill:rgba(255,214,0,.28)}
.covered .shape{fill:rgba(255,214,0,.6);stroke:#ff8f00;stroke-width:4}
.covered .way{fill:none;stroke:#ffc400;stroke-width:16;stroke-opacity:.85;stroke-linecap:round}
.covered .side{stroke:#ff8f00;stroke-width:6;stroke-linecap:round}
.target{cursor:pointer}
.target .hit{fill:transparent;pointer-events:all}
.target .leader{stroke:#1a1a1a;stroke-width:2;pointer-events:none}
.target .anchor{stroke:#1a1a1a;stroke-width:1.5;pointer-events:none}
.target .ring{fill:rgba(255,255,255,.9);stroke-width:3.5}
.target:hover .ring,.target:focus .ring,.target.active .ring{fill:#fff3b0}
.target .piece{stroke:#1b1b1b;stroke-width:.06;stroke-linejoin:round;pointer-events:none}
.target .focus{fill:none;stroke:none}
.target:focus-visible .focus,.target.armed .focus{stroke:#000;stroke-width:3}
.target .tick{display:none;pointer-events:none}
.target.armed .tick{display:inline}
.target .tick circle{fill:#0b57d0;stroke:#fff;stroke-width:1.5}
.target .tick text{fill:#fff}
${SCORING_STYLE}`;

const HTML_STYLE = `
.carc-board{position:relative;width:100%;height:100%;overflow:hidden;background:var(--board-bg,${ART_COLOURS.background});touch-action:none}
.carc-board .backdrop{fill:var(--board-bg,${ART_COLOURS.background})}
.carc-board svg{display:block;width:100%;height:100%;outline:none}
.carc-board svg:focus-visible{box-shadow:inset 0 0 0 3px var(--focus,#0b57d0)}
.carc-board .controls{position:absolute;left:0;top:0;display:flex;gap:6px;pointer-events:none}
.carc-board .controls[hidden]{display:none}
.carc-board .controls button{pointer-events:auto;min-width:48px;min-height:48px;font-size:26px;line-height:1;border-radius:10px;border:2px solid var(--accent,#0b57d0);background:var(--surface,#fff);color:var(--accent,#0b57d0);cursor:pointer;box-shadow:0 1px 4px rgba(0,0,0,.3)}
.carc-board .controls button.confirm{background:var(--accent,#0b57d0);color:var(--accent-ink,#fff)}
.carc-board .sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
${SCORING_HTML_STYLE}`;

const key = (x: number, y: number): string => `${x},${y}`;
const num = (v: number): string => String(Math.round(v * 10) / 10);

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

/**
 * Computes the artwork of every tile kind in the browser's idle time, a few kinds at a time.
 * @carc/art keeps it per kind, for every board after: a late position (a replay, a reconnection
 * to a game) then draws without working out each kind's shapes first.
 */
function warmArt(): void {
  if (typeof requestIdleCallback !== 'function') return;
  let next = 0;
  const step = (deadline: IdleDeadline): void => {
    const defs = BUILTIN.catalog().defs; // compiled once, at the first idle moment
    while (next < defs.length && deadline.timeRemaining() > 4) {
      const def = defs[next++];
      if (def) tileArt(def);
    }
    if (next < defs.length) requestIdleCallback(step);
  };
  requestIdleCallback(step);
}
warmArt();

/**
 * The meeples a step sends home during play (scored features, the dragon, the princess), as the
 * figures the board drew before it: they leave where they stood. Final scoring's are not among
 * them (the final board keeps them, faded).
 */
function goingHome(before: BoardModel, events: readonly GameEvent[]): Figure[] {
  const left = before.figures.filter((f) => f.type === 'meeple');
  const out: Figure[] = [];
  for (const e of events) {
    if (e.type === 'score' && e.final) break;
    if (e.type !== 'return' && e.type !== 'removed') continue;
    const i = left.findIndex(
      (f) =>
        f.type === 'meeple' &&
        f.player === e.player &&
        f.x === e.x &&
        f.y === e.y &&
        f.corner === e.corner &&
        f.feature === e.feature,
    );
    const f = left[i];
    if (i < 0 || !f) continue;
    left.splice(i, 1);
    out.push(f);
  }
  return out;
}

export function createBoard(container: HTMLElement, events: BoardEvents): Board {
  const catalog = BUILTIN.catalog();

  const root = document.createElement('div');
  root.className = 'carc-board';
  const htmlStyle = document.createElement('style');
  htmlStyle.textContent = HTML_STYLE;
  root.appendChild(htmlStyle);

  // The words of the page's language, read at each use: a change of language shows at the next
  // drawing, and at once through `relabel` (watchLanguage below).
  const say: Say = pageWords;
  const svg = el('svg', { role: 'application', tabindex: 0 });
  const style = el('style', {}, svg);
  style.textContent = BOARD_STYLE;
  el('rect', { class: 'backdrop', width: '100%', height: '100%', fill: ART_COLOURS.background }, svg);
  const world = el('g', { class: 'world' }, svg);
  const tilesLayer = el('g', { class: 'tiles' }, world);
  const lastLayer = el('g', { class: 'last-round' }, world);
  const lightsLayer = el('g', { class: 'scoring-lights', 'pointer-events': 'none' }, world);
  const highlightLayer = el('g', { class: 'highlight', 'pointer-events': 'none' }, world);
  const figuresLayer = el('g', { class: 'figures' }, world);
  const leavingLayer = el('g', { class: 'going-home-layer', 'pointer-events': 'none' }, world);
  const cellsLayer = el('g', { class: 'cells', role: 'group' }, world);
  const previewLayer = el('g', { class: 'preview-layer' }, world);
  const badgesLayer = el('g', { class: 'score-badges', 'aria-hidden': 'true' }, svg);
  const targetsLayer = el('g', { class: 'targets', role: 'group' }, svg);
  root.appendChild(svg);

  const controls = document.createElement('div');
  controls.className = 'controls';
  controls.hidden = true;
  const rotateButton = document.createElement('button');
  rotateButton.type = 'button';
  rotateButton.className = 'rotate';
  rotateButton.textContent = '↻';
  const confirmButton = document.createElement('button');
  confirmButton.type = 'button';
  confirmButton.className = 'confirm';
  confirmButton.textContent = '✓';
  controls.append(rotateButton, confirmButton);
  root.appendChild(controls);

  const status = document.createElement('div');
  status.className = 'sr';
  status.setAttribute('aria-live', 'polite');
  root.appendChild(status);
  container.appendChild(root);

  /** The words of what stays: the board's role and name, its groups, the buttons. */
  function labelControls(): void {
    svg.setAttribute('aria-roledescription', say('roleBoard'));
    if (input === undefined) svg.setAttribute('aria-label', say('boardIntro'));
    cellsLayer.setAttribute('aria-label', say('legalCells'));
    targetsLayer.setAttribute('aria-label', say('figureTargets'));
    rotateButton.title = say('rotateTitle');
    rotateButton.setAttribute('aria-label', say('rotateLabel'));
    confirmButton.title = say('confirmTitle');
    confirmButton.setAttribute('aria-label', say('confirmLabel'));
  }

  // State.
  let input: BoardInput | undefined;
  let model: BoardModel | undefined;
  let cells = new Map<string, CellChoice>();
  let pending: { cell: CellChoice; index: number } | undefined;
  let transform: ZoomTransform = zoomIdentity;
  let fitted = false;
  /** The camera: the legal cells offered last (to tell a new turn), the tiles seen last, the glide. */
  let offered = '';
  let seenTiles = new Set<string>();
  let glide = 0;
  /** Where the glide under way ends. */
  let aim: ZoomTransform = zoomIdentity;
  let userMovedAt = -Infinity;
  /** The board's boxes on the page while an update runs (read once, before it draws). */
  let boxes: { root: DOMRect; svg: DOMRect } | undefined;
  const tileNodes = new Map<string, SVGElement>();
  const targetNodes: {
    node: SVGGElement;
    leader: SVGLineElement;
    anchor: SVGCircleElement;
    wx: number;
    wy: number;
    dx: number;
  }[] = [];

  // The view's size in CSS pixels, kept up to date by the ResizeObserver: reading it from the DOM
  // in a zoom handler, just after the world's transform changed, would force a layout of the
  // whole SVG at every wheel or pointer event.
  let viewWidth = 0;
  let viewHeight = 0;
  const measure = (): void => {
    viewWidth = svg.clientWidth;
    viewHeight = svg.clientHeight;
  };
  // Overlays follow the view once per frame, however many zoom events the frame had.
  let overlaysFrame = 0;
  const placeOverlaysSoon = (): void => {
    if (overlaysFrame !== 0) return;
    overlaysFrame = requestAnimationFrame(() => {
      overlaysFrame = 0;
      placeOverlays();
    });
  };

  // Pan and zoom: only the world group's transform changes; the tiles are not redrawn.
  const zoomer = zoom<SVGSVGElement, unknown>()
    .scaleExtent(SCALE_EXTENT)
    .extent(() => [
      [0, 0],
      [viewWidth || 1, viewHeight || 1],
    ])
    .clickDistance(4)
    .on('zoom', (e: D3ZoomEvent<SVGSVGElement, unknown>) => {
      // A wheel, drag or pinch: the user's own move wins over any glide under way.
      if (e.sourceEvent) userMoved();
      transform = e.transform;
      world.setAttribute('transform', transform.toString());
      placeOverlaysSoon();
    });
  const selection = select(svg);
  selection.call(zoomer).on('dblclick.zoom', null);

  const labels: FigureNames = {
    name: (p) => input?.players[p] ?? say('player', { n: p + 1 }),
    letter: (p) => playerLetters(input?.players ?? [], Math.max(p + 1, input?.view.players ?? 0))[p] ?? '?',
  };
  const scoring = createScoring(
    {
      lights: lightsLayer,
      leaving: leavingLayer,
      badges: badgesLayer,
      root,
      places: (x, y) => (model?.tiles ?? []).filter((t) => t.x === x && t.y === y).map((t) => t.corner),
    },
    labels,
    say,
  );
  /** The version of the step last shown (or passed over), to show each step once. */
  let shownStep: number | undefined;
  labelControls();

  /** Everything that keeps a size on screen: hit areas, targets, the buttons. */
  function placeOverlays(): void {
    scoring.place(transform, viewWidth, viewHeight);
    const k = transform.k;
    const side = Math.max(CELL, MIN_HIT_PX / k);
    for (const hit of cellsLayer.querySelectorAll<SVGRectElement>('rect.hit')) {
      const x = Number(hit.dataset.x) * CELL;
      const y = Number(hit.dataset.y) * CELL;
      hit.setAttribute('x', String(x + CELL / 2 - side / 2));
      hit.setAttribute('y', String(y + CELL / 2 - side / 2));
      hit.setAttribute('width', String(side));
      hit.setAttribute('height', String(side));
    }
    const spots = targetNodes.map((t) => {
      const [ax, ay] = transform.apply([t.wx, t.wy]);
      return { ax, ay, x: ax + t.dx, y: ay };
    });
    spread(spots, TARGET_STEP, viewWidth, viewHeight);
    targetNodes.forEach((t, i) => {
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
      const [right, top] = transform.apply([(c.x + 1) * CELL, c.y * CELL]);
      const [left] = transform.apply([c.x * CELL, c.y * CELL]);
      const w = controls.offsetWidth;
      const h = controls.offsetHeight;
      const width = viewWidth;
      const height = viewHeight;
      let x = right + 8;
      if (x + w > width - 4) x = left - 8 - w;
      x = Math.min(Math.max(4, x), Math.max(4, width - w - 4));
      const y = Math.min(Math.max(4, top), Math.max(4, height - h - 4));
      controls.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px)`;
    }
  }

  function drawTiles(m: BoardModel): void {
    const seen = new Set<string>();
    for (const t of m.tiles) {
      const k = `${t.tile}@${t.x},${t.y},${t.rotation},${t.corner ?? ''},${t.towerHeight}`;
      seen.add(k);
      let node = tileNodes.get(k);
      if (!node) {
        node = drawTile(t, say);
        tileNodes.set(k, node);
      }
      tilesLayer.appendChild(node); // in model order
    }
    for (const [k, node] of tileNodes) {
      if (seen.has(k)) continue;
      node.remove();
      tileNodes.delete(k);
    }
  }

  function drawLastRound(i: BoardInput): void {
    lastLayer.replaceChildren();
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
        lastLayer,
      );
    }
  }

  function drawFigures(m: BoardModel): void {
    figuresLayer.replaceChildren();
    for (const f of m.figures) {
      const node = drawFigure(f, labels, say);
      if (node) figuresLayer.appendChild(node);
    }
  }

  function drawCells(i: BoardInput): void {
    cellsLayer.replaceChildren();
    cells = new Map();
    if (!i.interactive) return;
    for (const c of i.hints.placements ?? []) {
      if (c.placements.length === 0) continue;
      cells.set(key(c.x, c.y), c);
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
        cellsLayer,
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
      g.addEventListener('click', () => activateCell(c));
    }
  }

  function activateCell(c: CellChoice): void {
    if (!input?.interactive) return;
    if (pending && pending.cell.x === c.x && pending.cell.y === c.y) {
      pending.index = (pending.index + 1) % c.placements.length;
    } else {
      pending = { cell: c, index: 0 };
    }
    drawPreview();
  }

  function placementModel(c: CellChoice, p: CellPlacement): TileModel {
    const kind = catalog.kindOf(p.tile);
    const def = kind === undefined ? undefined : catalog.def(kind);
    return {
      tile: p.tile,
      x: c.x,
      y: c.y,
      rotation: p.rotation,
      ...(p.corner !== undefined ? { corner: p.corner } : {}),
      turns: turnsOf(p),
      def,
      art: def ? tileArt(def) : undefined,
      towerHeight: 0,
    };
  }

  /** The preview last reported through `events.preview` (reported only when it changes). */
  let reported = 'null';

  function reportPreview(next: BoardPreview | null): void {
    const text = JSON.stringify(next);
    if (text === reported) return;
    reported = text;
    events.preview?.(next);
  }

  function drawPreview(): void {
    previewLayer.replaceChildren();
    for (const g of cellsLayer.querySelectorAll('.cell.selected')) g.classList.remove('selected');
    const p = pending && pending.cell.placements[pending.index];
    if (!pending || !p) {
      controls.hidden = true;
      status.textContent = '';
      reportPreview(null);
      return;
    }
    const c = pending.cell;
    reportPreview({ tile: p.tile, rotation: p.rotation, x: c.x, y: c.y });
    cellsLayer.querySelector(`.cell[data-x="${c.x}"][data-y="${c.y}"]`)?.classList.add('selected');
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
      previewLayer,
    );
    g.appendChild(drawTile(placementModel(c, p), say));
    el(
      'polygon',
      { class: 'frame', points: outlinePoints(c.x, c.y, p.corner), 'vector-effect': 'non-scaling-stroke' },
      g,
    );
    const n = c.placements.length;
    rotateButton.hidden = n < 2;
    controls.hidden = false;
    placeOverlays();
    status.textContent = say('previewStatus', {
      // What the tile shows in words, never its id.
      tile: tileWords(catalog, p.tile, documentLocale()) ?? p.tile,
      x: c.x,
      y: c.y,
      corner: p.corner ?? 'none',
      rotation: String(p.rotation),
      index: pending.index + 1,
      n,
    });
  }

  function cancel(): void {
    if (!pending) return;
    pending = undefined;
    drawPreview();
  }

  function showCoverage(t: TargetHint): void {
    highlightLayer.replaceChildren();
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
      const g = el('g', { class: 'covered', 'data-x': c.x, 'data-y': c.y }, highlightLayer);
      el('polygon', { class: 'area', points: outlinePoints(c.x, c.y, c.corner) }, g);
      const kind = catalog.kindOf(c.tile);
      const art = kind === undefined ? undefined : tileArt(catalog.def(kind));
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

  function hideCoverage(): void {
    highlightLayer.replaceChildren();
  }

  /** On touch, the target lit by a first tap: a second tap on it confirms. */
  let armed: SVGGElement | undefined;
  /** The kind of pointer that pressed last ('touch', 'mouse', 'pen'; '' for none, as from a key). */
  let pressedWith = '';

  function disarm(): void {
    if (!armed) return;
    armed.classList.remove('armed', 'active');
    armed = undefined;
    hideCoverage();
    status.textContent = '';
  }

  function drawTargets(i: BoardInput): void {
    targetsLayer.replaceChildren();
    targetNodes.length = 0;
    armed = undefined;
    hideCoverage();
    if (!i.interactive) return;
    const targets = i.hints.targets ?? [];
    // Targets sharing a point stand side by side.
    const groups = new Map<string, { t: TargetHint; at: Pt; wx: number; wy: number }[]>();
    for (const t of targets) {
      const at = t.feature === undefined ? placeCentre(t.corner) : featurePoint(t, catalog, t.feature);
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
        const kind = catalog.kindOf(t.tile);
        const feature =
          t.feature === undefined || kind === undefined ? undefined : catalog.def(kind).features[t.feature];
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
          targetsLayer,
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
        const show = () => {
          g.classList.add('active');
          showCoverage(t);
        };
        const hide = () => {
          if (armed === g) return;
          g.classList.remove('active');
          hideCoverage();
        };
        g.addEventListener('pointerenter', (e) => {
          if (e.pointerType !== 'touch') show();
        });
        g.addEventListener('pointerleave', (e) => {
          if (e.pointerType !== 'touch') hide();
        });
        g.addEventListener('pointerdown', (e) => {
          pressedWith = e.pointerType;
        });
        g.addEventListener('focus', show);
        g.addEventListener('blur', hide);
        g.addEventListener('click', (e) => {
          e.stopPropagation();
          const touch = pressedWith === 'touch';
          pressedWith = '';
          // A first tap lights the feature; a second tap on the same target confirms.
          if (touch && armed !== g) {
            disarm();
            armed = g;
            g.classList.add('armed');
            show();
            status.textContent = say('targetTapAgain', { label });
            return;
          }
          chooseTarget(t);
        });
        targetNodes.push({ node: g, leader, anchor, wx, wy, dx: (j - (list.length - 1) / 2) * TARGET_STEP });
        index++;
      });
    }
  }

  function chooseTarget(t: TargetHint): void {
    if (!input?.interactive) return;
    disarm();
    events.choose(t.action);
  }

  /** Stops a glide; `data-gliding` on the board's root says one is under way (for tests, styles). */
  function stopGlide(): void {
    cancelAnimationFrame(glide);
    glide = 0;
    aim = transform;
    delete root.dataset.gliding;
  }

  function userMoved(): void {
    userMovedAt = performance.now();
    stopGlide();
  }

  /** The window's size without its scroll bars, in CSS pixels. */
  function windowSize(): { width: number; height: number } {
    const d = document.documentElement;
    return {
      width: Math.min(window.innerWidth, d.clientWidth || window.innerWidth),
      height: Math.min(window.innerHeight, d.clientHeight || window.innerHeight),
    };
  }

  /**
   * The part of the board the player sees, in board pixels: the board's box clipped to the window
   * (the page may be scrolled, or the panels above may push the board's bottom below the fold).
   */
  function visibleArea(): { x0: number; y0: number; x1: number; y1: number } {
    const r = boxes?.svg ?? svg.getBoundingClientRect();
    const w = windowSize();
    return {
      x0: Math.max(0, -r.left),
      y0: Math.max(0, -r.top),
      x1: Math.min(r.width, w.width - r.left),
      y1: Math.min(r.height, w.height - r.top),
    };
  }

  /**
   * At the start of the player's turn, scrolls the page (at once) so that the whole board is in the
   * window, when it is not: the player may have scrolled down to the panels or the log meanwhile.
   * Scrolling up, the board's bottom meets the window's: what is above it (the drawn tile) stays
   * in sight as far as it can.
   */
  function bringBoardIntoWindow(): void {
    const r = boxes?.root ?? root.getBoundingClientRect();
    const h = windowSize().height;
    if (r.height === 0 || (r.top >= 0 && r.bottom <= h)) return;
    const by = r.height <= h ? r.bottom - h : r.top;
    const before = window.scrollY;
    window.scrollBy({ top: by, behavior: 'instant' });
    if (boxes) {
      // The page moved (as far as it could): so did the boxes read before it.
      const moved = window.scrollY - before;
      const shift = (b: DOMRect) => new DOMRect(b.x, b.y - moved, b.width, b.height);
      boxes = { root: shift(boxes.root), svg: shift(boxes.svg) };
    }
  }

  /** Moves the camera to `to`: a short eased glide, or a jump under prefers-reduced-motion. */
  function moveTo(to: ZoomTransform): void {
    stopGlide();
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      selection.call(zoomer.transform, to);
      return;
    }
    const from = transform;
    const c: [number, number] = [viewWidth / 2, viewHeight / 2];
    const [ax, ay] = from.invert(c);
    const [bx, by] = to.invert(c);
    const start = performance.now();
    const step = (now: number): void => {
      const t = Math.min(1, (now - start) / GLIDE_MS);
      const e = t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2; // cubic in-out
      // Zoom in log space; the world point at the view's centre moves in a straight line.
      const k = from.k * (to.k / from.k) ** e;
      const px = ax + (bx - ax) * e;
      const py = ay + (by - ay) * e;
      selection.call(zoomer.transform, zoomIdentity.translate(c[0] - k * px, c[1] - k * py).scale(k));
      if (t < 1) glide = requestAnimationFrame(step);
      else stopGlide();
    };
    root.dataset.gliding = '';
    glide = requestAnimationFrame(step);
    aim = to;
  }

  /**
   * Brings board cells into view, moving as little as it can; never moves when they all are wholly
   * in view already. The policy, when they do not all fit:
   * - if they fit at the current zoom or at a zoom out to no less than READABLE_SCALE, the camera
   *   zooms out just enough and frames them all (never zooming in by itself);
   * - else, if one of them is wholly in view, it stays (the player sees where to go; the rest is
   *   a pan away, and Fit shows all);
   * - else it brings the group nearest to the view's centre, at READABLE_SCALE (or the user's
   *   smaller zoom): the cells within one screen of the nearest one.
   * With the zoom unchanged it pans the shortest way (the board keeps its place in the player's
   * mind); with a new zoom it centres the cells.
   */
  function reveal(boxes: readonly { x: number; y: number }[]): void {
    if (boxes.length === 0 || viewWidth === 0 || viewHeight === 0) return;
    // Judged where the view will be: a glide under way (to another player's tile) goes on to its end.
    const at = glide !== 0 ? aim : transform;
    const v = visibleArea();
    const m = VIEW_MARGIN;
    const vw = v.x1 - v.x0 - 2 * m;
    const vh = v.y1 - v.y0 - 2 * m;
    if (vw <= 0 || vh <= 0) return; // the board is out of the window: nothing to aim at
    const inView = (b: { x: number; y: number }): boolean => {
      const [l, t] = at.apply([b.x * CELL, b.y * CELL]);
      const [r, bt] = at.apply([(b.x + 1) * CELL, (b.y + 1) * CELL]);
      return l >= v.x0 && t >= v.y0 && r <= v.x1 && bt <= v.y1;
    };
    if (boxes.every(inView)) return;
    const bounds = (bs: readonly { x: number; y: number }[]) => ({
      minX: Math.min(...bs.map((b) => b.x)),
      minY: Math.min(...bs.map((b) => b.y)),
      maxX: Math.max(...bs.map((b) => b.x)) + 1,
      maxY: Math.max(...bs.map((b) => b.y)) + 1,
    });
    const all = bounds(boxes);
    const fitK = Math.min(vw / ((all.maxX - all.minX) * CELL), vh / ((all.maxY - all.minY) * CELL));
    let k: number;
    let box = all;
    if (fitK >= Math.min(at.k, READABLE_SCALE)) {
      k = Math.min(at.k, fitK);
    } else {
      if (boxes.some(inView)) return;
      k = Math.min(at.k, READABLE_SCALE);
      const [cx, cy] = at.invert([(v.x0 + v.x1) / 2, (v.y0 + v.y1) / 2]);
      const dist = (b: { x: number; y: number }) =>
        Math.hypot((b.x + 0.5) * CELL - cx, (b.y + 0.5) * CELL - cy);
      const near = boxes.reduce((a, b) => (dist(b) < dist(a) ? b : a));
      const spanX = Math.max(0, vw / (k * CELL) - 1) / 2;
      const spanY = Math.max(0, vh / (k * CELL) - 1) / 2;
      box = bounds(boxes.filter((b) => Math.abs(b.x - near.x) <= spanX && Math.abs(b.y - near.y) <= spanY));
    }
    k = Math.min(Math.max(k, SCALE_EXTENT[0]), SCALE_EXTENT[1]);
    let to: ZoomTransform;
    if (Math.abs(k - at.k) < 1e-6) {
      // The shortest pan that brings the box inside the margins (centred where it cannot fit).
      const [l, t] = at.apply([box.minX * CELL, box.minY * CELL]);
      const [r, b] = at.apply([box.maxX * CELL, box.maxY * CELL]);
      const shift = (lo: number, hi: number, from: number, to: number): number =>
        hi - lo > to - from ? (from + to) / 2 - (lo + hi) / 2 : lo < from ? from - lo : hi > to ? to - hi : 0;
      const dx = shift(l, r, v.x0 + m, v.x1 - m);
      const dy = shift(t, b, v.y0 + m, v.y1 - m);
      to = zoomIdentity.translate(at.x + dx, at.y + dy).scale(at.k);
    } else {
      const cx = ((box.minX + box.maxX) / 2) * CELL;
      const cy = ((box.minY + box.maxY) / 2) * CELL;
      to = zoomIdentity.translate((v.x0 + v.x1) / 2 - k * cx, (v.y0 + v.y1) / 2 - k * cy).scale(k);
    }
    moveTo(to);
  }

  /**
   * What the camera follows at an update: a new set of legal cells (the start of the viewer's
   * placement) comes into view; otherwise tiles new since the last update (another player's
   * placement) do, unless the user panned or zoomed in the last USER_QUIET_MS. Worked out before
   * the update draws (see update): `reveal` lists the cells to bring into view, if any.
   */
  function follow(next: BoardInput, wasFitted: boolean): { newTurn: boolean; reveal?: Pt[] } {
    const tileKeys = new Set(next.view.tiles.map((t) => key(t.x, t.y)));
    const fresh = next.view.tiles.filter((t) => !seenTiles.has(key(t.x, t.y)));
    const firstView = seenTiles.size === 0;
    seenTiles = tileKeys;
    // The cells drawCells will offer.
    const offer = next.interactive
      ? (next.hints.placements ?? []).filter((c) => c.placements.length > 0)
      : [];
    const nowOffered = offer
      .map((c) => key(c.x, c.y))
      .sort()
      .join(';');
    const newTurn = nowOffered !== '' && nowOffered !== offered;
    offered = nowOffered;
    if (!wasFitted) return { newTurn }; // the first fit frames everything
    if (newTurn) return { newTurn, reveal: offer };
    if (!firstView && fresh.length > 0 && performance.now() - userMovedAt > USER_QUIET_MS)
      return { newTurn, reveal: fresh };
    return { newTurn };
  }

  /** Frames every tile and every legal cell. */
  function fit(): void {
    frame(false);
  }

  /** Frames every tile and every legal cell (measuring the view first unless `measured`). */
  function frame(measured: boolean): void {
    stopGlide();
    const pts: { x: number; y: number }[] = [...(input?.view.tiles ?? [])];
    if (input?.interactive) for (const c of input.hints.placements ?? []) pts.push(c);
    if (!measured) measure();
    const w = viewWidth;
    const h = viewHeight;
    if (w === 0 || h === 0) return;
    if (pts.length === 0) pts.push({ x: 0, y: 0 });
    const minX = Math.min(...pts.map((p) => p.x));
    const maxX = Math.max(...pts.map((p) => p.x)) + 1;
    const minY = Math.min(...pts.map((p) => p.y));
    const maxY = Math.max(...pts.map((p) => p.y)) + 1;
    const margin = 0.25;
    const bw = (maxX - minX + 2 * margin) * CELL;
    const bh = (maxY - minY + 2 * margin) * CELL;
    const k = Math.min(Math.max(Math.min(w / bw, h / bh, FIT_MAX_SCALE), SCALE_EXTENT[0]), SCALE_EXTENT[1]);
    const cx = ((minX + maxX) / 2) * CELL;
    const cy = ((minY + maxY) / 2) * CELL;
    selection.call(zoomer.transform, zoomIdentity.translate(w / 2 - k * cx, h / 2 - k * cy).scale(k));
    fitted = true;
  }

  function confirm(): void {
    const p = pending?.cell.placements[pending.index];
    if (!p || !input?.interactive) return;
    pending = undefined;
    const refocus = controls.contains(document.activeElement);
    drawPreview();
    // The confirm button goes away with the preview: keep the keyboard on the board.
    if (refocus) svg.focus({ preventScroll: true });
    events.choose(p.action);
  }

  function rotate(): void {
    if (!pending) {
      // Without a preview, the only legal cell (if there is one) is the one to rotate on.
      if (cells.size !== 1) return;
      const only = cells.values().next().value;
      if (only) activateCell(only);
      return;
    }
    activateCell(pending.cell);
  }

  function update(next: BoardInput): void {
    const wasFitted = fitted;
    const camera = follow(next, wasFitted);
    // What the camera needs of the page's layout is read before the drawing changes: read after,
    // it would make the browser lay out every new tile there and then (on a first drawing, 150
    // tiles or more), and again for the next frame.
    if (!wasFitted || camera.newTurn || camera.reveal) {
      measure();
      boxes = { root: root.getBoundingClientRect(), svg: svg.getBoundingClientRect() };
    }
    try {
      draw(next);
      if (!wasFitted) frame(true);
      if (camera.newTurn) bringBoardIntoWindow();
      if (camera.reveal) reveal(camera.reveal);
    } finally {
      boxes = undefined;
    }
    placeOverlays();
  }

  function draw(next: BoardInput): void {
    // A new step ends final scoring (lights of play finish); its own show once the board is drawn.
    const step = next.step;
    const showStep = step !== undefined && step.version !== shownStep && model !== undefined;
    if (step?.version !== shownStep) scoring.interrupt();
    shownStep = step?.version;
    const leaving = showStep && model ? goingHome(model, step.events) : [];
    input = next;
    // The events let the model draw, at the game's end, the meeples final scoring sent home (B-9).
    model = boardModel(next.view, catalog, step ? { events: step.events } : {});
    drawTiles(model);
    drawLastRound(next);
    drawFigures(model);
    drawCells(next);
    drawTargets(next);
    // Keep the preview only while its cell is offered exactly as before.
    if (pending) {
      const c = cells.get(key(pending.cell.x, pending.cell.y));
      const same =
        c !== undefined &&
        JSON.stringify(c.placements.map((p) => p.action)) ===
          JSON.stringify(pending.cell.placements.map((p) => p.action));
      pending = same && c ? { cell: c, index: pending.index } : undefined;
    }
    drawPreview();
    if (showStep) scoring.play(step.events, leaving);
    svg.setAttribute(
      'aria-label',
      say('boardSummary', { tiles: next.view.tiles.length, cells: cells.size, targets: targetNodes.length }),
    );
  }

  function onKey(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target instanceof Element ? e.target : null;
    const cell = target?.closest('.cell');
    const tgt = target?.closest('.target');
    const k = transform.k;
    if (/^(Arrow(Left|Right|Up|Down)|[-+=_])$/.test(e.key)) userMoved();
    switch (e.key) {
      case 'ArrowLeft':
        zoomer.translateBy(selection, PAN_STEP / k, 0);
        break;
      case 'ArrowRight':
        zoomer.translateBy(selection, -PAN_STEP / k, 0);
        break;
      case 'ArrowUp':
        zoomer.translateBy(selection, 0, PAN_STEP / k);
        break;
      case 'ArrowDown':
        zoomer.translateBy(selection, 0, -PAN_STEP / k);
        break;
      case '+':
      case '=':
        zoomer.scaleBy(selection, 1.25);
        break;
      case '-':
      case '_':
        zoomer.scaleBy(selection, 0.8);
        break;
      case '0':
      case 'f':
      case 'F':
        fit();
        break;
      case 'r':
      case 'R':
        rotate();
        break;
      case 'Escape':
        if (scoring.playingFinal) scoring.skip();
        else cancel();
        break;
      case 'Enter':
      case ' ': {
        if (tgt instanceof SVGElement) {
          tgt.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        } else if (cell instanceof SVGElement) {
          const x = Number(cell.dataset.x);
          const y = Number(cell.dataset.y);
          const onPending = pending !== undefined && pending.cell.x === x && pending.cell.y === y;
          // Enter on the previewed cell confirms; Space (or Enter elsewhere) selects or rotates.
          if (onPending && e.key === 'Enter') confirm();
          else cell.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        } else if (e.key === 'Enter') {
          confirm();
        } else {
          return;
        }
        break;
      }
      default:
        return;
    }
    e.preventDefault();
  }
  svg.addEventListener('keydown', onKey);
  // A tap beside the lit target puts it out (a target's own clicks do not come this far).
  const onBoardClick = (): void => disarm();
  svg.addEventListener('click', onBoardClick);
  // A cell reached with Tab comes into view: the board's own camera pans to it. The browser, for
  // its part, scrolls the page toward where the cell stood (maybe far outside the clipped board)
  // before telling us: the page's scroll from before the Tab comes back, then the camera moves.
  let scrollBeforeTab: { left: number; top: number } | undefined;
  const onTabKey = (e: KeyboardEvent): void => {
    if (e.key !== 'Tab') return;
    scrollBeforeTab = { left: window.scrollX, top: window.scrollY };
    // Good for this Tab's move of the focus only (made before a timer runs).
    setTimeout(() => (scrollBeforeTab = undefined), 0);
  };
  document.addEventListener('keydown', onTabKey, true);
  // Listened to on the HTML root: Chromium makes an SVG element with a focus listener a tab stop.
  const onFocusCell = (e: FocusEvent): void => {
    const before = scrollBeforeTab;
    scrollBeforeTab = undefined;
    const cell = e.target instanceof Element ? e.target.closest('.cell') : null;
    if (!(cell instanceof SVGElement)) return;
    root.scrollLeft = 0;
    root.scrollTop = 0;
    if (before) window.scrollTo({ ...before, behavior: 'instant' });
    // Tabbed in from far away on the page: the board comes into the window first.
    const v = visibleArea();
    if (v.x1 - v.x0 < 2 * CELL || v.y1 - v.y0 < 2 * CELL) bringBoardIntoWindow();
    reveal([{ x: Number(cell.dataset.x), y: Number(cell.dataset.y) }]);
  };
  root.addEventListener('focusin', onFocusCell);
  const onRotate = () => rotate();
  const onConfirm = () => confirm();
  rotateButton.addEventListener('click', onRotate);
  confirmButton.addEventListener('click', onConfirm);
  // Keys pressed on the buttons act on the board too (r, Escape).
  controls.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' || e.key === 'r' || e.key === 'R') onKey(e);
  });

  const resize = new ResizeObserver(() => {
    measure();
    if (!fitted && input) fit();
    placeOverlays();
  });
  resize.observe(root);

  /**
   * The page's language changed: every word of the board in the new one at once, the drawing as it
   * was (the keyboard's focus kept on its cell or target).
   */
  function relabel(): void {
    labelControls();
    scoring.relabel();
    if (input === undefined) return;
    const focused = document.activeElement;
    const again =
      focused instanceof SVGElement && focused.matches('.cell')
        ? `.cell[data-x="${focused.dataset.x}"][data-y="${focused.dataset.y}"]`
        : focused instanceof SVGElement && focused.matches('.target')
          ? `.target[data-index="${focused.dataset.index}"]`
          : undefined;
    // The tiles drawn are kept for the next drawing: drawn again, with their titles in the new words.
    for (const node of tileNodes.values()) node.remove();
    tileNodes.clear();
    draw(input);
    placeOverlays();
    if (again !== undefined) svg.querySelector<SVGElement>(again)?.focus({ preventScroll: true });
  }
  const stopWatching = watchLanguage(relabel);

  return {
    update,
    rotate,
    confirm,
    fit,
    destroy(): void {
      resize.disconnect();
      stopWatching();
      scoring.destroy();
      cancelAnimationFrame(overlaysFrame);
      cancelAnimationFrame(glide);
      root.removeEventListener('focusin', onFocusCell);
      document.removeEventListener('keydown', onTabKey, true);
      selection.on('.zoom', null);
      svg.removeEventListener('keydown', onKey);
      svg.removeEventListener('click', onBoardClick);
      rotateButton.removeEventListener('click', onRotate);
      confirmButton.removeEventListener('click', onConfirm);
      tileNodes.clear();
      targetNodes.length = 0;
      pending = undefined;
      input = undefined;
      root.remove();
    },
  };
}
