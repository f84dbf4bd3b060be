/**
 * Quick pairing over HTTP (docs/protocol.md, "Quick pairing"): the socket at `/ws/pairing` that
 * seeks a game and is handed a seat, and the public list of open seeks at `/api/seeks`. The socket
 * is held to the same limits as `/ws` (sockets per address, messages per second, frame size). A
 * socket that carries the session cookie plays as its account, so it must come from the web
 * client's own origin: another site could otherwise open one in a signed-in browser (cross-site
 * WebSocket hijacking) and seek rated games in its name. Such a socket is closed with 1008.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { PairingServerMessage } from '@carc/protocol';
import { describeIssue, pairingClientMessage } from '@carc/protocol';
import type { Accounts } from '../accounts/accounts.js';
import type { Metrics } from '../metrics.js';
import type { PairingService, SeekerAccount } from '../pairing/service.js';
import { SESSION_COOKIE } from './accounts.js';
import type { AddressBook } from './limits.js';
import { TokenBucket } from './limits.js';
import { CLOSE_POLICY, CLOSE_TRY_LATER } from './socket.js';

export const CLOSE_NORMAL = 1000;

export interface PairingRouteOptions {
  pairing: PairingService;
  accounts: Accounts;
  /** Shared with `/ws`: sockets per address and their messages' bucket. */
  addresses: AddressBook;
  /** Every open socket of the app (closed when it stops). */
  sockets: Set<WebSocket>;
  messagesPerSecond: number;
  messageBurst: number;
  maxBufferedBytes: number;
  /** The web client's origins (ORIGIN); unset: the request's own `protocol://host`. */
  origins: readonly string[] | undefined;
  metrics?: Metrics;
}

/** Whether a request's Origin header is the web client's. */
export function originAllowed(req: FastifyRequest, origins: readonly string[] | undefined): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  let asked: string;
  let own: string;
  try {
    asked = new URL(origin).origin;
    own = new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return false;
  }
  return origins === undefined ? asked === own : origins.includes(asked);
}

/** Who a pairing socket plays as, found before it is upgraded (its messages may come at once). */
type SocketIdentity = { account?: SeekerAccount; cookie: boolean } | 'unavailable';

export function registerPairingRoutes(fastify: FastifyInstance, o: PairingRouteOptions): void {
  const identities = new WeakMap<FastifyRequest, SocketIdentity>();

  fastify.get(
    '/ws/pairing',
    {
      websocket: true,
      preValidation: async (req) => {
        const token = req.cookies[SESSION_COOKIE];
        if (token === undefined || token === '') return void identities.set(req, { cookie: false });
        try {
          const s = await o.accounts.session(token);
          identities.set(req, {
            cookie: true,
            ...(s === undefined ? {} : { account: { id: s.account.id, name: s.account.name } }),
          });
        } catch (e) {
          req.log.warn({ err: String(e) }, 'pairing: a session could not be read');
          identities.set(req, 'unavailable');
        }
      },
    },
    (socket, req) => {
      const identity = identities.get(req) ?? 'unavailable';
      if (identity === 'unavailable') return socket.close(CLOSE_TRY_LATER, 'storage does not answer');
      if (identity.cookie && !originAllowed(req, o.origins)) {
        o.metrics?.refused('ws/bad-origin', 'ws');
        return socket.close(CLOSE_POLICY, 'a signed-in socket from another origin');
      }
      const address = req.ip;
      const ipBucket = o.addresses.open(address);
      if (ipBucket === undefined) return socket.close(CLOSE_POLICY, 'too many sockets from this address');
      o.sockets.add(socket);
      serveSeeker(socket, address, identity.account, ipBucket, o);
    },
  );

  fastify.get('/api/seeks', async (_req, reply) => {
    try {
      return { seeks: await o.pairing.list() };
    } catch (e) {
      fastify.log.warn({ err: String(e) }, 'pairing: the queue did not answer a list');
      return reply
        .status(503)
        .send({ code: 'server/busy', message: 'the pairing queue does not answer; try again' });
    }
  });
}

/** Serves one pairing socket until it closes (or is handed its seat). */
function serveSeeker(
  socket: WebSocket,
  address: string,
  account: SeekerAccount | undefined,
  ipBucket: TokenBucket,
  o: PairingRouteOptions,
): void {
  const bucket = new TokenBucket(o.messagesPerSecond, o.messageBurst);
  let closed = false;
  const close = (code: number, reason: string) => {
    if (closed) return;
    closed = true;
    socket.close(code, reason);
  };
  const send = (m: PairingServerMessage): void => {
    if (closed) return;
    if (socket.bufferedAmount > o.maxBufferedBytes) return close(CLOSE_TRY_LATER, 'too slow to read');
    if (m.type === 'error') o.metrics?.refused(m.code, 'ws');
    socket.send(JSON.stringify(m));
  };
  const error = (code: string, message: string, path?: string) =>
    send({ type: 'error', code, message, ...(path === undefined ? {} : { path }) });
  const seeker = o.pairing.open({
    address,
    ...(account === undefined ? {} : { account }),
    send,
    finish: () => close(CLOSE_NORMAL, 'paired'),
  });

  socket.on('message', (data, isBinary) => {
    if (closed) return;
    if (!bucket.take() || !ipBucket.take()) return close(CLOSE_POLICY, 'rate limit');
    if (isBinary) return error('ws/binary', 'frames are JSON text');
    let raw: unknown;
    try {
      raw = JSON.parse(data.toString());
    } catch (e) {
      return error('ws/malformed-json', `not JSON: ${(e as Error).message}`);
    }
    const parsed = pairingClientMessage.safeParse(raw);
    if (!parsed.success) {
      const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
      if (typeof type !== 'string' || !['seek', 'unseek', 'ping'].includes(type)) {
        return error(
          'ws/unknown-type',
          `unknown message type ${JSON.stringify(type ?? null).slice(0, 40)}: seek, unseek or ping`,
        );
      }
      const { path, message } = describeIssue(parsed.error);
      return error('ws/invalid-message', message, path);
    }
    seeker.message(parsed.data);
  });
  socket.on('close', () => {
    closed = true;
    o.sockets.delete(socket);
    o.addresses.close(address);
    seeker.close();
  });
  socket.on('error', () => socket.terminate());
}
