/**
 * Perft tables: the exact number of decision sequences from fixed positions.
 *
 * A node is one decision: a placement (cell, rotation) of the drawn tile, then an action (pass, or a
 * meeple on one feature of the placed tile). Draws are forced by a scripted order (`draws`). Two
 * rotations of a symmetric tile on the same cell count as two placements: they are different
 * (cell, rotation) moves, as legalMoves() lists them.
 *
 * Every expected count comes from a hand derivation written next to its case, and every case is
 * also counted by an independent brute force (RefGame in test/reference.ts: all cells of the bounding
 * box grown by one, all four rotations, edges matched from the TileDefs; meeple spots by flood
 * fill). Neither uses Board.fits, the compiled catalog tables or the feature graph. The engine's own
 * output is only ever the value under test.
 */
import { describe, expect, test } from 'vitest';
import type { GameConfig, MeeplePlacement, TilePlacement, Game } from '@carc/engine';
import { createGame, TILE_SETS, unwrap } from '@carc/engine';
import type { PlacedMeeple, PlacedTile } from './reference.js';
import { RefGame } from './reference.js';
import { TRIANGLES, TRIANGLE_LIST } from './triangleTiles.js';

/** Engine perft: legal moves at depth 1, summed over children below. */
function perft(g: Game, depth: number): number {
  if (depth === 0) return 1;
  const buf = new Int32Array(g.maxMoves);
  const n = g.legalMoves(buf);
  if (depth === 1) return n;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const c = g.clone();
    c.play(buf[i]);
    total += perft(c, depth - 1);
  }
  return total;
}

const START: TilePlacement = { tile: 'BA/RCr', x: 0, y: 0, rotation: 0 };

/** The independent model of the same configuration, built from the config and tile definitions only. */
function refGameOf(config: GameConfig): RefGame {
  const catalog = unwrap(createGame(config)).catalog;
  const def = (id: string) => catalog.def(catalog.kindOf(id)!);
  const placed = [config.startTile ?? START, ...(config.setup?.tiles ?? [])];
  const tiles: PlacedTile[] = placed.map((p) => ({ def: def(p.tile), x: p.x, y: p.y, q: p.rotation / 90 }));
  const slotOf = (m: MeeplePlacement) =>
    placed.findIndex(
      (p, i) =>
        p.x === m.x &&
        p.y === m.y &&
        (m.corner === undefined || ['nw', 'ne', 'se', 'sw'][tiles[i].q] === m.corner),
    );
  const meeples: PlacedMeeple[] = (config.setup?.meeples ?? []).map((m) => ({
    player: m.player,
    slot: slotOf(m),
    local: m.feature,
  }));
  const rg = new RefGame(
    config.players,
    { tinyCityScoring: config.options?.tinyCityScoring ?? 4 },
    tiles,
    (config.draws ?? []).map(def),
    meeples,
    config.firstPlayer ?? 0,
  );
  rg.drawFromPile();
  return rg;
}

const game = (config: GameConfig) => unwrap(createGame(config));

// -------------------------------------------------------------------------------------------------

describe('B-4 perft: each basic:1 tile kind next to the lone start tile', () => {
  // Hand derivation, valid for every square tile: the start tile BA/RCr shows a city (north), roads
  // (east and west) and a field (south). Each of the new tile's four sides can be turned to face
  // each of those four edges by exactly one (cell, rotation), and the new tile then touches only the
  // start tile. So a tile with c city, r road and f field sides has c·1 + r·2 + f·1 = 4 + r
  // placements. At depth 2 no meeple is on the board, so every feature of the placed tile is a spot:
  // d2 = d1 · (1 + features).
  //
  // [tile, road sides, features] — counted from the printed tiles (docs/tiles.md).
  const kinds: [string, number, number][] = [
    ['BA/L', 0, 2], // monastery, field
    ['BA/LR', 1, 3], // monastery, road south, field
    ['BA/RCr', 2, 4], // road W–E, city N, two fields
    ['BA/Cccc+', 0, 1], // city on all four sides
    ['BA/CccR+', 1, 4], // city N W E, road S, two fields
    ['BA/CccR', 1, 4],
    ['BA/CFc+', 0, 3], // city W–E, fields N and S
    ['BA/CFc.1', 0, 3],
    ['BA/Cc.1', 0, 2], // city N–W, field
    ['BA/Cc+', 0, 2],
    ['BA/CcRr', 2, 4], // city N–W, road E–S, two fields
    ['BA/CcRr+', 2, 4],
    ['BA/Ccc', 0, 2], // city N E W, field
    ['BA/Ccc+', 0, 2],
    ['BA/CRr', 2, 4], // city N, road E–S, two fields
    ['BA/CRRR', 3, 7], // city N, three roads, three fields
    ['BA/RrC', 2, 4], // city N, road S–W, two fields
    ['BA/C', 0, 2], // city N, field
    ['BA/CFC.2', 0, 3], // two cities N and S, field
    ['BA/CC.2', 0, 3], // two cities N and W, field
    ['BA/RRRR', 4, 8], // crossing: four roads, four fields
    ['BA/RRR', 3, 6], // T junction: three roads, three fields
    ['BA/Rr', 2, 3], // curve: road, two fields
    ['BA/RFr', 2, 3], // straight road, two fields
  ];

  test('the table covers the 24 kinds of basic:1', () => {
    expect(kinds.map(([id]) => id).sort()).toEqual(Object.keys(TILE_SETS['basic:1']).sort());
  });

  test.each(kinds)(
    '%s: 4 + %i road sides placements; d2 = d1 · (1 + %i features)',
    (tile, roads, features) => {
      const config: GameConfig = { players: 2, draws: [tile] };
      const d1 = 4 + roads;
      const d2 = d1 * (1 + features);
      const rg = refGameOf(config);
      expect(rg.perft(1), 'independent brute force, depth 1').toBe(d1);
      expect(rg.perft(2), 'independent brute force, depth 2').toBe(d2);
      const g = game(config);
      expect(perft(g, 1)).toBe(d1);
      expect(perft(g, 2)).toBe(d2);
    },
  );

  test('a handful by hand, cell by cell', () => {
    const placements = (tile: string) =>
      game({ players: 2, draws: [tile] })
        .legalActions()
        .map((a) => (a.type === 'place' ? `${a.x},${a.y},${a.rotation}` : '?'))
        .sort();
    // BA/RRRR (four roads): only the two road edges of the start tile take it, in any rotation:
    // east cell (1,0) and west cell (-1,0), rotations 0, 90, 180, 270 each. No city, no field side.
    expect(placements('BA/RRRR')).toEqual(
      ['1,0,0', '1,0,90', '1,0,180', '1,0,270', '-1,0,0', '-1,0,90', '-1,0,180', '-1,0,270'].sort(),
    );
    // BA/L (all field): only the field edge (south cell (0,1)), in any rotation.
    expect(placements('BA/L')).toEqual(['0,1,0', '0,1,90', '0,1,180', '0,1,270'].sort());
    // BA/Cccc+ (all city): only the city edge (north cell (0,-1)), in any rotation.
    expect(placements('BA/Cccc+')).toEqual(['0,-1,0', '0,-1,90', '0,-1,180', '0,-1,270'].sort());
    // BA/C (city north, field elsewhere): north cell with the city turned south (180); south cell
    // with a field side north: city east (90), south (180) or west (270).
    expect(placements('BA/C')).toEqual(['0,-1,180', '0,1,180', '0,1,270', '0,1,90'].sort());
    // BA/RFr (road west–east): east and west cells with the road across (0, 180); south cell with
    // a field north: road across again (0, 180). The north cell needs a city: none.
    expect(placements('BA/RFr')).toEqual(
      ['1,0,0', '1,0,180', '-1,0,0', '-1,0,180', '0,1,0', '0,1,180'].sort(),
    );
    // BA/CRRR (city north, roads E S W): north cell with the city south (180); east cell with a
    // road west: roads are at E, S, W, turned to W by 180, 90, 0; west cell likewise with a road
    // east: 0 (E), 270 (S→E), 180 (W→E); south cell needs a field north: none (every side is a
    // city or road). 1 + 3 + 3 = 7.
    expect(placements('BA/CRRR')).toEqual(
      ['0,-1,180', '1,0,0', '1,0,90', '1,0,180', '-1,0,0', '-1,0,180', '-1,0,270'].sort(),
    );
  });
});

describe('H-2 H-4 perft: each test triangle next to the lone start tile', () => {
  // Hand derivation: a triangle touches a cell edge only with a short side (H-2). Each edge of the
  // start tile can be reached by the two corners that cover the facing side of the neighbouring
  // cell, one presenting the triangle's N side, the other its W side (e.g. the north cell (0,-1):
  // corner se puts N south, corner sw puts W south). So the count is w(N) + w(W), where w is the
  // number of start-tile edges of that type: city 1, road 2, field 1. The long side never counts.
  const cases: [string, string, number][] = [
    [TRIANGLES.field.id, 'N field, W field: 1 + 1', 2],
    [TRIANGLES.cityND.id, 'N city, W field: 1 + 1', 2],
    [TRIANGLES.cityN.id, 'N city, W field: 1 + 1', 2],
    [TRIANGLES.cityD.id, 'N field, W field: 1 + 1', 2],
    [TRIANGLES.cityDPennant.id, 'N field, W field: 1 + 1', 2],
    [TRIANGLES.cityAll.id, 'N city, W city: 1 + 1', 2],
    [TRIANGLES.cityNW.id, 'N city, W city: 1 + 1', 2],
    [TRIANGLES.roadWD.id, 'N field, W road: 1 + 2', 3],
    [TRIANGLES.roadND.id, 'N road, W field: 2 + 1', 3],
    [TRIANGLES.roadD.id, 'N field, W field: 1 + 1', 2],
    [TRIANGLES.roadNW.id, 'N road, W road: 2 + 2', 4],
    [TRIANGLES.cityNRoadW.id, 'N city, W road: 1 + 2', 3],
    [TRIANGLES.monastery.id, 'N field, W field: 1 + 1', 2],
  ];
  test('the table covers every test triangle', () => {
    expect(cases.map(([id]) => id).sort()).toEqual(TRIANGLE_LIST.map((t) => t.id).sort());
  });
  test.each(cases)('%s: %s = %i', (tile, _why, d1) => {
    const config: GameConfig = { players: 2, tiles: TRIANGLE_LIST, draws: [tile] };
    expect(refGameOf(config).perft(1), 'independent brute force').toBe(d1);
    const g = game(config);
    expect(perft(g, 1)).toBe(d1);
    expect(perft(g, 2)).toBe(refGameOf(config).perft(2));
  });
  test('T/RNW by hand: the four corners that put a road against a road edge', () => {
    // Roads of the start tile face east (1,0) and west (-1,0). East cell, side W: corner nw puts
    // W (road) there, corner sw puts N (road) there. West cell, side E: corner ne puts N (road),
    // corner se puts W (road).
    const g = game({ players: 2, tiles: TRIANGLE_LIST, draws: [TRIANGLES.roadNW.id] });
    const got = g.legalActions().map((a) => (a.type === 'place' ? `${a.x},${a.y},${a.rotation}` : '?'));
    expect(got.sort()).toEqual(['1,0,0', '1,0,270', '-1,0,90', '-1,0,180'].sort());
  });
});

interface Case {
  name: string;
  config: GameConfig;
  d1: number;
  d2?: number;
  /** Depths checked against the independent brute force only (no hand count). */
  deeper?: number;
}

const cases: Case[] = [
  {
    // Start BA/RCr (N city, E road, S field, W road) and a straight road BA/RFr east of it; draw
    // another BA/RFr (N field, E road, S field, W road; rotations 0/180 lay the road west–east,
    // 90/270 north–south). Open cells and the edge each must match:
    //   (0,-1) the start's city → needs a city side: none → 0
    //   (1,-1) (1,0)'s north field → south side field: road across, 0 or 180 → 2
    //   (2,0)  (1,0)'s east road → west side road: 0 or 180 → 2
    //   (1,1)  (1,0)'s south field → 2;  (0,1) the start's south field → 2
    //   (-1,0) the start's west road → east side road → 2
    // d1 = 10. No meeple on the board: each placement offers pass + 3 features → d2 = 40.
    name: 'B-4 straight road next to a road of two tiles',
    config: {
      players: 2,
      setup: { tiles: [{ tile: 'BA/RFr', x: 1, y: 0, rotation: 0 }] },
      draws: ['BA/RFr', 'BA/CRRR'],
    },
    d1: 10,
    d2: 40,
    deeper: 3,
  },
  {
    // B-6, occupied across tiles. Start tile alone; player 1 has a meeple on its road (feature 0),
    // player 0 one on its north field (feature 2). Draw BA/RFr (road W–E, north field 1, south
    // field 2 at rotation 0; 180 swaps which feature lies north). Placements: east (1,0) 0/180,
    // west (-1,0) 0/180, south (0,1) 0/180 (north cell needs a city) → d1 = 6.
    // Actions: east or west, the new road joins the start's road (taken) and the new north-side
    // field joins the start's north field (taken): only its south-side field is free → pass + 1
    // = 2 each, 4 placements → 8. South: its north-side field meets the start's south field (free),
    // road and south-side field are new → pass + 3 = 4 each → 8. d2 = 16.
    name: 'B-6 features occupied across tiles are not offered',
    config: {
      players: 2,
      setup: {
        meeples: [
          { player: 1, x: 0, y: 0, feature: 0 },
          { player: 0, x: 0, y: 0, feature: 2 },
        ],
      },
      draws: ['BA/RFr', 'BA/Rr'],
    },
    d1: 6,
    d2: 16,
    deeper: 4,
  },
  {
    // B-6 across several tiles, and a city completed by the placement. Start tile, BA/CFc.1 at
    // (0,-1) rotation 90 (city north–south, fields east and west), player 1's meeple on the start's
    // city. Draw BA/C (city N, field elsewhere):
    //   (0,-2)  city to the south (180) → 1: it closes the city
    //   (1,-1)  west side field: city N, E or S (0, 90, 180) → 3;  (-1,-1) likewise → 3
    //   (0,1)   north side field: 90, 180, 270 → 3;  (1,0), (-1,0) roads: none
    // d1 = 10. Actions: at (0,-2) the city is player 1's (not offered), the field is free → 2.
    // Elsewhere city and field are both free → 3 each, 9 placements → 27. d2 = 29.
    name: 'B-6 a city occupied two tiles away is not offered',
    config: {
      players: 2,
      setup: {
        tiles: [{ tile: 'BA/CFc.1', x: 0, y: -1, rotation: 90 }],
        meeples: [{ player: 1, x: 0, y: 0, feature: 1 }],
      },
      draws: ['BA/C', 'BA/CFc+', 'BA/RRR'],
    },
    d1: 10,
    d2: 29,
    deeper: 4,
  },
  {
    // B-6, no meeple in supply: all 7 of player 0's meeples stand on the start tile. Draw BA/RRRR:
    // east and west cells, any rotation → d1 = 8 (as in the table above); player 0 may only pass →
    // d2 = 8.
    name: 'B-6 no meeple offered when the supply is empty',
    config: {
      players: 2,
      setup: {
        meeples: [0, 0, 1, 1, 2, 3, 3].map((feature) => ({ player: 0, x: 0, y: 0, feature })),
      },
      draws: ['BA/RRRR', 'BA/RRRR'],
    },
    d1: 8,
    d2: 8,
    deeper: 4,
  },
  {
    // The same position with player 1 to act, 7 meeples in supply. Placed east or west (in any
    // rotation, the crossing looks the same), the crossing's road facing the start joins the
    // start's road, and the two fields beside that road join the start's north and south fields:
    // all three hold player 0's meeples. Its other 3 roads and 2 fields are free → pass + 5 = 6
    // each → d2 = 48.
    name: 'B-6 the other player, with meeples in supply',
    config: {
      players: 2,
      firstPlayer: 1,
      setup: {
        meeples: [0, 0, 1, 1, 2, 3, 3].map((feature) => ({ player: 0, x: 0, y: 0, feature })),
      },
      draws: ['BA/RRRR', 'BA/RRRR'],
    },
    d1: 8,
    d2: 48,
    deeper: 3,
  },
  {
    // B-5: the start's city is closed by BA/C (rotation 180) at (0,-1), so no city edge is open:
    // BA/Cccc+ fits nowhere, is discarded, and BA/L is drawn. BA/L (all field) fits against every
    // field edge in any rotation: (0,-2), (1,-1), (-1,-1) (the sides of BA/C) and (0,1) (the
    // start's south) → 4 cells · 4 = 16; not against the roads east and west. d2 = 16 · (1 + 2).
    name: 'B-5 a tile that fits nowhere is discarded and the next one drawn',
    config: {
      players: 2,
      setup: { tiles: [{ tile: 'BA/C', x: 0, y: -1, rotation: 180 }] },
      draws: ['BA/Cccc+', 'BA/L', 'BA/Cccc+', 'BA/RFr'],
    },
    d1: 16,
    d2: 48,
    deeper: 3,
  },
  {
    // H-1 H-2: T/CND (city N and D, field W) at corner se of (0,-1): its city side lies south
    // against the start's city, its field side east. Draw T/CD (city on D only, N and W field):
    //   into the gap of (0,-1) at the complementary corner nw, long side city against city → 1
    //   (1,-1) against T/CND's east field: corner nw (W) or sw (N) → 2
    //   (0,1) against the start's south field: corner ne (N) or nw (W) → 2
    //   roads east and west: T/CD has no road side → 0
    // Cells (0,-2) and (-1,-1) face the gap's open sides: no edge there, nothing to touch.
    // d1 = 5. No meeple on the board: each placement offers pass + 2 features → d2 = 15.
    name: 'H-1 H-2 a triangle into the gap of its complement, or against short sides',
    config: {
      players: 2,
      tiles: TRIANGLE_LIST,
      setup: { tiles: [{ tile: TRIANGLES.cityND.id, x: 0, y: -1, rotation: 180 }] },
      draws: [TRIANGLES.cityD.id, TRIANGLES.roadNW.id, 'BA/CRRR'],
    },
    d1: 5,
    d2: 15,
    deeper: 4,
  },
  {
    // Only the independent brute force counts these (no hand count): longer scripted draws
    // through completions and meeple returns.
    name: 'B-7 brute force: roads and cities completing over four draws',
    config: {
      players: 2,
      setup: { tiles: [{ tile: 'BA/C', x: 0, y: -1, rotation: 180 }] },
      draws: ['BA/RRR', 'BA/Rr', 'BA/CC.2', 'BA/L'],
    },
    d1: -1,
    deeper: 4,
  },
  {
    name: 'H-1 brute force: triangles and squares mixed',
    config: {
      players: 3,
      tiles: TRIANGLE_LIST,
      draws: [TRIANGLES.roadWD.id, TRIANGLES.roadD.id, 'BA/RFr', TRIANGLES.cityAll.id],
    },
    d1: -1,
    deeper: 4,
  },
];

describe('perft: positions built with setup and scripted draws', () => {
  test.each(cases)('$name', ({ config, d1, d2, deeper }) => {
    const g = game(config);
    const rg = refGameOf(config);
    if (d1 >= 0) {
      expect(rg.perft(1), 'hand count = independent brute force, depth 1').toBe(d1);
      expect(perft(g, 1), 'depth 1').toBe(d1);
    }
    if (d2 !== undefined) {
      expect(rg.perft(2), 'hand count = independent brute force, depth 2').toBe(d2);
      expect(perft(g, 2), 'depth 2').toBe(d2);
    }
    for (let d = 1; d <= (deeper ?? 0); d++) {
      expect(perft(g, d), `depth ${d} against the independent brute force`).toBe(rg.perft(d));
    }
  });
});

describe('B-5 discards, seen in the events', () => {
  test('B-5 a tile drawn mid-game that fits nowhere is shown, removed, and the next one drawn', () => {
    // Start tile with its city closed (BA/C at (0,-1), rotation 180). Draws: BA/RFr, then BA/Cccc+
    // (no open city edge anywhere: discarded), then BA/L.
    const g = game({
      players: 2,
      setup: { tiles: [{ tile: 'BA/C', x: 0, y: -1, rotation: 180 }] },
      draws: ['BA/RFr', 'BA/Cccc+', 'BA/L'],
    });
    g.recordEvents = true;
    expect(unwrap(g.apply({ type: 'place', x: 1, y: 0, rotation: 0 }))).toBeUndefined();
    unwrap(g.apply({ type: 'pass' }));
    expect(g.events.filter((e) => e.type === 'draw' || e.type === 'discard')).toEqual([
      { type: 'draw', player: 1, tile: 'BA/Cccc+' },
      { type: 'discard', player: 1, tile: 'BA/Cccc+', rule: 'B-5' },
      { type: 'draw', player: 1, tile: 'BA/L' },
    ]);
    expect(g.drawnTile).toBe('BA/L');
    expect(g.toAct).toBe(1);
    expect(g.state.bagCount).toBe(0);
    // Tiles: 3 placed (start, setup, RFr) + 1 discarded + 1 drawn = the 5 of the game.
    expect(g.state.board.slotCount + 1 + 1).toBe(5);
  });

  test('B-5 B-9 when the last tile fits nowhere the game ends', () => {
    const g = game({
      players: 2,
      setup: { tiles: [{ tile: 'BA/C', x: 0, y: -1, rotation: 180 }] },
      draws: ['BA/RFr', 'BA/Cccc+'],
    });
    g.recordEvents = true;
    unwrap(g.apply({ type: 'place', x: 1, y: 0, rotation: 0 }));
    unwrap(g.apply({ type: 'pass' }));
    expect(g.events.map((e) => e.type)).toEqual(['place', 'draw', 'discard', 'end']);
    expect(g.phaseName).toBe('over');
    expect(g.legalActions()).toEqual([]);
  });

  test('B-5 a first draw that fits nowhere is discarded at set-up (tile counts)', () => {
    const g = game({
      players: 2,
      setup: { tiles: [{ tile: 'BA/C', x: 0, y: -1, rotation: 180 }] },
      draws: ['BA/Cccc+', 'BA/L'],
    });
    expect(g.drawnTile).toBe('BA/L');
    expect(g.state.bagCount).toBe(0);
    expect(g.state.board.slotCount).toBe(2); // 2 placed + 1 drawn + 1 discarded = 4 tiles
  });
});
