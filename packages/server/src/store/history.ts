/**
 * The SQL of history, statistics, head-to-head and leaderboards, written once for both stores
 * (`?` placeholders; the PostgreSQL store numbers them). It reads `game_players` (one row per
 * player of a finished game) and `ratings`, through their indexes (`game_players_account`,
 * `ratings_board`), and nothing of it is JSON, so the same text runs on SQLite and PostgreSQL.
 */
import type { GamePlayerRow, RatingRow } from './store.js';
import { toGamePlayer } from './store.js';

/**
 * A player's result in a game, from the places (docs/ratings.md): a win is place 1 alone, a draw
 * place 1 shared with someone else, anything else a loss. `me` is the player's row.
 */
export const RESULT_SQL = `CASE
  WHEN me.place <> 1 THEN 'loss'
  WHEN EXISTS (SELECT 1 FROM game_players tie WHERE tie.game = me.game AND tie.place = 1 AND tie.seat <> me.seat)
    THEN 'draw'
  ELSE 'win' END`;

/**
 * The rows of account `?`, one per game: an account holding two seats of one game (a browser that
 * claimed both) counts the game once, as its first seat.
 */
const MINE = `me.account = ? AND NOT EXISTS (
  SELECT 1 FROM game_players twin WHERE twin.game = me.game AND twin.account = me.account AND twin.seat < me.seat)`;

export type GameResult = 'win' | 'draw' | 'loss';

/** Which of a player's finished games `playerGames` lists. */
export interface PlayerGamesQuery {
  /** One expansion set: its sorted comma key, '' for the base game. */
  expansions?: string;
  result?: GameResult;
  /** Only games this account played in too. */
  opponent?: string;
  limit: number;
  offset: number;
}

/** A player of a game in someone's history, with the name of its account's profile if it has one. */
export interface HistoryPlayer extends GamePlayerRow {
  /** The account's name now (a claimed seat keeps the name it was played under). */
  profile?: string;
}

/** One game of a player's history: every player's row, and which seat was the player's. */
export interface PlayerGame {
  game: string;
  /** The player's seat. */
  seat: number;
  result: GameResult;
  players: HistoryPlayer[];
}

/** Results and scores over a set of games. */
export interface Tally {
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** The player's scores added up (an average is this over `games`). */
  scoreSum: number;
}

/** A player's results overall, per expansion set ('' for the base game). */
export interface PlayerStats extends Tally {
  byExpansions: (Tally & { expansions: string })[];
}

/** Head-to-head: the player's results in the games both played, and the opponent's scores there. */
export interface Versus extends Tally {
  opponentScoreSum: number;
}

/** Who a leaderboard shows: rated recently and no longer provisional. */
export interface LeaderboardQuery {
  /** A rated game in the pool since then (ms since the epoch). */
  activeSince: number;
  maxDeviation: number;
  limit: number;
  offset: number;
}

export interface LeaderboardRow extends RatingRow {
  name: string;
}

export type Sql = { sql: string; values: (string | number)[] };

/** The WHERE of a player's games (`me` is the player's row). */
function playerGamesWhere(account: string, q: Omit<PlayerGamesQuery, 'limit' | 'offset'>): Sql {
  const where = [MINE];
  const values: (string | number)[] = [account];
  if (q.expansions !== undefined) {
    where.push('me.expansions = ?');
    values.push(q.expansions);
  }
  if (q.result !== undefined) {
    where.push(`(${RESULT_SQL}) = ?`);
    values.push(q.result);
  }
  if (q.opponent !== undefined) {
    where.push(
      'EXISTS (SELECT 1 FROM game_players them WHERE them.game = me.game AND them.account = ? AND them.seat <> me.seat)',
    );
    values.push(q.opponent);
  }
  return { sql: where.join(' AND '), values };
}

export const historySql = {
  countPlayerGames(account: string, q: PlayerGamesQuery): Sql {
    const w = playerGamesWhere(account, q);
    return { sql: `SELECT COUNT(*) AS n FROM game_players me WHERE ${w.sql}`, values: w.values };
  },

  /** The page: newest first (then by game id, so that pages do not overlap on equal times). */
  pagePlayerGames(account: string, q: PlayerGamesQuery): Sql {
    const w = playerGamesWhere(account, q);
    return {
      sql: `SELECT me.game, me.seat, ${RESULT_SQL} AS result FROM game_players me WHERE ${w.sql}
            ORDER BY me.finished_at DESC, me.game DESC LIMIT ? OFFSET ?`,
      values: [...w.values, q.limit, q.offset],
    };
  },

  playersOf(games: readonly string[]): Sql {
    return {
      sql: `SELECT gp.*, a.name AS profile FROM game_players gp LEFT JOIN accounts a ON a.id = gp.account
            WHERE gp.game IN (${games.map(() => '?').join(', ')}) ORDER BY gp.game, gp.seat`,
      values: [...games],
    };
  },

  /** Per expansion set; the totals are their sums. */
  stats(account: string): Sql {
    return {
      sql: `SELECT expansions, COUNT(*) AS games,
              SUM(CASE WHEN result = 'win' THEN 1 ELSE 0 END) AS wins,
              SUM(CASE WHEN result = 'draw' THEN 1 ELSE 0 END) AS draws,
              SUM(score) AS score_sum
            FROM (SELECT me.expansions, me.score, ${RESULT_SQL} AS result FROM game_players me WHERE ${MINE}) mine
            GROUP BY expansions ORDER BY expansions`,
      values: [account],
    };
  },

  versus(account: string, opponent: string): Sql {
    return {
      sql: `SELECT COUNT(*) AS games,
              SUM(CASE WHEN result = 'win' THEN 1 ELSE 0 END) AS wins,
              SUM(CASE WHEN result = 'draw' THEN 1 ELSE 0 END) AS draws,
              SUM(score) AS score_sum, SUM(their_score) AS their_score_sum
            FROM (SELECT me.score, ${RESULT_SQL} AS result,
                    (SELECT MAX(them.score) FROM game_players them
                      WHERE them.game = me.game AND them.account = ? AND them.seat <> me.seat) AS their_score
                  FROM game_players me WHERE ${MINE} AND EXISTS (
                    SELECT 1 FROM game_players them WHERE them.game = me.game AND them.account = ? AND them.seat <> me.seat)
                 ) shared`,
      values: [opponent, account, opponent],
    };
  },

  countLeaderboard(pool: string, q: LeaderboardQuery): Sql {
    return {
      sql: 'SELECT COUNT(*) AS n FROM ratings WHERE pool = ? AND last_game_at >= ? AND deviation <= ?',
      values: [pool, q.activeSince, q.maxDeviation],
    };
  },

  /** Best first; equal ratings by name (as compared: case-folded). */
  pageLeaderboard(pool: string, q: LeaderboardQuery): Sql {
    return {
      sql: `SELECT r.*, a.name FROM ratings r JOIN accounts a ON a.id = r.account
            WHERE r.pool = ? AND r.last_game_at >= ? AND r.deviation <= ?
            ORDER BY r.rating DESC, a.name_key ASC LIMIT ? OFFSET ?`,
      values: [pool, q.activeSince, q.maxDeviation, q.limit, q.offset],
    };
  },

  ratingsOf(account: string): Sql {
    return { sql: 'SELECT * FROM ratings WHERE account = ? ORDER BY pool', values: [account] };
  },
};

// ---- rows as the databases return them (PostgreSQL's COUNT and SUM come as text; players' and
// ratings' rows: toGamePlayer and toRating in store.ts)

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

export function toTally(row: unknown): Tally {
  const r = (row ?? {}) as Record<string, unknown>;
  const games = num(r.games);
  const wins = num(r.wins);
  const draws = num(r.draws);
  return { games, wins, draws, losses: games - wins - draws, scoreSum: num(r.score_sum) };
}

export function toHistoryPlayer(row: unknown): HistoryPlayer {
  const profile = (row as { profile?: unknown }).profile;
  return { ...toGamePlayer(row), ...(typeof profile === 'string' ? { profile } : {}) };
}

/** A player's games from the page's (game, seat, result) rows and every player of those games. */
export function groupGames(
  page: readonly { game: unknown; seat: unknown; result: unknown }[],
  players: readonly HistoryPlayer[],
): PlayerGame[] {
  const byGame = new Map<string, HistoryPlayer[]>();
  for (const p of players) {
    const list = byGame.get(p.game);
    if (list === undefined) byGame.set(p.game, [p]);
    else list.push(p);
  }
  return page.map((r) => ({
    game: String(r.game),
    seat: num(r.seat),
    result: r.result === 'win' || r.result === 'draw' ? r.result : 'loss',
    players: byGame.get(String(r.game)) ?? [],
  }));
}

/** The stats rows (one per expansion set) and their totals. */
export function toStats(rows: readonly unknown[]): PlayerStats {
  const byExpansions = rows.map((row) => ({
    expansions: String((row as Record<string, unknown>).expansions),
    ...toTally(row),
  }));
  const total = byExpansions.reduce(
    (t, e) => ({
      games: t.games + e.games,
      wins: t.wins + e.wins,
      draws: t.draws + e.draws,
      losses: t.losses + e.losses,
      scoreSum: t.scoreSum + e.scoreSum,
    }),
    { games: 0, wins: 0, draws: 0, losses: 0, scoreSum: 0 },
  );
  return { ...total, byExpansions };
}

// ---- account deletion: the seats of its games

/** A deleted player's name, wherever a finished game shows it. */
export const DELETED_NAME = 'deleted';

/**
 * The seats of a game once account `id` is deleted: its seats (those in `seatsOfAccount`, from its
 * game_players rows, and any whose `account` is this id) named "deleted" and owned by nobody.
 * Undefined when nothing changes; `renamed`: the seats changed (their game_players rows too).
 */
export function seatsWithout<S extends { name: string }>(
  seatsJson: unknown,
  id: string,
  seatsOfAccount: ReadonlySet<number>,
): { seats: S[]; renamed: number[] } | undefined {
  if (!Array.isArray(seatsJson)) return undefined;
  const renamed: number[] = [];
  const seats = (seatsJson as (S & { account?: unknown })[]).map((s, i) => {
    if (s.account !== id && !seatsOfAccount.has(i)) return s;
    renamed.push(i);
    const renamedSeat: Record<string, unknown> = { ...s, name: DELETED_NAME };
    delete renamedSeat.account;
    return renamedSeat as unknown as S;
  });
  return renamed.length === 0 ? undefined : { seats, renamed };
}
