/** The board model: figures where the artwork puts them, turned with their tile (B-6, D-3, D-14, T-2, H-1). */
import { BUILTIN, CORNER_NAMES, createGame, viewOf } from '@carc/engine';
import { describe, expect, it } from 'vitest';
import type { MeepleFigure, Pt } from '../src/index.js';
import { boardModel, featurePoint, insidePolygon, meeplesAtEnd, tileArt, turnPoint } from '../src/index.js';
import { replayFixture } from './helpers.js';

const catalog = BUILTIN.catalog();
const def = (id: string) => {
  const kind = catalog.kindOf(id);
  if (kind === undefined) throw new Error(`no tile ${id}`);
  return catalog.def(kind);
};

describe('featurePoint', () => {
  it('turns the meeple spot with the tile: a city cap north at rotation 0 lies east at 90', () => {
    const north = featurePoint({ tile: 'BA/C', rotation: 0 }, catalog, 0);
    expect(north.y).toBeLessThan(0.4);
    const east = featurePoint({ tile: 'BA/C', rotation: 90 }, catalog, 0);
    expect(east.x).toBeGreaterThan(0.6);
    expect(east).toEqual(turnPoint(north, 1));
    // An unknown tile or feature: the middle of the cell.
    expect(featurePoint({ tile: 'NO/SUCH', rotation: 0 }, catalog, 0)).toEqual({ x: 0.5, y: 0.5 });
  });

  it('H-1 puts every feature of a triangle inside its half of the cell, at each of the four corners', () => {
    const triangles = catalog.defs.filter((d) => d.shape === 'triangle');
    expect(triangles.length).toBeGreaterThan(10);
    for (const d of triangles) {
      CORNER_NAMES.forEach((corner, q) => {
        const outline = tileArt(d).outline.map((p) => turnPoint(p, q));
        d.features.forEach((_, f) => {
          const p = featurePoint({ tile: d.id, rotation: 0, corner }, catalog, f);
          expect(insidePolygon(p, outline), `${d.id} ${corner} feature ${f}`).toBe(true);
        });
      });
    }
  });
});

describe('boardModel', () => {
  it('lists every tile with its turn and artwork, and every meeple at its feature point', () => {
    const { game } = replayFixture('base-40-tiles.json');
    const view = viewOf(game, -1);
    const model = boardModel(view, game.catalog);
    expect(model.tiles).toHaveLength(view.tiles.length);
    for (const t of model.tiles) {
      expect(t.art).toBeDefined();
      expect(t.turns).toBe(t.rotation / 90);
    }
    const meeples = model.figures.filter((f): f is MeepleFigure => f.type === 'meeple');
    expect(meeples).toHaveLength(view.meeples.length);
    for (const m of meeples) {
      const tile = view.tiles.find((t) => t.x === m.x && t.y === m.y);
      if (!tile) throw new Error('meeple off the board');
      const p = featurePoint(tile, game.catalog, m.feature);
      expect(m.at.y).toBeCloseTo(p.y);
      expect(m.at.x).toBeGreaterThanOrEqual(p.x - 1e-9);
      expect(m.colour).toBe(m.player % 6);
    }
    expect(model.bounds.cols * model.bounds.rows).toBeGreaterThanOrEqual(view.tiles.length);
  });

  it('D-3 D-14 places the dragon in the middle of its cell and the fairy beside her meeple', () => {
    const { game } = replayFixture('dragon-fairy.json');
    const view = viewOf(game, -1);
    const model = boardModel(view, game.catalog);
    const dragon = model.figures.find((f) => f.type === 'dragon');
    expect(dragon).toMatchObject({ x: view.dragon?.x, y: view.dragon?.y, at: { x: 0.5, y: 0.5 } });
    const fairy = model.figures.find((f) => f.type === 'fairy');
    expect(fairy).toMatchObject({ x: view.fairy?.x, y: view.fairy?.y });
    expect(model.symbols).toContain('volcano');
  });

  it('T-2 lists each tower with its height at its foundation', () => {
    const { game } = replayFixture('tower-game.json');
    const view = viewOf(game, -1);
    const model = boardModel(view, game.catalog);
    const towers = model.figures.filter((f) => f.type === 'tower');
    expect(towers.map((t) => t.height)).toEqual((view.towers ?? []).map((t) => t.height));
    for (const t of towers) {
      const tile = model.tiles.find((m) => m.x === t.x && m.y === t.y && m.corner === t.corner);
      const foundation: Pt | undefined = tile?.art?.tower;
      expect(foundation && tile && turnPoint(foundation, tile.turns)).toEqual(t.at);
      expect(tile?.towerHeight).toBe(t.height);
    }
  });

  it('H-1 gives a triangle its corner as its turn', () => {
    const d = def('H1-08');
    const model = boardModel(
      {
        tiles: CORNER_NAMES.map((corner, i) => ({ tile: d.id, x: i, y: 0, rotation: 0, corner })),
        meeples: [],
      },
      catalog,
    );
    expect(model.tiles.map((t) => t.turns)).toEqual([0, 1, 2, 3]);
  });
});

describe('meeplesAtEnd', () => {
  /** A short game played to its end, placing a meeple whenever it may. */
  const finished = () => {
    const created = createGame({ players: 2, seed: 5, endAfter: 12, recordEvents: true });
    if (!created.ok) throw new Error(created.error.message);
    const game = created.value;
    while (!game.isOver) {
      const actions = game.legalActions();
      const action = actions.find((a) => a.type === 'meeple') ?? actions[0];
      if (!action) throw new Error('no legal action');
      const r = game.apply(action);
      if (!r.ok) throw new Error(r.error.message);
    }
    return game;
  };

  it('B-9 finds the meeples final scoring returned, and the model draws them where they stood', () => {
    const game = finished();
    const view = viewOf(game, -1);
    const atEnd = meeplesAtEnd(game.events, view, game.catalog);
    expect(atEnd.length).toBeGreaterThan(0);
    // Each stood on a feature of a placed tile, as the last meeple events put them there.
    for (const m of atEnd) {
      expect(view.tiles.some((t) => t.x === m.x && t.y === m.y)).toBe(true);
      const placed = game.events.some(
        (e) =>
          e.type === 'meeple' && e.x === m.x && e.y === m.y && e.feature === m.feature && e.kind === m.kind,
      );
      expect(placed).toBe(true);
    }
    const model = boardModel(view, game.catalog, { events: game.events });
    const returned = model.figures.filter((f) => f.type === 'meeple' && f.returned);
    expect(returned).toHaveLength(atEnd.length);
    // Without the events, or before the end, none.
    expect(boardModel(view, game.catalog).figures.filter((f) => f.type === 'meeple')).toHaveLength(
      view.meeples.length,
    );
    expect(meeplesAtEnd(game.events.slice(0, -1), view, game.catalog)).toEqual([]);
  });
});
