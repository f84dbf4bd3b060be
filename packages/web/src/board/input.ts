/**
 * The board's input: mouse wheel, drag and pinch (d3-zoom); keys: arrows pan, + and - zoom, 0 or
 * f fit, r rotates, Enter confirms, Escape cancels (or skips final scoring); cells and targets are
 * focusable and activate with Enter or Space; on touch, a first tap on a target lights it and a
 * second confirms. Everything here turns an event into a call of the board's actions.
 */
import { select } from 'd3-selection';
import type { D3ZoomEvent, ZoomTransform } from 'd3-zoom';
import { zoom } from 'd3-zoom';
import { SCALE_EXTENT } from './camera.js';
import { CELL } from './draw.js';
import type { BoardDom } from './render.js';
import type { TargetNode } from './targets.js';
import type { Say } from './words.js';

const PAN_STEP = 80;

/** The view's pan and zoom, as d3-zoom keeps them. */
export interface PanZoom {
  /** Moves the view to `to` (as a programmatic move: not the user's). */
  set(to: ZoomTransform): void;
  /** Pans by screen pixels (at the current zoom). */
  panBy(dx: number, dy: number): void;
  zoomBy(factor: number): void;
  destroy(): void;
}

/**
 * Wheel, drag and pinch on `svg` (a double click does not zoom); `size` is the view's, `moved`
 * hears every change (`byUser` for the user's own).
 */
export function attachPanZoom(
  svg: SVGSVGElement,
  size: () => [number, number],
  moved: (to: ZoomTransform, byUser: boolean) => void,
): PanZoom {
  let k = 1;
  const zoomer = zoom<SVGSVGElement, unknown>()
    .scaleExtent(SCALE_EXTENT)
    .extent(() => [[0, 0], size()])
    .clickDistance(4)
    .on('zoom', (e: D3ZoomEvent<SVGSVGElement, unknown>) => {
      k = e.transform.k;
      moved(e.transform, Boolean(e.sourceEvent));
    });
  const selection = select(svg);
  selection.call(zoomer).on('dblclick.zoom', null);
  return {
    set: (to) => selection.call(zoomer.transform, to),
    panBy: (dx, dy) => zoomer.translateBy(selection, dx / k, dy / k),
    zoomBy: (factor) => zoomer.scaleBy(selection, factor),
    destroy: () => selection.on('.zoom', null),
  };
}

/** What the board does for its input. */
export interface BoardActions {
  panZoom: PanZoom;
  /** The user panned or zoomed with keys (the camera leaves the view alone a while). */
  userMoved(): void;
  fit(): void;
  rotate(): void;
  confirm(): void;
  /** Escape: skips final scoring, or cancels the preview. */
  escape(): void;
  /** Whether the preview is on cell (x, y). */
  previewsAt(x: number, y: number): boolean;
  /** A tap beside the lit target puts it out. */
  disarm(): void;
  /** A cell got the keyboard's focus: it comes into view. */
  cellFocused(x: number, y: number): void;
  /** The board's box changed size. */
  resized(): void;
}

/** Listens to the board's keys, clicks, focus, buttons and size; returns the function that stops. */
export function attachInput(dom: BoardDom, actions: BoardActions): () => void {
  const { root, svg, controls, rotateButton, confirmButton } = dom;
  function onKey(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target instanceof Element ? e.target : null;
    const cell = target?.closest('.cell');
    const tgt = target?.closest('.target');
    if (/^(Arrow(Left|Right|Up|Down)|[-+=_])$/.test(e.key)) actions.userMoved();
    switch (e.key) {
      case 'ArrowLeft':
        actions.panZoom.panBy(PAN_STEP, 0);
        break;
      case 'ArrowRight':
        actions.panZoom.panBy(-PAN_STEP, 0);
        break;
      case 'ArrowUp':
        actions.panZoom.panBy(0, PAN_STEP);
        break;
      case 'ArrowDown':
        actions.panZoom.panBy(0, -PAN_STEP);
        break;
      case '+':
      case '=':
        actions.panZoom.zoomBy(1.25);
        break;
      case '-':
      case '_':
        actions.panZoom.zoomBy(0.8);
        break;
      case '0':
      case 'f':
      case 'F':
        actions.fit();
        break;
      case 'r':
      case 'R':
        actions.rotate();
        break;
      case 'Escape':
        actions.escape();
        break;
      case 'Enter':
      case ' ': {
        if (tgt instanceof SVGElement) {
          tgt.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        } else if (cell instanceof SVGElement) {
          const onPending = actions.previewsAt(Number(cell.dataset.x), Number(cell.dataset.y));
          // Enter on the previewed cell confirms; Space (or Enter elsewhere) selects or rotates.
          if (onPending && e.key === 'Enter') actions.confirm();
          else cell.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        } else if (e.key === 'Enter') {
          actions.confirm();
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
  const onBoardClick = (): void => actions.disarm();
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
    actions.cellFocused(Number(cell.dataset.x), Number(cell.dataset.y));
  };
  root.addEventListener('focusin', onFocusCell);
  const onRotate = () => actions.rotate();
  const onConfirm = () => actions.confirm();
  rotateButton.addEventListener('click', onRotate);
  confirmButton.addEventListener('click', onConfirm);
  // Keys pressed on the buttons act on the board too (r, Escape).
  controls.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' || e.key === 'r' || e.key === 'R') onKey(e);
  });
  const resize = new ResizeObserver(() => actions.resized());
  resize.observe(root);

  return () => {
    resize.disconnect();
    root.removeEventListener('focusin', onFocusCell);
    document.removeEventListener('keydown', onTabKey, true);
    svg.removeEventListener('keydown', onKey);
    svg.removeEventListener('click', onBoardClick);
    rotateButton.removeEventListener('click', onRotate);
    confirmButton.removeEventListener('click', onConfirm);
  };
}

/** Whether a focused cell's board is mostly out of the window (Tab came from far away). */
export const boardOutOfWindow = (v: { x0: number; y0: number; x1: number; y1: number }): boolean =>
  v.x1 - v.x0 < 2 * CELL || v.y1 - v.y0 < 2 * CELL;

/** A cell's click (a tap, or Enter or Space through the keys) chooses it. */
export function wireCell(node: SVGGElement, chosen: () => void): void {
  node.addEventListener('click', chosen);
}

/** What the targets' input does with them. */
export interface TargetActions {
  /** Lights the feature a target would take. */
  show(t: TargetNode): void;
  /** Puts the lit feature out. */
  hide(): void;
  choose(t: TargetNode): void;
  /** Says what a lit target is (or '' for nothing). */
  tell(text: string): void;
  say: Say;
}

/** The targets' pointer, focus and touch input. */
export interface TargetInput {
  wire(t: TargetNode): void;
  /** Puts out the target lit by a first tap, if any. */
  disarm(): void;
  /** The targets were drawn again: none is lit. */
  reset(): void;
}

export function createTargetInput(actions: TargetActions): TargetInput {
  /** On touch, the target lit by a first tap: a second tap on it confirms. */
  let armed: SVGGElement | undefined;
  /** The kind of pointer that pressed last ('touch', 'mouse', 'pen'; '' for none, as from a key). */
  let pressedWith = '';

  function disarm(): void {
    if (!armed) return;
    armed.classList.remove('armed', 'active');
    armed = undefined;
    actions.hide();
    actions.tell('');
  }

  function wire(t: TargetNode): void {
    const g = t.node;
    const show = () => {
      g.classList.add('active');
      actions.show(t);
    };
    const hide = () => {
      if (armed === g) return;
      g.classList.remove('active');
      actions.hide();
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
        actions.tell(actions.say('targetTapAgain', { label: t.label }));
        return;
      }
      actions.choose(t);
    });
  }

  return {
    wire,
    disarm,
    reset() {
      armed = undefined;
    },
  };
}
