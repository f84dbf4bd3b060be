/**
 * The pieces a player places or moves, as shapes a board draws on a figure target: a meeple
 * standing, a farmer lying, a tower piece, a meeple on a tower, the fairy, the dragon, the
 * princess's crown, a captured meeple. Each is SVG path data in a box of 1 × 1 centred on (0, 0),
 * +y south, with what fills each part ('player': the colour of the player who acts). No DOM.
 */
import { ART_COLOURS } from './glyphs.js';
import { artTranslator } from './present/core.js';
import type { Locale } from './present/translate.js';

/** The figures a target can show. */
export type TargetFigure =
  'meeple' | 'farmer' | 'tower' | 'tower-meeple' | 'fairy' | 'dragon' | 'princess' | 'capture';

/** One part of a figure's shape. */
export interface FigurePart {
  /** SVG path data, in the figure's box. */
  d: string;
  /** Its fill: the acting player's colour, or a colour of its own. */
  fill: 'player' | string;
  /** Its outline, when not the figure's ink. */
  stroke?: string;
}

export interface FigureShape {
  figure: TargetFigure;
  parts: readonly FigurePart[];
  /** The figure's name in words ("farmer", "tower piece"), in the language asked for. */
  words: string;
}

/** Rounds to 3 decimals (path data stays short). */
const n3 = (v: number): string => String(Math.round(v * 1000) / 1000);

/** An ellipse as path data. */
const ellipse = (cx: number, cy: number, rx: number, ry: number): string =>
  `M${n3(cx - rx)} ${n3(cy)} a${n3(rx)} ${n3(ry)} 0 1 0 ${n3(2 * rx)} 0 ` +
  `a${n3(rx)} ${n3(ry)} 0 1 0 ${n3(-2 * rx)} 0 Z`;

/** A circle as path data. */
const circle = (cx: number, cy: number, r: number): string => ellipse(cx, cy, r, r);

/**
 * A polygon's path data, its points (x, y pairs) turned by `turn` quarter turns clockwise, scaled by
 * `scale` and moved by (dx, dy).
 */
function polygon(points: readonly number[], { turn = 0, scale = 1, dx = 0, dy = 0 } = {}): string {
  const out: string[] = [];
  for (let i = 0; i + 1 < points.length; i += 2) {
    let x = points[i] ?? 0;
    let y = points[i + 1] ?? 0;
    for (let q = 0; q < ((turn % 4) + 4) % 4; q++) [x, y] = [-y, x];
    out.push(`${i === 0 ? 'M' : 'L'}${n3(x * scale + dx)} ${n3(y * scale + dy)}`);
  }
  return `${out.join(' ')} Z`;
}

/** A meeple's body (a head drawn apart), standing, about 1 high. */
const MEEPLE = [
  -0.2, -0.12, 0.2, -0.12, 0.46, -0.02, 0.46, 0.1, 0.2, 0.12, 0.36, 0.48, 0.08, 0.48, 0, 0.3, -0.08, 0.48,
  -0.36, 0.48, -0.2, 0.12, -0.46, 0.1, -0.46, -0.02,
];

function meeple(at: { scale?: number; dx?: number; dy?: number; turn?: number } = {}): string {
  const { scale = 1, dx = 0, dy = 0, turn = 0 } = at;
  // The head sits above the body; turned with it for a farmer lying on its back.
  let hx = 0;
  let hy = -0.3;
  for (let q = 0; q < ((turn % 4) + 4) % 4; q++) [hx, hy] = [-hy, hx];
  return `${polygon(MEEPLE, at)} ${circle(hx * scale + dx, hy * scale + dy, 0.17 * scale)}`;
}

/** A tower's outline with its battlements, about 0.9 high. */
const TOWER = [
  -0.28, 0.46, -0.28, -0.28, -0.36, -0.28, -0.36, -0.46, -0.2, -0.46, -0.2, -0.36, -0.07, -0.36, -0.07, -0.46,
  0.07, -0.46, 0.07, -0.36, 0.2, -0.36, 0.2, -0.46, 0.36, -0.46, 0.36, -0.28, 0.28, -0.28, 0.28, 0.46,
];

const DRAGON =
  'M-0.46 0.29 Q-0.17 0.04 0.08 0.21 Q0.29 0.33 0.46 0.08 L0.58 -0.13 L0.38 -0.04 Q0.25 0.17 0.08 0.04 ' +
  'L0.17 -0.38 L-0.04 -0.13 L-0.21 -0.42 L-0.25 -0.04 Q-0.42 0 -0.46 0.29 Z';

const SHAPES: Record<TargetFigure, Omit<FigureShape, 'figure' | 'words'>> = {
  meeple: { parts: [{ d: meeple(), fill: 'player' }] },
  farmer: { parts: [{ d: meeple({ turn: 3, dy: 0.06 }), fill: 'player' }] },
  tower: {
    parts: [
      { d: polygon(TOWER), fill: ART_COLOURS.tower },
      { d: 'M-0.1 0.46 L-0.1 0.22 Q0 0.1 0.1 0.22 L0.1 0.46 Z', fill: ART_COLOURS.towerBuilt },
    ],
  },
  'tower-meeple': {
    parts: [
      { d: polygon(TOWER, { scale: 0.55, dy: 0.24 }), fill: ART_COLOURS.tower },
      { d: meeple({ scale: 0.6, dy: -0.2 }), fill: 'player' },
    ],
  },
  fairy: {
    parts: [
      { d: `${ellipse(-0.24, -0.08, 0.22, 0.15)} ${ellipse(0.24, -0.08, 0.22, 0.15)}`, fill: '#e7d7ff' },
      { d: 'M0 -0.14 L0.17 0.42 L-0.17 0.42 Z', fill: '#9b59d0' },
      { d: circle(0, -0.27, 0.13), fill: '#f5d0b5' },
    ],
  },
  dragon: {
    parts: [
      { d: DRAGON, fill: '#b3261e' },
      { d: circle(0.48, -0.02, 0.045), fill: '#f7d046' },
    ],
  },
  princess: {
    parts: [
      { d: 'M-0.42 0.3 L-0.42 -0.24 L-0.2 0.02 L0 -0.38 L0.2 0.02 L0.42 -0.24 L0.42 0.3 Z', fill: '#f2c230' },
      { d: circle(0, 0.14, 0.07), fill: '#b3261e' },
    ],
  },
  capture: {
    parts: [
      { d: meeple({ scale: 0.9 }), fill: '#e8e8e8' },
      { d: polygon([-0.42, -0.32, -0.32, -0.42, 0.42, 0.32, 0.32, 0.42]), fill: '#b3261e' },
    ],
  },
};

/**
 * The figure a target shows for an action (a figure action's type) on a feature of `featureKind`:
 * a meeple, a farmer on a field, a tower piece, the fairy, the dragon…
 */
export function targetFigure(actionType: string, featureKind?: string): TargetFigure {
  switch (actionType) {
    case 'tower':
      return 'tower';
    case 'tower-meeple':
      return 'tower-meeple';
    case 'fairy':
      return 'fairy';
    case 'dragon':
      return 'dragon';
    case 'princess':
      return 'princess';
    case 'capture':
      return 'capture';
    default:
      // A meeple (or a crop circle's meeple): lying on a field, standing elsewhere.
      return featureKind === 'field' ? 'farmer' : 'meeple';
  }
}

/** A figure's shape and name (in `locale`: "farmer", "boer", "țăran"). */
export function figureShape(figure: TargetFigure, locale: Locale = 'en'): FigureShape {
  return { figure, ...SHAPES[figure], words: artTranslator(locale).text(`art.figure.${figure}`) };
}
