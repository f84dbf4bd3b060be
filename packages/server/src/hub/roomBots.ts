/**
 * Waking the bot whose turn it is: its decision is asked of the bot threads by priority, then
 * played in its room's queue if the game has not moved on meanwhile. A bot that fails still moves
 * (its first legal action), so a game never stalls.
 */
import { randomBytes } from 'node:crypto';
import type { BotName } from '@carc/bots';
import { isBotName } from '@carc/bots';
import type { BotPriority, BotRunner } from '../bots/pool.js';
import type { GameRoom } from './room.js';
import type { HubContext } from './types.js';

export class BotWaker {
  constructor(
    private readonly ctx: HubContext,
    private readonly bots: BotRunner,
    /** Thinking time per decision (ms). */
    private readonly budgetMs: number,
  ) {}

  /** Bot work by priority: a game a human plays in, then an all-bot game somebody watches, then one nobody watches. */
  static priority(room: GameRoom): BotPriority {
    // A seat a bot took over after a timeout counts as a bot's.
    return room.row.seats.some((s) => s.kind === 'human') ? 0 : room.listeners.size > 0 ? 1 : 2;
  }

  wake(room: GameRoom): void {
    const m = room.match;
    if (m === undefined || room.botThinking || this.ctx.closed || m.isOver) return;
    const player = m.toAct;
    const seat = room.row.seats[player];
    if (seat?.kind !== 'bot' || room.config === undefined) return;
    const level: BotName = seat.level !== undefined && isBotName(seat.level) ? seat.level : 'greedy';
    const version = m.version;
    const priority = BotWaker.priority(room);
    room.botThinking = true;
    const task = {
      game: room.id,
      config: room.config,
      log: room.log,
      player,
      level,
      budgetMs: this.budgetMs,
      seed: randomBytes(4).readUInt32LE(0),
    };
    this.bots
      .decide(task, priority)
      .catch((e: unknown) => {
        // Shutting down: the decisions still waiting for a thread are dropped, quietly.
        if (this.ctx.closed) throw e;
        this.ctx.log.error({ game: room.id, err: String(e) }, 'bot failed; playing its first legal action');
        const first = m.view(player).legalActions?.[0];
        if (first === undefined) throw e;
        return first;
      })
      .then((action) =>
        room.enqueue(async () => {
          room.botThinking = false;
          if (room.broken || m !== room.match || m.version !== version) return;
          const refused = await room.play(player, undefined, version, action);
          if (refused !== undefined)
            this.ctx.log.error({ game: room.id, answer: refused }, 'bot action refused');
        }),
      )
      .catch((e: unknown) => {
        room.botThinking = false;
        if (!this.ctx.closed) this.ctx.log.error({ game: room.id, err: String(e) }, 'bot could not move');
      });
  }
}
