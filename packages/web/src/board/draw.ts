/**
 * The board's drawing, as SVG elements built with DOM APIs: tiles from @carc/art's tile artwork
 * (`TileArt`, in the tile's own frame, turned onto its cell), figures from its board model (meeples,
 * the dragon, the fairy; towers with their height on their tile). The same shapes and sizes as the
 * art package's SVG string renderer (svg.ts), which the command line uses; only the meeples differ:
 * colour-blind safe colours, each with its player's letter.
 *
 * Units: one cell is CELL user units; cell (x, y) spans [x·CELL, (x+1)·CELL] × [y·CELL, (y+1)·CELL].
 */
import type { Figure, MeepleFigure, PathCmd, Pt, TileModel } from '@carc/art';
import { MONASTERY_HALF, ROAD_HALF_WIDTH, TOWER_RADIUS, turnPoint } from '@carc/art';
import type { CornerName } from '@carc/engine';
import { CORNER_NAMES } from '@carc/engine';

export const SVG_NS = 'http://www.w3.org/2000/svg';
/** User units per cell. */
export const CELL = 100;

type Attrs = Record<string, string | number>;

/** An SVG element with attributes, appended to `parent` when given. */
export function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  parent?: Element,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.appendChild(e);
  return e;
}

/** A <title> child: the accessible name and the tooltip. */
export function titled<E extends Element>(e: E, text: string): E {
  el('title', {}, e).textContent = text;
  return e;
}

/**
 * Player colours by seat, from the Okabe–Ito palette (told apart with the common colour-vision
 * deficiencies), none of them the fields' green: vermillion, blue, yellow, black, reddish purple,
 * sky blue. Every figure also carries its player's letter.
 */
export const PLAYER_COLOURS = ['#d55e00', '#0072b2', '#f0e442', '#1a1a1a', '#cc79a7', '#56b4e9'] as const;
export const PLAYER_COLOUR_NAMES = ['vermillion', 'blue', 'yellow', 'black', 'purple', 'sky blue'] as const;
/** Whether a player colour needs dark text on it. */
const LIGHT = new Set<string>(['#f0e442', '#56b4e9', '#cc79a7', '#d55e00']);

export const playerColour = (seat: number): string =>
  PLAYER_COLOURS[((seat % PLAYER_COLOURS.length) + PLAYER_COLOURS.length) % PLAYER_COLOURS.length] ??
  '#1a1a1a';

/**
 * A letter per player for their figures: the initial of their name, or their seat number (1…) when
 * the name is missing or its initial is shared.
 */
export function playerLetters(players: readonly string[], count: number): string[] {
  const initials = Array.from({ length: count }, (_, i) => (players[i] ?? '').trim().charAt(0).toUpperCase());
  return initials.map((c, i) =>
    c === '' || !/\p{L}|\p{N}/u.test(c) || initials.filter((d) => d === c).length > 1 ? String(i + 1) : c,
  );
}

/** The style sheet of the board: colours by class, as in the art package's SVG. */
export const BOARD_CSS = `
.tile .field{fill:#86b84f}
.tile .edge{fill:none;stroke:#5c8a30;stroke-width:1.2}
.tile .city{fill:#caa46c;stroke:#6e4f26;stroke-width:2.5;stroke-linejoin:round}
.tile .road-edge{fill:none;stroke:#7d6d55}
.tile .road{fill:none;stroke:#f6f2e7}
.tile .junction{fill:#f6f2e7;stroke:#6e4f26;stroke-width:2}
.tile .tower{fill:#9c9c9c;stroke:#4f4f4f;stroke-width:2.5}
.tile .tower.built{fill:#5a5a5a}
.tile .unknown{fill:#d633c9}
.pennant{fill:#2f5fb3;stroke:#fff;stroke-width:1.5}
.monastery{stroke:#6e4f26;stroke-width:1.8;stroke-linejoin:round}
.figure text,.badge text,.target text{font-family:system-ui,sans-serif;font-weight:700;pointer-events:none;user-select:none}
`;

const num = (v: number): string => String(Math.round(v * 100) / 100);

/** Path data of an artwork path scaled to the cell (tile frame). */
export function pathData(cmds: readonly PathCmd[]): string {
  const p = (q: Pt) => `${num(q.x * CELL)} ${num(q.y * CELL)}`;
  return cmds
    .map((c) => {
      if (c.c === 'Z') return 'Z';
      if (c.c === 'Q') return `Q${p(c.k)} ${p(c.p)}`;
      if (c.c === 'C') return `C${p(c.k)} ${p(c.k2)} ${p(c.p)}`;
      return `${c.c}${p(c.p)}`;
    })
    .join(' ');
}

const points = (pts: readonly Pt[]): string =>
  pts.map((q) => `${num(q.x * CELL)},${num(q.y * CELL)}`).join(' ');

const SQUARE: Pt[] = [
  { x: 0, y: 0 },
  { x: 1, y: 0 },
  { x: 1, y: 1 },
  { x: 0, y: 1 },
];
const TRIANGLE: Pt[] = [
  { x: 0, y: 0 },
  { x: 1, y: 0 },
  { x: 0, y: 1 },
];

/** The outline of a cell, or of the triangle at `corner` in it, in cell coordinates (0..1). */
export function placeOutline(corner: CornerName | undefined): Pt[] {
  if (corner === undefined) return SQUARE;
  const q = CORNER_NAMES.indexOf(corner);
  return TRIANGLE.map((p) => turnPoint(p, q));
}

/** Polygon points of a place's outline on the board (board user units). */
export function outlinePoints(x: number, y: number, corner: CornerName | undefined, inset = 0): string {
  const pts = placeOutline(corner);
  const c = pts.reduce((s, p) => ({ x: s.x + p.x / pts.length, y: s.y + p.y / pts.length }), { x: 0, y: 0 });
  return pts
    .map((p) => {
      const d = Math.hypot(p.x - c.x, p.y - c.y) || 1;
      const q = { x: p.x + ((c.x - p.x) / d) * inset, y: p.y + ((c.y - p.y) / d) * inset };
      return `${num((x + q.x) * CELL)},${num((y + q.y) * CELL)}`;
    })
    .join(' ');
}

/**
 * A placed tile (or a preview of one): a group at its cell, the artwork turned onto it, and the
 * buildings, pennants and symbols drawn upright at their turned points.
 */
export function drawTile(t: TileModel): SVGGElement {
  const g = el('g', {
    class: 'tile',
    transform: `translate(${t.x * CELL} ${t.y * CELL})`,
    'data-tile': t.tile,
    'data-x': t.x,
    'data-y': t.y,
    'data-rotation': t.rotation,
    ...(t.corner !== undefined ? { 'data-corner': t.corner } : {}),
  });
  titled(g, `${t.tile} at (${t.x},${t.y}), rotation ${t.rotation}${t.corner ? `, corner ${t.corner}` : ''}`);
  const { art, def } = t;
  if (!art || !def) {
    el('polygon', { class: 'unknown', points: outlinePoints(0, 0, t.corner) }, g);
    const q = el(
      'text',
      { x: CELL / 2, y: CELL / 2, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': 40 },
      g,
    );
    q.setAttribute('fill', '#fff');
    q.textContent = '?';
    return g;
  }
  const turned = el('g', { transform: `rotate(${t.turns * 90} ${CELL / 2} ${CELL / 2})` }, g);
  el('polygon', { class: 'field', points: points(art.outline) }, turned);
  for (const c of art.cities) el('path', { class: 'city', d: pathData(c.path) }, turned);
  for (const r of art.roads) {
    const d = r.paths.map(pathData).join(' ');
    const dash: Attrs = r.tunnel ? { 'stroke-dasharray': '6 4' } : {};
    el(
      'path',
      { class: 'road-edge', d, 'stroke-width': num(CELL * (ROAD_HALF_WIDTH * 2 + 0.03)), ...dash },
      turned,
    );
    el('path', { class: 'road', d, 'stroke-width': num(CELL * ROAD_HALF_WIDTH * 2), ...dash }, turned);
  }
  for (const j of art.junctions) {
    const h = CELL * 0.065;
    el(
      'rect',
      { class: 'junction', x: j.x * CELL - h, y: j.y * CELL - h, width: 2 * h, height: 2 * h },
      turned,
    );
  }
  if (art.tower) {
    const built = t.towerHeight > 0;
    el(
      'circle',
      {
        class: built ? 'tower built' : 'tower',
        cx: art.tower.x * CELL,
        cy: art.tower.y * CELL,
        r: num(CELL * TOWER_RADIUS * (built ? 1.25 : 1)),
      },
      turned,
    );
  }
  el('polygon', { class: 'edge', points: points(art.outline) }, turned);
  // Upright parts, at their points turned onto the cell.
  const at = (p: Pt): Pt => {
    const r = turnPoint(p, t.turns);
    return { x: r.x * CELL, y: r.y * CELL };
  };
  if (art.monastery) g.appendChild(monastery(at(art.monastery)));
  for (const c of art.cities) for (const p of c.pennants) g.appendChild(pennant(at(p)));
  def.symbols.forEach((s, i) => {
    const p = art.symbols[i];
    if (p) g.appendChild(symbol(s, at(p)));
  });
  if (art.tower && t.towerHeight > 0) {
    const p = at(art.tower);
    g.appendChild(
      badge({ x: p.x + 17, y: p.y - 17 }, String(t.towerHeight), `tower of height ${t.towerHeight}`),
    );
  }
  return g;
}

/** A small dark disc with a number (a tower's height). */
function badge(p: Pt, text: string, title: string): SVGGElement {
  const g = titled(el('g', { class: 'badge' }), title);
  el('circle', { cx: num(p.x), cy: num(p.y), r: 9, fill: '#5a5a5a', stroke: '#fff', 'stroke-width': 1.5 }, g);
  const t = el(
    'text',
    {
      x: num(p.x),
      y: num(p.y),
      'text-anchor': 'middle',
      'dominant-baseline': 'central',
      'font-size': 12,
      fill: '#fff',
    },
    g,
  );
  t.textContent = text;
  return g;
}

function monastery(p: Pt): SVGGElement {
  const h = CELL * MONASTERY_HALF;
  const g = el('g', { class: 'monastery' });
  const x0 = p.x - h * 0.8;
  const x1 = p.x + h * 0.8;
  const yTop = p.y - h * 0.1;
  const yBot = p.y + h;
  el('rect', { x: num(x0), y: num(yTop), width: num(x1 - x0), height: num(yBot - yTop), fill: '#efe2c4' }, g);
  el(
    'path',
    {
      d: `M${num(x0 - h * 0.15)} ${num(yTop)} L${num(p.x)} ${num(p.y - h * 0.75)} L${num(x1 + h * 0.15)} ${num(yTop)} Z`,
      fill: '#b0413e',
    },
    g,
  );
  el(
    'path',
    {
      d: `M${num(p.x)} ${num(p.y - h * 0.75)} V${num(p.y - h * 1.15)} M${num(p.x - h * 0.18)} ${num(p.y - h)} H${num(p.x + h * 0.18)}`,
      fill: 'none',
    },
    g,
  );
  el(
    'rect',
    {
      x: num(p.x - h * 0.18),
      y: num(yBot - h * 0.45),
      width: num(h * 0.36),
      height: num(h * 0.45),
      fill: '#6e4f26',
    },
    g,
  );
  return g;
}

function pennant(p: Pt): SVGPathElement {
  const s = CELL * 0.13;
  return el('path', {
    class: 'pennant',
    d: `M${num(p.x - s / 2)} ${num(p.y - s / 2)} H${num(p.x + s / 2)} V${num(p.y)} Q${num(p.x + s / 2)} ${num(p.y + s * 0.45)} ${num(p.x)} ${num(p.y + s * 0.6)} Q${num(p.x - s / 2)} ${num(p.y + s * 0.45)} ${num(p.x - s / 2)} ${num(p.y)} Z`,
  });
}

/** A printed symbol's marker (garden, volcano, dragon, portal…), named by its title. */
function symbol(name: string, p: Pt): SVGGElement {
  const s = CELL * 0.07;
  const g = titled(el('g', { class: 'symbol', 'data-symbol': name }), name);
  switch (name) {
    case 'garden':
      el(
        'circle',
        { cx: p.x, cy: p.y, r: s, fill: '#3f7d2b', stroke: '#2c5a1e', 'stroke-width': s * 0.2 },
        g,
      );
      el('circle', { cx: p.x, cy: p.y, r: s * 0.4, fill: '#f3d64e' }, g);
      break;
    case 'volcano':
      el(
        'path',
        {
          d: `M${num(p.x - s * 1.2)} ${num(p.y + s)} L${num(p.x - s * 0.3)} ${num(p.y - s)} H${num(p.x + s * 0.3)} L${num(p.x + s * 1.2)} ${num(p.y + s)} Z`,
          fill: '#7a4a2a',
        },
        g,
      );
      el('circle', { cx: p.x, cy: num(p.y - s * 1.1), r: num(s * 0.45), fill: '#ff6a1a' }, g);
      break;
    case 'dragon':
      el(
        'path',
        {
          d: `M${num(p.x)} ${num(p.y - s * 1.2)} L${num(p.x + s)} ${num(p.y)} L${num(p.x)} ${num(p.y + s * 1.2)} L${num(p.x - s)} ${num(p.y)} Z`,
          fill: '#b3001b',
          stroke: '#5a000d',
          'stroke-width': num(s * 0.2),
        },
        g,
      );
      break;
    case 'portal':
      el('circle', { cx: p.x, cy: p.y, r: s, fill: 'none', stroke: '#7b3fa0', 'stroke-width': s * 0.5 }, g);
      break;
    default:
      el('circle', { cx: p.x, cy: p.y, r: s, fill: '#fff', stroke: '#3b3325', 'stroke-width': s * 0.25 }, g);
  }
  return g;
}

/** The meeple outline of the art package (centred on 0,0; height about 1). */
const MEEPLE_BODY =
  'M-0.2 -0.16 L0.2 -0.16 Q0.48 -0.12 0.48 0.02 L0.2 0.06 L0.38 0.48 L0.08 0.48 L0 0.28 L-0.08 0.48 L-0.38 0.48 L-0.2 0.06 L-0.48 0.02 Q-0.48 -0.12 -0.2 -0.16 Z';

export interface FigureLabels {
  /** A player's name, colour name and letter. */
  name(player: number): string;
  letter(player: number): string;
}

/** A figure of the board model, at its point on the board. */
export function drawFigure(f: Figure, labels: FigureLabels): SVGGElement | undefined {
  const p = { x: (f.x + f.at.x) * CELL, y: (f.y + f.at.y) * CELL };
  switch (f.type) {
    case 'meeple':
      return meeple(f, p, labels);
    case 'dragon':
      return dragon(p);
    case 'fairy':
      return fairy(p);
    case 'tower':
      return undefined; // drawn on its tile, with its height
  }
}

function meeple(m: MeepleFigure, p: Pt, labels: FigureLabels): SVGGElement {
  const size = CELL * 0.3;
  const colour = playerColour(m.player);
  const dark = !LIGHT.has(colour);
  const g = el('g', {
    class: `figure meeple${m.returned ? ' returned' : ''}`,
    'data-player': m.player,
    transform: `translate(${num(p.x)} ${num(p.y)})`,
    ...(m.returned ? { opacity: 0.6 } : {}),
  });
  titled(
    g,
    `${labels.name(m.player)}: ${m.kind === 'field' ? 'farmer' : 'meeple'} on a ${m.kind} at (${m.x},${m.y})` +
      (m.returned ? ', returned at final scoring' : ''),
  );
  const body = el(
    'g',
    {
      transform: `scale(${num(size)})${m.kind === 'field' ? ' rotate(-90)' : ''}`,
      fill: colour,
      stroke: dark ? '#f4f4f4' : '#1b1b1b',
      'stroke-width': 0.06,
      'stroke-linejoin': 'round',
    },
    g,
  );
  el('path', { d: MEEPLE_BODY }, body);
  el('circle', { cx: 0, cy: -0.32, r: 0.17 }, body);
  const c = m.kind === 'field' ? { x: size * 0.1, y: 0 } : { x: 0, y: size * 0.12 };
  const t = el(
    'text',
    {
      x: num(c.x),
      y: num(c.y),
      'text-anchor': 'middle',
      'dominant-baseline': 'central',
      'font-size': num(size * 0.42),
      fill: dark ? '#ffffff' : '#111111',
    },
    g,
  );
  t.textContent = labels.letter(m.player);
  return g;
}

function dragon(p: Pt): SVGGElement {
  const body =
    'M-0.55 0.35 Q-0.2 0.05 0.1 0.25 Q0.35 0.4 0.55 0.1 L0.7 -0.15 L0.45 -0.05 Q0.3 0.2 0.1 0.05 ' +
    'L0.2 -0.45 L-0.05 -0.15 L-0.25 -0.5 L-0.3 -0.05 Q-0.5 0 -0.55 0.35 Z';
  const g = titled(
    el('g', { class: 'figure dragon', transform: `translate(${num(p.x)} ${num(p.y)}) scale(${CELL * 0.3})` }),
    'the dragon',
  );
  el('circle', { r: 0.85, fill: '#ffffff', 'fill-opacity': 0.55 }, g);
  el(
    'path',
    { d: body, fill: '#b3261e', stroke: '#3d0b08', 'stroke-width': 0.06, 'stroke-linejoin': 'round' },
    g,
  );
  el('circle', { cx: 0.58, cy: -0.02, r: 0.05, fill: '#f7d046' }, g);
  return g;
}

function fairy(p: Pt): SVGGElement {
  const g = titled(
    el('g', { class: 'figure fairy', transform: `translate(${num(p.x)} ${num(p.y)}) scale(${CELL * 0.16})` }),
    'the fairy',
  );
  const wing = { rx: 0.45, ry: 0.3, fill: '#e7d7ff', stroke: '#6a3fb5', 'stroke-width': 0.08, cy: -0.1 };
  el('ellipse', { ...wing, cx: -0.45 }, g);
  el('ellipse', { ...wing, cx: 0.45 }, g);
  el(
    'path',
    { d: 'M0 -0.2 L0.3 0.7 L-0.3 0.7 Z', fill: '#9b59d0', stroke: '#4b2380', 'stroke-width': 0.08 },
    g,
  );
  el('circle', { cy: -0.45, r: 0.22, fill: '#f5d0b5', stroke: '#4b2380', 'stroke-width': 0.08 }, g);
  return g;
}
