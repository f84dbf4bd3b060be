/**
 * Draws a board as an SVG document from the tile definitions (no images): the tiles and figures
 * of the board model (model.ts) drawn as glyphs (glyphs.ts), with coordinates, a legend and a key.
 *
 * A pure function of a board view and a tile lookup: no DOM and no Node APIs. The view is the
 * engine's public `GameView` (or just its `tiles` and `meeples`).
 */
import type { GameEvent } from '@carc/engine';
import type { Glyph } from './glyphs.js';
import {
  ART_COLOURS,
  dragonGlyph,
  fairyGlyph,
  figureGlyph,
  meepleGlyph,
  symbolGlyph,
  tileGlyph,
  towerFoundationGlyph,
  towerHeightGlyph,
} from './glyphs.js';
import type { BoardView, Figure, TileLookup } from './model.js';
import { boardModel } from './model.js';
import { playerColour, playerLetters } from './palette.js';
import { artTranslator } from './present/core.js';
import type { Locale } from './present/translate.js';
import type { Pt } from './tileArt.js';

export interface RenderOptions {
  /** Size of a cell in pixels (default 64). */
  cell?: number;
  /** Coordinates along the top and left edges (default true). */
  labels?: boolean;
  /**
   * Under the board: players' colours, names, scores and supply (when the view has scores), and a
   * key to the symbols and neutral figures drawn (default true).
   */
  legend?: boolean;
  playerNames?: readonly string[];
  /** A caption above the board. */
  title?: string;
  /**
   * B-9: the game's events; after the end, the meeples final scoring returned to supply are drawn
   * where they stood, and the legend says so.
   */
  events?: readonly GameEvent[];
  /** H-3: a player's hand of triangles to draw under the board (only the viewer's own hand is known). */
  hand?: { player: number; tiles: readonly string[] };
  /** The language of the titles and the legend (English by default). */
  locale?: Locale;
}

/** Grid lines between cells. */
const GRID_COLOUR = '#e3dbc9';

/** A count and its English noun, singular for one: "1 tile", "2 tiles". */
export const counted = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** "Ann's hand"; "Your hand" for the person at the terminal, who plays as "You" (English). */
export const possessive = (name: string, noun: string): string =>
  /^you$/i.test(name.trim()) ? `Your ${noun}` : `${name}${name.endsWith('s') ? "'" : "'s"} ${noun}`;

/** The title of a player's hand: "Ann's hand", "Your hand" ("Hand van Ann", "Mâna ta"). */
const handTitle = (name: string, locale: Locale): string =>
  artTranslator(locale).text('art.hand', {
    you: /^you$/i.test(name.trim()) ? 'yes' : 'no',
    name,
    endsInS: name.endsWith('s') ? 'yes' : 'no',
  });

const num = (v: number): number => Math.round(v * 100) / 100;

const escapeXml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** A glyph as SVG markup, its attributes and text escaped. */
export function glyphSvg(g: Glyph): string {
  const attrs = Object.entries(g.attrs)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
  const inner = escapeXml(g.text ?? '') + (g.children ?? []).map(glyphSvg).join('');
  return inner === '' ? `<${g.tag}${attrs}/>` : `<${g.tag}${attrs}>${inner}</${g.tag}>`;
}

const group = (attrs: Glyph['attrs'], children: Glyph[]): Glyph => ({ tag: 'g', attrs, children });
const text = (attrs: Glyph['attrs'], content: string): Glyph => ({ tag: 'text', attrs, text: content });

/** A line of the legend: an icon drawn centred on a point at a size, and its text. */
interface LegendRow {
  icon: (p: Pt, size: number) => Glyph;
  text: string;
}

/** Average character width of the legend's sans-serif text, in ems (rounded up). */
const TEXT_EM = 0.6;

/** Renders the board of `view` as a standalone SVG document. */
export function renderSvg(view: BoardView, tiles: TileLookup, opts: RenderOptions = {}): string {
  const cell = opts.cell ?? 64;
  const locale = opts.locale ?? 'en';
  const t = artTranslator(locale);
  /** A seat without a name: "Player 2" (`start`), "player 2". */
  const nameOf = (seat: number, start: boolean): string =>
    names[seat] ?? t.text('art.player', { start: start ? 'yes' : 'no', number: seat + 1 });
  const labels = opts.labels ?? true;
  const names = opts.playerNames ?? [];
  const scores = view.scores;
  const showLegend = (opts.legend ?? true) && scores !== undefined && scores.length > 0;
  const margin = labels ? Math.round(cell * 0.45) : Math.round(cell * 0.2);
  const titleH = opts.title ? Math.round(cell * 0.45) : 0;
  const titleFont = cell * 0.26;
  const legendRow = Math.max(14, Math.round(cell * 0.34));
  const legendFont = Math.max(9, legendRow * 0.62);

  const model = boardModel(view, tiles, opts.events ? { events: opts.events } : {});
  const { minX, minY, cols, rows } = model.bounds;
  const seats = Math.max(
    scores?.length ?? 0,
    names.length,
    ...model.figures.map((f) => ('player' in f ? f.player + 1 : 0)),
  );
  const letters = playerLetters(names, seats); // for every seat that scores or has a figure
  // The legend, one row per player: an icon, then a line of text.
  const legend: LegendRow[] = [];
  if (showLegend && scores) {
    scores.forEach((score, i) => {
      const supply = view.supply?.[i];
      const extras: string[] = [];
      if (supply !== undefined) extras.push(t.text('art.legend.supply', { count: supply }));
      const pieces = view.towerPieces?.[i];
      if (pieces !== undefined) extras.push(t.text('art.legend.towerPieces', { count: pieces }));
      const held = view.prisoners?.[i];
      if (held && held.length > 0) {
        extras.push(t.text('art.legend.holds', { prisoners: held.map((o) => nameOf(o, false)).join(', ') }));
      }
      const { colour, ink } = playerColour(i);
      const look = { colour, ink, letter: letters[i] ?? '' };
      legend.push({
        icon: (p, size) => meepleGlyph(p, size * 0.85, look),
        text: t.text('art.legend.player', {
          name: nameOf(i, true),
          score,
          withExtras: extras.length > 0 ? 'yes' : 'no',
          extras: extras.join('; '),
        }),
      });
    });
  }
  // The key: each printed symbol on the board, and the neutral figures.
  if (opts.legend ?? true) {
    if (model.figures.some((f) => f.type === 'meeple' && f.returned)) {
      legend.push({
        icon: (p, size) => meepleGlyph(p, size * 0.85, { colour: '#ffffff', ink: '#111111' }),
        text: t.text('art.legend.returned'),
      });
    }
    for (const name of model.symbols) {
      legend.push({
        icon: (p, size) => symbolGlyph(name, p, size * 5, locale),
        text: t.text('art.legend.symbol', { symbol: name }),
      });
    }
    const has = (type: Figure['type']) => model.figures.some((f) => f.type === type);
    if (has('dragon'))
      legend.push({ icon: (p, size) => dragonGlyph(p, size * 2.2, locale), text: t.text('art.dragon') });
    if (has('fairy'))
      legend.push({ icon: (p, size) => fairyGlyph(p, size * 3.5, locale), text: t.text('art.fairy') });
    if (model.figures.some((f) => f.type === 'tower' && f.height > 0)) {
      legend.push({
        icon: (p, size) =>
          group({}, [
            towerFoundationGlyph(p, size * 2.2, true),
            towerHeightGlyph(p, size * 2.2, 2, {}, locale),
          ]),
        text: t.text('art.legend.tower'),
      });
    }
  }
  const legendH = legend.length > 0 ? legendRow * legend.length + Math.round(cell * 0.2) : 0;
  // Wide enough for its longest line, however narrow the board (no text metrics here: an estimate
  // on the wide side of a sans-serif font's average character).
  const legendW =
    legend.length > 0 ? legendRow + Math.max(...legend.map((r) => r.text.length)) * legendFont * TEXT_EM : 0;
  // The title above board and legend is as wide as its text too (the same estimate at its size):
  // a long caption over a narrow board must not run out of the picture.
  const titleW = opts.title ? opts.title.length * titleFont * TEXT_EM : 0;
  const boardW = cols * cell;
  const boardH = rows * cell;
  const ox = margin;
  const oy = margin + titleH;
  let width = Math.max(
    boardW + 2 * margin,
    Math.ceil(legendW + 2 * margin),
    Math.ceil(titleW + 2 * margin),
    opts.hand ? Math.round(cell * 3.2) : 0,
  );
  // H-3: the viewer's hand, drawn as its own small board under the legend.
  const handCell = Math.round(cell * 0.8);
  const hand =
    opts.hand && opts.hand.tiles.length > 0
      ? renderSvg(
          {
            tiles: opts.hand.tiles.map((tile, i) => ({
              tile,
              x: 2 * i,
              y: 0,
              rotation: 0 as const,
              corner: 'nw' as const,
            })),
            meeples: [],
          },
          tiles,
          {
            cell: handCell,
            labels: false,
            legend: false,
            title: handTitle(nameOf(opts.hand.player, true), locale),
            locale,
          },
        )
      : '';
  const handSize = /width="(\d+)" height="(\d+)"/.exec(hand);
  const handW = handSize ? Number(handSize[1]) : 0;
  const handH = handSize ? Number(handSize[2]) : 0;
  width = Math.max(width, handW);
  const boardBottom = oy + boardH + margin + legendH;
  const height = boardBottom + handH;
  /** Where the north-west corner of cell (0, 0) lies. */
  const origin = { x: ox - minX * cell, y: oy - minY * cell };

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
  );
  const parts: Glyph[] = [
    {
      tag: 'title',
      attrs: {},
      text: opts.title ?? t.text('art.boardTitle', { count: view.tiles.length }),
    },
    { tag: 'rect', attrs: { width, height, fill: ART_COLOURS.background } },
  ];
  if (opts.title) {
    const at = { x: margin, y: num(margin * 0.5 + titleH * 0.6) };
    parts.push(text({ ...at, 'font-size': num(titleFont), fill: ART_COLOURS.text }, opts.title));
  }

  // Grid of cells.
  const grid: string[] = [];
  for (let i = 0; i <= cols; i++) grid.push(`M${ox + i * cell} ${oy}V${oy + boardH}`);
  for (let j = 0; j <= rows; j++) grid.push(`M${ox} ${oy + j * cell}H${ox + boardW}`);
  parts.push({
    tag: 'path',
    attrs: { class: 'grid', d: grid.join(''), stroke: GRID_COLOUR, 'stroke-width': 1, fill: 'none' },
  });

  if (labels) {
    const coordinates: Glyph[] = [];
    for (let i = 0; i < cols; i++) {
      const at = { x: num(ox + (i + 0.5) * cell), y: num(oy - margin * 0.3) };
      coordinates.push(text({ ...at, 'text-anchor': 'middle' }, String(minX + i)));
    }
    for (let j = 0; j < rows; j++) {
      const at = { x: num(ox - margin * 0.25), y: num(oy + (j + 0.5) * cell) };
      coordinates.push(
        text({ ...at, 'text-anchor': 'end', 'dominant-baseline': 'middle' }, String(minY + j)),
      );
    }
    const size = num(Math.max(8, cell * 0.2));
    parts.push(group({ class: 'labels', 'font-size': size, fill: ART_COLOURS.text }, coordinates));
  }

  // Tiles; meeples over every tile; then the neutral figures (D-3, D-14): the fairy, the dragon.
  parts.push(
    group(
      { class: 'tiles' },
      model.tiles.map((tile) => tileGlyph(tile, origin, cell, locale)),
    ),
  );
  const figureNames = {
    name: (p: number) => nameOf(p, true),
    letter: (p: number) => letters[p] ?? String(p + 1),
  };
  const figures = (type: Figure['type']) =>
    model.figures.flatMap((f) =>
      f.type === type ? (figureGlyph(f, origin, cell, figureNames, locale) ?? []) : [],
    );
  parts.push(group({ class: 'meeples' }, figures('meeple')), ...figures('fairy'), ...figures('dragon'));

  if (legend.length > 0) {
    const top = oy + boardH + margin * 0.6;
    const rowsOut = legend.flatMap((row, i) => {
      const y = top + i * legendRow + legendRow * 0.5;
      return [
        row.icon({ x: margin + legendRow * 0.4, y }, legendRow),
        text({ x: num(margin + legendRow), y: num(y), 'dominant-baseline': 'middle' }, row.text),
      ];
    });
    parts.push(group({ class: 'legend', 'font-size': num(legendFont), fill: ART_COLOURS.text }, rowsOut));
  }
  out.push(...parts.map(glyphSvg));
  if (hand) {
    const body = hand.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
    out.push(
      `<svg class="hand" x="0" y="${boardBottom}" width="${width}" height="${handH}" viewBox="0 0 ${width} ${handH}">${body}</svg>`,
    );
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}
