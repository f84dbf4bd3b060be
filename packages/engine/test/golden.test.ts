/**
 * Identical games across changes that must not change play (speed and memory work, refactors): for
 * each of the 8 expansion subsets, seeded random games hashed over every action (data form), the
 * final scores and every event, pinned. Each game is played once fresh and once in the state of an
 * earlier game (`createGame`'s `into`), and carries on in a `clone()` every 37 decisions.
 *
 * The pinned hashes are those of the engine before the speed-and-memory work (commit 11adc7b, built
 * and hashed the same way; 200 games per subset also hash alike). A change meant to alter play (a rule, an option's
 * default) changes them on purpose: check the change by its own tests, then pin the new hashes this
 * test prints.
 */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { ExpansionId, Game } from '@carc/engine';
import { BUILTIN, createGame, unwrap } from '@carc/engine';
import { xorshift } from './playout.js';

const GAMES = 20;
const IDS: readonly ExpansionId[] = ['halflings', 'tower', 'princess-and-dragon'];

const PINNED: Record<string, string> = {
  base: '9670d5ea910ba4d4',
  halflings: '80a336b8dc6e8910',
  tower: '532902470c046800',
  'halflings+tower': '5ca33cd116346b32',
  'princess-and-dragon': '9d71d5471cb728ea',
  'halflings+princess-and-dragon': 'dcd5bcb966756d1c',
  'tower+princess-and-dragon': '918ce842c698c8d3',
  'halflings+tower+princess-and-dragon': '881d83a138248014',
};

function hashSubset(expansions: ExpansionId[], reuse: boolean): string {
  const h = createHash('sha256');
  const previous = new Map<number, Game>();
  let decisions = 0;
  for (let seed = 0; seed < GAMES; seed++) {
    const players = 2 + (seed % 4);
    const config = { players, seed: 1000 + seed, expansions, recordEvents: true };
    let game = unwrap(createGame(config, BUILTIN, reuse ? previous.get(players) : undefined));
    const buf = new Int32Array(game.maxMoves);
    const rng = xorshift(seed);
    while (!game.isOver) {
      const n = game.legalMoves(buf);
      const m = buf[rng() % n]!;
      h.update(JSON.stringify(game.toAction(m)));
      h.update('|');
      game.play(m);
      decisions++;
      if (decisions % 37 === 0) game = game.clone();
    }
    previous.set(players, game);
    h.update(JSON.stringify(game.scores));
    h.update(JSON.stringify(game.events));
  }
  return h.digest('hex').slice(0, 16);
}

describe('golden games', () => {
  test(`${GAMES} seeded random games per expansion subset hash as pinned, fresh and in reused states`, () => {
    const got: Record<string, string> = {};
    for (let mask = 0; mask < 8; mask++) {
      const expansions = IDS.filter((_, i) => mask & (1 << i));
      const key = expansions.join('+') || 'base';
      got[key] = hashSubset(expansions, false);
      expect(hashSubset(expansions, true), `${key}: a reused state plays otherwise`).toBe(got[key]);
    }
    if (JSON.stringify(got) !== JSON.stringify(PINNED)) console.log(JSON.stringify(got, null, 2));
    expect(got).toEqual(PINNED);
  });
});
