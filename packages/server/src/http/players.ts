/**
 * Players and leaderboards over HTTP (docs/protocol.md, "Players and leaderboards"): a player's
 * profile (ratings and statistics), their finished games with filters, head-to-head against
 * another player, and each pool's leaderboard. Public reads: no sign-in, nothing personal beyond
 * what a finished game shows (names, scores, ratings); never an account's id.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { EXPANSION_IDS } from '@carc/engine';
import { nameKey } from '../accounts/accounts.js';
import { POOLS } from '../ratings/pools.js';
import { PROVISIONAL_DEVIATION } from '../ratings/glicko2.js';
import type { PlayerGame, Tally } from '../store/history.js';
import { DELETED_NAME } from '../store/history.js';
import type { AccountRow, Store } from '../store/store.js';

/** Active on a leaderboard: a rated game in the pool this recently… */
export const ACTIVE_MS = 90 * 24 * 3600 * 1000;
/** …and a rating no longer provisional. */
export const ACTIVE_MAX_DEVIATION = PROVISIONAL_DEVIATION;
/** Games in a head-to-head's `recent`. */
const RECENT = 10;

const page = (maxLimit: number, defaultLimit: number) => ({
  limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** An expansion set as the filter names it: `base`, or expansion ids joined by commas (any order). */
const expansionSet = z
  .string()
  .max(500)
  .transform((raw, ctx) => {
    if (raw === 'base') return '';
    const ids = [...new Set(raw.split(','))];
    const unknown = ids.find((id) => !(EXPANSION_IDS as readonly string[]).includes(id));
    if (unknown !== undefined) {
      ctx.issues.push({
        code: 'custom',
        message: `"base" or expansion ids joined by commas, not ${JSON.stringify(unknown.slice(0, 40))}`,
        input: raw,
      });
      return z.NEVER;
    }
    // The key game_players keeps: the ids sorted, joined by commas.
    return ids.sort().join(',');
  });

const gamesQuery = z.strictObject({
  expansions: expansionSet.optional(),
  result: z.enum(['win', 'loss', 'draw']).optional(),
  opponent: z.string().min(1).max(200).optional(),
  ...page(50, 20),
});

const leaderboardQuery = z.strictObject(page(100, 50));

const round1 = (x: number): number => Math.round(x * 10) / 10;
const average = (sum: number, games: number): number => (games === 0 ? 0 : round1(sum / games));
const expansionList = (key: string): string[] => (key === '' ? [] : key.split(','));

/** A game of a player's history as the routes answer it (docs/protocol.md). */
function gameItem(g: PlayerGame) {
  const you = g.players.find((p) => p.seat === g.seat);
  const first = g.players[0];
  return {
    game: g.game,
    finishedAt: first?.finishedAt ?? 0,
    expansions: expansionList(first?.expansions ?? ''),
    rated: first?.rated ?? false,
    pool: first?.pool ?? '',
    players: g.players.map((p) => ({
      seat: p.seat,
      name: p.name,
      kind: p.kind,
      ...(p.level === undefined ? {} : { level: p.level }),
      score: p.score,
      place: p.place,
      forfeited: p.forfeited,
      ...(p.profile === undefined ? {} : { profile: p.profile }),
      ...(p.kind === 'human' && p.account === undefined && p.name === DELETED_NAME ? { deleted: true } : {}),
    })),
    you: {
      seat: g.seat,
      score: you?.score ?? 0,
      place: you?.place ?? 0,
      result: g.result,
      ...(you?.ratingBefore === undefined ? {} : { ratingBefore: round1(you.ratingBefore) }),
      ...(you?.ratingAfter === undefined ? {} : { ratingAfter: round1(you.ratingAfter) }),
    },
  };
}

const tally = (t: Tally) => ({
  games: t.games,
  wins: t.wins,
  draws: t.draws,
  losses: t.losses,
  averageScore: average(t.scoreSum, t.games),
});

export function registerPlayerRoutes(
  fastify: FastifyInstance,
  store: Store,
  parse: <S extends z.ZodType>(
    schema: S,
    value: unknown,
    where: string,
    reply: FastifyReply,
  ) => z.infer<S> | undefined,
): void {
  /** The account of a name (compared as names are: case and width folded), or a 404 sent. */
  const player = async (name: string, reply: FastifyReply, path: string): Promise<AccountRow | undefined> => {
    const account = name.length > 200 ? undefined : await store.accountByKey(nameKey(name.trim()));
    if (account === undefined) {
      void reply.status(404).send({ code: 'player/not-found', message: 'no player of that name', path });
    }
    return account;
  };

  fastify.get<{ Params: { name: string } }>('/api/players/:name', async (req, reply) => {
    const account = await player(req.params.name, reply, 'name');
    if (account === undefined) return reply;
    const [ratings, stats] = await Promise.all([store.ratingsOf(account.id), store.playerStats(account.id)]);
    const titles = new Map(POOLS.map((p) => [p.id as string, p.title]));
    return {
      name: account.name,
      createdAt: account.createdAt,
      ratings: ratings
        .filter((r) => titles.has(r.pool))
        .map((r) => ({
          pool: r.pool,
          title: titles.get(r.pool),
          rating: round1(r.rating),
          deviation: round1(r.deviation),
          provisional: r.deviation > PROVISIONAL_DEVIATION,
          games: r.games,
        })),
      stats: {
        ...tally(stats),
        byExpansions: stats.byExpansions.map((e) => ({
          expansions: expansionList(e.expansions),
          ...tally(e),
        })),
      },
    };
  });

  fastify.get<{ Params: { name: string } }>('/api/players/:name/games', async (req, reply) => {
    const q = parse(gamesQuery, req.query, 'query', reply);
    if (q === undefined) return reply;
    const account = await player(req.params.name, reply, 'name');
    if (account === undefined) return reply;
    let opponent: string | undefined;
    if (q.opponent !== undefined) {
      const other = await player(q.opponent, reply, 'query.opponent');
      if (other === undefined) return reply;
      opponent = other.id;
    }
    const { total, games } = await store.playerGames(account.id, {
      ...(q.expansions === undefined ? {} : { expansions: q.expansions }),
      ...(q.result === undefined ? {} : { result: q.result }),
      ...(opponent === undefined ? {} : { opponent }),
      limit: q.limit,
      offset: q.offset,
    });
    return { total, games: games.map(gameItem) };
  });

  fastify.get<{ Params: { name: string; other: string } }>(
    '/api/players/:name/versus/:other',
    async (req, reply) => {
      const account = await player(req.params.name, reply, 'name');
      if (account === undefined) return reply;
      const other = await player(req.params.other, reply, 'other');
      if (other === undefined) return reply;
      const [v, recent] = await Promise.all([
        store.versus(account.id, other.id),
        store.playerGames(account.id, { opponent: other.id, limit: RECENT, offset: 0 }),
      ]);
      return {
        ...tally(v),
        opponentAverageScore: average(v.opponentScoreSum, v.games),
        recent: recent.games.map(gameItem),
      };
    },
  );

  const activeQuery = (limit: number, offset: number) => ({
    activeSince: Date.now() - ACTIVE_MS,
    maxDeviation: ACTIVE_MAX_DEVIATION,
    limit,
    offset,
  });

  fastify.get('/api/leaderboards', async () => ({
    pools: await Promise.all(
      POOLS.map(async (p) => ({
        pool: p.id,
        title: p.title,
        players: (await store.leaderboard(p.id, activeQuery(0, 0))).total,
      })),
    ),
  }));

  fastify.get<{ Params: { pool: string } }>('/api/leaderboards/:pool', async (req, reply) => {
    const pool = POOLS.find((p) => p.id === req.params.pool);
    if (pool === undefined) {
      return reply.status(404).send({
        code: 'leaderboard/no-pool',
        message: `no pool of that name: ${POOLS.map((p) => p.id).join(', ')}`,
        path: 'pool',
      });
    }
    const q = parse(leaderboardQuery, req.query, 'query', reply);
    if (q === undefined) return reply;
    const { total, rows } = await store.leaderboard(pool.id, activeQuery(q.limit, q.offset));
    return {
      pool: pool.id,
      title: pool.title,
      total,
      players: rows.map((r, i) => ({
        rank: q.offset + i + 1,
        name: r.name,
        rating: round1(r.rating),
        deviation: round1(r.deviation),
        games: r.games,
        lastGameAt: r.lastGameAt,
      })),
    };
  });
}
