/**
 * Triangular half tiles (Halflings): H-1, H-2, H-7, H-8, H-9, H-10, with the test-only triangles of
 * test/triangleTiles.ts passed through createGame({ tiles, draws }). Positions are played through
 * apply(); every step is also checked against the reference flood fill.
 *
 * Rotation of a triangle = the corner of its right angle: 0 nw, 90 ne, 180 se, 270 sw. The start
 * tile BA/RCr at (0,0), rotation 0, has a city north, roads east and west, a field south.
 */
import { describe, expect, test } from 'vitest';
import type { Action, GameConfig, GameEvent, ScoreEvent, Game } from '@carc/engine';
import { createGame, unwrap } from '@carc/engine';
import { compareWithEngine } from './reference.js';
import { TRIANGLES, TRIANGLE_LIST } from './triangleTiles.js';

function start(config: Omit<GameConfig, 'tiles'>): Game {
  const g = unwrap(createGame({ ...config, tiles: TRIANGLE_LIST }));
  g.recordEvents = true;
  expect(compareWithEngine(g)).toEqual([]);
  return g;
}

/** Applies actions in order; each must be legal, and the graph must match the reference after it. */
function play(g: Game, ...actions: Action[]): void {
  for (const a of actions) {
    const r = g.apply(a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)} refused: ${r.error.code}: ${r.error.message}`);
    expect(compareWithEngine(g), JSON.stringify(a)).toEqual([]);
  }
}

const place = (x: number, y: number, rotation: 0 | 90 | 180 | 270): Action => ({
  type: 'place',
  x,
  y,
  rotation,
});
const PASS: Action = { type: 'pass' };
const scores = (events: readonly GameEvent[]) => events.filter((e): e is ScoreEvent => e.type === 'score');
const placements = (g: Game) =>
  g
    .legalActions()
    .flatMap((a) => (a.type === 'place' ? [`${a.x},${a.y},${a.rotation}`] : []))
    .sort();
const spots = (g: Game) => g.legalActions().flatMap((a) => (a.type === 'meeple' ? [a.feature] : []));

/** Root of feature `f` of the tile at (x, y) (and corner, for a triangle). */
const rootOf = (g: Game, x: number, y: number, f: number, corner?: 'nw' | 'ne' | 'se' | 'sw') =>
  g.state.graph.find(unwrap(g.state.locateFeature(x, y, corner, f)));

describe('H-1 H-2 placement of triangles', () => {
  test('H-2 a short side matches like a square edge', () => {
    // T/CND: city on N and D, field on W. At (0,-1) corner se its N side lies south, against the
    // start's city: legal. At corner sw its W side (field) lies south: refused.
    const g = start({ players: 2, draws: [TRIANGLES.cityND.id] });
    const sw = g.apply(place(0, -1, 270));
    expect(sw.ok || sw.error.code).toBe('tile/edge-mismatch');
    const far = g.apply(place(1, 1, 0));
    expect(far.ok || [far.error.code, far.error.rule]).toEqual(['tile/not-adjacent', 'H-4']);
    expect(placements(g)).toContain('0,-1,180');
    expect(placements(g)).not.toContain('0,-1,270');
    play(g, place(0, -1, 180));
  });

  test('H-1 a triangle goes into a cell holding its complement only if the long sides match', () => {
    const setup = { tiles: [{ tile: TRIANGLES.cityND.id, x: 0, y: -1, rotation: 180 as const }] };
    // T/F: all field, its long side a field against T/CND's city: refused at corner nw.
    const field = start({ players: 2, setup, draws: [TRIANGLES.field.id] });
    const r = field.apply(place(0, -1, 0));
    expect(r.ok || [r.error.code, r.error.rule]).toEqual(['tile/edge-mismatch', 'H-2']);
    expect(placements(field).filter((p) => p.startsWith('0,-1,'))).toEqual([]);
    // T/CD: city on its long side: accepted at corner nw, and only there in that cell.
    const city = start({ players: 2, setup, draws: [TRIANGLES.cityD.id] });
    expect(placements(city).filter((p) => p.startsWith('0,-1,'))).toEqual(['0,-1,0']);
    play(city, place(0, -1, 0));
    expect(city.state.board.cellTiles[city.state.grid.cell(0, -1)!]).toBe(2);
  });

  test('H-1 only the complementary corner: the other corners, a square, a third triangle are refused', () => {
    const setup = { tiles: [{ tile: TRIANGLES.field.id, x: 0, y: 1, rotation: 0 as const }] };
    // T/F at corner nw of (0,1) (against the start's south field). Another T/F: corners nw
    // (the same half), ne (shares the north side) and sw (shares the west side) overlap it.
    const g = start({ players: 2, setup, draws: [TRIANGLES.field.id, 'BA/L', TRIANGLES.field.id] });
    for (const rotation of [0, 90, 270] as const) {
      const r = g.apply(place(0, 1, rotation));
      expect(r.ok || [r.error.code, r.error.rule], `corner ${rotation}`).toEqual([
        'tile/cell-occupied',
        'H-1',
      ]);
    }
    expect(placements(g).filter((p) => p.startsWith('0,1,'))).toEqual(['0,1,180']);
    play(g, place(0, 1, 180), PASS);
    // BA/L (a square) may not go into a cell with a triangle, nor may a third triangle.
    const sq = g.apply(place(0, 1, 0));
    expect(sq.ok || sq.error.code).toBe('tile/cell-occupied');
    expect(placements(g).filter((p) => p.startsWith('0,1,'))).toEqual([]);
    play(g, place(0, 2, 0), PASS);
    for (const rotation of [0, 90, 180, 270] as const) expect(g.apply(place(0, 1, rotation)).ok).toBe(false);
    expect(placements(g).filter((p) => p.startsWith('0,1,'))).toEqual([]);
  });

  test('H-2 H-4 a long side never touches a square tile', () => {
    // T/RWD has a road on its long side. At (1,0) corner ne it covers the north and east sides of
    // that cell; its long side faces the start tile's east road but does not touch it, and no
    // short side touches anything: refused.
    const g = start({ players: 2, draws: [TRIANGLES.roadWD.id, 'BA/L'] });
    expect(g.apply(place(1, 0, 90)).ok).toBe(false);
    expect(placements(g).filter((p) => p.startsWith('1,0,'))).toEqual(['1,0,0']);
    // At corner nw its west side (road) meets the road: legal. Then (1,0) holds a lone triangle
    // whose gap lies along the cell's east and south sides: a square at (2,0) or (1,1) faces only
    // the gap and touches no tile edge.
    play(g, place(1, 0, 0), PASS);
    expect(g.apply(place(2, 0, 0)).ok).toBe(false);
    expect(g.apply(place(1, 1, 0)).ok).toBe(false);
    expect(placements(g).some((p) => p.startsWith('2,0,') || p.startsWith('1,1,'))).toBe(false);
  });
});

describe('H-8 cities and roads score per occupied cell', () => {
  test('H-8 a city over two squares and a cell with two triangles, one pennant: 2×3 + 2 = 8', () => {
    // Start city (north side of (0,0)) + BA/CFc+ at (0,-1) turned north–south (pennant) + T/CND at
    // corner se of (0,-2) (city south and on the long side) + T/CD at corner nw of (0,-2) (city on
    // the long side): closed everywhere. 4 tiles in 3 cells, 1 pennant.
    const g = start({ players: 2, draws: ['BA/CFc+', TRIANGLES.cityND.id, TRIANGLES.cityD.id] });
    play(g, place(0, -1, 90), { type: 'meeple', x: 0, y: -1, feature: 0 });
    play(g, place(0, -2, 180), PASS);
    const city = rootOf(g, 0, 0, 1);
    expect(g.state.graph.openEnds[city]).toBe(1); // the long side of the lone triangle faces its gap (H-7)
    expect([g.state.graph.tiles[city], g.state.graph.cells[city], g.state.graph.pennants[city]]).toEqual([
      3, 3, 1,
    ]);
    play(g, place(0, -2, 0));
    expect(spots(g)).not.toContain(0); // the city is player 0's (B-6); its field is free
    expect(spots(g)).toContain(1);
    play(g, PASS);
    expect(g.state.graph.openEnds[city]).toBe(0);
    expect([g.state.graph.tiles[city], g.state.graph.cells[city]]).toEqual([4, 3]);
    const [s] = scores(g.events);
    expect(s).toMatchObject({
      kind: 'city',
      rule: 'B-7',
      final: false,
      complete: true,
      tiles: 4,
      cells: 3,
      pennants: 1,
      players: [0],
      points: 8,
    });
    expect(Array.from(g.scores)).toEqual([8, 0]);
    expect(g.phaseName).toBe('over');
  });

  test('H-8 a road over three squares and a cell with two triangles scores 4', () => {
    // BA/LR at (-1,0) turned so its road (ending at the monastery) runs east; the start's road;
    // BA/RFr at (1,0); T/RWD at corner nw of (2,0) (west side to long side) and T/RD at corner se
    // (a road ending inside it, from the long side). Closed at both ends: 5 tiles, 4 cells.
    const g = start({
      players: 2,
      setup: { tiles: [{ tile: 'BA/LR', x: -1, y: 0, rotation: 270 }] },
      draws: ['BA/RFr', TRIANGLES.roadWD.id, TRIANGLES.roadD.id],
    });
    play(g, place(1, 0, 0), { type: 'meeple', x: 1, y: 0, feature: 0 });
    play(g, place(2, 0, 0), PASS);
    play(g, place(2, 0, 180));
    // H-5: triangles are separate tiles for meeples: the road is taken, the new field is free.
    expect(spots(g)).toEqual([1]);
    play(g, { type: 'meeple', x: 2, y: 0, corner: 'se', feature: 1 });
    const [road] = scores(g.events);
    expect(road).toMatchObject({ kind: 'road', complete: true, tiles: 5, cells: 4, players: [0], points: 4 });
    expect(Array.from(g.scores)).toEqual([4, 0]);
  });
});

describe('H-7 a triangular gap leaves a road or city open', () => {
  test('H-7 a road ending at a triangle’s long side, facing its gap, is not complete; final score per cell', () => {
    // BA/LR (road end) at (-1,0), the start's road, T/RWD at corner nw of (1,0): its road runs from
    // the west side to the long side, which faces the empty half of the cell.
    const g = start({
      players: 2,
      setup: { tiles: [{ tile: 'BA/LR', x: -1, y: 0, rotation: 270 }] },
      draws: [TRIANGLES.roadWD.id],
    });
    play(g, place(1, 0, 0), { type: 'meeple', x: 1, y: 0, feature: 0 });
    const road = rootOf(g, 0, 0, 0);
    expect(g.state.graph.openEnds[road]).toBe(1);
    expect(g.phaseName).toBe('over');
    const [s] = scores(g.events);
    // B-9: incomplete road, 1 per cell: (-1,0), (0,0), (1,0).
    expect(s).toMatchObject({ kind: 'road', rule: 'B-9', final: true, complete: false, cells: 3, points: 3 });
    expect(Array.from(g.scores)).toEqual([3, 0]);
  });

  test('H-7 a city whose triangle leaves a gap on its long side is not complete', () => {
    // T/CND at corner se of (0,-1): its city runs from the start's city to its long side, which
    // faces the gap. Final scoring: incomplete city, 1 per cell, 2 cells, no pennant.
    const g = start({ players: 2, draws: [TRIANGLES.cityND.id] });
    play(g, place(0, -1, 180), { type: 'meeple', x: 0, y: -1, feature: 0 });
    expect(g.state.graph.openEnds[rootOf(g, 0, 0, 1)]).toBe(1);
    const [s] = scores(g.events);
    expect(s).toMatchObject({ kind: 'city', final: true, complete: false, tiles: 2, cells: 2, points: 2 });
  });
});

describe('H-10 a triangular gap breaks a field', () => {
  // A city in the middle: BA/Cccc+ at (0,0) capped by BA/C on its north, west and east sides.
  // Fields: F1 west of it ((-1,0) and BA/L at (-1,1)), F2 east ((1,0) and BA/L at (1,1)). Player 1
  // has two farmers in F2. The cell (0,1) under the city joins F1 and F2 when it holds one square
  // or two triangles; with a lone triangle at corner nw (T/CN: city cap north, one field over its
  // west and long sides) F1 reaches only the gap.
  const base = (draws: string[]): Game =>
    start({
      players: 2,
      startTile: { tile: 'BA/Cccc+', x: 0, y: 0, rotation: 0 },
      setup: {
        tiles: [
          { tile: 'BA/C', x: 0, y: -1, rotation: 180 },
          { tile: 'BA/C', x: -1, y: 0, rotation: 90 },
          { tile: 'BA/C', x: 1, y: 0, rotation: 270 },
          { tile: 'BA/L', x: -1, y: 1, rotation: 0 },
          { tile: 'BA/L', x: 1, y: 1, rotation: 0 },
        ],
        meeples: [
          { player: 1, x: 1, y: 0, feature: 1 },
          { player: 1, x: 1, y: 1, feature: 1 },
        ],
      },
      draws,
    });

  test('H-10 with a lone triangle the two fields stay apart: a farmer may go into F1', () => {
    const g = base([TRIANGLES.cityN.id]);
    play(g, place(0, 1, 0));
    expect(rootOf(g, -1, 1, 1)).not.toBe(rootOf(g, 1, 1, 1));
    expect(rootOf(g, 0, 1, 1, 'nw')).toBe(rootOf(g, -1, 1, 1));
    // The triangle's city cap completed the big city; its field (F1) is free.
    expect(g.state.graph.openEnds[rootOf(g, 0, 0, 0)]).toBe(0);
    expect(spots(g)).toEqual([0, 1]);
    play(g, { type: 'meeple', x: 0, y: 1, corner: 'nw', feature: 1 });
    // B-9: F1 (player 0) and F2 (player 1) each touch the completed city: 3 points each.
    const fields = scores(g.events).filter((s) => s.kind === 'field');
    expect(fields.map((s) => [s.players, s.points, s.cities])).toEqual(
      expect.arrayContaining([
        [[0], 3, 1],
        [[1], 3, 1],
      ]),
    );
    expect(Array.from(g.scores)).toEqual([3, 3]);
  });

  test('H-10 the complementary triangle closes the gap and joins the fields', () => {
    const g = base([TRIANGLES.cityN.id, TRIANGLES.field.id]);
    play(g, place(0, 1, 0), { type: 'meeple', x: 0, y: 1, corner: 'nw', feature: 1 });
    play(g, place(0, 1, 180));
    expect(rootOf(g, -1, 1, 1)).toBe(rootOf(g, 1, 1, 1));
    expect(spots(g)).toEqual([]); // the joined field already has farmers
    play(g, PASS);
    // One field: player 1 has 2 farmers to player 0's 1 and takes the 3 points.
    expect(Array.from(g.scores)).toEqual([0, 3]);
  });

  test('H-10 contrast: a square in the cell joins the fields at once', () => {
    const g = base(['BA/C']);
    play(g, place(0, 1, 0));
    expect(rootOf(g, -1, 1, 1)).toBe(rootOf(g, 1, 1, 1));
    expect(spots(g)).toEqual([0]); // its field is part of the field with player 1's farmers
    play(g, PASS);
    expect(Array.from(g.scores)).toEqual([0, 3]);
  });
});

describe('H-9 monasteries count occupied cells', () => {
  // A monastery BA/L at (0,0) with player 0's monk, and BA/L on 7 of the 8 cells around it; the
  // cell south, (0,1), is empty.
  const ring: [number, number][] = [
    [0, -1],
    [1, -1],
    [1, 0],
    [1, 1],
    [-1, 0],
    [-1, -1],
    [-1, 1],
  ];
  const base = (draws: string[], cells = ring) =>
    start({
      players: 2,
      startTile: { tile: 'BA/L', x: 0, y: 0, rotation: 0 },
      setup: {
        tiles: cells.map(([x, y]) => ({ tile: 'BA/L', x, y, rotation: 0 as const })),
        meeples: [{ player: 0, x: 0, y: 0, feature: 0 }],
      },
      draws,
    });

  test('H-9 a lone triangle that does not touch the monastery completes it: 9 points', () => {
    // T/F at corner se of (0,1): its short sides face (0,2) (empty) and (1,1); its long side faces
    // the gap, next to the monastery.
    const g = base([TRIANGLES.field.id]);
    play(g, place(0, 1, 180), PASS);
    const [s] = scores(g.events);
    expect(s).toMatchObject({ kind: 'monastery', rule: 'B-7', final: false, complete: true, points: 9 });
    expect(s.at).toHaveLength(9);
    expect(Array.from(g.scores)).toEqual([9, 0]);
    expect(Array.from(g.state.supply)).toEqual([7, 7]);
  });

  test('H-9 two triangles in one cell count once: 9, not 10', () => {
    // Ring without (1,1) either. Two T/F fill (0,1) (corners nw, then se); BA/L at (1,1) closes
    // the ring: 8 occupied cells around, 9 tiles around counting both triangles.
    const g = base(
      [TRIANGLES.field.id, TRIANGLES.field.id, 'BA/L'],
      ring.filter(([x, y]) => x !== 1 || y !== 1),
    );
    play(g, place(0, 1, 0), PASS, place(0, 1, 180), PASS);
    expect(scores(g.events)).toEqual([]);
    play(g, place(1, 1, 0), PASS);
    const [s] = scores(g.events);
    expect(s).toMatchObject({ kind: 'monastery', final: false, complete: true, points: 9 });
    expect(Array.from(g.scores)).toEqual([9, 0]);
  });

  test('B-7 H-9 set-up refuses a monk on a monastery already surrounded: it would have been scored', () => {
    // Regression: set-up refused meeples on complete roads and cities, but accepted one on a
    // surrounded monastery, which then stayed on the board until final scoring.
    const setup = (south: { tile: string; rotation: 0 | 180 }) =>
      createGame({
        players: 2,
        tiles: TRIANGLE_LIST,
        startTile: { tile: 'BA/L', x: 0, y: 0, rotation: 0 },
        setup: {
          tiles: [
            ...ring.map(([x, y]) => ({ tile: 'BA/L', x, y, rotation: 0 as const })),
            { ...south, x: 0, y: 1 },
          ],
          meeples: [{ player: 0, x: 0, y: 0, feature: 0 }],
        },
        draws: ['BA/L'],
      });
    for (const south of [
      { tile: 'BA/L', rotation: 0 as const },
      { tile: TRIANGLES.field.id, rotation: 180 as const }, // a lone triangle is enough (H-9)
    ]) {
      const r = setup(south);
      expect(r.ok || r.error.message, south.tile).toBe(
        'setup.meeples[0]: the feature is already complete; it would have been scored',
      );
    }
    // Seven cells around: accepted.
    expect(Array.from(base([TRIANGLES.field.id]).state.supply)).toEqual([6, 7]);
  });

  test('H-9 B-9 incomplete at the end: 1 for its cell + 1 per occupied cell around it', () => {
    const g = base([TRIANGLES.field.id]);
    play(g, place(2, 0, 0), PASS);
    const [s] = scores(g.events);
    expect(s).toMatchObject({ kind: 'monastery', final: true, complete: false, points: 8 });
    expect(Array.from(g.scores)).toEqual([8, 0]);
  });
});
