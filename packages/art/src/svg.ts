/**
 * Draws a board as SVG from the tile definitions (no images): fields, cities, roads, monasteries,
 * tower foundations, pennants, symbols and meeples in player colours.
 *
 * A pure function of a board view and a tile lookup: no DOM and no Node APIs, so the web client can
 * reuse it. The view is the engine's public `GameView` (or just its `tiles` and `meeples`). What is
 * drawn where comes from the board model (model.ts); this file only turns it into SVG.
 */
import type { GameEvent } from '@carc/engine';
import type { BoardView, Figure, TileLookup } from './model.js';
import { boardModel, turnPoint } from './model.js';
import type { PathCmd, Pt } from './tileArt.js';
import { MONASTERY_HALF, ROAD_HALF_WIDTH, TOWER_RADIUS } from './tileArt.js';

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
}

/** Player colours by seat: red, blue, green, yellow, black, grey. */
export const PLAYER_COLOURS = ['#d62828', '#1f4fd1', '#2a9d3a', '#f2c511', '#1a1a1a', '#8f8f8f'] as const;
export const PLAYER_COLOUR_NAMES = ['red', 'blue', 'green', 'yellow', 'black', 'grey'] as const;

const COLOURS = {
  background: '#f4efe4',
  grid: '#e3dbc9',
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
};

/** A count and its noun, singular for one: "1 tile", "2 tiles". */
export const counted = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** "Ann's hand"; "Your hand" for the person at the terminal, who plays as "You". */
export const possessive = (name: string, noun: string): string =>
  /^you$/i.test(name.trim()) ? `Your ${noun}` : `${name}${name.endsWith('s') ? "'" : "'s"} ${noun}`;

const num = (v: number): string => String(Math.round(v * 100) / 100);

const escapeXml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** A line of the legend: an icon drawn centred on a point at a size, and its text. */
interface LegendRow {
  icon: (p: Pt, size: number) => string;
  text: string;
}

/** What the key calls each printed symbol. */
const SYMBOL_LABELS: Partial<Record<string, string>> = {
  garden: 'garden',
  volcano: 'volcano',
  dragon: 'dragon symbol',
  portal: 'magic portal',
  vineyard: 'vineyard',
  cropCircle: 'crop circle',
  waterTower: 'water tower',
};

/** Average character width of the legend's sans-serif text, in ems (rounded up). */
const TEXT_EM = 0.6;

/** Renders the board of `view` as a standalone SVG document. */
export function renderSvg(view: BoardView, tiles: TileLookup, opts: RenderOptions = {}): string {
  const cell = opts.cell ?? 64;
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
  // The legend, one row per player: an icon, then a line of text.
  const legend: LegendRow[] = [];
  if (showLegend && scores) {
    scores.forEach((score, i) => {
      const colour = PLAYER_COLOURS[i % PLAYER_COLOURS.length] ?? '#000';
      const supply = view.supply?.[i];
      const extras: string[] = [];
      if (supply !== undefined) extras.push(`${supply} in supply`);
      const pieces = view.towerPieces?.[i];
      if (pieces !== undefined) extras.push(counted(pieces, 'tower piece'));
      const held = view.prisoners?.[i];
      if (held && held.length > 0) {
        extras.push(`holds ${held.map((o) => names[o] ?? `player ${o + 1}`).join(', ')}`);
      }
      legend.push({
        icon: (p, size) => meeple(p, size * 0.85, colour, false, ''),
        text: `${names[i] ?? `Player ${i + 1}`}: ${score}${extras.length > 0 ? ` (${extras.join('; ')})` : ''}`,
      });
    });
  }
  // The key: each printed symbol on the board, and the neutral figures.
  if (opts.legend ?? true) {
    if (model.figures.some((f) => f.type === 'meeple' && f.returned)) {
      legend.push({
        icon: (p, size) => meeple(p, size * 0.85, '#ffffff', false, ''),
        text: 'meeples as they stood at the end, before final scoring returned them to supply',
      });
    }
    for (const name of model.symbols) {
      legend.push({ icon: (p, size) => symbol(name, p, size * 5), text: SYMBOL_LABELS[name] ?? name });
    }
    const has = (type: Figure['type']) => model.figures.some((f) => f.type === type);
    if (has('dragon')) legend.push({ icon: (p, size) => dragon(p, size * 2.2), text: 'the dragon' });
    if (has('fairy')) legend.push({ icon: (p, size) => fairy(p, size * 3.5), text: 'the fairy' });
    if (model.figures.some((f) => f.type === 'tower' && f.height > 0)) {
      legend.push({
        icon: (p, size) => towerIcon(p, size * 2.2, 2),
        text: 'a tower and its height',
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
            title: possessive(names[opts.hand.player] ?? `Player ${opts.hand.player + 1}`, 'hand'),
          },
        )
      : '';
  const handSize = /width="(\d+)" height="(\d+)"/.exec(hand);
  const handW = handSize ? Number(handSize[1]) : 0;
  const handH = handSize ? Number(handSize[2]) : 0;
  width = Math.max(width, handW);
  const boardBottom = oy + boardH + margin + legendH;
  const height = boardBottom + handH;

  /** Board pixel position of a tile-frame point of the tile at (x, y) with rotation q. */
  const toPx = (x: number, y: number, q: number) => (p: Pt) => {
    const r = turnPoint(p, q);
    return { x: ox + (x - minX + r.x) * cell, y: oy + (y - minY + r.y) * cell };
  };
  const pathData = (cmds: readonly PathCmd[], map: (p: Pt) => Pt): string =>
    cmds
      .map((c) => {
        if (c.c === 'Z') return 'Z';
        const p = map(c.p);
        if (c.c === 'Q') {
          const k = map(c.k);
          return `Q${num(k.x)} ${num(k.y)} ${num(p.x)} ${num(p.y)}`;
        }
        if (c.c === 'C') {
          const k = map(c.k);
          const k2 = map(c.k2);
          return `C${num(k.x)} ${num(k.y)} ${num(k2.x)} ${num(k2.y)} ${num(p.x)} ${num(p.y)}`;
        }
        return `${c.c}${num(p.x)} ${num(p.y)}`;
      })
      .join(' ');
  const polygon = (pts: readonly Pt[]) => pts.map((p) => `${num(p.x)},${num(p.y)}`).join(' ');

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
  );
  out.push(
    `<title>${escapeXml(opts.title ?? `Carcassonne board, ${counted(view.tiles.length, 'tile')}`)}</title>`,
  );
  out.push(`<rect width="${width}" height="${height}" fill="${COLOURS.background}"/>`);
  if (opts.title) {
    out.push(
      `<text x="${margin}" y="${num(margin * 0.5 + titleH * 0.6)}" font-size="${num(titleFont)}" fill="${COLOURS.text}">${escapeXml(opts.title)}</text>`,
    );
  }

  // Grid of cells.
  const grid: string[] = [];
  for (let i = 0; i <= cols; i++) grid.push(`M${ox + i * cell} ${oy}V${oy + boardH}`);
  for (let j = 0; j <= rows; j++) grid.push(`M${ox} ${oy + j * cell}H${ox + boardW}`);
  out.push(`<path class="grid" d="${grid.join('')}" stroke="${COLOURS.grid}" stroke-width="1" fill="none"/>`);

  if (labels) {
    const fs = num(Math.max(8, cell * 0.2));
    const lab: string[] = [];
    for (let i = 0; i < cols; i++) {
      lab.push(
        `<text x="${num(ox + (i + 0.5) * cell)}" y="${num(oy - margin * 0.3)}" text-anchor="middle">${minX + i}</text>`,
      );
    }
    for (let j = 0; j < rows; j++) {
      lab.push(
        `<text x="${num(ox - margin * 0.25)}" y="${num(oy + (j + 0.5) * cell)}" text-anchor="end" dominant-baseline="middle">${minY + j}</text>`,
      );
    }
    out.push(`<g class="labels" font-size="${fs}" fill="${COLOURS.text}">${lab.join('')}</g>`);
  }

  // Tiles.
  out.push('<g class="tiles">');
  for (const t of model.tiles) {
    const map = toPx(t.x, t.y, t.turns);
    const { art, def } = t;
    const where = `${t.tile} at (${t.x},${t.y}) rotation ${t.rotation}${t.corner ? ` corner ${t.corner}` : ''}`;
    out.push(
      `<g class="tile" data-tile="${escapeXml(t.tile)}" data-x="${t.x}" data-y="${t.y}" data-rotation="${t.rotation}"><title>${escapeXml(where)}</title>`,
    );
    if (!art || !def) {
      const sq = [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 1, y: 1 },
        { x: 0, y: 1 },
      ].map(map);
      out.push(`<polygon points="${polygon(sq)}" fill="${COLOURS.unknown}"/>`);
      const c = map({ x: 0.5, y: 0.5 });
      out.push(
        `<text x="${num(c.x)}" y="${num(c.y)}" text-anchor="middle" dominant-baseline="middle" font-size="${num(cell * 0.4)}" fill="#fff">?</text>`,
      );
      out.push('</g>');
      continue;
    }
    out.push(`<polygon points="${polygon(art.outline.map(map))}" fill="${COLOURS.field}"/>`);
    for (const c of art.cities) {
      out.push(
        `<path d="${pathData(c.path, map)}" fill="${COLOURS.city}" stroke="${COLOURS.cityEdge}" stroke-width="${num(cell * 0.025)}" stroke-linejoin="round"/>`,
      );
    }
    for (const r of art.roads) {
      const d = r.paths.map((p) => pathData(p, map)).join(' ');
      const dash = r.tunnel ? ` stroke-dasharray="${num(cell * 0.06)} ${num(cell * 0.04)}"` : '';
      out.push(
        `<path d="${d}" fill="none" stroke="${COLOURS.roadEdge}" stroke-width="${num(cell * (ROAD_HALF_WIDTH * 2 + 0.03))}"${dash}/>`,
      );
      out.push(
        `<path d="${d}" fill="none" stroke="${COLOURS.road}" stroke-width="${num(cell * ROAD_HALF_WIDTH * 2)}"${dash}/>`,
      );
    }
    for (const j of art.junctions) {
      const p = map(j);
      const h = cell * 0.065;
      out.push(
        `<rect x="${num(p.x - h)}" y="${num(p.y - h)}" width="${num(2 * h)}" height="${num(2 * h)}" fill="${COLOURS.road}" stroke="${COLOURS.cityEdge}" stroke-width="${num(cell * 0.02)}"/>`,
      );
    }
    if (art.monastery) out.push(monastery(map(art.monastery), cell));
    if (art.tower) {
      const p = map(art.tower);
      const height = t.towerHeight;
      out.push(
        `<circle cx="${num(p.x)}" cy="${num(p.y)}" r="${num(cell * TOWER_RADIUS * (height > 0 ? 1.25 : 1))}" fill="${height > 0 ? COLOURS.towerBuilt : COLOURS.tower}" stroke="${COLOURS.towerEdge}" stroke-width="${num(cell * 0.025)}"/>`,
      );
      if (height > 0) {
        // The height on a badge beside the tower, so a meeple on top does not hide it.
        const b = { x: p.x + cell * 0.17, y: p.y - cell * 0.17 };
        out.push(
          `<g class="tower-height"><title>tower of height ${height}</title>` +
            `<circle cx="${num(b.x)}" cy="${num(b.y)}" r="${num(cell * 0.085)}" fill="${COLOURS.towerBuilt}" stroke="#ffffff" stroke-width="${num(cell * 0.015)}"/>` +
            `<text x="${num(b.x)}" y="${num(b.y)}" text-anchor="middle" dominant-baseline="central" font-size="${num(cell * 0.12)}" font-weight="bold" fill="#ffffff">${height}</text></g>`,
        );
      }
    }
    for (const c of art.cities) for (const p of c.pennants) out.push(pennant(map(p), cell));
    def.symbols.forEach((s, i) => {
      const p = art.symbols[i];
      if (p) out.push(symbol(s, map(p), cell));
    });
    out.push(
      `<polygon points="${polygon(art.outline.map(map))}" fill="none" stroke="${COLOURS.fieldEdge}" stroke-width="${num(Math.max(0.5, cell * 0.012))}"/>`,
    );
    out.push('</g>');
  }
  out.push('</g>');

  // Meeples, over every tile; then the neutral figures (D-3, D-14): the dragon, the fairy.
  /** Board pixel position of a point in the frame of cell (x, y). */
  const cellPx = (x: number, y: number, p: Pt): Pt => ({
    x: ox + (x - minX + p.x) * cell,
    y: oy + (y - minY + p.y) * cell,
  });
  out.push('<g class="meeples">');
  for (const m of model.figures) {
    if (m.type !== 'meeple') continue;
    const name = names[m.player] ?? `player ${m.player}`;
    out.push(
      meeple(
        cellPx(m.x, m.y, m.at),
        cell * 0.27,
        PLAYER_COLOURS[m.colour] ?? '#000',
        m.kind === 'field',
        `${name} (${PLAYER_COLOUR_NAMES[m.colour] ?? ''}): ${m.kind} at (${m.x},${m.y}) feature ${m.feature}` +
          (m.returned ? ', returned at final scoring' : ''),
      ),
    );
  }
  out.push('</g>');
  for (const f of model.figures) if (f.type === 'fairy') out.push(fairy(cellPx(f.x, f.y, f.at), cell));
  for (const f of model.figures) if (f.type === 'dragon') out.push(dragon(cellPx(f.x, f.y, f.at), cell));

  if (legend.length > 0) {
    const top = oy + boardH + margin * 0.6;
    const rowsOut: string[] = [];
    legend.forEach((row, i) => {
      const y = top + i * legendRow;
      rowsOut.push(row.icon({ x: margin + legendRow * 0.4, y: y + legendRow * 0.5 }, legendRow));
      rowsOut.push(
        `<text x="${num(margin + legendRow)}" y="${num(y + legendRow * 0.5)}" dominant-baseline="middle">${escapeXml(row.text)}</text>`,
      );
    });
    out.push(
      `<g class="legend" font-size="${num(legendFont)}" fill="${COLOURS.text}">${rowsOut.join('')}</g>`,
    );
  }
  if (hand) {
    const body = hand.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
    out.push(
      `<svg class="hand" x="0" y="${boardBottom}" width="${width}" height="${handH}" viewBox="0 0 ${width} ${handH}">${body}</svg>`,
    );
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/** A meeple figure centred on p (lying down for a farmer). */
function meeple(p: Pt, size: number, colour: string, lying: boolean, title: string): string {
  const dark = colour === '#1a1a1a';
  const body =
    'M-0.2 -0.16 L0.2 -0.16 Q0.48 -0.12 0.48 0.02 L0.2 0.06 L0.38 0.48 L0.08 0.48 L0 0.28 L-0.08 0.48 L-0.38 0.48 L-0.2 0.06 L-0.48 0.02 Q-0.48 -0.12 -0.2 -0.16 Z';
  const transform = `translate(${num(p.x)} ${num(p.y)}) scale(${num(size)})${lying ? ' rotate(-90)' : ''}`;
  const t = title ? `<title>${escapeXml(title)}</title>` : '';
  return (
    `<g class="meeple" transform="${transform}" fill="${colour}" stroke="${dark ? '#f4f4f4' : '#1b1b1b'}" stroke-width="0.06" stroke-linejoin="round">${t}` +
    `<path d="${body}"/><circle cx="0" cy="-0.32" r="0.17"/></g>`
  );
}

/** The key's tower: a built foundation with a height badge, as drawn on the board (T-2). */
function towerIcon(p: Pt, cell: number, height: number): string {
  const b = { x: p.x + cell * 0.17, y: p.y - cell * 0.17 };
  return (
    `<circle cx="${num(p.x)}" cy="${num(p.y)}" r="${num(cell * TOWER_RADIUS * 1.25)}" fill="${COLOURS.towerBuilt}" stroke="${COLOURS.towerEdge}" stroke-width="${num(cell * 0.025)}"/>` +
    `<circle cx="${num(b.x)}" cy="${num(b.y)}" r="${num(cell * 0.085)}" fill="${COLOURS.towerBuilt}" stroke="#ffffff" stroke-width="${num(cell * 0.015)}"/>` +
    `<text x="${num(b.x)}" y="${num(b.y)}" text-anchor="middle" dominant-baseline="central" font-size="${num(cell * 0.12)}" font-weight="bold" fill="#ffffff">${height}</text>`
  );
}

/** The dragon (D-3): a red beast with wings, centred on p. */
function dragon(p: Pt, cell: number): string {
  const s = cell * 0.3;
  const body =
    'M-0.55 0.35 Q-0.2 0.05 0.1 0.25 Q0.35 0.4 0.55 0.1 L0.7 -0.15 L0.45 -0.05 Q0.3 0.2 0.1 0.05 ' +
    'L0.2 -0.45 L-0.05 -0.15 L-0.25 -0.5 L-0.3 -0.05 Q-0.5 0 -0.55 0.35 Z';
  return (
    `<g class="dragon" transform="translate(${num(p.x)} ${num(p.y)}) scale(${num(s)})">` +
    `<title>the dragon</title>` +
    `<circle r="0.85" fill="#ffffff" fill-opacity="0.55"/>` +
    `<path d="${body}" fill="#b3261e" stroke="#3d0b08" stroke-width="0.06" stroke-linejoin="round"/>` +
    `<circle cx="0.58" cy="-0.02" r="0.05" fill="#f7d046"/></g>`
  );
}

/** The fairy (D-14): a small violet figure with wings, centred on p. */
function fairy(p: Pt, cell: number): string {
  const s = cell * 0.16;
  return (
    `<g class="fairy" transform="translate(${num(p.x)} ${num(p.y)}) scale(${num(s)})">` +
    `<title>the fairy</title>` +
    `<ellipse cx="-0.45" cy="-0.1" rx="0.45" ry="0.3" fill="#e7d7ff" stroke="#6a3fb5" stroke-width="0.08"/>` +
    `<ellipse cx="0.45" cy="-0.1" rx="0.45" ry="0.3" fill="#e7d7ff" stroke="#6a3fb5" stroke-width="0.08"/>` +
    `<path d="M0 -0.2 L0.3 0.7 L-0.3 0.7 Z" fill="#9b59d0" stroke="#4b2380" stroke-width="0.08"/>` +
    `<circle cy="-0.45" r="0.22" fill="#f5d0b5" stroke="#4b2380" stroke-width="0.08"/></g>`
  );
}

/** A pennant (coat of arms): a small shield. */
function pennant(p: Pt, cell: number): string {
  const s = cell * 0.13;
  const d = `M${num(p.x - s / 2)} ${num(p.y - s / 2)} H${num(p.x + s / 2)} V${num(p.y)} Q${num(p.x + s / 2)} ${num(p.y + s * 0.45)} ${num(p.x)} ${num(p.y + s * 0.6)} Q${num(p.x - s / 2)} ${num(p.y + s * 0.45)} ${num(p.x - s / 2)} ${num(p.y)} Z`;
  return `<path class="pennant" d="${d}" fill="${COLOURS.pennant}" stroke="#ffffff" stroke-width="${num(cell * 0.015)}"/>`;
}

/** A monastery: a small chapel with a cross, centred on p. */
function monastery(p: Pt, cell: number): string {
  const h = cell * MONASTERY_HALF;
  const x0 = p.x - h * 0.8;
  const x1 = p.x + h * 0.8;
  const yTop = p.y - h * 0.1;
  const yBot = p.y + h;
  const sw = num(cell * 0.018);
  return (
    `<g class="monastery" stroke="${COLOURS.cityEdge}" stroke-width="${sw}" stroke-linejoin="round">` +
    `<rect x="${num(x0)}" y="${num(yTop)}" width="${num(x1 - x0)}" height="${num(yBot - yTop)}" fill="${COLOURS.monasteryWall}"/>` +
    `<path d="M${num(x0 - h * 0.15)} ${num(yTop)} L${num(p.x)} ${num(p.y - h * 0.75)} L${num(x1 + h * 0.15)} ${num(yTop)} Z" fill="${COLOURS.monasteryRoof}"/>` +
    `<path d="M${num(p.x)} ${num(p.y - h * 0.75)} V${num(p.y - h * 1.15)} M${num(p.x - h * 0.18)} ${num(p.y - h * 1.0)} H${num(p.x + h * 0.18)}" fill="none"/>` +
    `<rect x="${num(p.x - h * 0.18)}" y="${num(yBot - h * 0.45)}" width="${num(h * 0.36)}" height="${num(h * 0.45)}" fill="${COLOURS.cityEdge}"/>` +
    '</g>'
  );
}

/** A small marker for a printed symbol (garden, volcano, dragon, portal…). */
function symbol(name: string, p: Pt, cell: number): string {
  const s = cell * 0.07;
  const x = num(p.x);
  const y = num(p.y);
  const title = `<title>${escapeXml(name)}</title>`;
  switch (name) {
    case 'garden':
      return `<g class="symbol">${title}<circle cx="${x}" cy="${y}" r="${num(s)}" fill="#3f7d2b" stroke="#2c5a1e" stroke-width="${num(s * 0.2)}"/><circle cx="${x}" cy="${y}" r="${num(s * 0.4)}" fill="#f3d64e"/></g>`;
    case 'volcano':
      return `<g class="symbol">${title}<path d="M${num(p.x - s * 1.2)} ${num(p.y + s)} L${num(p.x - s * 0.3)} ${num(p.y - s)} H${num(p.x + s * 0.3)} L${num(p.x + s * 1.2)} ${num(p.y + s)} Z" fill="#7a4a2a"/><circle cx="${x}" cy="${num(p.y - s * 1.1)}" r="${num(s * 0.45)}" fill="#ff6a1a"/></g>`;
    case 'dragon':
      return `<g class="symbol">${title}<path d="M${x} ${num(p.y - s * 1.2)} L${num(p.x + s)} ${y} L${x} ${num(p.y + s * 1.2)} L${num(p.x - s)} ${y} Z" fill="#b3001b" stroke="#5a000d" stroke-width="${num(s * 0.2)}"/></g>`;
    case 'portal':
      return `<g class="symbol">${title}<circle cx="${x}" cy="${y}" r="${num(s)}" fill="none" stroke="#7b3fa0" stroke-width="${num(s * 0.5)}"/></g>`;
    case 'vineyard':
      return `<g class="symbol" fill="#6a2c83">${title}<circle cx="${num(p.x - s * 0.5)}" cy="${y}" r="${num(s * 0.5)}"/><circle cx="${num(p.x + s * 0.5)}" cy="${y}" r="${num(s * 0.5)}"/><circle cx="${x}" cy="${num(p.y + s * 0.8)}" r="${num(s * 0.5)}"/></g>`;
    case 'waterTower':
      return `<g class="symbol">${title}<rect x="${num(p.x - s * 0.6)}" y="${num(p.y - s)}" width="${num(s * 1.2)}" height="${num(s * 2)}" fill="#5b8fd6" stroke="#2d4f80" stroke-width="${num(s * 0.2)}"/></g>`;
    default:
      return `<g class="symbol">${title}<circle cx="${x}" cy="${y}" r="${num(s)}" fill="#ffffff" stroke="${COLOURS.text}" stroke-width="${num(s * 0.25)}"/></g>`;
  }
}
