/** The SVG renderer and the tile artwork: valid XML, features placed and rotated correctly (B-1, H-1). */
import type { Game, GameRecord, TileDef } from '@carc/engine';
import { BUILTIN, createGame, viewOf } from '@carc/engine';
import { describe, expect, it } from 'vitest';
import type { BoardView, Pt, RenderOptions } from '../src/index.js';
import { PLAYER_PALETTE, ROAD_HALF_WIDTH, flatten, insidePolygon, renderSvg, tileArt } from '../src/index.js';
import { readFixture, replayFixture } from './helpers.js';
import type { XmlElement } from './xml.js';
import { allElements, parseXml } from './xml.js';

/** The board after a record, as everyone sees it, with the players' names (as `carcassonne render` draws it). */
const renderGame = (rec: GameRecord, game: Game, opts: RenderOptions = {}): string =>
  renderSvg(viewOf(game, -1), game.catalog, { playerNames: rec.players, ...opts });

const byClass = (root: XmlElement, cls: string) => allElements(root).filter((e) => e.attrs.class === cls);
const numbers = (s: string) => (s.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
const pairs = (s: string): Pt[] => {
  const n = numbers(s);
  const out: Pt[] = [];
  for (let i = 0; i + 1 < n.length; i += 2) out.push({ x: n[i] ?? NaN, y: n[i + 1] ?? NaN });
  return out;
};
const catalog = BUILTIN.catalog();
const single = (tile: string, rotation: 0 | 90 | 180 | 270, meeples: BoardView['meeples'] = []): XmlElement =>
  parseXml(
    renderSvg({ tiles: [{ tile, x: 0, y: 0, rotation }], meeples }, catalog, { cell: 100, labels: false }),
  );
/** The first tile's drawn parts: its children in the tile group. */
const tileParts = (svg: XmlElement) => {
  const tile = byClass(svg, 'tile')[0];
  if (!tile) throw new Error('no tile drawn');
  return tile.children;
};
// With labels off the margin is 20 px: the tile at (0,0) covers [20, 120] × [20, 120].
const cityPaths = (svg: XmlElement) =>
  tileParts(svg).filter((e) => e.name === 'path' && e.attrs.fill === '#caa46c');

describe('renderSvg', () => {
  it('draws a replayed game as well-formed SVG with every tile and meeple', () => {
    const { rec, game } = replayFixture('base-40-tiles.json');
    const svg = renderGame(rec, game, { cell: 48 });
    const root = parseXml(svg);
    expect(root.name).toBe('svg');
    expect(root.attrs.xmlns).toBe('http://www.w3.org/2000/svg');
    expect(Number(root.attrs.width)).toBeGreaterThan(0);
    expect(root.attrs.viewBox).toBe(`0 0 ${root.attrs.width} ${root.attrs.height}`);
    expect(byClass(root, 'tile')).toHaveLength(41);
    const board = byClass(root, 'meeples')[0];
    const meeples = board?.children ?? [];
    expect(meeples).toHaveLength(27);
    // Each meeple is drawn in its player's colour, and its title names the player.
    for (const m of meeples) {
      const title = m.children.find((c) => c.name === 'title')?.text ?? '';
      const player = rec.players.findIndex((p) => title.startsWith(`${p} `));
      expect(player).toBeGreaterThanOrEqual(0);
      expect(m.attrs.fill).toBe(PLAYER_PALETTE[player]?.colour);
    }
    // The legend lists players and scores, then the key to the symbols (here gardens).
    const legend = byClass(root, 'legend')[0];
    expect(legend?.children.filter((c) => c.name === 'text').map((t) => t.text)).toEqual([
      ...rec.players.map((p, i) => `${p}: ${game.scores[i]} (${game.state.supply[i]} in supply)`),
      'garden',
    ]);
  });

  it('D-3 D-14 draws the dragon on its cell and the fairy on hers, and the tile symbols', () => {
    const { rec, game } = replayFixture('dragon-fairy.json');
    const root = parseXml(renderGame(rec, game, { cell: 100, labels: false }));
    const at = (cls: string) => {
      const g = byClass(root, cls)[0];
      const m = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(g?.attrs.transform ?? '');
      return m ? { x: Number(m[1]), y: Number(m[2]) } : undefined;
    };
    // Board from (0,0) to (1,2); margin 20 px with no labels. The dragon sits on the volcano at (0,1),
    // the fairy on the tile at (1,0), where her meeple stood.
    const dragon = at('dragon');
    expect(dragon).toEqual({ x: 20 + 50, y: 20 + 150 });
    const fairy = at('fairy');
    expect(fairy && Math.floor((fairy.x - 20) / 100)).toBe(1);
    expect(fairy && Math.floor((fairy.y - 20) / 100)).toBe(0);
    expect(byClass(root, 'symbol').map((s) => s.children.find((c) => c.name === 'title')?.text)).toContain(
      'volcano',
    );
  });

  it('T-2 T-3 draws each built tower with its height, tower meeples, pieces and prisoners in the legend', () => {
    const { rec, game } = replayFixture('tower-game.json');
    const view = viewOf(game, -1);
    const { towers, prisoners, towerPieces } = view;
    if (!towers || !prisoners || !towerPieces) throw new Error('no Tower slice in the view');
    const root = parseXml(renderGame(rec, game, { cell: 80 }));
    const badges = byClass(root, 'tower-height');
    const built = towers.filter((t) => t.height > 0);
    expect(built.length).toBeGreaterThan(3);
    expect(badges.map((b) => Number(b.children.find((c) => c.name === 'text')?.text)).sort()).toEqual(
      built.map((t) => t.height).sort(),
    );
    const onTowers = view.meeples.filter((m) => m.kind === 'tower').length;
    expect(onTowers).toBe(towers.filter((t) => t.meeple !== null).length);
    const legend =
      byClass(root, 'legend')[0]
        ?.children.filter((c) => c.name === 'text')
        .map((t) => t.text) ?? [];
    prisoners.forEach((held, i) => {
      expect(legend[i]).toContain(`${towerPieces[i]} tower pieces`);
      if (held.length > 0) expect(legend[i]).toContain(`holds ${held.map((o) => rec.players[o]).join(', ')}`);
    });
  });

  it('draws triangles as half cells with the right angle at their corner (H-1)', () => {
    const { rec, game } = replayFixture('triangles.json');
    const root = parseXml(renderGame(rec, game, { cell: 100, labels: false, legend: false }));
    const tiles = byClass(root, 'tile');
    const triangles = tiles.filter((t) =>
      t.children.some((c) => c.name === 'title' && c.text.includes('corner')),
    );
    expect(triangles.length).toBeGreaterThanOrEqual(8);
    const xs = game.state.board.slotCount;
    expect(tiles).toHaveLength(xs);
    const minX = Math.min(...tiles.map((t) => Number(t.attrs['data-x'])));
    const minY = Math.min(...tiles.map((t) => Number(t.attrs['data-y'])));
    for (const t of triangles) {
      const corner = /corner (nw|ne|se|sw)/.exec(t.children[0]?.text ?? '')?.[1];
      const outline = t.children.find((c) => c.name === 'polygon');
      const pts = pairs(outline?.attrs.points ?? '');
      expect(pts).toHaveLength(3);
      // The right-angle vertex is the one whose two edges are perpendicular.
      const right = pts.find((p, i) => {
        const a = pts[(i + 1) % 3] as Pt;
        const b = pts[(i + 2) % 3] as Pt;
        return Math.abs((a.x - p.x) * (b.x - p.x) + (a.y - p.y) * (b.y - p.y)) < 1e-6;
      });
      const x0 = 20 + (Number(t.attrs['data-x']) - minX) * 100;
      const y0 = 20 + (Number(t.attrs['data-y']) - minY) * 100;
      const expected = {
        nw: { x: x0, y: y0 },
        ne: { x: x0 + 100, y: y0 },
        se: { x: x0 + 100, y: y0 + 100 },
        sw: { x: x0, y: y0 + 100 },
      }[corner ?? 'nw'];
      expect(right).toEqual(expected);
    }
  });

  it('turns features with the tile: a city cap drawn north at rotation 0 lies east at 90', () => {
    const north = cityPaths(single('BA/C', 0));
    expect(north).toHaveLength(1);
    expect(pairs(north[0]?.attrs.d ?? '').every((p) => p.y <= 70 + 1e-9)).toBe(true);
    const east = single('BA/C', 90, [{ player: 1, x: 0, y: 0, feature: 0, kind: 'city', meeple: 0 }]);
    const ep = pairs(cityPaths(east)[0]?.attrs.d ?? '');
    expect(ep.every((p) => p.x >= 70 - 1e-9)).toBe(true);
    expect(ep.some((p) => p.x === 120 && p.y === 20) && ep.some((p) => p.x === 120 && p.y === 120)).toBe(
      true,
    );
    // The knight stands in the cap.
    const m = byClass(east, 'meeple')[0];
    const [mx, my] = numbers(m?.attrs.transform ?? '');
    expect(mx).toBeGreaterThan(95);
    expect(my).toBeGreaterThan(40);
    expect(my).toBeLessThan(100);
    expect(m?.attrs.fill).toBe(PLAYER_PALETTE[1]?.colour);
  });

  it('joins a city over opposite sides into one shape, and keeps two cities of one tile apart', () => {
    const band = cityPaths(single('BA/CFc.1', 0));
    expect(band).toHaveLength(1);
    const bp = pairs(band[0]?.attrs.d ?? '');
    expect(bp.some((p) => p.x === 20) && bp.some((p) => p.x === 120)).toBe(true);
    const two = cityPaths(single('BA/CFC.2', 270));
    expect(two).toHaveLength(2);
  });

  it('draws pennants, monasteries, tower foundations, junctions and tunnels', () => {
    expect(byClass(single('BA/Cccc+', 0), 'pennant')).toHaveLength(1);
    expect(byClass(single('BA/CccR', 0), 'pennant')).toHaveLength(0);
    expect(byClass(single('BA/LR', 0), 'monastery')).toHaveLength(1);
    const tower = tileParts(single('TO/F', 0)).filter((e) => e.name === 'circle');
    expect(tower).toHaveLength(1);
    const crossing = tileParts(single('BA/RRRR', 0)).filter((e) => e.name === 'rect');
    expect(crossing).toHaveLength(1); // one junction where the four roads end
    const tunnel = tileParts(single('DG/CRcr.d', 0)).filter((e) => e.attrs['stroke-dasharray']);
    expect(tunnel.length).toBeGreaterThan(0);
  });

  it('escapes text and draws unknown tiles as placeholders', () => {
    const view: BoardView = {
      tiles: [
        { tile: 'BA/RCr', x: 0, y: 0, rotation: 0 },
        { tile: 'NO/SUCH<&>', x: 1, y: 0, rotation: 0 },
      ],
      meeples: [{ player: 5, x: 0, y: 0, feature: 0, kind: 'road', meeple: 0 }],
      scores: [1, 2, 3, 4, 5, 6],
      supply: [7, 7, 7, 7, 7, 6],
    };
    const svg = renderSvg(view, catalog, {
      playerNames: ['<b>', 'A & B', '"q"', "'", 'e', 'f'],
      title: 'x < y',
    });
    const root = parseXml(svg);
    expect(byClass(root, 'tile')).toHaveLength(2);
    expect(svg).toContain('&lt;b&gt;');
    expect(byClass(root, 'legend')[0]?.children.filter((c) => c.name === 'text')).toHaveLength(6);
  });

  it('widens the picture, legend included, to hold a long title over a narrow board', () => {
    const title = 'A long caption: the final position of the first game of the club championship, round 7';
    const view: BoardView = {
      tiles: [{ tile: 'BA/RCr', x: 0, y: 0, rotation: 0 }],
      meeples: [],
      scores: [0, 0],
      supply: [7, 7],
    };
    const cell = 64;
    const svg = renderSvg(view, catalog, { cell, title });
    const root = parseXml(svg);
    const width = Number(root.attrs.width);
    // Title text starts at the margin; at 0.6 em per character it needs this much, plus a margin.
    const text = allElements(root).find((e) => e.name === 'text' && e.text === title);
    const x = Number(text?.attrs.x);
    const fontSize = Number(text?.attrs['font-size']);
    expect(width).toBeGreaterThanOrEqual(Math.ceil(x + title.length * fontSize * 0.6 + x));
    // The legend sits in the same width: its background rect spans it all.
    expect(allElements(root).find((e) => e.name === 'rect')?.attrs.width).toBe(String(width));
    expect(byClass(root, 'legend')).toHaveLength(1);
    // Without the title the same board is much narrower: the title is what widened it.
    const plain = parseXml(renderSvg(view, catalog, { cell }));
    expect(Number(plain.attrs.width)).toBeLessThan(width);
  });

  it('counts in the singular for one: "1 tile", "1 tower piece"', () => {
    const svg = renderSvg(
      {
        tiles: [{ tile: 'BA/RCr', x: 0, y: 0, rotation: 0 }],
        meeples: [],
        scores: [0, 0],
        towerPieces: [1, 2],
      },
      catalog,
    );
    const root = parseXml(svg);
    expect(root.children.find((c) => c.name === 'title')?.text).toBe('Carcassonne board, 1 tile');
    expect(
      byClass(root, 'legend')[0]
        ?.children.filter((c) => c.name === 'text')
        .map((t) => t.text),
    ).toEqual(['Player 1: 0 (1 tower piece)', 'Player 2: 0 (2 tower pieces)']);
  });

  it('H-3 titles the hand "Your hand" when the viewer is called You, and "Ann\'s hand" otherwise', () => {
    const title = (name: string) => {
      const root = parseXml(
        renderSvg({ tiles: [], meeples: [] }, catalog, {
          playerNames: [name],
          hand: { player: 0, tiles: ['H1-01'] },
        }),
      );
      const hand = byClass(root, 'hand')[0];
      return (
        hand &&
        allElements(hand)
          .find((e) => e.name === 'title')
          ?.text.replace(/&apos;/g, "'")
      );
    };
    expect(title('You')).toBe('Your hand');
    expect(title('Ann')).toBe("Ann's hand");
    expect(title('Doris')).toBe("Doris' hand");
  });

  it('makes a narrow board wide enough for the longest line of its legend', () => {
    const svg = renderSvg(
      {
        tiles: [{ tile: 'BA/RCr', x: 0, y: 0, rotation: 0 }],
        meeples: [],
        scores: [12, 3],
        supply: [7, 6],
        towerPieces: [10, 9],
        prisoners: [[1], []],
      },
      catalog,
      { cell: 40, playerNames: ['Bartholomew of Carcassonne', 'Bob'] },
    );
    const root = parseXml(svg);
    const legend = byClass(root, 'legend')[0];
    const size = Number(legend?.attrs['font-size']);
    for (const t of legend?.children.filter((c) => c.name === 'text') ?? []) {
      // Half an em per character is the least a sans-serif line takes.
      expect(Number(t.attrs.x) + t.text.length * size * 0.5).toBeLessThan(Number(root.attrs.width));
    }
  });

  it('keys the symbols and neutral figures it draws under the board', () => {
    const legendTexts = (root: XmlElement) =>
      byClass(root, 'legend')[0]
        ?.children.filter((c) => c.name === 'text')
        .map((t) => t.text) ?? [];
    const { rec, game } = replayFixture('dragon-fairy.json');
    const texts = legendTexts(parseXml(renderGame(rec, game)));
    expect(texts).toEqual(expect.arrayContaining(['volcano', 'the dragon', 'the fairy']));
    // Every symbol drawn on the board is keyed, once.
    const drawn = new Set(
      byClass(parseXml(renderGame(rec, game)), 'symbol').map(
        (s) => s.children.find((c) => c.name === 'title')?.text,
      ),
    );
    const labels: Record<string, string> = { dragon: 'dragon symbol', portal: 'magic portal' };
    for (const name of drawn) expect(texts.filter((t) => t === (labels[name ?? ''] ?? name))).toHaveLength(1);
    // Without scores, the key alone.
    expect(legendTexts(single('BA/CcG', 0))).toEqual(['garden']);
    const tower = replayFixture('tower-game.json');
    expect(legendTexts(parseXml(renderGame(tower.rec, tower.game)))).toContain('a tower and its height');
  });

  it('B-9 draws a finished game with its meeples where they stood, and says they were returned', () => {
    const created = createGame({ players: 2, seed: 5, endAfter: 12, recordEvents: true });
    if (!created.ok) throw new Error(created.error.message);
    const game = created.value;
    while (!game.isOver) {
      const actions = game.legalActions();
      const r = game.apply(actions.find((a) => a.type === 'meeple') ?? actions[0]!);
      if (!r.ok) throw new Error(r.error.message);
    }
    const root = parseXml(renderSvg(viewOf(game, -1), game.catalog, { events: game.events }));
    const meeples = byClass(root, 'meeples')[0]?.children ?? [];
    expect(meeples.length).toBeGreaterThan(0);
    for (const m of meeples) {
      expect(m.children.find((c) => c.name === 'title')?.text).toContain('returned at final scoring');
    }
    const legend = byClass(root, 'legend')[0]
      ?.children.filter((c) => c.name === 'text')
      .map((t) => t.text);
    expect(legend).toContain(
      'meeples as they stood at the end, before final scoring returned them to supply',
    );
  });

  it('draws an empty board', () => {
    const root = parseXml(renderSvg({ tiles: [], meeples: [] }, catalog));
    expect(root.name).toBe('svg');
  });
});

describe('tile artwork (every built-in tile and the fixture triangles)', () => {
  const triangles = (JSON.parse(readFixture('triangles.json')) as { tiles: unknown[] }).tiles;
  const extra = BUILTIN.catalog().withExtra(triangles);
  if (!extra.ok) throw new Error(extra.error.message);
  const defs: readonly TileDef[] = extra.value.defs;

  it.each(defs.map((d) => [d.id, d] as const))('%s: every meeple spot lies on its feature', (_id, def) => {
    const art = tileArt(def);
    const outline = art.outline;
    const cities = art.cities.map((c) => ({ feature: c.feature, poly: flatten(c.path) }));
    expect(art.anchors).toHaveLength(def.features.length);
    def.features.forEach((f, i) => {
      const p = art.anchors[i] as Pt;
      expect(insidePolygon(p, outline), `${def.id} feature ${i} outside the tile`).toBe(true);
      const inCity = cities.filter((c) => insidePolygon(p, c.poly)).map((c) => c.feature);
      if (f.kind === 'city') expect(inCity, `${def.id} city ${i}`).toEqual([i]);
      if (f.kind === 'field') expect(inCity, `${def.id} field ${i} inside a city`).toEqual([]);
      if (f.kind === 'road') {
        const road = art.roads.find((r) => r.feature === i);
        const pts = road?.paths.flatMap((path) => flatten(path)) ?? [];
        const near = Math.min(...pts.map((q) => Math.hypot(q.x - p.x, q.y - p.y)));
        expect(near, `${def.id} road ${i}`).toBeLessThan(ROAD_HALF_WIDTH + 0.05);
      }
    });
    // Roads start at the middle of their sides, so they continue across tile edges.
    const mids: Record<number, Pt> = {
      0: { x: 0.5, y: 0 },
      1: { x: 1, y: 0.5 },
      2: { x: 0.5, y: 1 },
      3: { x: 0, y: 0.5 },
      4: { x: 0.5, y: 0.5 },
    };
    for (const r of art.roads) {
      const starts = r.paths.map((path) => (path[0]?.c === 'M' ? path[0].p : undefined));
      const ends = r.paths.map((path) => {
        const last = path[path.length - 1];
        return last && last.c !== 'Z' ? last.p : undefined;
      });
      for (const side of def.features[r.feature]?.sides ?? []) {
        const m = mids[side];
        expect([...starts, ...ends], `${def.id} road ${r.feature} side ${side}`).toContainEqual(m);
      }
    }
    for (const c of art.cities) expect(c.pennants).toHaveLength(def.features[c.feature]?.pennants ?? 0);
    expect(art.symbols).toHaveLength(def.symbols.length);
  });
});
