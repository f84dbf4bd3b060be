/**
 * The board's grid grows with it (geometry/grid.ts, GameState.regrid): a game starts on a small
 * grid and moves to larger ones as tiles near the edge, re-packing every cell it holds. Boards
 * that run far in one direction (long custom piles, every tile in a line) must keep working, and
 * copies, snapshots and the checked door must agree with the original across each move.
 */
import { describe, expect, test } from 'vitest';
import type { Game, GameConfig, TileDefInput } from '@carc/engine';
import { Game as GameClass, BUILTIN, M_PLACE, createGame, encodeMove, unwrap } from '@carc/engine';

/** A straight road, west to east, with a field on each side. */
const ROAD: TileDefInput = {
  id: 'TEST/road',
  features: [
    { kind: 'road', edges: 'W E' },
    { kind: 'field', halves: 'WR NL NR EL' },
    { kind: 'field', halves: 'ER SL SR WL' },
  ],
};

/** `n` straight roads drawn in order, from a straight road at (0,0) (rotation 90: north–south when `vertical`). */
function lineConfig(n: number, vertical: boolean): GameConfig {
  return {
    players: 2,
    tiles: [ROAD],
    startTile: { tile: ROAD.id, x: 0, y: 0, rotation: vertical ? 90 : 0 },
    draws: Array.from({ length: n }, () => ROAD.id),
  };
}

/**
 * Plays the line out from where the game stands: the i-th tile from the pile at the far end
 * (east or south for even i, west or north for odd), with a meeple on the first, passing after
 * the others.
 */
function playLine(game: Game, vertical: boolean, check?: (g: Game) => void): void {
  while (!game.isOver) {
    const i = game.state.placedCount;
    const at = i % 2 === 0 ? i / 2 + 1 : -(i + 1) / 2;
    const x = vertical ? 0 : at;
    const y = vertical ? at : 0;
    unwrap(game.apply({ type: 'place', x, y, rotation: vertical ? 90 : 0 }));
    unwrap(game.apply(i === 0 ? { type: 'meeple', x, y, feature: 0 } : { type: 'pass' }));
    check?.(game);
  }
}

describe('a board that runs far in one direction', () => {
  for (const vertical of [false, true]) {
    test(`150 straight roads in a ${vertical ? 'north–south' : 'west–east'} line`, () => {
      const n = 150;
      const game = unwrap(createGame({ ...lineConfig(n, vertical), recordEvents: true }));
      const radius0 = game.state.grid.radius;
      const copies: Game[] = [];
      playLine(game, vertical, (g) => {
        if (g.turn % 25 === 0) copies.push(g.clone());
      });
      // The grid grew to hold the line: 75 tiles each way from the start.
      expect(radius0).toBeLessThan(75);
      expect(game.state.grid.radius).toBeGreaterThanOrEqual(76);
      // One road of n + 1 tiles, open at both ends: scored at the end, 1 point per tile (B-9).
      expect(game.scores).toEqual([n + 1, 0]);
      const tiles = game.view(-1).tiles;
      expect(tiles).toHaveLength(n + 1);
      const coords = tiles.map((t) => (vertical ? t.y : t.x)).sort((a, b) => a - b);
      expect(coords).toEqual(Array.from({ length: n + 1 }, (_, i) => i - n / 2));
      expect(tiles.every((t) => (vertical ? t.x : t.y) === 0)).toBe(true);
      // The place events name the points played, whatever grid each was packed on.
      const placed = game.events.filter((e) => e.type === 'place');
      expect(placed.map((e) => (vertical ? e.y : e.x))).toEqual(
        Array.from({ length: n }, (_, i) => (i % 2 === 0 ? i / 2 + 1 : -(i + 1) / 2)),
      );
      // Copies made on smaller grids play on to the same end.
      for (const c of copies) {
        expect(c.state.grid.radius).toBeLessThanOrEqual(game.state.grid.radius);
        playLine(c, vertical);
        expect(c.scores).toEqual(game.scores);
      }
    });
  }

  test('copies, snapshots and determinizations across grids', () => {
    const game = unwrap(createGame(lineConfig(60, false)));
    // Into copies made on a smaller grid.
    const small = game.clone();
    const sample = game.determinize(0, 1);
    playLine(game, false, (g) => {
      if (g.turn % 7 !== 0) return;
      g.cloneInto(small);
      expect(small.state.grid).toBe(g.state.grid);
      expect(JSON.stringify(small.toSnapshot())).toEqual(JSON.stringify(g.toSnapshot()));
      const d = g.determinize(0, 5);
      expect(g.determinize(0, 5, sample)).toBe(sample);
      expect(sample.state.grid).toBe(g.state.grid);
      expect(JSON.stringify(sample.view(0))).toEqual(JSON.stringify(d.view(0)));
      const back = GameClass.fromSnapshot(JSON.parse(JSON.stringify(g.toSnapshot())), BUILTIN);
      expect(back.ok ? back.value.state.grid : back.error.message).toBe(g.state.grid);
      if (back.ok) expect(JSON.stringify(back.value.toSnapshot())).toEqual(JSON.stringify(g.toSnapshot()));
    });
    expect(game.state.grid.radius).toBeGreaterThan(30);
  });

  test('a copy taken back to a small grid and grown again, over and over (a search), plays as a fresh one', () => {
    const game = unwrap(createGame(lineConfig(60, false)));
    for (let i = 0; i < 3; i++) {
      const x = i % 2 === 0 ? i / 2 + 1 : -(i + 1) / 2;
      unwrap(game.apply({ type: 'place', x, y: 0, rotation: 0 }));
      unwrap(game.apply({ type: 'pass' }));
    }
    const start = game.state.grid;
    const fresh = game.clone();
    playLine(fresh, false);
    const want = JSON.stringify(fresh.toSnapshot());
    const copy = game.clone();
    for (let round = 0; round < 4; round++) {
      // Back onto the small grid: the copy's longer cell arrays are cleared and reused.
      game.cloneInto(copy);
      expect(copy.state.grid).toBe(start);
      expect(JSON.stringify(copy.toSnapshot())).toBe(JSON.stringify(game.toSnapshot()));
      playLine(copy, false);
      expect(copy.state.grid.radius).toBeGreaterThan(start.radius + 20);
      expect(JSON.stringify(copy.toSnapshot())).toBe(want);
    }
  });

  test('a far point is refused as on any grid, and a set-up tile far out grows the grid', () => {
    // Within a game's reach (40 tiles) but past its first grid.
    const game = unwrap(createGame(lineConfig(40, false)));
    expect(game.state.grid.radius).toBeLessThan(30);
    const far = game.encode({ type: 'place', x: 30, y: -30, rotation: 0 });
    expect(far.ok ? 'legal' : far.error.code).toBe('tile/not-adjacent');
    const outside = game.encode({ type: 'place', x: 4000, y: 0, rotation: 0 });
    expect(outside.ok ? 'legal' : outside.error.code).toBe('tile/outside-board');
    const config: GameConfig = {
      ...lineConfig(3, false),
      setup: {
        tiles: Array.from({ length: 20 }, (_, i) => ({ tile: 'BA/RCr', x: i + 1, y: 0, rotation: 0 })),
      },
    };
    const set = unwrap(createGame(config));
    expect(set.state.grid.radius).toBeGreaterThan(20);
    expect(set.view(-1).tiles.map((t) => t.x)).toContain(20);
  });

  test('a snapshot names its grid, and one smaller than its game needs is refused', () => {
    const game = unwrap(createGame(lineConfig(40, false)));
    playLine(game, false);
    const snap = JSON.parse(JSON.stringify(game.toSnapshot())) as { state: { game: { gridRadius: number } } };
    expect(snap.state.game.gridRadius).toBe(game.state.grid.radius);
    snap.state.game.gridRadius = 2;
    const back = GameClass.fromSnapshot(snap, BUILTIN);
    expect(back.ok ? 'read' : back.error.message).toMatch(/state\.game: gridRadius must be from \d+ to \d+/);
  });
});

describe('play() with a move that was never legal (B-4)', () => {
  test('refuses a placement that does not fit, or a move type the game does not have, and the game stays usable', () => {
    const all = ['halflings', 'tower', 'princess-and-dragon'] as const;
    const game = unwrap(createGame({ players: 2, seed: 3, expansions: all }));
    const buf = new Int32Array(game.maxMoves);
    for (let k = 0; game.phaseName !== 'place' || k < 40; k++)
      game.play(buf[(k * 7919) % game.legalMoves(buf)]!);
    const n = game.legalMoves(buf);
    const legal = new Set(buf.subarray(0, n));
    const before = JSON.stringify(game.toSnapshot());
    let refused = 0;
    for (let trial = 0; trial < 400; trial++) {
      // A placement on another (cell, rotation): on a tile, off the frontier, or not matching.
      const bad = encodeMove(M_PLACE, (Math.imul(trial, 2654435761) >>> 0) % (game.state.grid.size * 4));
      if (legal.has(bad)) continue;
      const copy = game.clone();
      let threw = false;
      try {
        copy.play(bad);
      } catch (e) {
        threw = true;
        expect(String(e)).toMatch(/not a legal move/);
      }
      if (!threw) {
        throw new Error(`move ${bad} was played`);
      }
      refused++;
    }
    expect(refused).toBeGreaterThan(350);
    expect(JSON.stringify(game.toSnapshot())).toBe(before);
    // A phase-2 move type no expansion plays.
    game.play(buf[0]!);
    expect(game.phaseName).toBe('action');
    expect(() => game.play((60 << 24) | 1)).toThrow(/not a phase-2 move/);
    while (!game.isOver) game.play(buf[0 % game.legalMoves(buf)]!);
  });
});
