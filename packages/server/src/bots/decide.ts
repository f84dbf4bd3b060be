/**
 * One bot decision, as a worker thread runs it: the game is rebuilt from its configuration and
 * log (kept between decisions, so only new actions are replayed), and the bot sees it only
 * through its seat (`seatOf`: its view and determinizations, never the pile or others' hands).
 */
import type { Action, Game, GameConfig } from '@carc/engine';
import { createGame } from '@carc/engine';
import type { BotName } from '@carc/bots';
import { DEFAULT_MCTS_BUDGET, createBot, seatOf } from '@carc/bots';

export interface BotTask {
  /** The game's id: decisions of one game reuse the copy already built. */
  game: string;
  config: GameConfig;
  /** Every accepted action so far, in order. */
  log: { player: number; action: Action }[];
  player: number;
  level: BotName;
  /** Time the bot may think (MCTS; the others answer at once). */
  budgetMs: number;
  /** The bot's own randomness for this decision. */
  seed: number;
}

/** Games kept per thread; older ones are rebuilt from their log when they come back. */
const KEEP = 64;

interface Kept {
  game: Game;
  applied: number;
}

export class Decider {
  private readonly kept = new Map<string, Kept>();

  /**
   * The bot's action. `hurry`, when given, is read by the search between iterations: once it holds
   * a value other than 0 the search stops and plays its best move so far (the scheduler sets it
   * when a more urgent decision waits for this thread).
   */
  decide(task: BotTask, hurry?: Int32Array): Action {
    const game = this.position(task);
    if (game.toAct !== task.player) {
      throw new Error(`bot: player ${task.player} is not to act at version ${task.log.length}`);
    }
    const now =
      hurry === undefined
        ? undefined
        : () => (Atomics.load(hurry, 0) === 0 ? performance.now() : Number.POSITIVE_INFINITY);
    const bot = createBot(task.level, task.seed, {
      mcts: {
        ms: task.budgetMs,
        iterations: DEFAULT_MCTS_BUDGET.iterations,
        ...(now === undefined ? {} : { now }),
      },
    });
    const move = bot.choose(seatOf(game, task.player));
    return game.toAction(move);
  }

  private position(task: BotTask): Game {
    let k = this.kept.get(task.game);
    if (k !== undefined && k.applied > task.log.length) k = undefined;
    if (k === undefined) {
      const g = createGame({ ...task.config, recordEvents: false });
      if (!g.ok) throw new Error(`bot: the game's configuration was refused: ${g.error.message}`);
      k = { game: g.value, applied: 0 };
    }
    this.kept.delete(task.game);
    this.kept.set(task.game, k);
    if (this.kept.size > KEEP) this.kept.delete(this.kept.keys().next().value as string);
    for (; k.applied < task.log.length; k.applied++) {
      const { player, action } = task.log[k.applied]!;
      const r = k.game.apply(action, player);
      if (!r.ok) {
        this.kept.delete(task.game);
        throw new Error(`bot: action ${k.applied + 1} was refused: ${r.error.message}`);
      }
    }
    return k.game;
  }
}
