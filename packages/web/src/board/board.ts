/**
 * The board (in the manner of chessground): framework-free DOM + SVG. It draws the view it is given
 * (tiles, figures, the dragon, the fairy, towers) with @carc/art's model and the tile definitions
 * it is made with, offers only what the hints list (legal cells, figure targets), and reports the
 * hinted action the player confirms. It knows no rules.
 *
 * This module puts the parts together: the state (state.ts: what is shown, the preview), the
 * camera (camera.ts), the render (render.ts, targets.ts, scoring.ts) and the input (input.ts).
 */
import type { FigureNames } from '@carc/art';
import { boardModel, playerLetters, tileArt } from '@carc/art';
import type { CellChoice } from '@carc/engine';
import type { ZoomTransform } from 'd3-zoom';
import { createCamera } from './camera.js';
import type { PanZoom } from './input.js';
import { attachInput, attachPanZoom, boardOutOfWindow, createTargetInput, wireCell } from './input.js';
import * as render from './render.js';
import { createScoring } from './scoring.js';
import {
  cellsOf,
  createState,
  follow,
  goingHome,
  keptPending,
  pendingPlacement,
  previewOf,
  selectCell,
} from './state.js';
import type { TargetNode } from './targets.js';
import { drawTargets } from './targets.js';
import type { Board, BoardEvents, BoardInput, BoardOptions, BoardTiles } from './types.js';
import type { Say } from './words.js';
import { pageWords, watchLanguage } from './words.js';

export type {
  Board,
  BoardEvents,
  BoardInput,
  BoardOptions,
  BoardPreview,
  BoardStep,
  BoardTiles,
} from './types.js';

/** The tile sets whose artwork is computed already, or under way. */
const warmed = new WeakSet<object>();

/**
 * Computes the artwork of every tile kind in the browser's idle time, a few kinds at a time.
 * @carc/art keeps it per kind, for every board after: a late position (a replay, a reconnection
 * to a game) then draws without working out each kind's shapes first. `tiles` is called at the
 * first idle moment (a catalog may compile then).
 */
export function warmTileArt(tiles: () => BoardTiles): void {
  if (typeof requestIdleCallback !== 'function') return;
  let next = 0;
  let defs: BoardTiles['defs'] | undefined;
  const step = (deadline: IdleDeadline): void => {
    if (defs === undefined) {
      const all = tiles();
      if (warmed.has(all)) return;
      warmed.add(all);
      defs = all.defs;
    }
    while (next < defs.length && deadline.timeRemaining() > 4) {
      const def = defs[next++];
      if (def) tileArt(def);
    }
    if (next < defs.length) requestIdleCallback(step);
  };
  requestIdleCallback(step);
}

/**
 * Boards of the given tiles, as the screens make them (`createBoard(el, events)`); their artwork
 * starts being computed now, in idle time.
 */
export function boardMaker(tiles: () => BoardTiles): (container: HTMLElement, events: BoardEvents) => Board {
  warmTileArt(tiles);
  return (container, events) => createBoard(container, events, { tiles: tiles() });
}

export function createBoard(container: HTMLElement, events: BoardEvents, options: BoardOptions): Board {
  const { tiles } = options;
  // The words of the page's language, read at each use: a change of language shows at the next
  // drawing, and at once through `relabel` (watchLanguage below).
  const say: Say = pageWords;
  const dom = render.createDom(container);
  const state = createState();
  const tileNodes = new Map<string, SVGElement>();
  let targetNodes: TargetNode[] = [];
  /** The preview last reported through `events.preview` (reported only when it changes). */
  let reported = 'null';

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
  const camera = createCamera(dom.root, dom.svg, () => panZoom);
  const panZoom: PanZoom = attachPanZoom(
    dom.svg,
    () => [camera.width || 1, camera.height || 1],
    (to: ZoomTransform, byUser: boolean) => {
      // A wheel, drag or pinch: the user's own move wins over any glide under way.
      if (byUser) userMoved();
      camera.moved(to);
      dom.world.setAttribute('transform', to.toString());
      placeOverlaysSoon();
    },
  );

  const labels: FigureNames = {
    name: (p) => state.input?.players[p] ?? say('player', { n: p + 1 }),
    letter: (p) =>
      playerLetters(state.input?.players ?? [], Math.max(p + 1, state.input?.view.players ?? 0))[p] ?? '?',
  };
  const scoring = createScoring(
    {
      lights: dom.lights,
      leaving: dom.leaving,
      badges: dom.badges,
      root: dom.root,
      places: (x, y) => (state.model?.tiles ?? []).filter((t) => t.x === x && t.y === y).map((t) => t.corner),
    },
    labels,
    say,
  );
  render.labelControls(dom, say, false);

  const targetInput = createTargetInput({
    show: (t) => render.showCoverage(dom, t.hint, tiles),
    hide: () => render.hideCoverage(dom),
    choose: (t) => {
      if (!state.input?.interactive) return;
      targetInput.disarm();
      events.choose(t.hint.action);
    },
    tell: (text) => (dom.status.textContent = text),
    say,
  });

  function placeOverlays(): void {
    scoring.place(camera.transform, camera.width, camera.height);
    render.placeOverlays(dom, camera.transform, camera.width, camera.height, targetNodes, state.pending);
  }

  function userMoved(): void {
    state.camera = { ...state.camera, userMovedAt: performance.now() };
    camera.stopGlide();
  }

  function showPreview(): void {
    render.drawPreview(dom, state.pending, tiles, say);
    const text = JSON.stringify(previewOf(state.pending));
    if (text !== reported) {
      reported = text;
      events.preview?.(previewOf(state.pending));
    }
    if (pendingPlacement(state.pending)) placeOverlays();
  }

  function activateCell(c: CellChoice): void {
    if (!state.input?.interactive) return;
    state.pending = selectCell(state.pending, c);
    showPreview();
  }

  function cancel(): void {
    if (!state.pending) return;
    state.pending = undefined;
    showPreview();
  }

  /** Frames every tile and every legal cell (measuring the view first unless `measured`). */
  function frame(measured: boolean): void {
    const cells: { x: number; y: number }[] = [...(state.input?.view.tiles ?? [])];
    if (state.input?.interactive) for (const c of state.input.hints.placements ?? []) cells.push(c);
    if (camera.frame(cells, measured)) state.fitted = true;
  }

  /** Frames every tile and every legal cell. */
  function fit(): void {
    frame(false);
  }

  function confirm(): void {
    const p = pendingPlacement(state.pending);
    if (!p || !state.input?.interactive) return;
    state.pending = undefined;
    const refocus = dom.controls.contains(document.activeElement);
    showPreview();
    // The confirm button goes away with the preview: keep the keyboard on the board.
    if (refocus) dom.svg.focus({ preventScroll: true });
    events.choose(p.action);
  }

  function rotate(): void {
    if (!state.pending) {
      // Without a preview, the only legal cell (if there is one) is the one to rotate on.
      if (state.cells.size !== 1) return;
      const only = state.cells.values().next().value;
      if (only) activateCell(only);
      return;
    }
    activateCell(state.pending.cell);
  }

  function update(next: BoardInput): void {
    const wasFitted = state.fitted;
    const followed = follow(state.camera, next, wasFitted, performance.now());
    state.camera = followed.memory;
    const moveCamera = (): void => {
      draw(next);
      if (!wasFitted) frame(true);
      if (followed.newTurn) camera.bringBoardIntoWindow();
      if (followed.reveal) camera.reveal(followed.reveal);
    };
    // What the camera needs of the page's layout is read before the drawing changes: read after,
    // it would make the browser lay out every new tile there and then (on a first drawing, 150
    // tiles or more), and again for the next frame.
    if (!wasFitted || followed.newTurn || followed.reveal) {
      camera.measure();
      camera.withBoxes(moveCamera);
    } else {
      moveCamera();
    }
    placeOverlays();
  }

  function draw(next: BoardInput): void {
    // A new step ends final scoring (lights of play finish); its own show once the board is drawn.
    const step = next.step;
    const showStep = step !== undefined && step.version !== state.shownStep && state.model !== undefined;
    if (step?.version !== state.shownStep) scoring.interrupt();
    state.shownStep = step?.version;
    const leaving = showStep && state.model ? goingHome(state.model, step.events) : [];
    state.input = next;
    // The events let the model draw, at the game's end, the meeples final scoring sent home (B-9).
    const model = boardModel(next.view, tiles, step ? { events: step.events } : {});
    state.model = model;
    state.cells = cellsOf(next);
    render.drawTiles(dom, tileNodes, model, tiles, say);
    render.drawLastRound(dom, next);
    render.drawFigures(dom, model, labels, say);
    const cellList = [...state.cells.values()];
    render.drawCells(dom, cellList, say).forEach((node, i) => {
      const c = cellList[i];
      if (c) wireCell(node, () => activateCell(c));
    });
    targetInput.reset();
    render.hideCoverage(dom);
    targetNodes = drawTargets(dom.targets, next, tiles, say);
    for (const t of targetNodes) targetInput.wire(t);
    state.pending = keptPending(state.pending, state.cells);
    showPreview();
    if (showStep) scoring.play(step.events, leaving);
    render.labelBoard(dom, say, next.view.tiles.length, state.cells.size, targetNodes.length);
  }

  const stopInput = attachInput(dom, {
    panZoom,
    userMoved,
    fit,
    rotate,
    confirm,
    escape: () => (scoring.playingFinal ? scoring.skip() : cancel()),
    previewsAt: (x, y) =>
      state.pending !== undefined && state.pending.cell.x === x && state.pending.cell.y === y,
    disarm: () => targetInput.disarm(),
    cellFocused(x, y) {
      // Tabbed in from far away on the page: the board comes into the window first.
      if (boardOutOfWindow(camera.visibleArea())) camera.bringBoardIntoWindow();
      camera.reveal([{ x, y }]);
    },
    resized() {
      camera.measure();
      if (!state.fitted && state.input) fit();
      placeOverlays();
    },
  });

  /**
   * The page's language changed: every word of the board in the new one at once, the drawing as it
   * was (the keyboard's focus kept on its cell or target).
   */
  function relabel(): void {
    render.labelControls(dom, say, state.input !== undefined);
    scoring.relabel();
    if (state.input === undefined) return;
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
    draw(state.input);
    placeOverlays();
    if (again !== undefined) dom.svg.querySelector<SVGElement>(again)?.focus({ preventScroll: true });
  }
  const stopWatching = watchLanguage(relabel);

  return {
    update,
    rotate,
    confirm,
    fit,
    destroy(): void {
      stopInput();
      stopWatching();
      scoring.destroy();
      cancelAnimationFrame(overlaysFrame);
      camera.destroy();
      panZoom.destroy();
      tileNodes.clear();
      targetNodes = [];
      state.pending = undefined;
      state.input = undefined;
      dom.root.remove();
    },
  };
}
