/**
 * Test harness: the real server started as its own process (`carcassonne serve` from the build,
 * as a user runs it), a WebSocket client that waits for messages, and the lobby's HTTP calls.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { ServerMessage, ViewerMessage } from '@carc/protocol';
import { PROTOCOL_VERSION, Receiver } from '@carc/protocol';

const MAIN = fileURLToPath(new URL('../../cli/dist/main.js', import.meta.url));

export interface ServerProcess {
  url: string;
  database: string;
  ws: string;
  proc: ChildProcess;
  output: () => string;
  /** Sends `signal` and waits for the process to exit. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export const tempDatabase = (): string =>
  joinPath(mkdtempSync(joinPath(tmpdir(), 'carc-server-')), 'games.db');

/** Generous limits so tests are not throttled unless they mean to be. */
export const FAST = {
  WS_PER_SECOND: '5000',
  WS_BURST: '5000',
  WS_PER_ADDRESS_PER_SECOND: '50000',
  HTTP_PER_MINUTE: '100000',
  OPEN_GAMES_PER_ADDRESS: '100000',
  GAMES_PER_ADDRESS: '100000',
  BOT_GAMES_PER_ADDRESS: '100000',
  BOT_GAMES_TOTAL: '100000',
};

export interface ProcessOptions {
  /** The server's working directory (default: this process's, the repository's root). */
  cwd?: string;
}

export async function startServerProcess(
  database: string,
  env: Record<string, string> = {},
  options: ProcessOptions = {},
): Promise<ServerProcess> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
  const proc = spawn(process.execPath, [MAIN, 'serve', '--port', '0', '--database', database], {
    env: { ...process.env, LOG_LEVEL: 'warn', BOT_THREADS: '1', BOT_BUDGET_MS: '50', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 20_000);
    const check = () => {
      // `open URL`, or `serving the API only at URL` without the web client.
      const m = /(?:open|serving the API only at) (http:\/\/[^\s"]+)/.exec(out);
      if (m !== null) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    proc.stdout!.on('data', check);
    proc.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
  return {
    url,
    database,
    ws: `${url.replace(/^http/, 'ws')}/ws`,
    proc,
    output: () => out,
    stop(signal = 'SIGTERM') {
      if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve(proc.exitCode);
      return new Promise((resolve) => {
        proc.once('exit', (code) => resolve(code));
        proc.kill(signal);
      });
    },
  };
}

export interface HttpAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export async function api<T = Record<string, unknown>>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  raw?: string,
): Promise<HttpAnswer<T>> {
  const r = await fetch(base + path, {
    method,
    ...(body !== undefined || raw !== undefined
      ? { headers: { 'content-type': 'application/json' }, body: raw ?? JSON.stringify(body) }
      : {}),
  });
  return { status: r.status, body: (await r.json()) as T };
}

type Msg = ViewerMessage;

/**
 * A WebSocket client that keeps every message and lets a test wait for the next that matches. It
 * reads the server as the web client does (protocol v2, `Receiver`): `messages` are what a screen
 * reads (each `step` made an `ack` and an `update` with the whole view), `frames` and `wire` what
 * came over the socket (for leak checks), and a copy of the view that went wrong fails the test.
 */
export class Client {
  readonly messages: Msg[] = [];
  /** Raw text of every frame received (for leak checks). */
  readonly frames: string[] = [];
  /** Every frame received, parsed, as `frames`. */
  readonly wire: ServerMessage[] = [];
  /** Why the copy of the view went wrong, if it did (a resync was asked for). */
  readonly resyncs: string[] = [];
  private readonly receiver = new Receiver();
  private waiters: { pred: (m: Msg) => boolean; resolve: (m: Msg) => void; from: number }[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly socket: WebSocket;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    socket.on('message', (data) => {
      const text = data.toString();
      this.frames.push(text);
      const frame = JSON.parse(text) as ServerMessage;
      this.wire.push(frame);
      const { messages, resync } = this.receiver.receive(frame);
      if (resync !== undefined) {
        this.resyncs.push(resync);
        this.send({ type: 'resync' });
      }
      for (const m of messages) this.read(m);
    });
    socket.on('error', () => {});
  }

  static open(url: string): Promise<Client> {
    return new Promise((resolve, reject) => {
      const s = new WebSocket(url);
      s.once('open', () => resolve(new Client(s)));
      s.once('error', reject);
    });
  }

  private read(m: Msg): void {
    this.messages.push(m);
    const index = this.messages.length - 1;
    this.waiters = this.waiters.filter((w) => {
      if (index >= w.from && w.pred(m)) {
        w.resolve(m);
        return false;
      }
      return true;
    });
  }

  send(m: unknown): void {
    this.socket.send(typeof m === 'string' ? m : JSON.stringify(m));
  }

  /** The first message from now on (or from message index `from`) that matches. */
  next<T extends Msg['type']>(
    type: T,
    pred: (m: Extract<Msg, { type: T }>) => boolean = () => true,
    timeoutMs = 20_000,
    from = this.messages.length,
  ): Promise<Extract<Msg, { type: T }>> {
    return new Promise((resolve, reject) => {
      const match = (m: Msg) => m.type === type && pred(m as Extract<Msg, { type: T }>);
      for (let i = from; i < this.messages.length; i++) {
        if (match(this.messages[i]!)) return resolve(this.messages[i] as Extract<Msg, { type: T }>);
      }
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `no ${type} within ${timeoutMs} ms; last: ${JSON.stringify(this.messages.at(-1))?.slice(0, 300)}`,
            ),
          ),
        timeoutMs,
      );
      this.waiters.push({
        pred: match,
        from,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m as Extract<Msg, { type: T }>);
        },
      });
    });
  }

  close(): void {
    this.socket.close();
  }

  terminate(): void {
    this.socket.terminate();
  }
}

/** Connects and says hello; resolves with the welcome. */
export async function connect(ws: string, game: string, token?: string, since?: number) {
  const c = await Client.open(ws);
  c.send({
    type: 'hello',
    game,
    protocol: PROTOCOL_VERSION,
    ...(token === undefined ? {} : { token }),
    ...(since === undefined ? {} : { since }),
  });
  const welcome = await c.next('welcome');
  return { client: c, welcome };
}

export interface Created {
  id: string;
  seat?: number;
  token?: string;
}

/** `POST /api/games` (joining under `name` when given), expecting 201. */
export async function createGame(
  server: { url: string },
  settings: object,
  name?: string,
  headers: Record<string, string> = {},
): Promise<Created> {
  const r = await fetch(`${server.url}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ settings, ...(name ? { join: { name } } : {}) }),
  });
  const body = (await r.json()) as Created;
  if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(body)}`);
  return body;
}
