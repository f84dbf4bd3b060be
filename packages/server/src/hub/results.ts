/**
 * A game's result as history and ratings keep it: at the end of every game a human played
 * (finished, resigned, timed out; an aborted game counts for nobody), one stored row per seat
 * (place, score, whether it forfeited) and, for a rated game, its accounts' new ratings, written by
 * the game's owner in one transaction (store `recordFinish`, idempotent). Then every listener is
 * told how the ratings moved; a welcome afterwards carries it. A rated game also shows each seat's
 * rating (PlayerInfo.rating): an account's current one in the pool, a bot's fixed one.
 *
 * Storage failing here never breaks the game's end (already committed): it is logged, and the
 * write is tried again when the game next loads.
 */
import type { PlayerInfo, RatedResult, RatingChange } from '@carc/protocol';
import { isBotName } from '@carc/bots';
import { botRating } from '../ratings/bots.js';
import type { Rating } from '../ratings/glicko2.js';
import { NEWCOMER, PROVISIONAL_DEVIATION, provisional, rateGame } from '../ratings/glicko2.js';
import type { PoolId } from '../ratings/pools.js';
import { poolOf } from '../ratings/pools.js';
import type { FinishRow, GamePlayerRow, GameRow, RatedFinish, SeatRow } from '../store/store.js';
import type { GameRoom, RoomResults } from './room.js';
import type { HubContext } from './types.js';

type SeatRating = NonNullable<PlayerInfo['rating']>;

export class Results implements RoomResults {
  constructor(private readonly ctx: HubContext) {}

  /** The game's end was just committed: its result is stored after the room's current operation. */
  gameOver(room: GameRoom): void {
    if (!counts(room.row)) return;
    void room.enqueue(() => this.record(room, this.ctx.now()));
  }

  /**
   * A room entering memory: a rated game's seats' ratings read; an over game's stored result read,
   * or written now if its end's write failed (or the game ended before results were kept).
   */
  async loaded(room: GameRoom): Promise<void> {
    try {
      await this.readRatings(room);
      if (!counts(room.row)) return;
      const rows = await this.ctx.store.gamePlayers(room.id);
      if (rows.length > 0) this.adopt(room, rows);
      else await this.record(room, room.row.updatedAt);
    } catch (e) {
      this.ctx.log.error({ game: room.id, err: String(e) }, 'the game’s result could not be read');
    }
  }

  /** Seat `seat` was just taken: its rating, in a rated game. */
  async seated(room: GameRoom, seat: number): Promise<void> {
    const s = room.row.seats[seat];
    if (room.row.settings.rated !== true || s === undefined) return;
    try {
      room.ratings[seat] = await this.seatRating(s, poolOf(room.row.settings));
    } catch (e) {
      this.ctx.log.warn({ game: room.id, err: String(e) }, 'a seat’s rating could not be read');
    }
  }

  /** Stores the result (and moves the ratings), then tells every listener how they moved. */
  private async record(room: GameRoom, finishedAt: number): Promise<void> {
    const row = room.row;
    const players = finishRows(row, finishedAt);
    const pool = poolOf(row.settings);
    let rows: GamePlayerRow[];
    try {
      rows = await this.ctx.store.recordFinish(
        room.id,
        players,
        row.settings.rated === true ? ratedFinish(row, pool, players) : undefined,
      );
    } catch (e) {
      this.ctx.log.error(
        { game: room.id, err: String(e) },
        'the game’s result could not be stored; stored when the game loads again',
      );
      return;
    }
    const rated = this.adopt(room, rows);
    if (rated === undefined) return;
    for (const l of room.listeners.values()) l.send({ type: 'rated', ...rated });
  }

  /** The stored result in the room: what a welcome says of the ratings, and the seats' new ones. */
  private adopt(room: GameRoom, rows: GamePlayerRow[]): RatedResult | undefined {
    const rated = ratedResult(rows);
    if (rated === undefined) return undefined;
    room.rated = rated;
    for (const c of rated.changes)
      room.ratings[c.seat] = { value: Math.round(c.after), provisional: c.provisional };
    return rated;
  }

  private async readRatings(room: GameRoom): Promise<void> {
    const settings = room.row.settings;
    if (settings.rated !== true) return;
    const pool = poolOf(settings);
    room.ratings = await Promise.all(room.row.seats.map((s) => this.seatRating(s, pool)));
  }

  private async seatRating(s: SeatRow, pool: PoolId): Promise<SeatRating | undefined> {
    if (s.account !== undefined) return shown((await this.ctx.store.ratingOf(s.account, pool)) ?? NEWCOMER);
    // A bot's rating is measured, not provisional, whatever its interval's width.
    const bot = fixedRating(s, pool);
    return bot === undefined ? undefined : { value: Math.round(bot.rating), provisional: false };
  }
}

const shown = (r: Rating): SeatRating => ({ value: Math.round(r.rating), provisional: provisional(r) });

/** Whether a game's end is kept: it ended (not aborted), and a human played in it. */
function counts(row: GameRow): boolean {
  const ended = row.status === 'finished' || row.status === 'resigned' || row.status === 'timeout';
  return ended && !row.botsOnly && row.seats.some((s) => s.kind === 'human' || s.takenOver === true);
}

/** A bot's fixed rating; none for a human seat a bot took over (its player's result). */
function fixedRating(s: SeatRow, pool: PoolId): Rating | undefined {
  if (s.kind !== 'bot' || s.takenOver === true || s.level === undefined || !isBotName(s.level))
    return undefined;
  return botRating(s.level, pool);
}

/**
 * One row per seat of an ended game. Places from the scores (equal scores share a place); a seat
 * that resigned or ran out of time places after everyone who did not. A human seat a bot took over
 * stays its player's.
 */
export function finishRows(row: GameRow, finishedAt: number): FinishRow[] {
  const scores = row.scores ?? [];
  const forfeiter = row.status === 'resigned' || row.status === 'timeout' ? row.outcome?.player : undefined;
  const standing = row.seats.map((_, i) => ({ score: scores[i] ?? 0, out: i === forfeiter }));
  const expansions = [...row.settings.expansions].sort().join(',');
  const pool = poolOf(row.settings);
  return row.seats.map((s, i): FinishRow => {
    const me = standing[i]!;
    const ahead = standing.filter((o) => (me.out && !o.out) || (o.out === me.out && o.score > me.score));
    const human = s.kind === 'human' || s.takenOver === true;
    return {
      game: row.id,
      seat: i,
      ...(s.account === undefined ? {} : { account: s.account }),
      name: s.name,
      kind: human ? 'human' : 'bot',
      ...(human || s.level === undefined ? {} : { level: s.level }),
      score: me.score,
      place: 1 + ahead.length,
      forfeited: me.out,
      expansions,
      players: row.seats.length,
      pool,
      rated: row.settings.rated === true,
      finishedAt,
    };
  });
}

/**
 * How a rated game moves its accounts' ratings (Glicko-2 over every seat's pairwise results):
 * accounts at their rating in the pool (a newcomer's when none), bots at their fixed ratings. Only
 * accounts' ratings are written.
 */
export function ratedFinish(row: GameRow, pool: PoolId, players: FinishRow[]): RatedFinish {
  return {
    pool,
    rate(current) {
      const before = players.map((p, i): Rating => {
        if (p.account !== undefined) return current.get(p.account) ?? NEWCOMER;
        return fixedRating(row.seats[i]!, pool) ?? NEWCOMER;
      });
      const after = rateGame(
        players.map((p, i) => ({ rating: before[i]!, score: p.score, forfeited: p.forfeited })),
      );
      const moved = new Map<string, { before: Rating; after: Rating }>();
      players.forEach((p, i) => {
        if (p.account !== undefined) moved.set(p.account, { before: before[i]!, after: after[i]! });
      });
      return moved;
    },
  };
}

/** A rated game's changes, from its stored rows; undefined for a casual game. */
export function ratedResult(rows: readonly GamePlayerRow[]): RatedResult | undefined {
  const first = rows[0];
  if (first === undefined || !first.rated) return undefined;
  const changes = rows.flatMap((r): RatingChange[] =>
    r.ratingBefore === undefined || r.ratingAfter === undefined || r.deviationAfter === undefined
      ? []
      : [
          {
            seat: r.seat,
            before: r.ratingBefore,
            after: r.ratingAfter,
            deviation: r.deviationAfter,
            provisional: r.deviationAfter > PROVISIONAL_DEVIATION,
          },
        ],
  );
  return { pool: first.pool, changes };
}
