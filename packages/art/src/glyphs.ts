/**
 * The drawing of tiles and figures as renderer-neutral data: a small tree of SVG elements (tag,
 * attributes, children, text) that the SVG string renderer (svg.ts) serialises and the web board
 * builds DOM elements from. Every shape, size and colour of the art is defined here, once.
 *
 * Coordinates are the renderer's: `origin` is where the north-west corner of cell (0, 0) lies and
 * `cell` the size of a cell, so cell (x, y) spans origin + [x, x + 1] · cell (and likewise in y).
 */
import type { Figure, MeepleFigure, TileModel } from './model.js';
import { placeCentre, placeOutline, turnPoint } from './model.js';
import { playerColour } from './palette.js';
import { artTranslator } from './present/core.js';
import type { Locale } from './present/translate.js';
import type { PathCmd, Pt } from './tileArt.js';
import { MONASTERY_HALF, ROAD_HALF_WIDTH, TOWER_RADIUS } from './tileArt.js';

export type GlyphTag = 'g' | 'path' | 'circle' | 'ellipse' | 'rect' | 'polygon' | 'text' | 'title';

/** An SVG element as data; its text, when it has any, comes before its children. */
export interface Glyph {
  tag: GlyphTag;
  attrs: Record<string, string | number>;
  children?: Glyph[];
  text?: string;
}

/** The colours of the art (players' colours: palette.ts). */
export const ART_COLOURS = {
  background: '#f4efe4',
  field: '#86b84f',
  fieldEdge: '#5c8a30',
  city: '#caa46c',
  cityEdge: '#6e4f26',
  road: '#f6f2e7',
  roadEdge: '#7d6d55',
  pennant: '#2f5fb3',
  monasteryWall: '#efe2c4',
  monasteryRoof: '#b0413e',
  tower: '#9c9c9c',
  towerBuilt: '#5a5a5a',
  towerEdge: '#4f4f4f',
  text: '#3b3325',
  unknown: '#d633c9',
} as const;

/** Rounded to hundredths: shorter output, no visible difference. */
const num = (v: number): number => Math.round(v * 100) / 100;

const el = (tag: GlyphTag, attrs: Glyph['attrs'], children?: Glyph[]): Glyph =>
  children ? { tag, attrs, children } : { tag, attrs };
const title = (text: string): Glyph => ({ tag: 'title', attrs: {}, text });
const text = (attrs: Glyph['attrs'], content: string): Glyph => ({ tag: 'text', attrs, text: content });
/** Text centred on a point. */
const centred = (p: Pt, size: number, fill: string, content: string, bold = false): Glyph =>
  text(
    {
      x: num(p.x),
      y: num(p.y),
      'text-anchor': 'middle',
      'dominant-baseline': 'central',
      'font-size': num(size),
      ...(bold ? { 'font-weight': 'bold' } : {}),
      fill,
    },
    content,
  );

/** SVG path data of an artwork path, its points carried by `map`. */
export function pathData(cmds: readonly PathCmd[], map: (p: Pt) => Pt): string {
  const pt = (q: Pt) => {
    const p = map(q);
    return `${num(p.x)} ${num(p.y)}`;
  };
  return cmds
    .map((c) => {
      if (c.c === 'Z') return 'Z';
      if (c.c === 'Q') return `Q${pt(c.k)} ${pt(c.p)}`;
      if (c.c === 'C') return `C${pt(c.k)} ${pt(c.k2)} ${pt(c.p)}`;
      return `${c.c}${pt(c.p)}`;
    })
    .join(' ');
}

/** Polygon points, carried by `map`. */
const polygonPoints = (pts: readonly Pt[], map: (p: Pt) => Pt): string =>
  pts
    .map(map)
    .map((p) => `${num(p.x)},${num(p.y)}`)
    .join(' ');

/**
 * A placed tile (or a preview of one): a group holding its title, its artwork turned onto its cell
 * and the buildings, pennants and symbols drawn upright at their turned points.
 */
export function tileGlyph(t: TileModel, origin: Pt, cell: number, locale: Locale = 'en'): Glyph {
  const toCell = (p: Pt): Pt => ({ x: origin.x + (t.x + p.x) * cell, y: origin.y + (t.y + p.y) * cell });
  const place = (p: Pt): Pt => toCell(turnPoint(p, t.turns));
  const parts: Glyph[] = [
    title(
      artTranslator(locale).text('art.tileTitle', {
        tile: t.tile,
        x: t.x,
        y: t.y,
        rotation: t.rotation,
        corner: t.corner ?? 'none',
      }),
    ),
  ];
  const group = el(
    'g',
    {
      class: 'tile',
      'data-tile': t.tile,
      'data-x': t.x,
      'data-y': t.y,
      'data-rotation': t.rotation,
      ...(t.corner !== undefined ? { 'data-corner': t.corner } : {}),
    },
    parts,
  );
  const { art, def } = t;
  if (!art || !def) {
    parts.push(
      el('polygon', { points: polygonPoints(placeOutline(t.corner), toCell), fill: ART_COLOURS.unknown }),
    );
    parts.push(centred(toCell(placeCentre(t.corner)), cell * 0.4, '#ffffff', '?'));
    return group;
  }
  const outline = polygonPoints(art.outline, place);
  parts.push(el('polygon', { points: outline, fill: ART_COLOURS.field }));
  for (const c of art.cities) {
    parts.push(
      el('path', {
        d: pathData(c.path, place),
        fill: ART_COLOURS.city,
        stroke: ART_COLOURS.cityEdge,
        'stroke-width': num(cell * 0.025),
        'stroke-linejoin': 'round',
      }),
    );
  }
  for (const r of art.roads) {
    const d = r.paths.map((p) => pathData(p, place)).join(' ');
    const dash: Glyph['attrs'] = r.tunnel
      ? { 'stroke-dasharray': `${num(cell * 0.06)} ${num(cell * 0.04)}` }
      : {};
    const width = cell * ROAD_HALF_WIDTH * 2;
    parts.push(
      el('path', {
        d,
        fill: 'none',
        stroke: ART_COLOURS.roadEdge,
        'stroke-width': num(width + cell * 0.03),
        ...dash,
      }),
      el('path', { d, fill: 'none', stroke: ART_COLOURS.road, 'stroke-width': num(width), ...dash }),
    );
  }
  for (const j of art.junctions) {
    const p = place(j);
    const h = cell * 0.065;
    parts.push(
      el('rect', {
        x: num(p.x - h),
        y: num(p.y - h),
        width: num(2 * h),
        height: num(2 * h),
        fill: ART_COLOURS.road,
        stroke: ART_COLOURS.cityEdge,
        'stroke-width': num(cell * 0.02),
      }),
    );
  }
  if (art.tower) parts.push(towerFoundationGlyph(place(art.tower), cell, t.towerHeight > 0));
  parts.push(
    el('polygon', {
      points: outline,
      fill: 'none',
      stroke: ART_COLOURS.fieldEdge,
      'stroke-width': num(Math.max(0.5, cell * 0.012)),
    }),
  );
  if (art.monastery) parts.push(monasteryGlyph(place(art.monastery), cell));
  for (const c of art.cities) for (const p of c.pennants) parts.push(pennantGlyph(place(p), cell));
  def.symbols.forEach((s, i) => {
    const p = art.symbols[i];
    if (p) parts.push(symbolGlyph(s, place(p), cell, locale));
  });
  if (art.tower && t.towerHeight > 0) {
    parts.push(towerHeightGlyph(place(art.tower), cell, t.towerHeight, { class: 'tower-height' }, locale));
  }
  return group;
}

/** A tower's foundation; larger and darker once a tower stands on it (T-2). */
export function towerFoundationGlyph(p: Pt, cell: number, built: boolean): Glyph {
  return el('circle', {
    cx: num(p.x),
    cy: num(p.y),
    r: num(cell * TOWER_RADIUS * (built ? 1.25 : 1)),
    fill: built ? ART_COLOURS.towerBuilt : ART_COLOURS.tower,
    stroke: ART_COLOURS.towerEdge,
    'stroke-width': num(cell * 0.025),
  });
}

/** A tower's height on a badge beside it, so that a meeple on top does not hide it (T-2). */
export function towerHeightGlyph(
  tower: Pt,
  cell: number,
  height: number,
  attrs: Glyph['attrs'] = {},
  locale: Locale = 'en',
): Glyph {
  const b = { x: tower.x + cell * 0.17, y: tower.y - cell * 0.17 };
  return el('g', attrs, [
    title(artTranslator(locale).text('art.towerHeight', { height })),
    el('circle', {
      cx: num(b.x),
      cy: num(b.y),
      r: num(cell * 0.085),
      fill: ART_COLOURS.towerBuilt,
      stroke: '#ffffff',
      'stroke-width': num(cell * 0.015),
    }),
    centred(b, cell * 0.12, '#ffffff', String(height), true),
  ]);
}

/** A monastery: a small chapel with a cross, centred on p. */
function monasteryGlyph(p: Pt, cell: number): Glyph {
  const h = cell * MONASTERY_HALF;
  const x0 = p.x - h * 0.8;
  const x1 = p.x + h * 0.8;
  const yTop = p.y - h * 0.1;
  const yBot = p.y + h;
  const attrs = {
    stroke: ART_COLOURS.cityEdge,
    'stroke-width': num(cell * 0.018),
    'stroke-linejoin': 'round',
  };
  return el('g', { class: 'monastery', ...attrs }, [
    el('rect', {
      x: num(x0),
      y: num(yTop),
      width: num(x1 - x0),
      height: num(yBot - yTop),
      fill: ART_COLOURS.monasteryWall,
    }),
    el('path', {
      d: `M${num(x0 - h * 0.15)} ${num(yTop)} L${num(p.x)} ${num(p.y - h * 0.75)} L${num(x1 + h * 0.15)} ${num(yTop)} Z`,
      fill: ART_COLOURS.monasteryRoof,
    }),
    el('path', {
      d: `M${num(p.x)} ${num(p.y - h * 0.75)} V${num(p.y - h * 1.15)} M${num(p.x - h * 0.18)} ${num(p.y - h)} H${num(p.x + h * 0.18)}`,
      fill: 'none',
    }),
    el('rect', {
      x: num(p.x - h * 0.18),
      y: num(yBot - h * 0.45),
      width: num(h * 0.36),
      height: num(h * 0.45),
      fill: ART_COLOURS.cityEdge,
    }),
  ]);
}

/** A pennant (coat of arms): a small shield. */
function pennantGlyph(p: Pt, cell: number): Glyph {
  const s = cell * 0.13;
  const [l, r] = [num(p.x - s / 2), num(p.x + s / 2)];
  return el('path', {
    class: 'pennant',
    d: `M${l} ${num(p.y - s / 2)} H${r} V${num(p.y)} Q${r} ${num(p.y + s * 0.45)} ${num(p.x)} ${num(p.y + s * 0.6)} Q${l} ${num(p.y + s * 0.45)} ${l} ${num(p.y)} Z`,
    fill: ART_COLOURS.pennant,
    stroke: '#ffffff',
    'stroke-width': num(cell * 0.015),
  });
}

/** A printed symbol's marker (garden, volcano, dragon, portal…), named by its title. */
export function symbolGlyph(name: string, p: Pt, cell: number, locale: Locale = 'en'): Glyph {
  const s = cell * 0.07;
  const x = num(p.x);
  const y = num(p.y);
  const dot = (cx: number, cy: number, r: number, attrs: Glyph['attrs'] = {}): Glyph =>
    el('circle', { cx: num(cx), cy: num(cy), r: num(r), ...attrs });
  const marker = (attrs: Glyph['attrs'], parts: Glyph[]): Glyph =>
    el('g', { class: 'symbol', 'data-symbol': name, ...attrs }, [
      title(artTranslator(locale).text('art.symbol', { symbol: name })),
      ...parts,
    ]);
  switch (name) {
    case 'garden':
      return marker({}, [
        dot(p.x, p.y, s, { fill: '#3f7d2b', stroke: '#2c5a1e', 'stroke-width': num(s * 0.2) }),
        dot(p.x, p.y, s * 0.4, { fill: '#f3d64e' }),
      ]);
    case 'volcano':
      return marker({}, [
        el('path', {
          d: `M${num(p.x - s * 1.2)} ${num(p.y + s)} L${num(p.x - s * 0.3)} ${num(p.y - s)} H${num(p.x + s * 0.3)} L${num(p.x + s * 1.2)} ${num(p.y + s)} Z`,
          fill: '#7a4a2a',
        }),
        dot(p.x, p.y - s * 1.1, s * 0.45, { fill: '#ff6a1a' }),
      ]);
    case 'dragon':
      return marker({}, [
        el('path', {
          d: `M${x} ${num(p.y - s * 1.2)} L${num(p.x + s)} ${y} L${x} ${num(p.y + s * 1.2)} L${num(p.x - s)} ${y} Z`,
          fill: '#b3001b',
          stroke: '#5a000d',
          'stroke-width': num(s * 0.2),
        }),
      ]);
    case 'portal':
      return marker({}, [
        dot(p.x, p.y, s, { fill: 'none', stroke: '#7b3fa0', 'stroke-width': num(s * 0.5) }),
      ]);
    case 'vineyard':
      return marker({ fill: '#6a2c83' }, [
        dot(p.x - s * 0.5, p.y, s * 0.5),
        dot(p.x + s * 0.5, p.y, s * 0.5),
        dot(p.x, p.y + s * 0.8, s * 0.5),
      ]);
    case 'waterTower':
      return marker({}, [
        el('rect', {
          x: num(p.x - s * 0.6),
          y: num(p.y - s),
          width: num(s * 1.2),
          height: num(s * 2),
          fill: '#5b8fd6',
          stroke: '#2d4f80',
          'stroke-width': num(s * 0.2),
        }),
      ]);
    default:
      return marker({}, [
        dot(p.x, p.y, s, { fill: '#ffffff', stroke: ART_COLOURS.text, 'stroke-width': num(s * 0.25) }),
      ]);
  }
}

/** How a meeple looks: its fill, the ink and letter on it (none in a legend's key), its pose. */
export interface MeepleLook {
  colour: string;
  ink: string;
  letter?: string;
  /** A farmer lies down. */
  lying?: boolean;
  /** Its tooltip and accessible name. */
  title?: string;
}

/** The meeple outline (centred on 0,0; height about 1). */
const MEEPLE_BODY =
  'M-0.2 -0.16 L0.2 -0.16 Q0.48 -0.12 0.48 0.02 L0.2 0.06 L0.38 0.48 L0.08 0.48 L0 0.28 L-0.08 0.48 L-0.38 0.48 L-0.2 0.06 L-0.48 0.02 Q-0.48 -0.12 -0.2 -0.16 Z';

/** A meeple centred on p, `size` high. */
export function meepleGlyph(p: Pt, size: number, look: MeepleLook): Glyph {
  const { lying = false } = look;
  // Dark colours (those with white ink) get a light outline.
  const outline = look.ink === '#ffffff' ? '#f4f4f4' : '#1b1b1b';
  const parts: Glyph[] = look.title ? [title(look.title)] : [];
  parts.push(
    el(
      'g',
      {
        transform: `scale(${num(size)})${lying ? ' rotate(-90)' : ''}`,
        stroke: outline,
        'stroke-width': 0.06,
        'stroke-linejoin': 'round',
      },
      [el('path', { d: MEEPLE_BODY }), el('circle', { cx: 0, cy: -0.32, r: 0.17 })],
    ),
  );
  if (look.letter) {
    const at = lying ? { x: size * 0.1, y: 0 } : { x: 0, y: size * 0.12 };
    parts.push(centred(at, size * 0.42, look.ink, look.letter, true));
  }
  return el(
    'g',
    { class: 'meeple', transform: `translate(${num(p.x)} ${num(p.y)})`, fill: look.colour },
    parts,
  );
}

/** The dragon (D-3): a red beast with wings, centred on p, about `cell` · 0.5 across. */
export function dragonGlyph(p: Pt, cell: number, locale: Locale = 'en'): Glyph {
  const body =
    'M-0.55 0.35 Q-0.2 0.05 0.1 0.25 Q0.35 0.4 0.55 0.1 L0.7 -0.15 L0.45 -0.05 Q0.3 0.2 0.1 0.05 ' +
    'L0.2 -0.45 L-0.05 -0.15 L-0.25 -0.5 L-0.3 -0.05 Q-0.5 0 -0.55 0.35 Z';
  return el(
    'g',
    { class: 'dragon', transform: `translate(${num(p.x)} ${num(p.y)}) scale(${num(cell * 0.3)})` },
    [
      title(artTranslator(locale).text('art.dragon')),
      el('circle', { r: 0.85, fill: '#ffffff', 'fill-opacity': 0.55 }),
      el('path', {
        d: body,
        fill: '#b3261e',
        stroke: '#3d0b08',
        'stroke-width': 0.06,
        'stroke-linejoin': 'round',
      }),
      el('circle', { cx: 0.58, cy: -0.02, r: 0.05, fill: '#f7d046' }),
    ],
  );
}

/** The fairy (D-14): a small violet figure with wings, centred on p. */
export function fairyGlyph(p: Pt, cell: number, locale: Locale = 'en'): Glyph {
  const wing = { cy: -0.1, rx: 0.45, ry: 0.3, fill: '#e7d7ff', stroke: '#6a3fb5', 'stroke-width': 0.08 };
  return el(
    'g',
    { class: 'fairy', transform: `translate(${num(p.x)} ${num(p.y)}) scale(${num(cell * 0.16)})` },
    [
      title(artTranslator(locale).text('art.fairy')),
      el('ellipse', { cx: -0.45, ...wing }),
      el('ellipse', { cx: 0.45, ...wing }),
      el('path', {
        d: 'M0 -0.2 L0.3 0.7 L-0.3 0.7 Z',
        fill: '#9b59d0',
        stroke: '#4b2380',
        'stroke-width': 0.08,
      }),
      el('circle', { cy: -0.45, r: 0.22, fill: '#f5d0b5', stroke: '#4b2380', 'stroke-width': 0.08 }),
    ],
  );
}

/** How to name a player on their figures. */
export interface FigureNames {
  /** The player's name, e.g. "Ann". */
  name(player: number): string;
  /** The letter on their figures (see `playerLetters`). */
  letter(player: number): string;
}

/** A player's colour in words: "vermillion", "sky blue" ("hemelsblauw", "bleu"). */
export function colourName(seat: number, locale: Locale = 'en'): string {
  return artTranslator(locale).text('art.colour', { colour: playerColour(seat).name.replace(/ /g, '') });
}

/** What a meeple's title says: whose, its colour and letter, and where it stands. */
function meepleTitle(m: MeepleFigure, names: FigureNames, locale: Locale): string {
  return artTranslator(locale).text('art.meepleTitle', {
    name: names.name(m.player),
    colour: colourName(m.player, locale),
    letter: names.letter(m.player),
    kind: m.kind,
    x: m.x,
    y: m.y,
    returned: m.returned ? 'yes' : 'no',
  });
}

/** A figure of the board model at its point; undefined for a tower (its tile draws it, with its height). */
export function figureGlyph(
  f: Figure,
  origin: Pt,
  cell: number,
  names: FigureNames,
  locale: Locale = 'en',
): Glyph | undefined {
  const p = { x: origin.x + (f.x + f.at.x) * cell, y: origin.y + (f.y + f.at.y) * cell };
  switch (f.type) {
    case 'meeple': {
      const { colour, ink } = playerColour(f.player);
      const letter = names.letter(f.player);
      return meepleGlyph(p, cell * 0.3, {
        colour,
        ink,
        letter,
        lying: f.kind === 'field',
        title: meepleTitle(f, names, locale),
      });
    }
    case 'dragon':
      return dragonGlyph(p, cell, locale);
    case 'fairy':
      return fairyGlyph(p, cell, locale);
    case 'tower':
      return undefined;
  }
}
