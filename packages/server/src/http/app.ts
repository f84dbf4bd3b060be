/**
 * The HTTP transport (Fastify): the lobby as JSON routes under /api, the games over a WebSocket at
 * /ws, the web client's files at / when built. Bodies and queries are checked by the protocol's
 * schemas; every refusal is `{ code, message, path? }` with a fitting status.
 */
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { WebSocket } from 'ws';
import { createHash } from 'node:crypto';
import { BUILTIN, EXPANSION_IDS, reservedKeyPath } from '@carc/engine';
import { BOT_NAMES } from '@carc/bots';
import type { ServerConfig } from '../config.js';
import type { Hub, HubError, HubErrorCode, Logger } from '../hub/hub.js';
import type { Store } from '../store/store.js';
import { createLogger } from '../log.js';
import type { Metrics } from '../metrics.js';
import { metricsAuthorised, refusalCode } from '../metrics.js';
import {
  MAX_BODY_BYTES,
  MAX_FRAME_BYTES,
  createGameBody,
  describeIssue,
  joinBody,
  listQuery,
  tokenBody,
} from '@carc/protocol';
import { Accounts } from '../accounts/accounts.js';
import { registerAccountRoutes } from './accounts.js';
import { Passkeys } from '../accounts/passkeys.js';
import { registerPasskeyRoutes } from './passkeys.js';
import { registerPlayerRoutes } from './players.js';
import { requestAccount } from './identity.js';
import { AddressBook } from './limits.js';
import { registerPairingRoutes } from './pairing.js';
import { CLOSE_GOING_AWAY, CLOSE_POLICY, serveSocket } from './socket.js';
import { findWebClient, missingWebClient, serveWebClient } from './static.js';
import { z } from 'zod';

const STATUS: Record<HubErrorCode, number> = {
  'lobby/no-game': 404,
  'lobby/invalid-settings': 400,
  'lobby/no-free-seat': 409,
  'lobby/seat-taken': 409,
  'lobby/started': 409,
  'lobby/not-over': 409,
  'lobby/not-a-seat': 400,
  'lobby/seat-reserved': 409,
  'lobby/too-many-open': 429,
  'lobby/too-many-games': 429,
  'lobby/too-many-bot-games': 429,
  'lobby/rated-needs-account': 403,
  'lobby/already-seated': 409,
  'auth/bad-token': 403,
  'record/not-public': 403,
  'match/not-started': 409,
  'session/detached': 409,
  'server/storage': 503,
  'seat/taken-over': 409,
  'seat/revoked': 403,
  'server/busy': 503,
};

/** Seats to claim: a browser's anonymous seats, by game and token. */
const claimBody = z.strictObject({
  seats: z
    .array(
      z.strictObject({
        game: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'a game id'),
        token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a seat token (43 URL-safe characters)'),
      }),
    )
    .max(100),
});

/** Who created a game, as the lobby's limits count it: a hash of the address, not the address. */
const creatorOf = (address: string): string =>
  createHash('sha256').update(address).digest('hex').slice(0, 32);

/** A body refused before its route: `{ code, message, path }` with 400. */
class BodyRefused extends Error {
  constructor(
    readonly code: 'http/bad-request' | 'http/malformed-json' | 'http/invalid',
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

export interface App {
  fastify: FastifyInstance;
  hub: Hub;
  /** Closes every socket with `reason` (1001), then stops listening. */
  close(reason: string): Promise<void>;
}

/** What a server gives its app besides its configuration: its one logger, its metrics. */
export interface AppExtras {
  /** The process's logger (log.ts); one at `config.logLevel` when absent. */
  log?: FastifyBaseLogger;
  /** Counted and served at `/metrics` when given. */
  metrics?: Metrics;
}

export async function buildApp(
  config: ServerConfig,
  store: Store,
  makeHub: (log: Logger) => Hub,
  extras: AppExtras = {},
): Promise<App> {
  const metrics = extras.metrics;
  const fastify = Fastify({
    loggerInstance: extras.log ?? createLogger(config.logLevel),
    bodyLimit: MAX_BODY_BYTES,
    // Behind a reverse proxy, the client's address comes from X-Forwarded-For (rate limits per address).
    trustProxy: config.trustProxy,
    // Game ids are short, players' names (/api/players/:name) at most 200 UTF-16 units; a path
    // parameter longer than this is refused (414).
    routerOptions: { maxParamLength: 200 },
  });
  const hub = makeHub(fastify.log);
  const sockets = new Set<WebSocket>();
  const addresses = new AddressBook(
    config.socketsPerAddress,
    config.wsPerAddressPerSecond,
    config.wsPerAddressPerSecond * 2,
  );

  fastify.setErrorHandler((error: Error & { statusCode?: number; code?: string }, _req, reply) => {
    if (error instanceof BodyRefused) {
      void reply.status(400).send({ code: error.code, message: error.message, path: error.path });
      return;
    }
    const status = error.statusCode ?? 500;
    const code =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'http/malformed-json'
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'http/too-large'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'http/unsupported-media-type'
            : status === 429
              ? 'http/rate-limited'
              : status >= 500
                ? 'server/internal'
                : 'http/bad-request';
    if (status >= 500) fastify.log.error(error);
    void reply.status(status).send({ code, message: status >= 500 ? 'internal error' : error.message });
  });
  // JSON bodies are parsed here, so that a refusal names what is wrong and where: a key named like
  // what every object inherits (`__proto__`, `constructor`, `toString`…), anywhere in a body, is
  // refused with its path before any schema or lookup sees it.
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text === '') return done(new BodyRefused('http/bad-request', 'body', 'body: empty'), undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      return done(new BodyRefused('http/malformed-json', 'body', `body: not JSON: ${(e as Error).message}`));
    }
    const reserved = reservedKeyPath(value, 'body');
    if (reserved !== undefined) {
      const message = `${reserved}: a field may not be named ${reserved.slice(reserved.lastIndexOf('.') + 1)}`;
      return done(new BodyRefused('http/invalid', reserved, message));
    }
    done(null, value);
  });

  // Every refusal (4xx, 5xx) counted by its code (`http/<status>` for a body without one).
  if (metrics !== undefined) {
    fastify.addHook('onSend', async (_req, reply, payload) => {
      if (reply.statusCode >= 400) metrics.refused(refusalCode(payload, reply.statusCode), 'http');
      return payload;
    });
  }

  await fastify.register(rateLimit, {
    max: config.httpPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      code: 'http/rate-limited',
      message: `more than ${ctx.max} requests a minute; retry in ${ctx.after}`,
    }),
  });
  // Unknown routes count against the rate limit too, and carry its headers.
  fastify.setNotFoundHandler({ preHandler: fastify.rateLimit() }, (req, reply) => {
    void reply
      .status(404)
      .send({ code: 'http/not-found', message: `no route ${req.method} ${req.url.split('?')[0]}` });
  });
  await fastify.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });

  const send = <T>(
    reply: FastifyReply,
    r: { ok: true; value: T } | { ok: false; error: HubError },
    okStatus = 200,
  ) => {
    if (r.ok) return reply.status(okStatus).send(r.value);
    return reply.status(STATUS[r.error.code]).send(r.error);
  };
  const parse = <S extends z.ZodType>(
    schema: S,
    value: unknown,
    where: string,
    reply: FastifyReply,
  ): z.infer<S> | undefined => {
    const r = schema.safeParse(value ?? {});
    if (r.success) return r.data;
    const { path, message } = describeIssue(r.error, where);
    void reply.status(400).send({ code: 'http/invalid', path, message });
    return undefined;
  };

  /**
   * Readiness: 200 while the database (and, in a cluster, Redis) answers, else 503 naming what
   * fails, so that a load balancer sends no new players here meanwhile; the process stays up and
   * recovers by itself. `/api/live` only says the process answers (for a supervisor).
   */
  fastify.get('/api/health', async (_req, reply) => {
    const [storeCheck, clusterCheck] = await Promise.allSettled([store.ping(), hub.pingCluster()]);
    const failing = [
      ...(storeCheck.status === 'rejected' ? ['database'] : []),
      ...(clusterCheck.status === 'rejected' ? ['redis'] : []),
    ];
    const memory = process.memoryUsage();
    const body = {
      ok: failing.length === 0,
      store: store.kind,
      cluster: hub.clustered ? 'redis' : 'none',
      liveGames: hub.liveGames,
      sockets: sockets.size,
      uptimeS: Math.round(process.uptime()),
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
    };
    if (failing.length === 0) return body;
    const reasons = [storeCheck, clusterCheck].flatMap((r) =>
      r.status === 'rejected' ? [String(r.reason)] : [],
    );
    return reply.status(503).send({
      ...body,
      code: failing[0] === 'database' ? 'server/storage' : 'server/cluster',
      failing,
      message: `${failing.join(' and ')} not answering: ${reasons.join('; ')}`,
    });
  });

  fastify.get('/api/live', async () => ({ ok: true }));

  // Prometheus's text format (metrics.ts); with METRICS_TOKEN, only for `Authorization: Bearer <it>`.
  // Rate-limited like every route: a scrape every few seconds is far below the limit.
  if (metrics !== undefined) {
    metrics.watch({ liveGames: () => hub.liveGames, sockets: () => sockets.size });
    fastify.get('/metrics', async (req, reply) => {
      if (!metricsAuthorised(config.metricsToken, req.headers.authorization)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ code: 'http/unauthorized', message: 'metrics: a bearer token (METRICS_TOKEN) is needed' });
      }
      const { text, contentType } = await metrics.scrape();
      return reply.type(contentType).send(text);
    });
  }

  /** What a setup screen offers: expansions, options with their rule ids, presets, bot levels. */
  const accounts = new Accounts(store, { seatsRenamed: (games) => hub.reloadOver(games) });
  await registerAccountRoutes(fastify, accounts, parse);
  registerPasskeyRoutes(fastify, accounts, new Passkeys(store, accounts), config, parse);
  registerPlayerRoutes(fastify, store, parse);

  fastify.get('/api/options', async () => ({
    expansions: EXPANSION_IDS,
    options: BUILTIN.optionSpecs.map((s) => ({
      id: s.id,
      values: s.values,
      default: s.values[0],
      rules: [s.rule, ...(s.also ?? [])],
      doc: s.doc,
    })),
    presets: Object.keys(BUILTIN.presets),
    bots: BOT_NAMES,
  }));

  fastify.post('/api/games', async (req, reply) => {
    const body = parse(createGameBody, req.body, 'body', reply);
    if (body === undefined) return reply;
    // Signed in, the seat taken is the account's (under its name); anonymous otherwise.
    const account =
      body.join === undefined ? null : await requestAccount(req, reply, accounts, { write: true });
    if (account === 'refused') return reply;
    const join =
      body.join === undefined ? undefined : { ...body.join, ...(account === null ? {} : { account }) };
    return send(reply, await hub.createGame(body.settings, join, creatorOf(req.ip)), 201);
  });

  fastify.get('/api/games', async (req, reply) => {
    const q = parse(listQuery, req.query, 'query', reply);
    if (q === undefined) return reply;
    return { games: await hub.list(q.status, q.limit, q.offset) };
  });

  fastify.get<{ Params: { id: string } }>('/api/games/:id', async (req, reply) =>
    send(reply, await hub.summary(req.params.id)),
  );

  fastify.post<{ Params: { id: string } }>('/api/games/:id/join', async (req, reply) => {
    const body = parse(joinBody, req.body, 'body', reply);
    if (body === undefined) return reply;
    const account = await requestAccount(req, reply, accounts, { write: true });
    if (account === 'refused') return reply;
    return send(reply, await hub.join(req.params.id, body.name, body.seat, undefined, account ?? undefined));
  });

  fastify.post<{ Params: { id: string } }>('/api/games/:id/leave', async (req, reply) => {
    const body = parse(tokenBody, req.body, 'body', reply);
    if (body === undefined) return reply;
    return send(reply, await hub.leave(req.params.id, body.token));
  });

  fastify.post<{ Params: { id: string } }>('/api/games/:id/rematch', async (req, reply) => {
    const body = parse(tokenBody, req.body, 'body', reply);
    if (body === undefined) return reply;
    return send(reply, await hub.rematch(req.params.id, body.token), 201);
  });

  fastify.get<{ Params: { id: string } }>('/api/games/:id/record', async (req, reply) =>
    send(reply, await hub.record(req.params.id)),
  );

  // A signed-in player claims the seats its browser played anonymously (their tokens prove it).
  // Each claim runs on its game's owner, like every change of a game's seats: the owner keeps the
  // seats in memory and writes them whole (joins, take-overs), so a change made in the database
  // behind its back would be lost at its next write. Loading up to 100 games is real work, hence
  // the route's own tighter rate limit.
  fastify.post(
    '/api/account/claim',
    { config: { rateLimit: { max: Math.min(config.httpPerMinute, 30), timeWindow: 60_000 } } },
    async (req, reply) => {
      const account = await requestAccount(req, reply, accounts, { write: true });
      if (account === 'refused') return reply;
      if (account === null)
        return reply.status(401).send({ code: 'auth/signed-out', message: 'not signed in' });
      const body = parse(claimBody, req.body, 'body', reply);
      if (body === undefined) return reply;
      let claimed = 0;
      const seen = new Set<string>();
      for (const { game, token } of body.seats) {
        if (seen.has(`${game}:${token}`)) continue;
        seen.add(`${game}:${token}`);
        const r = await hub.claim(game, token, account.id);
        if (r.ok && r.value) claimed++;
      }
      return { claimed };
    },
  );

  fastify.get('/ws', { websocket: true }, (socket, req) => {
    const address = req.ip;
    const bucket = addresses.open(address);
    if (bucket === undefined) {
      socket.close(CLOSE_POLICY, 'too many sockets from this address');
      return;
    }
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      addresses.close(address);
    });
    serveSocket(
      hub,
      socket,
      {
        messagesPerSecond: config.wsPerSecond,
        messageBurst: config.wsBurst,
        helloTimeoutMs: 10_000,
        maxBufferedBytes: 4 << 20,
      },
      bucket,
      metrics,
    );
  });

  // Quick pairing: the seeking socket at /ws/pairing (its limits are /ws's), the open seeks at /api/seeks.
  registerPairingRoutes(fastify, {
    pairing: hub.pairing,
    accounts,
    addresses,
    sockets,
    messagesPerSecond: config.wsPerSecond,
    messageBurst: config.wsBurst,
    maxBufferedBytes: 4 << 20,
    origins: config.origin,
    metrics,
  });

  // The web client at / (static.ts): found beside this package unless WEB_ROOT says where.
  const web = findWebClient(config.webRoot);
  if (web.found) await serveWebClient(fastify, web);
  else fastify.log.warn({ webRoot: web.root }, missingWebClient(web));

  return {
    fastify,
    hub,
    async close(reason) {
      for (const s of sockets) s.close(CLOSE_GOING_AWAY, reason);
      await fastify.close();
    },
  };
}
