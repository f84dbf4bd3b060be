/**
 * The camera: which part of the board the view shows (a d3-zoom transform). The pure part works out
 * where to look (fit everything, bring cells into view, a glide's frames); the controller moves the
 * view there through the pan-zoom the input module attached, and scrolls the page to the board.
 */
import type { ZoomTransform } from 'd3-zoom';
import { zoomIdentity } from 'd3-zoom';
import { CELL } from './draw.js';

export const SCALE_EXTENT: [number, number] = [0.05, 4];
/** A fitted board shows cells at most this large (user units to pixels). */
const FIT_MAX_SCALE = 1.2;
/** The camera's glide, in ms (a jump under prefers-reduced-motion). */
const GLIDE_MS = 350;
/**
 * The smallest zoom the camera picks by itself: a cell of 56 px on screen, its tile legible and a
 * comfortable tap. The user may zoom out further; the camera then keeps their zoom.
 */
const READABLE_SCALE = 0.56;
/** Screen pixels kept between what the camera brings into view and the view's edge. */
const VIEW_MARGIN = 12;

/** A rectangle of the view, in board pixels. */
export interface Area {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

type Cell = { x: number; y: number };

const clampScale = (k: number): number => Math.min(Math.max(k, SCALE_EXTENT[0]), SCALE_EXTENT[1]);

/** The transform that frames `cells` (the origin's cell when none) in a `w` × `h` view. */
export function fitTransform(cells: readonly Cell[], w: number, h: number): ZoomTransform {
  const pts = cells.length > 0 ? cells : [{ x: 0, y: 0 }];
  const minX = Math.min(...pts.map((p) => p.x));
  const maxX = Math.max(...pts.map((p) => p.x)) + 1;
  const minY = Math.min(...pts.map((p) => p.y));
  const maxY = Math.max(...pts.map((p) => p.y)) + 1;
  const margin = 0.25;
  const bw = (maxX - minX + 2 * margin) * CELL;
  const bh = (maxY - minY + 2 * margin) * CELL;
  const k = clampScale(Math.min(w / bw, h / bh, FIT_MAX_SCALE));
  const cx = ((minX + maxX) / 2) * CELL;
  const cy = ((minY + maxY) / 2) * CELL;
  return zoomIdentity.translate(w / 2 - k * cx, h / 2 - k * cy).scale(k);
}

const bounds = (bs: readonly Cell[]) => ({
  minX: Math.min(...bs.map((b) => b.x)),
  minY: Math.min(...bs.map((b) => b.y)),
  maxX: Math.max(...bs.map((b) => b.x)) + 1,
  maxY: Math.max(...bs.map((b) => b.y)) + 1,
});

/**
 * Where to look to bring `cells` into the visible area `v` from `at`, moving as little as it can;
 * undefined to stay (they all are wholly in view already). The policy, when they do not all fit:
 * - if they fit at the current zoom or at a zoom out to no less than READABLE_SCALE, the camera
 *   zooms out just enough and frames them all (never zooming in by itself);
 * - else, if one of them is wholly in view, it stays (the player sees where to go; the rest is
 *   a pan away, and Fit shows all);
 * - else it brings the group nearest to the view's centre, at READABLE_SCALE (or the user's
 *   smaller zoom): the cells within one screen of the nearest one.
 * With the zoom unchanged it pans the shortest way (the board keeps its place in the player's
 * mind); with a new zoom it centres the cells.
 */
export function revealTransform(
  cells: readonly Cell[],
  at: ZoomTransform,
  v: Area,
): ZoomTransform | undefined {
  const m = VIEW_MARGIN;
  const vw = v.x1 - v.x0 - 2 * m;
  const vh = v.y1 - v.y0 - 2 * m;
  if (vw <= 0 || vh <= 0) return undefined; // the board is out of the window: nothing to aim at
  const inView = (b: Cell): boolean => {
    const [l, t] = at.apply([b.x * CELL, b.y * CELL]);
    const [r, bt] = at.apply([(b.x + 1) * CELL, (b.y + 1) * CELL]);
    return l >= v.x0 && t >= v.y0 && r <= v.x1 && bt <= v.y1;
  };
  if (cells.every(inView)) return undefined;
  const all = bounds(cells);
  const fitK = Math.min(vw / ((all.maxX - all.minX) * CELL), vh / ((all.maxY - all.minY) * CELL));
  let k: number;
  let box = all;
  if (fitK >= Math.min(at.k, READABLE_SCALE)) {
    k = Math.min(at.k, fitK);
  } else {
    if (cells.some(inView)) return undefined;
    k = Math.min(at.k, READABLE_SCALE);
    const [cx, cy] = at.invert([(v.x0 + v.x1) / 2, (v.y0 + v.y1) / 2]);
    const dist = (b: Cell) => Math.hypot((b.x + 0.5) * CELL - cx, (b.y + 0.5) * CELL - cy);
    const near = cells.reduce((a, b) => (dist(b) < dist(a) ? b : a));
    const spanX = Math.max(0, vw / (k * CELL) - 1) / 2;
    const spanY = Math.max(0, vh / (k * CELL) - 1) / 2;
    box = bounds(cells.filter((b) => Math.abs(b.x - near.x) <= spanX && Math.abs(b.y - near.y) <= spanY));
  }
  k = clampScale(k);
  if (Math.abs(k - at.k) < 1e-6) {
    // The shortest pan that brings the box inside the margins (centred where it cannot fit).
    const [l, t] = at.apply([box.minX * CELL, box.minY * CELL]);
    const [r, b] = at.apply([box.maxX * CELL, box.maxY * CELL]);
    const shift = (lo: number, hi: number, from: number, to: number): number =>
      hi - lo > to - from ? (from + to) / 2 - (lo + hi) / 2 : lo < from ? from - lo : hi > to ? to - hi : 0;
    const dx = shift(l, r, v.x0 + m, v.x1 - m);
    const dy = shift(t, b, v.y0 + m, v.y1 - m);
    return zoomIdentity.translate(at.x + dx, at.y + dy).scale(at.k);
  }
  const cx = ((box.minX + box.maxX) / 2) * CELL;
  const cy = ((box.minY + box.maxY) / 2) * CELL;
  return zoomIdentity.translate((v.x0 + v.x1) / 2 - k * cx, (v.y0 + v.y1) / 2 - k * cy).scale(k);
}

/**
 * A glide's frame at time `t` (0..1) from `from` to `to`, about the view's centre `c`: cubic
 * in-out, the zoom in log space, the world point at the centre moving in a straight line.
 */
export function glideFrame(
  from: ZoomTransform,
  to: ZoomTransform,
  c: [number, number],
  t: number,
): ZoomTransform {
  const [ax, ay] = from.invert(c);
  const [bx, by] = to.invert(c);
  const e = t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
  const k = from.k * (to.k / from.k) ** e;
  const px = ax + (bx - ax) * e;
  const py = ay + (by - ay) * e;
  return zoomIdentity.translate(c[0] - k * px, c[1] - k * py).scale(k);
}

/** The window's size without its scroll bars, in CSS pixels. */
function windowSize(): { width: number; height: number } {
  const d = document.documentElement;
  return {
    width: Math.min(window.innerWidth, d.clientWidth || window.innerWidth),
    height: Math.min(window.innerHeight, d.clientHeight || window.innerHeight),
  };
}

/** What the camera moves: the view's transform, set as the user's pan and zoom would set it. */
export interface PanZoomTarget {
  set(to: ZoomTransform): void;
}

export interface Camera {
  /** The transform shown. */
  readonly transform: ZoomTransform;
  /** The view's size in CSS pixels, as last measured. */
  readonly width: number;
  readonly height: number;
  /** Reads the view's size (the ResizeObserver, an update; never in a zoom handler). */
  measure(): void;
  /** Reads the boxes the camera needs before an update draws, for `during`'s length. */
  withBoxes<T>(during: () => T): T;
  /** The pan-zoom moved the view. */
  moved(to: ZoomTransform): void;
  /** Frames `cells` (measuring the view first unless `measured`); false if the view has no size. */
  frame(cells: readonly Cell[], measured: boolean): boolean;
  /** Brings cells into view with a glide (see revealTransform). */
  reveal(cells: readonly Cell[]): void;
  /** The part of the board the player sees (the board's box clipped to the window). */
  visibleArea(): Area;
  /** Scrolls the page so that the whole board is in the window, when it is not. */
  bringBoardIntoWindow(): void;
  stopGlide(): void;
  destroy(): void;
}

/**
 * The camera of a board whose HTML root is `root` and SVG `svg`, moving the view with `panZoom`.
 * `data-gliding` on the root says a glide is under way (for tests, styles).
 */
export function createCamera(root: HTMLElement, svg: SVGSVGElement, panZoom: () => PanZoomTarget): Camera {
  let transform: ZoomTransform = zoomIdentity;
  /** Where the glide under way ends. */
  let aim: ZoomTransform = zoomIdentity;
  let glide = 0;
  // The view's size in CSS pixels, kept up to date by `measure`: reading it from the DOM in a zoom
  // handler, just after the world's transform changed, would force a layout of the whole SVG at
  // every wheel or pointer event.
  let width = 0;
  let height = 0;
  /** The board's boxes on the page while an update runs (read once, before it draws). */
  let boxes: { root: DOMRect; svg: DOMRect } | undefined;

  function stopGlide(): void {
    cancelAnimationFrame(glide);
    glide = 0;
    aim = transform;
    delete root.dataset.gliding;
  }

  function visibleArea(): Area {
    const r = boxes?.svg ?? svg.getBoundingClientRect();
    const w = windowSize();
    return {
      x0: Math.max(0, -r.left),
      y0: Math.max(0, -r.top),
      x1: Math.min(r.width, w.width - r.left),
      y1: Math.min(r.height, w.height - r.top),
    };
  }

  /** Moves the camera to `to`: a short eased glide, or a jump under prefers-reduced-motion. */
  function moveTo(to: ZoomTransform): void {
    stopGlide();
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      panZoom().set(to);
      return;
    }
    const from = transform;
    const c: [number, number] = [width / 2, height / 2];
    const start = performance.now();
    const step = (now: number): void => {
      const t = Math.min(1, (now - start) / GLIDE_MS);
      panZoom().set(glideFrame(from, to, c, t));
      if (t < 1) glide = requestAnimationFrame(step);
      else stopGlide();
    };
    root.dataset.gliding = '';
    glide = requestAnimationFrame(step);
    aim = to;
  }

  const measure = (): void => {
    width = svg.clientWidth;
    height = svg.clientHeight;
  };

  return {
    get transform() {
      return transform;
    },
    get width() {
      return width;
    },
    get height() {
      return height;
    },
    measure,
    withBoxes<T>(during: () => T): T {
      boxes = { root: root.getBoundingClientRect(), svg: svg.getBoundingClientRect() };
      try {
        return during();
      } finally {
        boxes = undefined;
      }
    },
    moved(to) {
      transform = to;
    },
    frame(cells, measured) {
      stopGlide();
      if (!measured) measure();
      if (width === 0 || height === 0) return false;
      panZoom().set(fitTransform(cells, width, height));
      return true;
    },
    reveal(cells) {
      if (cells.length === 0 || width === 0 || height === 0) return;
      // Judged where the view will be: a glide under way (to another player's tile) goes on to its end.
      const to = revealTransform(cells, glide !== 0 ? aim : transform, visibleArea());
      if (to) moveTo(to);
    },
    visibleArea,
    /**
     * At the start of the player's turn, scrolls the page (at once) so that the whole board is in
     * the window, when it is not: the player may have scrolled down to the panels or the log
     * meanwhile. Scrolling up, the board's bottom meets the window's: what is above it (the drawn
     * tile) stays in sight as far as it can.
     */
    bringBoardIntoWindow() {
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
    },
    stopGlide,
    destroy() {
      cancelAnimationFrame(glide);
    },
  };
}
