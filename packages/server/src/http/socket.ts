/**
 * The WebSocket transport: one socket, one session. The first message must be `hello` (the seat
 * token travels in it, never in the URL); then `act`, `resign` and `ping`. Every frame is checked
 * against the protocol's schemas; a bad one is answered with a coded error and changes nothing.
 * A socket that floods is closed with 1008; frames over 16 KiB are closed by ws itself (1009).
 */
import type { Action } from '@carc/engine';
import type { WebSocket } from 'ws';
import type { Hub, Session } from '../hub/hub.js';
import type { Metrics } from '../metrics.js';
import type { ClientMessage } from '@carc/protocol';
import { PROTOCOL_VERSION, clientMessage, describeIssue } from '@carc/protocol';
import { TokenBucket } from './limits.js';
import type { Outgoing } from '../wire.js';
import { textOf } from '../wire.js';

export interface SocketLimits {
  /** Messages per second a socket may send on average, and in a burst. */
  messagesPerSecond: number;
  messageBurst: number;
  /** How long a socket may stay without saying hello (ms). */
  helloTimeoutMs: number;
  /** Bytes queued for a slow reader before it is dropped. */
  maxBufferedBytes: number;
}

export const CLOSE_POLICY = 1008;
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_TRY_LATER = 1013;
/** The socket's seat changed hands (given back, taken over by a bot): it may not act for it any more. */
export const CLOSE_SEAT_REVOKED = 4003;
/** Refusals of a hello that stay true however often it is said again. */
const FINAL_HELLO_REFUSALS: ReadonlySet<string> = new Set(['auth/bad-token', 'lobby/no-game']);

/** Passes an act or a resignation to the session. */
function forward(
  session: Session,
  m: Extract<ClientMessage, { type: 'act' | 'resign' }>,
  timing?: ActTimer,
): void {
  // The envelope is checked here; the action's own fields by the engine's checked door.
  if (m.type === 'act') {
    timing?.start(m.id);
    void session.act(m.id, m.version, m.action as unknown as Action);
  } else void session.resign(m.id);
}

/** Times a socket's acts from the hub taking them to their answers, and counts the errors it is sent. */
interface ActTimer {
  start(id: string): void;
  answered(m: Outgoing): void;
}

function actTimer(metrics: Metrics): ActTimer {
  /** Acts waiting for their answer, by client id (a few: a client waits for one before the next). */
  const pending = new Map<string, (labels: { outcome: 'ack' | 'refused' }) => number>();
  return {
    start(id) {
      if (pending.size < 16) pending.set(id, metrics.actLatency.startTimer());
    },
    answered(m) {
      if (m.type === 'error') metrics.refused(m.code, 'ws');
      // An accepted act is acknowledged inside its step.
      const id = m.type === 'step' ? m.ack : m.type === 'ack' || m.type === 'error' ? m.id : undefined;
      if (id === undefined) return;
      const end = pending.get(id);
      if (end === undefined) return;
      pending.delete(id);
      end({ outcome: m.type === 'error' ? 'refused' : 'ack' });
    },
  };
}

/**
 * Serves one socket until it closes. `ipBucket` is shared by every socket from the same address.
 * `metrics`: every error sent is counted by its code, every act timed until its answer.
 */
export function serveSocket(
  hub: Hub,
  socket: WebSocket,
  limits: SocketLimits,
  ipBucket: TokenBucket,
  metrics?: Metrics,
): void {
  const timing = metrics === undefined ? undefined : actTimer(metrics);
  const bucket = new TokenBucket(limits.messagesPerSecond, limits.messageBurst);
  let session: Session | undefined;
  let joining = false;
  /** Acts and resignations sent while the hello is being answered. */
  const early: Extract<ClientMessage, { type: 'act' | 'resign' }>[] = [];
  let closed = false;

  const send = (m: Outgoing): void => {
    if (closed) return;
    if (socket.bufferedAmount > limits.maxBufferedBytes) {
      closed = true;
      socket.close(CLOSE_TRY_LATER, 'too slow to read');
      return;
    }
    timing?.answered(m);
    socket.send(textOf(m));
  };
  const error = (code: string, message: string, id?: string): void =>
    send({ type: 'error', ...(id === undefined ? {} : { id }), code, message });

  const helloTimer = setTimeout(() => {
    if (session === undefined) socket.close(CLOSE_POLICY, 'no hello');
  }, limits.helloTimeoutMs);

  socket.on('message', (data, isBinary) => {
    if (closed) return;
    if (!bucket.take() || !ipBucket.take()) {
      closed = true;
      socket.close(CLOSE_POLICY, 'rate limit');
      return;
    }
    if (isBinary) return error('ws/binary', 'frames are JSON text');
    let raw: unknown;
    try {
      raw = JSON.parse(data.toString());
    } catch (e) {
      return error('ws/malformed-json', `not JSON: ${(e as Error).message}`);
    }
    const typeOf = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
    const parsed = clientMessage.safeParse(raw);
    const id =
      typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'string'
        ? (raw as { id: string }).id.slice(0, 64)
        : undefined;
    if (!parsed.success) {
      if (typeof typeOf !== 'string' || !['hello', 'act', 'resign', 'resync', 'ping'].includes(typeOf)) {
        return error(
          'ws/unknown-type',
          `unknown message type ${JSON.stringify(typeOf ?? null).slice(0, 40)}: hello, act, resign, resync or ping`,
          id,
        );
      }
      return error('ws/invalid-message', describeIssue(parsed.error).message, id);
    }
    const msg = parsed.data;
    // The schema's copy of an action drops a `__proto__` key: the engine checks the action as sent.
    if (msg.type === 'act') msg.action = (raw as { action: typeof msg.action }).action;
    switch (msg.type) {
      case 'ping':
        return send({ type: 'pong' });
      case 'hello': {
        if (session !== undefined || joining)
          return error('ws/already-joined', 'this socket has said hello already');
        if (msg.protocol !== PROTOCOL_VERSION) {
          return error(
            'protocol/outdated',
            `this server speaks protocol ${PROTOCOL_VERSION} (hello with "protocol": ${PROTOCOL_VERSION}); ` +
              `this client speaks ${msg.protocol ?? 1}: reload the page to update it`,
          );
        }
        joining = true;
        const end = (code: string, message: string): void => {
          error(code, message);
          closed = true;
          socket.close(CLOSE_SEAT_REVOKED, code);
        };
        void hub.connect(msg.game, msg.token, msg.since, send, end).then((r) => {
          joining = false;
          const waiting = early.splice(0);
          if (!r.ok) {
            error(r.error.code, r.error.message);
            for (const m of waiting) error('ws/hello-first', 'the hello was refused', m.id);
            // A refusal that may pass (a service down, a busy cluster) closes the socket: the
            // client comes back with a new one, and whatever reached it meanwhile (a welcome from
            // an owner whose answer was lost) belongs to no session.
            if (!FINAL_HELLO_REFUSALS.has(r.error.code)) {
              closed = true;
              socket.close(CLOSE_TRY_LATER, 'try again');
            }
            return;
          }
          clearTimeout(helloTimer);
          if (closed) return void r.value.close();
          session = r.value;
          for (const m of waiting) forward(r.value, m, timing);
        });
        return;
      }
      case 'resync':
        if (session !== undefined) return session.resync();
        return error('ws/hello-first', 'say hello before asking for the view again');
      case 'act':
      case 'resign':
        if (session !== undefined) return forward(session, msg, timing);
        // The welcome can reach the client before the hello's answer reaches this socket (from
        // another process): what it sends meanwhile waits for the session.
        if (joining && early.length < 16) return void early.push(msg);
        return error(
          'ws/hello-first',
          `say hello before ${msg.type === 'act' ? 'acting' : 'resigning'}`,
          msg.id,
        );
    }
  });

  socket.on('close', () => {
    closed = true;
    clearTimeout(helloTimer);
    void session?.close();
  });
  socket.on('error', () => socket.terminate());
}
