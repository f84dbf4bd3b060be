/**
 * Invariant playouts with The Tower (T-0..T-8), alone and with The Princess & the Dragon (X-1,
 * X-3..X-7): seeded random games over every option value and 1..6 players, checked after every
 * move. A failure names the seed, the expansions, the options and the move index.
 */
import { describe, expect, test } from 'vitest';
import type { ExpansionId, Options } from '@carc/engine';
import { createGame, MEEPLES_PER_PLAYER, PRINCESS_AND_DRAGON, TOWER, unwrap } from '@carc/engine';
import { PIECES_BY_PLAYERS } from '../src/expansions/tower/state.js';
import { prng } from './playout.js';
import { compareWithEngine } from './reference.js';

const VARIANTS: Partial<Options>[] = [
  {},
  { towerRange: 'no-surprise', towerRansom: 'off' },
  { towerRange: 'diagonal', towerGaps: 'blocked' },
  { towerRange: 'orthogonal', towerGaps: 'blocked', towerPieces: 2 },
  { towerRange: 'diagonal', tinyCityScoring: 2, tileSetBase: 'basic:1' },
];

interface Tally {
  games: number;
  builds: number;
  prisoners: number;
  exchanges: number;
  ransoms: number;
  towerMeeples: number;
  eatenOnTowers: number;
}

function play(
  seed: number,
  expansions: ExpansionId[],
  options: Partial<Options>,
  players: number,
  reference: boolean,
  t: Tally,
) {
  const g = unwrap(createGame({ players, seed, expansions, options, recordEvents: true }));
  const tw = g.expansion(TOWER)!;
  const pd = g.expansion(PRINCESS_AND_DRAGON);
  const pieces0 = typeof options.towerPieces === 'number' ? options.towerPieces : PIECES_BY_PLAYERS[players];
  const tiles = 72 + 18 + (pd ? 30 : 0);
  const rand = prng(seed ^ 0x70e4);
  const buf = new Int32Array(g.maxMoves);
  let index = -1;
  let read = 0;
  let lastRansomTurn = -1;
  const fail = (msg: string): never => {
    throw new Error(
      `seed ${seed}, ${expansions.join('+')}, ${players} players, ${JSON.stringify(options)}, move ${index}: ${msg}`,
    );
  };
  const check = () => {
    for (; read < g.events.length; read++) {
      const e = g.events[read];
      if (e.type === 'tower') t.builds++;
      if (e.type === 'prisoner') t.prisoners++;
      if (e.type === 'exchange') t.exchanges++;
      if (e.type === 'ransom') {
        t.ransoms++;
        if (lastRansomTurn === g.turn) fail('two ransoms in one turn (T-6)');
        lastRansomTurn = g.turn;
      }
      if (e.type === 'removed' && e.rule === 'D-7' && e.feature >= 0) {
        const slot = g.state.board.sideSlot[g.state.grid.cell(e.x, e.y)! * 4];
        if (slot >= 0 && g.catalog.def(g.state.board.slotKind[slot]).features[e.feature]?.kind === 'tower')
          t.eatenOnTowers++;
      }
    }
    // Meeples are conserved across board, supply and prisons; prison records agree (T-3).
    for (let p = 0; p < players; p++) {
      let onBoard = 0;
      let held = 0;
      for (let i = p * MEEPLES_PER_PLAYER; i < (p + 1) * MEEPLES_PER_PLAYER; i++) {
        if (g.state.meepleSeg[i] >= 0) onBoard++;
        if (g.state.meepleSeg[i] === -2) held++;
        if ((g.state.meepleSeg[i] === -2) !== tw.captor[i] >= 0) fail(`meeple ${i}: prison record disagrees`);
        if (tw.captor[i] === p) fail(`player ${p} holds their own meeple`);
      }
      if (onBoard + held + g.state.supply[p] !== MEEPLES_PER_PLAYER)
        fail(`player ${p}: meeples not conserved`);
      if (g.scores[p] < 0) fail(`player ${p}: negative score (B-10)`);
    }
    // T-5: no two players hold each other's meeples.
    for (let a = 0; a < players; a++) {
      for (let b = a + 1; b < players; b++) {
        const holds = (x: number, y: number) =>
          tw.captor.some((c, i) => c === x && Math.floor(i / MEEPLES_PER_PLAYER) === y);
        if (holds(a, b) && holds(b, a)) fail(`players ${a} and ${b} hold each other's meeples (T-5)`);
      }
    }
    // Pieces are conserved: supplies + towers = the pieces dealt (T-0).
    let built = 0;
    for (let i = 0; i < tw.towerCount; i++) {
      const seg = tw.towers[i];
      built += tw.height[seg];
      // T-1, T-4: a meeple stands only on a tower with pieces, and at most one.
      if (g.state.graph.meepleTotal[seg] > 1) fail('two meeples on one tower');
      if (g.state.graph.meepleTotal[seg] > 0 && tw.height[seg] === 0)
        fail('a meeple on a bare foundation (T-1)');
    }
    const supplyPieces = tw.pieces.reduce((a, b) => a + b, 0);
    if (built + supplyPieces !== pieces0 * players)
      fail(`pieces: ${built} built + ${supplyPieces} in supply`);
    const setAside = pd ? pd.setAsideCount : 0;
    const accounted =
      g.state.board.slotCount +
      g.state.discardCount +
      g.state.bagCount +
      (g.state.drawn >= 0 ? 1 : 0) +
      setAside;
    if (accounted !== tiles) fail(`${accounted} tiles accounted for, ${tiles} in the game`);
    if (pd && pd.dragonUnit >= 0) {
      for (const seg of g.state.meepleSeg)
        if (seg >= 0 && g.state.units.contains(pd.dragonUnit, g.state.graph.slot[seg]))
          fail('a meeple on the dragon');
    }
    if (reference) {
      const diffs = compareWithEngine(g);
      if (diffs.length > 0) fail(`engine and reference disagree: ${diffs.slice(0, 5).join('; ')}`);
    }
  };
  check();
  for (index = 0; !g.isOver; index++) {
    const n = g.legalMoves(buf);
    if (n === 0) fail('no legal move, yet the game is not over');
    const m = buf[rand() % n];
    const a = g.toAction(m);
    if (a.type === 'tower-meeple') t.towerMeeples++;
    g.play(m);
    check();
  }
  t.games++;
}

describe('T-0..T-8 invariant playouts with The Tower', () => {
  const tally: Tally = {
    games: 0,
    builds: 0,
    prisoners: 0,
    exchanges: 0,
    ransoms: 0,
    towerMeeples: 0,
    eatenOnTowers: 0,
  };
  const sets: ExpansionId[][] = [['tower'], ['tower', 'princess-and-dragon']];

  test.each(
    sets.flatMap((expansions) =>
      VARIANTS.map((options, i) => [expansions.join('+'), i, expansions, options] as const),
    ),
  )('%s, variant %i — 400 games, 1..6 players', (_, i, expansions, options) => {
    for (let k = 0; k < 400; k++)
      play(i * 1000 + k + expansions.length * 7919, [...expansions], options, 1 + (k % 6), k < 25, tally);
  });

  test('the mechanics were exercised (tally)', () => {
    console.log(`tower: ${JSON.stringify(tally)}`);
    expect(tally.games).toBe(sets.length * VARIANTS.length * 400);
    for (const k of [
      'builds',
      'prisoners',
      'exchanges',
      'ransoms',
      'towerMeeples',
      'eatenOnTowers',
    ] as const) {
      expect(tally[k], k).toBeGreaterThan(20);
    }
  });
});
