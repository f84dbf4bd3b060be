/**
 * A bot decides from what its player sees: two games with the same view for the player and
 * different hidden parts (future draws, the other players' face-down triangles, H-3; and the order
 * in which the engine happens to store the remaining tiles) get the same move from a bot with the
 * same seed. A seat that leaked the hidden part would fail this: an MCTS without priors and with
 * few iterations, whose choice follows its samples, tells such games apart (checked at the end).
 */
import { describe, expect, test } from 'vitest';
import type { Bot, Seat } from '@carc/bots';
import { BOT_NAMES, MctsBot, createBot, seatOf } from '@carc/bots';
import type { ExpansionId } from '@carc/engine';
import { BUILTIN, Game, unwrap, viewOf } from '@carc/engine';
import { newGame, nextDraws, playUntil } from './helpers.js';

const ALL: ExpansionId[] = ['halflings', 'tower', 'princess-and-dragon'];

/** The bots, plus an MCTS without priors and with few iterations: its choice follows every sample. */
const BOTS = [...BOT_NAMES, 'mcts-sensitive'] as const;
const makeBot = (name: (typeof BOTS)[number], seed: number): Bot =>
  name === 'mcts-sensitive'
    ? new MctsBot(seed, { iterations: 40, priorVisits: 0 })
    : createBot(name, seed, { mcts: { iterations: 200 } });

/** Positions: [expansions, players, seed, the phase to stop at]. */
const POSITIONS: [ExpansionId[], number, number, string][] = [
  [[], 2, 11, 'place'],
  [[], 3, 12, 'action'],
  [ALL, 2, 13, 'place'],
  [ALL, 3, 14, 'place'],
  [ALL, 2, 15, 'turn'],
  [ALL, 3, 16, 'action'],
  [['halflings'], 2, 17, 'turn'],
  [['princess-and-dragon'], 3, 18, 'dragon'],
  [['tower'], 2, 19, 'capture'],
];

/** Two games that look the same to `player` and differ in what they hide. */
function twins(g: Game, player: number): [Game, Game] {
  const a = g.determinize(player, 101);
  // Also store b's remaining tiles in another order: nobody sees that order either.
  const b = withPileReversed(g.determinize(player, 202));
  return [a, b];
}

/** A copy of `g` (through its snapshot) whose remaining tiles are stored in reverse order. */
function withPileReversed(g: Game): Game {
  const snapshot = g.toSnapshot();
  const own = snapshot.state.game!;
  const bag = own.bag as number[];
  const left = own.bagCount as number;
  bag.splice(0, left, ...bag.slice(0, left).reverse());
  return unwrap(Game.fromSnapshot(snapshot, BUILTIN));
}

describe('a bot sees only its own view', () => {
  const cases = POSITIONS.flatMap(([expansions, players, seed, phase]) =>
    BOTS.map((bot) => [bot, expansions, players, seed, phase] as const),
  );
  test.each(cases)('%s, %j, %i players, seed %i, a %s decision', (bot, expansions, players, seed, phase) => {
    const g = newGame({ players, seed, expansions, options: { halflingsHand: 5 } });
    expect(playUntil(g, phase, seed * 31 + 7)).toBe(true);
    const p = g.toAct;
    const [a, b] = twins(g, p);
    // Same view, different hidden part.
    expect(viewOf(a, p)).toEqual(viewOf(g, p));
    expect(viewOf(b, p)).toEqual(viewOf(g, p));
    expect(nextDraws(a)).not.toBe(nextDraws(b));
    const moveA = makeBot(bot, 42).choose(seatOf(a, p));
    const moveB = makeBot(bot, 42).choose(seatOf(b, p));
    expect(moveA).toBe(moveB);
  });

  test('control: a seat leaking the hidden part (a plain copy instead of a determinization) is caught', () => {
    const leaky = (g: Game, p: number): Seat => ({ ...seatOf(g, p), determinize: () => g.clone() });
    let differ = 0;
    for (const [expansions, players, seed, phase] of POSITIONS) {
      const g = newGame({ players, seed, expansions, options: { halflingsHand: 5 } });
      playUntil(g, phase, seed * 31 + 7);
      const p = g.toAct;
      const [a, b] = twins(g, p);
      const moveA = makeBot('mcts-sensitive', 42).choose(leaky(a, p));
      const moveB = makeBot('mcts-sensitive', 42).choose(leaky(b, p));
      if (moveA !== moveB) differ++;
    }
    expect(differ).toBeGreaterThan(POSITIONS.length / 2);
  });
});
