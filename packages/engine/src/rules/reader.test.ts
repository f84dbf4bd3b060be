/**
 * What the holder of a `Game` may read cannot change it: the rule state (`game.state`, a
 * StateReader) and an expansion's state (`game.expansion(def)`, an ExpansionReader) have no member
 * that writes, which the compiler checks (each `@ts-expect-error` line must fail to compile:
 * `tsc -p tsconfig.test.json`). At run time, the reads are the engine's own arrays.
 */
import { describe, expect, test } from 'vitest';
import { HALFLINGS, PRINCESS_AND_DRAGON, TOWER, createGame } from '../expansions/index.js';
import { unwrap } from '../util/result.js';
import { Grid } from '../geometry/grid.js';

describe('readers', () => {
  test('game.state and game.expansion(def) do not compile writes', () => {
    const game = unwrap(
      createGame({ players: 2, seed: 3, expansions: ['princess-and-dragon', 'tower', 'halflings'] }),
    );
    const before = JSON.stringify(game.toSnapshot());
    // Compiled, never run: each line below would change the game.
    const writes = (): void => {
      // @ts-expect-error typed arrays are read-only
      game.state.meepleSeg[0] = 3;
      // @ts-expect-error no method that writes
      game.state.bag.subarray(0, game.state.bagCount).reverse();
      // @ts-expect-error no method that writes
      game.state.scores.fill(0);
      // @ts-expect-error the board's arrays too
      game.state.board.slotKind[0] = 1;
      // @ts-expect-error the feature graph's too
      game.state.graph.parent.set([0]);
      // @ts-expect-error fields are read-only
      game.state.bagCount = 0;
      // @ts-expect-error no method that changes the state
      game.state.regrid(Grid.of(40));
      // @ts-expect-error no scratch space
      game.state.nextEpoch();
      // @ts-expect-error no expansion instances (their moves change the game)
      void game.state.expansions;
      // @ts-expect-error no move of an expansion
      game.expansion(PRINCESS_AND_DRAGON)?.playMove(0);
      // @ts-expect-error no hook of an expansion
      game.expansion(TOWER)?.onTurnStart?.();
      // @ts-expect-error nor the rule state it works on
      void game.expansion(HALFLINGS)?.game;
      // @ts-expect-error an expansion's arrays are read-only
      game.expansion(TOWER)!.height[0] = 1;
    };
    expect(typeof writes).toBe('function');
    // Reads compile and give the engine's own values.
    expect(game.state.meepleSeg.length).toBe(2 * 7);
    expect(Array.from(game.state.bag.subarray(0, game.state.bagCount)).length).toBe(game.state.bagCount);
    expect(game.expansion(PRINCESS_AND_DRAGON)?.dragonUnit).toBe(-1);
    expect(JSON.stringify(game.toSnapshot())).toBe(before);
  });
});
