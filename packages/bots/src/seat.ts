/**
 * What a bot is, and what it may see: a `Seat` is one player's window on a real game, so a bot
 * can see nothing its player could not.
 *
 * A bot never holds the real `Game`. Its seat lets it read the player's view, list and describe the
 * legal moves of the decision in front of it, and ask for *determinizations*: copies of the game in
 * which everything the player cannot see (the order of future draws, the other players' face-down
 * triangles, H-3) is resampled from a seed. A determinization is the only way a bot looks ahead.
 *
 * The engine's determinization is a function of what the player sees and of the seed only, so two
 * games that look the same to the player give a bot the same samples (and so the same choice).
 */
import type { Action, Game, GameView, UniformRandom } from '@carc/engine';
import { viewOf } from '@carc/engine';

/** One player's seat at a game: everything a bot may know and do. */
export interface Seat {
  /** The player this seat belongs to (0-based, in turn order). */
  readonly player: number;
  /** Length a move buffer needs for any decision of this game (public: it depends on the set-up only). */
  readonly maxMoves: number;
  /** What the player sees now (built on each call: not for inner loops). */
  view(): GameView;
  /**
   * Writes the legal moves of the decision in front of the player into `out` (encoded, see the
   * engine's rules/actions.ts) and returns how many; 0 when the player is not the one to act.
   */
  legalMoves(out: Int32Array): number;
  /**
   * A uniformly random one of the moves `legalMoves()` lists, drawn from `rng` (the engine's
   * `Game.randomMove`: placements by rejection sampling, without listing them). Throws when the
   * player is not the one to act.
   */
  randomMove(rng: UniformRandom): number;
  /** The data form of an encoded legal move (for logs and user interfaces). */
  toAction(move: number): Action;
  /**
   * A copy of the game with the hidden information resampled from `seed`; the bot owns it. `reuse`,
   * a copy an earlier call returned, is overwritten instead of allocating a new one (when it comes
   * from the same game; otherwise a new copy is made): searches make one copy per iteration.
   */
  determinize(seed: number, reuse?: Game): Game;
}

/** A player program: picks one of the encoded legal moves of the decision in front of its seat. */
export interface Bot {
  readonly name: string;
  /** Returns one of the moves `seat.legalMoves()` lists now. Called only when the seat's player is to act. */
  choose(seat: Seat): number;
}

/** The seat of `player` at `game`. The seat reads the game as it is when called, and never changes it. */
export function seatOf(game: Game, player: number): Seat {
  if (!Number.isInteger(player) || player < 0 || player >= game.players) {
    throw new RangeError(`seatOf: no player ${player} in a game of ${game.players}`);
  }
  return {
    player,
    maxMoves: game.maxMoves,
    view: () => viewOf(game, player),
    legalMoves: (out) => (game.toAct === player ? game.legalMoves(out) : 0),
    randomMove: (rng) => {
      if (game.toAct !== player) throw new Error(`randomMove: player ${player} has no decision to take`);
      return game.randomMove(rng);
    },
    toAction: (move) => game.toAction(move),
    determinize: (seed, reuse) => {
      const into = reuse !== undefined && game.sameLineage(reuse) ? reuse : undefined;
      return game.determinize(player, seed >>> 0, into);
    },
  };
}
