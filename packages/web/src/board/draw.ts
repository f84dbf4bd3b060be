/**
 * The board's drawing as SVG elements built with DOM APIs: tiles and figures are @carc/art's glyphs
 * (the same drawing the command line serialises to SVG), made into elements by `toDom`; the board
 * only adds its own marks (classes, data attributes) and the outlines of places.
 *
 * Units: one cell is CELL user units; cell (x, y) spans [x·CELL, (x+1)·CELL] × [y·CELL, (y+1)·CELL].
 *
 * The glyphs' titles (tooltips and accessible names) are @carc/art's, in English: the board gives
 * them again in the page's language (`say`), from the same data.
 */
import type { Figure, FigureNames, Glyph, Pt, TileLookup, TileModel } from '@carc/art';
import { figureGlyph, placeCentre, placeOutline, playerColour, tileGlyph, tileWords } from '@carc/art';
import type { CornerName } from '@carc/engine';
import type { Say } from './words.js';
import { documentLocale } from './words.js';

export const SVG_NS = 'http://www.w3.org/2000/svg';
/** User units per cell. */
export const CELL = 100;
/** Cell (0, 0) starts at the world's origin. */
const ORIGIN: Pt = { x: 0, y: 0 };

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

/** The element of a glyph, with its text and children, appended to `parent` when given. */
export function toDom(glyph: Glyph, parent?: Element): SVGElement {
  const e = el(glyph.tag, glyph.attrs, parent);
  if (glyph.text !== undefined) e.textContent = glyph.text;
  for (const child of glyph.children ?? []) toDom(child, e);
  return e;
}

/** A <title> child: the accessible name and the tooltip. */
export function titled<E extends Element>(e: E, text: string): E {
  el('title', {}, e).textContent = text;
  return e;
}

const num = (v: number): string => String(Math.round(v * 100) / 100);

/** A point of a cell's frame (0..1) in board user units, relative to the cell. */
export const cellUnits = (p: Pt): Pt => ({ x: p.x * CELL, y: p.y * CELL });

/** Polygon points of a place's outline on the board (board user units), drawn in by `inset` cells. */
export function outlinePoints(x: number, y: number, corner: CornerName | undefined, inset = 0): string {
  const c = placeCentre(corner);
  return placeOutline(corner)
    .map((p) => {
      const d = Math.hypot(p.x - c.x, p.y - c.y) || 1;
      const q = { x: p.x + ((c.x - p.x) / d) * inset, y: p.y + ((c.y - p.y) / d) * inset };
      return `${num((x + q.x) * CELL)},${num((y + q.y) * CELL)}`;
    })
    .join(' ');
}

/** Sets the text of `node`'s own <title>, when it has one. */
function retitle(node: Element | null, text: string): void {
  const own = node?.querySelector(':scope > title');
  if (own) own.textContent = text;
}

/** A placed tile (or a preview of one) at its cell, its titles in `say`'s words (`tiles` name it). */
export function drawTile(t: TileModel, say: Say, tiles: TileLookup): SVGElement {
  const node = toDom(tileGlyph(t, ORIGIN, CELL));
  retitle(
    node,
    say('tileTitle', {
      // What the tile shows in words, never its id.
      tile: tileWords(tiles, t.tile, documentLocale()) ?? say('aTile'),
      x: t.x,
      y: t.y,
      rotation: String(t.rotation),
      corner: t.corner ?? 'none',
    }),
  );
  for (const symbol of node.querySelectorAll<SVGElement>('.symbol')) {
    retitle(symbol, say('symbolTitle', { name: symbol.dataset.symbol ?? '' }));
  }
  retitle(node.querySelector('.tower-height'), say('towerTitle', { height: t.towerHeight }));
  return node;
}

/** A figure's title in `say`'s words. */
function figureTitle(f: Figure, names: FigureNames, say: Say): string {
  switch (f.type) {
    case 'meeple':
      return say('meepleTitle', {
        name: names.name(f.player),
        colour: playerColour(f.player).name.replace(/ /g, ''),
        letter: names.letter(f.player),
        kind: f.kind,
        x: f.x,
        y: f.y,
        returned: f.returned ? 'yes' : 'no',
      });
    case 'dragon':
      return say('dragonTitle');
    case 'fairy':
      return say('fairyTitle');
    case 'tower':
      return '';
  }
}

/** A figure of the board model at its point; undefined for a tower (drawn on its tile). */
export function drawFigure(f: Figure, names: FigureNames, say: Say): SVGElement | undefined {
  const glyph = figureGlyph(f, ORIGIN, CELL, names);
  if (!glyph) return undefined;
  const node = toDom(glyph);
  retitle(node, figureTitle(f, names, say));
  node.classList.add('figure');
  if (f.type === 'meeple') {
    node.setAttribute('data-player', String(f.player));
    // B-9: faded, where it stood before final scoring returned it.
    if (f.returned) {
      node.classList.add('returned');
      node.setAttribute('opacity', '0.6');
    }
  }
  return node;
}

/**
 * Moves screen points apart until no two are closer than `gap` (a few rounds of pairwise pushes),
 * keeping those whose own point is on screen inside the `width` × `height` view: targets stay
 * apart and tappable at any zoom. Deterministic: the same input gives the same layout.
 */
export function spread(
  spots: { ax: number; ay: number; x: number; y: number }[],
  gap: number,
  width: number,
  height: number,
): void {
  const r = gap / 2;
  for (let round = 0; round < 40; round++) {
    let moved = false;
    for (let i = 0; i < spots.length; i++) {
      for (let j = i + 1; j < spots.length; j++) {
        const a = spots[i];
        const b = spots[j];
        if (!a || !b) continue;
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        let d = Math.hypot(dx, dy);
        if (d >= gap - 0.01) continue;
        moved = true;
        if (d < 0.01) [dx, dy, d] = [1, 0, 1];
        const push = (gap - d) / 2 + 0.01;
        a.x -= (dx / d) * push;
        a.y -= (dy / d) * push;
        b.x += (dx / d) * push;
        b.y += (dy / d) * push;
      }
    }
    for (const s of spots) {
      if (s.ax < 0 || s.ay < 0 || s.ax > width || s.ay > height) continue;
      s.x = Math.min(Math.max(s.x, r), Math.max(r, width - r));
      s.y = Math.min(Math.max(s.y, r), Math.max(r, height - r));
    }
    if (!moved) break;
  }
}
