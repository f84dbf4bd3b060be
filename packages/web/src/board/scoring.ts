/**
 * Scoring you see: what a step scored, drawn on the board from its events (the board knows no
 * rules; a `score` event names its cells, its players and its points). Each scored feature lights
 * up with a "+N" badge per scoring player in their colour, and the meeples that go home lift and
 * fade out where they stood. Final scoring plays feature by feature, FINAL_STEP_MS each, with a
 * Skip button (Escape too); a new step, or the board's end, skips what is showing.
 *
 * Under prefers-reduced-motion nothing moves or fades: lights and badges appear and go, and the
 * meeples going home simply are not there any more. The badges are aria-hidden: the game's log
 * already announces every score in words.
 */
import type { Figure, FigureNames } from '@carc/art';
import { playerColour } from '@carc/art';
import type { CornerName, GameEvent, ScoreEvent } from '@carc/engine';
import type { ZoomTransform } from 'd3-zoom';
import { CELL, drawFigure, el, outlinePoints, spread } from './draw.js';
import type { Say } from './words.js';

/** How long the scores of a step made during play show, in ms. */
export const PLAY_MS = 1800;
/** How long each feature of final scoring shows, in ms. */
export const FINAL_STEP_MS = 600;
/** How long a meeple going home takes to lift and fade out, in ms. */
const LEAVE_MS = 1000;
/** Screen pixels between badges' centres (one per scoring player; features' badges kept apart). */
const BADGE_GAP = 72;
/** Screen pixels a badge stands above its feature's cell's centre. */
const BADGE_LIFT = 24;

export const SCORING_STYLE = `
.scored .glow{fill:rgba(255,224,102,.5)}
.scored .edge{stroke-width:6;stroke-linecap:round;stroke-linejoin:round;fill:none}
.score-badge{pointer-events:none}
.score-badge rect{stroke:#fff;stroke-width:2}
.score-badge text{font-family:system-ui,sans-serif;font-weight:800;user-select:none}
.going-home{pointer-events:none}
`;

export const SCORING_HTML_STYLE = `
.carc-board .scoring-bar{position:absolute;left:50%;bottom:12px;transform:translateX(-50%);width:max-content;max-width:calc(100% - 24px);box-sizing:border-box;display:flex;align-items:center;gap:10px;padding:6px 6px 6px 14px;border-radius:12px;background:var(--surface,#fff);color:var(--text,#1a1a1a);box-shadow:0 2px 8px rgba(0,0,0,.35);font:600 15px/1.2 system-ui,sans-serif}
.carc-board .scoring-bar[hidden]{display:none}
.carc-board .scoring-bar button{flex:none;white-space:nowrap;min-height:44px;min-width:44px;padding:0 14px;border-radius:10px;border:2px solid var(--accent,#0b57d0);background:var(--accent,#0b57d0);color:var(--accent-ink,#fff);font:inherit;cursor:pointer}
`;

/** What one scored feature shows: its cells and each scoring player's points. */
export interface ScoredFeature {
  kind: string;
  cells: { x: number; y: number }[];
  /** Per player who scores, their points (the feature's, plus any bonus with it). */
  gains: { player: number; points: number }[];
  final: boolean;
}

/** The features a step scored with their gains, in the order scored; none that gave no one a point. */
export function scoredFeatures(events: readonly GameEvent[]): ScoredFeature[] {
  const out: ScoredFeature[] = [];
  for (const e of events) {
    if (e.type !== 'score') continue;
    const gains = gainsOf(e);
    if (gains.length === 0 || e.at.length === 0) continue;
    out.push({ kind: e.kind, cells: e.at.map((c) => ({ x: c.x, y: c.y })), gains, final: e.final });
  }
  return out;
}

function gainsOf(e: ScoreEvent): { player: number; points: number }[] {
  const by = new Map<number, number>();
  if (e.points > 0) for (const p of e.players) by.set(p, (by.get(p) ?? 0) + e.points);
  for (const b of e.bonuses) if (b.points > 0) by.set(b.player, (by.get(b.player) ?? 0) + b.points);
  return [...by].map(([player, points]) => ({ player, points }));
}

/** A cell's sides: the neighbour's offset, then the side's ends in the cell (0..1). */
const CELL_SIDES: readonly (readonly [number, number, number, number, number, number])[] = [
  [0, -1, 0, 0, 1, 0],
  [1, 0, 1, 0, 1, 1],
  [0, 1, 0, 1, 1, 1],
  [-1, 0, 0, 0, 0, 1],
];

/** What one call put up: its elements and their animations (taken down together). */
interface Shown {
  nodes: Element[];
  animations: Animation[];
}

export interface ScoringLayers {
  /** World space, above the tiles and below the figures: the lit features. */
  lights: SVGGElement;
  /** World space, above the figures: the meeples going home. */
  leaving: SVGGElement;
  /** Screen space: the badges (placed by `place`). */
  badges: SVGGElement;
  /** The board's HTML root: the final scoring bar goes there. */
  root: HTMLElement;
  /** The tiles in a cell: a square's (undefined) or each triangle's corner. */
  places(x: number, y: number): readonly (CornerName | undefined)[];
}

export interface ScoringShow {
  /** Shows a step's scores; `leaving`: the figures of the meeples it sent home, where they stood. */
  play(events: readonly GameEvent[], leaving: readonly Figure[]): void;
  /** Ends what is showing at once (the board as it now is stays). */
  skip(): void;
  /** A new view arrived: ends final scoring at once; the lights of a step of play finish. */
  interrupt(): void;
  /** Whether final scoring is playing (Escape skips it). */
  readonly playingFinal: boolean;
  /** Moves the badges with the camera. */
  place(transform: ZoomTransform, width: number, height: number): void;
  /** Says its words again (the page's language changed). */
  relabel(): void;
  destroy(): void;
}

const reducedMotion = (): boolean => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** `say`: the board's words (the final scoring bar's). */
export function createScoring(layers: ScoringLayers, names: FigureNames, say: Say): ScoringShow {
  const bar = document.createElement('div');
  bar.className = 'scoring-bar';
  bar.hidden = true;
  const progress = document.createElement('span');
  const skipButton = document.createElement('button');
  skipButton.type = 'button';
  skipButton.className = 'skip';
  bar.append(progress, skipButton);
  layers.root.appendChild(bar);
  /** Where final scoring stands: before its first feature (`index` undefined), or at one. */
  let stage: { index?: number; total: number } = { total: 0 };
  function relabel(): void {
    skipButton.textContent = say('skip');
    skipButton.title = say('skipTitle');
    progress.textContent =
      stage.index === undefined
        ? say('finalScoringCount', { n: stage.total })
        : say('finalScoringAt', { index: stage.index + 1, total: stage.total });
  }
  relabel();

  let timers: ReturnType<typeof setTimeout>[] = [];
  /** What is showing, by what put it up (a step's lights, a final feature, meeples leaving). */
  let shown: Shown[] = [];
  let playingFinal = false;
  /** The badges shown, with the world point each stands for and its sideways offset. */
  let badges: { node: SVGGElement; wx: number; wy: number; dx: number }[] = [];
  let last: { transform: ZoomTransform; width: number; height: number } | undefined;

  const animate = (
    item: Shown,
    node: Element,
    frames: Keyframe[],
    options: KeyframeAnimationOptions,
  ): void => {
    if (reducedMotion()) return;
    item.animations.push(node.animate(frames, options));
  };
  const later = (f: () => void, ms: number): void => {
    const id = setTimeout(() => {
      timers = timers.filter((t) => t !== id);
      f();
    }, ms);
    timers.push(id);
  };

  function drop(item: Shown): void {
    for (const a of item.animations) a.cancel();
    for (const n of item.nodes) n.remove();
    badges = badges.filter((b) => !item.nodes.includes(b.node));
    shown = shown.filter((s) => s !== item);
  }

  function clearShown(): void {
    for (const item of [...shown]) drop(item);
  }

  function skip(): void {
    for (const t of timers) clearTimeout(t);
    timers = [];
    clearShown();
    playingFinal = false;
    bar.hidden = true;
    document.removeEventListener('keydown', onEscape);
  }

  function onEscape(e: KeyboardEvent): void {
    if (e.key !== 'Escape' || e.defaultPrevented || !playingFinal) return;
    e.preventDefault();
    skip();
  }

  /** Lights features and puts up their badges, for `ms` (fading in and out where motion is on). */
  function show(features: readonly ScoredFeature[], ms: number, index?: number): Shown {
    const item: Shown = { nodes: [], animations: [] };
    shown.push(item);
    const fade = Math.min(150, ms / 4);
    features.forEach((f, i) => {
      const g = el('g', {
        class: 'scored',
        'data-kind': f.kind,
        'data-players': f.gains.map((x) => x.player).join(' '),
        'data-points': f.gains.map((x) => x.points).join(' '),
        ...(index !== undefined ? { 'data-index': index } : {}),
      });
      const edge = f.gains.length === 1 ? playerColour(f.gains[0]?.player ?? 0).colour : '#ffb300';
      const inSet = new Set(f.cells.map((c) => `${c.x},${c.y}`));
      for (const c of f.cells) {
        // The tiles in the cell glow (a lone triangle: its half only).
        const places = layers.places(c.x, c.y);
        for (const corner of places)
          el(
            'polygon',
            { class: 'glow', 'data-x': c.x, 'data-y': c.y, points: outlinePoints(c.x, c.y, corner) },
            g,
          );
        if (places.length > 0 && !places.includes(undefined)) {
          // Triangles only: each one's own outline.
          for (const corner of places)
            el('polygon', { class: 'edge', stroke: edge, points: outlinePoints(c.x, c.y, corner) }, g);
          continue;
        }
        // The outline of the feature's cells: the sides no other of its cells shares.
        for (const [dx, dy, x1, y1, x2, y2] of CELL_SIDES) {
          if (inSet.has(`${c.x + dx},${c.y + dy}`)) continue;
          el(
            'line',
            {
              class: 'edge',
              stroke: edge,
              x1: (c.x + x1) * CELL,
              y1: (c.y + y1) * CELL,
              x2: (c.x + x2) * CELL,
              y2: (c.y + y2) * CELL,
            },
            g,
          );
        }
      }
      layers.lights.appendChild(g);
      item.nodes.push(g);
      animate(
        item,
        g,
        [
          { opacity: 0 },
          { opacity: 1, offset: fade / ms },
          { opacity: 1, offset: 1 - fade / ms },
          { opacity: 0 },
        ],
        {
          duration: ms,
          fill: 'forwards',
        },
      );
      // The badge stands on the feature's cell nearest to the middle of its cells.
      const mx = f.cells.reduce((s, c) => s + c.x + 0.5, 0) / f.cells.length;
      const my = f.cells.reduce((s, c) => s + c.y + 0.5, 0) / f.cells.length;
      const at = f.cells.reduce((a, c) =>
        Math.hypot(c.x + 0.5 - mx, c.y + 0.5 - my) < Math.hypot(a.x + 0.5 - mx, a.y + 0.5 - my) ? c : a,
      );
      f.gains.forEach((gain, j) => {
        const { colour, ink } = playerColour(gain.player);
        const text = `+${gain.points}`;
        const node = el('g', {
          class: 'score-badge',
          'aria-hidden': 'true',
          'data-player': gain.player,
          'data-points': gain.points,
          'data-feature': i,
        });
        const pop = el('g', { class: 'pop' }, node);
        const letter = names.letter(gain.player);
        const width = 30 + 11 * text.length;
        el('rect', { x: -width / 2, y: -17, width, height: 34, rx: 17, fill: colour }, pop);
        // The player's letter besides the colour (as on their meeples): not told by colour alone.
        el('circle', { cx: -width / 2 + 15, cy: 0, r: 11, fill: '#fff', 'fill-opacity': 0.9 }, pop);
        el(
          'text',
          {
            x: -width / 2 + 15,
            y: 0,
            'text-anchor': 'middle',
            'dominant-baseline': 'central',
            'font-size': 13,
            fill: '#111',
          },
          pop,
        ).textContent = letter;
        el(
          'text',
          {
            x: 10,
            y: 1,
            'text-anchor': 'middle',
            'dominant-baseline': 'central',
            'font-size': 20,
            fill: ink,
            class: 'points',
          },
          pop,
        ).textContent = text;
        layers.badges.appendChild(node);
        item.nodes.push(node);
        badges.push({
          node,
          wx: (at.x + 0.5) * CELL,
          wy: (at.y + 0.5) * CELL,
          dx: (j - (f.gains.length - 1) / 2) * BADGE_GAP,
        });
        animate(
          item,
          pop,
          [
            { transform: 'translateY(6px) scale(0.4)', opacity: 0 },
            { transform: 'translateY(0) scale(1.12)', opacity: 1, offset: Math.min(0.3, 220 / ms) },
            { transform: 'translateY(0) scale(1)', opacity: 1, offset: Math.min(0.4, 320 / ms) },
            { transform: 'translateY(-10px) scale(1)', opacity: 1, offset: 1 - fade / ms },
            { transform: 'translateY(-14px) scale(1)', opacity: 0 },
          ],
          { duration: ms, easing: 'ease-out', fill: 'forwards' },
        );
      });
    });
    if (last) place(last.transform, last.width, last.height);
    return item;
  }

  /** The meeples going home: drawn where they stood, lifting and fading out (not at all, still). */
  function leave(figures: readonly Figure[]): Shown {
    const item: Shown = { nodes: [], animations: [] };
    shown.push(item);
    if (reducedMotion()) return item;
    for (const f of figures) {
      const figure = drawFigure(f, names, say);
      if (!figure) continue;
      figure.classList.remove('figure');
      // A wrapper moves: a CSS transform on the figure itself would replace where it stands.
      const node = el('g', { class: 'going-home', 'aria-hidden': 'true' }, layers.leaving);
      node.appendChild(figure);
      item.nodes.push(node);
      animate(
        item,
        node,
        [
          { transform: 'translateY(0)', opacity: 1 },
          { transform: 'translateY(0)', opacity: 1, offset: 0.3 },
          { transform: `translateY(${-0.35 * CELL}px)`, opacity: 0 },
        ],
        { duration: LEAVE_MS, easing: 'ease-in', fill: 'forwards' },
      );
    }
    return item;
  }

  /** A new view arrived: final scoring ends at once; the lights of a step of play finish. */
  function interrupt(): void {
    if (playingFinal) skip();
  }

  function play(events: readonly GameEvent[], leaving: readonly Figure[]): void {
    interrupt();
    const features = scoredFeatures(events);
    const during = features.filter((f) => !f.final);
    const finals = features.filter((f) => f.final);
    const ghosts = leave(leaving);
    later(() => drop(ghosts), LEAVE_MS);
    let t = 0;
    if (during.length > 0) {
      const ms = finals.length > 0 ? 2 * FINAL_STEP_MS : PLAY_MS;
      const lit = show(during, ms);
      later(() => drop(lit), ms);
      t = ms;
    }
    if (finals.length === 0) return;
    playingFinal = true;
    bar.hidden = false;
    document.addEventListener('keydown', onEscape);
    let lit: Shown | undefined;
    finals.forEach((f, i) => {
      later(
        () => {
          if (lit) drop(lit);
          stage = { index: i, total: finals.length };
          relabel();
          lit = show([f], FINAL_STEP_MS, i);
        },
        t + i * FINAL_STEP_MS,
      );
    });
    stage = { total: finals.length };
    relabel();
    later(skip, t + finals.length * FINAL_STEP_MS);
  }

  function place(transform: ZoomTransform, width: number, height: number): void {
    last = { transform, width, height };
    const spots = badges.map((b) => {
      const [ax, ay] = transform.apply([b.wx, b.wy]);
      // A little above the point: the meeples on the feature stay in sight below.
      return { ax, ay, x: ax + b.dx, y: ay - BADGE_LIFT };
    });
    spread(spots, BADGE_GAP, width, height);
    badges.forEach((b, i) => {
      const s = spots[i];
      if (s) b.node.setAttribute('transform', `translate(${Math.round(s.x)} ${Math.round(s.y)})`);
    });
  }

  // The button goes away with what it skips: the keyboard stays on the board.
  const onSkip = (): void => {
    const focused = bar.contains(document.activeElement);
    skip();
    if (focused) layers.root.querySelector('svg')?.focus({ preventScroll: true });
  };
  skipButton.addEventListener('click', onSkip);

  return {
    play,
    skip,
    interrupt,
    get playingFinal() {
      return playingFinal;
    },
    place,
    relabel,
    destroy(): void {
      skip();
      skipButton.removeEventListener('click', onSkip);
      bar.remove();
    },
  };
}
