/**
 * Invariant playouts with The Princess & the Dragon (D-3..D-19): seeded random games over every
 * option value and 1..6 players, checked after every move. A failure names the seed, the options and
 * the move index, which replay it.
 */
import { describe, expect, test } from 'vitest';
import type { GameConfig, Options } from '@carc/engine';
import { createGame, MEEPLES_PER_PLAYER, PRINCESS_AND_DRAGON, unwrap } from '@carc/engine';
import { prng } from './playout.js';
import { compareWithEngine } from './reference.js';

/** 72 base + 30 expansion tiles, the start tile included. */
const TILES = 102;

const VARIANTS: Partial<Options>[] = [
  {},
  { princessAction: 'must', fairyPlacement: 'on-tile' }, // zman
  { princessAction: 'must', fairyPlacement: 'on-tile', dragonMove: 'after-scoring' }, // rgg
  { dragonSetAside: 'reshuffle', fairyBonus: '5', fairyBlocksDragon: 'protects-only' },
  { tileSetBase: 'basic:1', tinyCityScoring: 2 },
  { dragon: 'off' },
  { fairy: 'off', portal: 'off' },
  { princess: 'off', dragonMove: 'after-scoring' },
];

interface Tally {
  games: number;
  moves: number;
  huntSteps: number;
  eaten: number;
  fairyMoves: number;
  princess: number;
  setAside: number;
}

function play(
  seed: number,
  options: Partial<Options>,
  players: number,
  reference: boolean,
  tally: Tally,
): number[] {
  const config: GameConfig = {
    players,
    seed,
    expansions: ['princess-and-dragon'],
    options,
    recordEvents: true,
  };
  const g = unwrap(createGame(config));
  const pd = g.expansion(PRINCESS_AND_DRAGON)!;
  const rand = prng(seed ^ 0x5eed);
  const buf = new Int32Array(g.maxMoves);
  const moves: number[] = [];
  let eventsRead = 0;
  let index = -1;
  const fail = (msg: string): never => {
    throw new Error(
      `seed ${seed}, ${players} players, options ${JSON.stringify(options)}, move ${index}: ${msg}`,
    );
  };
  const check = () => {
    for (; eventsRead < g.events.length; eventsRead++) {
      const e = g.events[eventsRead];
      if (e.type === 'removed' && e.rule === 'D-7') tally.eaten++;
      if (e.type === 'removed' && e.rule === 'D-10') tally.princess++;
      if (e.type === 'fairy') tally.fairyMoves++;
      if (e.type === 'set-aside') tally.setAside++;
      if (e.type === 'dragon' && e.rule === 'D-7') tally.huntSteps++;
    }
    // Meeples are conserved: on the board + in supply = 7 per player.
    for (let p = 0; p < players; p++) {
      let onBoard = 0;
      for (let i = p * MEEPLES_PER_PLAYER; i < (p + 1) * MEEPLES_PER_PLAYER; i++)
        if (g.state.meepleSeg[i] >= 0) onBoard++;
      if (onBoard + g.state.supply[p] !== MEEPLES_PER_PLAYER) fail(`player ${p}: meeples not conserved`);
      if (g.scores[p] < 0) fail(`player ${p}: negative score (B-10)`);
    }
    // D-8: nothing shares a cell with the dragon (the house rule `protects-only` lets the dragon
    // rest on the fairy's tile, which may keep meeples there).
    if (pd.dragonUnit >= 0 && g.options.fairyBlocksDragon === 'blocks') {
      for (const seg of g.state.meepleSeg) {
        if (seg >= 0 && g.state.units.contains(pd.dragonUnit, g.state.graph.slot[seg]))
          fail('a meeple shares a tile with the dragon (D-8)');
      }
    }
    if (pd.dragonUnit >= 0 && g.state.board.cellTiles[g.state.units.cellOf(pd.dragonUnit)] === 0)
      fail('the dragon stands on an empty cell');
    if (g.options.dragon === 'off' && pd.dragonUnit >= 0) fail('the dragon is in play although switched off');
    // D-19: the fairy is next to one meeple on the board, on its tile, or alone on a tile.
    if (pd.fairyMeeple >= 0) {
      const seg = g.state.meepleSeg[pd.fairyMeeple];
      if (seg < 0) fail('the fairy is next to a meeple that is not on the board');
      if (g.state.graph.slot[seg] !== pd.fairySlot) fail('the fairy is not on the tile of her meeple');
    }
    if (pd.fairySlot >= g.state.board.slotCount) fail('the fairy stands on no tile');
    // Tiles: placed + discarded + pile + drawn + set aside = all.
    const accounted =
      g.state.board.slotCount +
      g.state.discardCount +
      g.state.bagCount +
      (g.state.drawn >= 0 ? 1 : 0) +
      pd.setAsideCount;
    if (accounted !== TILES) fail(`${accounted} tiles accounted for, ${TILES} in the game`);
    if (g.phaseName === 'dragon' && g.toAct !== (g.current + pd.huntStep) % players)
      fail('wrong player moves the dragon (D-7)');
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
    g.play(m);
    moves.push(m);
    tally.moves++;
    check();
  }
  if (g.legalMoves(buf) !== 0) fail('legal moves after the end');
  for (let p = 0; p < players; p++)
    if (g.state.supply[p] !== MEEPLES_PER_PLAYER) fail(`player ${p}: meeples not home`);
  tally.games++;
  return moves;
}

describe('D-3..D-19 invariant playouts with The Princess & the Dragon', () => {
  const tally: Tally = {
    games: 0,
    moves: 0,
    huntSteps: 0,
    eaten: 0,
    fairyMoves: 0,
    princess: 0,
    setAside: 0,
  };

  test.each(VARIANTS.map((v, i) => [i, v] as const))(
    'variant %i: %j — 500 games, 1..6 players',
    (i, options) => {
      for (let k = 0; k < 500; k++) {
        const seed = i * 1000 + k;
        play(seed, options, 1 + (k % 6), k < 40, tally);
      }
    },
  );

  test('the mechanics were exercised (tally)', () => {
    console.log(`princess-and-dragon: ${JSON.stringify(tally)}`);
    expect(tally.games).toBe(VARIANTS.length * 500);
    for (const k of ['huntSteps', 'eaten', 'fairyMoves', 'princess', 'setAside'] as const) {
      expect(tally[k], k).toBeGreaterThan(100);
    }
  });

  test('X-1 determinism and clones: same seed, same game; a clone plays on alone', () => {
    const t: Tally = { games: 0, moves: 0, huntSteps: 0, eaten: 0, fairyMoves: 0, princess: 0, setAside: 0 };
    for (let seed = 0; seed < 50; seed++) {
      expect(play(seed, VARIANTS[seed % VARIANTS.length], 3, false, t)).toEqual(
        play(seed, VARIANTS[seed % VARIANTS.length], 3, false, t),
      );
      const g = unwrap(createGame({ players: 3, seed, expansions: ['princess-and-dragon'] }));
      const buf = new Int32Array(g.maxMoves);
      const rand = prng(seed);
      for (let i = 0; i < 120 && !g.isOver; i++) g.play(buf[rand() % g.legalMoves(buf)]);
      const before = JSON.stringify({
        s: Array.from(g.scores),
        m: Array.from(g.state.meepleSeg),
        x: g.expansion(PRINCESS_AND_DRAGON)!.view(),
      });
      const c = g.clone();
      while (!c.isOver) c.play(buf[rand() % c.legalMoves(buf)]);
      const after = JSON.stringify({
        s: Array.from(g.scores),
        m: Array.from(g.state.meepleSeg),
        x: g.expansion(PRINCESS_AND_DRAGON)!.view(),
      });
      expect(after).toBe(before);
    }
  });
});
