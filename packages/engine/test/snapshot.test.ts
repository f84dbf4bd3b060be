/**
 * Snapshots (docs/snapshot-format.md): random games in every combination of the built-in
 * expansions, snapshotted at a random point, sent through JSON, restored, and played on in
 * lockstep with the original: the same legal moves at every step, the same views and final scores.
 * Malformed snapshots are refused with their path, never half built.
 */
import { describe, expect, test } from 'vitest';
import type { Game, GameConfig } from '@carc/engine';
import { BUILTIN, Game as GameClass, createGame, unwrap } from '@carc/engine';
import { prng } from './playout.js';

const EXPANSIONS = ['halflings', 'tower', 'princess-and-dragon'];
const SUBSETS = Array.from({ length: 8 }, (_, m) => EXPANSIONS.filter((_, i) => (m >> i) & 1));

const roundTrip = (g: Game): Game =>
  unwrap(GameClass.fromSnapshot(JSON.parse(JSON.stringify(g.toSnapshot())), BUILTIN));

const legal = (g: Game, buf: Int32Array) => Array.from(buf.subarray(0, g.legalMoves(buf)));

/** Plays both games on with the same random choices; returns the positions compared. */
function lockstep(a: Game, b: Game, rand: () => number): number {
  const bufA = new Int32Array(a.maxMoves);
  const bufB = new Int32Array(b.maxMoves);
  let positions = 0;
  while (!a.isOver) {
    const la = legal(a, bufA);
    expect(legal(b, bufB)).toEqual(la);
    expect(b.toAct).toBe(a.toAct);
    positions++;
    const m = la[rand() % la.length];
    a.play(m);
    b.play(m);
  }
  expect(b.isOver).toBe(true);
  expect(b.scores).toEqual(a.scores);
  return positions;
}

describe('snapshots', () => {
  test('round trip in every expansion combination: same moves, views and scores to the end', () => {
    let positions = 0;
    let games = 0;
    for (const [c, expansions] of SUBSETS.entries()) {
      for (let i = 0; i < 40; i++) {
        const seed = c * 1000 + i;
        const rand = prng(seed);
        const config: GameConfig = {
          players: 2 + (i % 4),
          seed: i % 2 === 0 ? seed : `${seed.toString(16).padStart(8, '0')}0123456789abcdef01234567`,
          expansions,
          recordEvents: i % 3 === 0,
        };
        const a = unwrap(createGame(config));
        const buf = new Int32Array(a.maxMoves);
        const stop = rand() % 150;
        for (let k = 0; k < stop && !a.isOver; k++) {
          const n = a.legalMoves(buf);
          a.play(buf[rand() % n]);
        }
        const b = roundTrip(a);
        expect(JSON.stringify(b.toSnapshot())).toBe(JSON.stringify(a.toSnapshot()));
        for (let p = -1; p < a.players; p++) expect(b.view(p)).toEqual(a.view(p));
        expect(b.events).toEqual(a.events);
        expect(b.phaseName).toBe(a.phaseName);
        positions += lockstep(a, b, rand);
        for (let p = -1; p < a.players; p++) expect(b.view(p)).toEqual(a.view(p));
        expect(b.events).toEqual(a.events);
        games++;
      }
    }
    expect(games).toBe(320);
    expect(positions).toBeGreaterThan(1000);
    console.log(`snapshots: ${games} games, ${positions} positions compared`);
  });

  test('a restored game clones, determinizes and snapshots like the original', () => {
    const a = unwrap(createGame({ players: 3, seed: 77, expansions: EXPANSIONS }));
    const buf = new Int32Array(a.maxMoves);
    for (let k = 0; k < 60; k++) a.play(buf[(k * 13) % a.legalMoves(buf)]);
    const b = roundTrip(a);
    expect(b.determinize(1, 5).view(1)).toEqual(a.determinize(1, 5).view(1));
    const c = b.clone();
    expect(lockstep(a.clone(), c, prng(3))).toBeGreaterThan(0);
    const bytes = JSON.stringify(a.toSnapshot()).length;
    console.log(`snapshot of a 3-player all-three game after 60 moves: ${bytes} bytes of JSON`);
    expect(bytes).toBeLessThan(200_000);
  });

  test('malformed snapshots are refused with their path', () => {
    const g = unwrap(createGame({ players: 2, seed: 4, expansions: EXPANSIONS }));
    const buf = new Int32Array(g.maxMoves);
    for (let k = 0; k < 30; k++) g.play(buf[(k * 7) % g.legalMoves(buf)]);
    const good = JSON.stringify(g.toSnapshot());
    const DELETE = Symbol('delete');
    /** The message refusing the snapshot with the value at `path` changed (a function: of the old value). */
    const refuse = (path: readonly (string | number)[], value: unknown, registry = BUILTIN): string => {
      const s: unknown = JSON.parse(good);
      let cur: unknown = s;
      for (const k of path.slice(0, -1))
        cur = typeof cur === 'object' && cur !== null ? Reflect.get(cur, k) : undefined;
      if (typeof cur !== 'object' || cur === null) throw new Error(`no ${path.join('.')}`);
      const last = path[path.length - 1];
      if (value === DELETE) Reflect.deleteProperty(cur, last);
      else Reflect.set(cur, last, typeof value === 'function' ? value(Reflect.get(cur, last)) : value);
      const r = GameClass.fromSnapshot(s, registry);
      return r.ok ? 'accepted' : r.error.message;
    };
    const shorter = (a: unknown) => (Array.isArray(a) ? a.slice(1) : a);
    expect(refuse(['version'], 2)).toBe('accepted');
    expect(GameClass.fromSnapshot(42, BUILTIN)).toMatchObject({ ok: false, error: { path: '$' } });
    // Version 1 numbered cells on one fixed grid, before it grew with the board (gridRadius).
    expect(refuse(['version'], 1)).toBe('version: unsupported version 1 (this program reads 2)');
    expect(refuse(['format'], 'x')).toBe('format: must be "carcassonne-snapshot"');
    expect(refuse(['state', 'board'], DELETE)).toBe('state.board: missing');
    expect(refuse(['state', 'game', 'bagCount'], DELETE)).toBe('state.game.bagCount: missing');
    expect(refuse(['state', 'board', 'slotKind'], shorter)).toMatch(
      /^state\.board\.slotKind: must hold \d+ entries \(from the counts\), not \d+$/,
    );
    expect(refuse(['state', 'game', 'rng', 0], -1)).toBe(
      'state.game.rng[0]: must be an integer from 0 to 4294967295, not -1',
    );
    expect(refuse(['state', 'game', 'rng', 1], 'x')).toBe(
      'state.game.rng[1]: must be an integer from 0 to 4294967295, not "x"',
    );
    expect(refuse(['state', 'game', 'current'], 5)).toBe('state.game: current must be a player from 0 to 1');
    expect(refuse(['state', 'game', 'phase'], 9)).toBe('state.game: phase must be one of 0, 1, 2, 3, 4');
    expect(refuse(['state', 'game', 'bagCount'], 1e6)).toMatch(/^state\.game: bagCount must be from 0 to/);
    expect(refuse(['state', 'game', 'turn'], 1.5)).toBe('state.game.turn: must be an integer');
    expect(refuse(['state', 'graph', 'count'], 1e9)).toMatch(/^state\.graph\.\w+: its extent/);
    expect(refuse(['state', 'graph', 'parent', 0], 1)).toBe(
      'state.graph: parent[0] does not make a union-find by size',
    );
    expect(refuse(['state', 'tower', 'captor', 0], 7)).toBe('state.tower: a captor is not a player');
    expect(refuse(['state', 'halflings', 'handCount', 0], 99)).toMatch(
      /^state\.halflings: a hand holds 0 to \d+ triangles$/,
    );
    expect(refuse(['state', 'game', 'bag', 0], 9999)).toBe('state.game: bag[0] is not a tile kind');
    expect(refuse(['state', 'princess-and-dragon', 'fairySlot'], 999)).toBe(
      'state.princess-and-dragon: fairySlot is not a placed tile',
    );
    // Derived structures are rebuilt from the placed tiles and compared (restore fuzzing found these).
    const parsed = JSON.parse(good) as { state: { board: { facing: number[] } } };
    const faced = parsed.state.board.facing.findIndex((v) => v !== 0);
    const plus1 = (v: unknown) => (typeof v === 'number' ? v + 1 : v);
    expect(refuse(['state', 'board', 'facing', faced], plus1)).toMatch(
      new RegExp(
        `^state\\.board\\.facing\\[${faced}\\]: must be \\d+ \\(from the placed tiles\\), not \\d+$`,
      ),
    );
    expect(refuse(['state', 'graph', 'openEnds', 0], plus1)).toMatch(
      /^state\.graph\.openEnds\[0\]: must be \d+ \(from the placed tiles\), not \d+$/,
    );
    const cells = (JSON.parse(good) as { state: { board: { slotCell: number[] } } }).state.board.slotCell;
    expect(refuse(['state', 'board', 'slotCell', 3], cells[2])).toBe(
      `state.board.slotCell[3]: the tile of slot 3 does not fit on cell ${cells[2]} (B-4)`,
    );
    expect(refuse(['state', 'game', 'bagCount'], plus1)).toMatch(
      /^state\.game: \d+ tiles [\w/]+ are placed, in the pile, drawn or held: more than the \d+ of this game$/,
    );
    expect(refuse(['state', 'game', 'lastSlot'], 0)).toMatch(
      /^state\.game: lastSlot must be -1 or \d+, the tile placed last$/,
    );
    expect(refuse(['state', 'tower', 'pieces', 0], plus1)).toMatch(
      /^state\.tower: the pieces in supply and in the towers must make \d+, not \d+$/,
    );
    expect(refuse(['state', 'inns'], {})).toMatch(/^state\.inns: unknown state part/);
    expect(refuse(['state', 'game', 'colour'], 1)).toBe('state.game.colour: unknown field');
    expect(refuse(['config', 'expansions'], ['inns'])).toBe(
      'config.expansions[0]: unknown expansion "inns" (halflings, tower, princess-and-dragon)',
    );
    expect(refuse(['config', 'players'], 9)).toBe('config.players: must be an integer from 1 to 6');
    expect(refuse(['catalog'], '0000000000000000')).toMatch(
      /^catalog: the snapshot was made with tiles of hash "0000000000000000", but this program's give "[0-9a-f]{16}"$/,
    );
    expect(refuse(['recordEvents'], 'yes')).toBe('recordEvents: must be true or false');
    expect(refuse(['scripted'], true)).toBe(
      'scripted: must be true exactly when config.draws gives the pile',
    );
  });
});
