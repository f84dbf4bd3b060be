/**
 * The hub's vocabulary, shared by its parts: results and error codes, listeners and what they are
 * delivered, the options, and the context every part reads (storage, time, logs, whether closed).
 */
import type { Viewer } from '@carc/engine';
import type { BotName } from '@carc/bots';
import type { PlayerInfo, RatedResult, ServerMessage } from '@carc/protocol';
import type { BotRunner } from '../bots/pool.js';
import type { Cluster } from '../cluster/cluster.js';
import type { Metrics } from '../metrics.js';
import type { GameListing, Store } from '../store/store.js';

export type HubErrorCode =
  | 'lobby/no-game'
  | 'lobby/invalid-settings'
  | 'lobby/no-free-seat'
  | 'lobby/seat-taken'
  | 'lobby/started'
  | 'lobby/not-over'
  | 'lobby/not-a-seat'
  | 'lobby/seat-reserved'
  | 'lobby/too-many-open'
  | 'lobby/too-many-games'
  | 'lobby/too-many-bot-games'
  | 'lobby/rated-needs-account'
  | 'lobby/already-seated'
  | 'auth/bad-token'
  | 'record/not-public'
  | 'match/not-started'
  | 'session/detached'
  | 'seat/taken-over'
  | 'seat/revoked'
  | 'server/storage'
  | 'server/busy';

export interface HubError {
  code: HubErrorCode;
  message: string;
  /** Where in the request, for a refused field. */
  path?: string;
}

export type HubResult<T> = { ok: true; value: T } | { ok: false; error: HubError };
export const ok = <T>(value: T): HubResult<T> => ({ ok: true, value });
export const fail = <T>(code: HubErrorCode, message: string, path?: string): HubResult<T> => ({
  ok: false,
  error: { code, message, ...(path === undefined ? {} : { path }) },
});

/** Where messages for one viewer go (a socket, in the WebSocket transport). */
export interface Listener {
  readonly viewer: Viewer;
  /**
   * The hash of the seat token the listener attached with: its authority over the seat, checked
   * against the seat's holder at every act (a seat that changed hands is not its seat any more).
   */
  readonly holder?: string;
  send(message: ServerMessage): void;
  /** Ends the listener's connection because its seat changed hands: told why, then closed. */
  revoke(code: RevokeCode, message: string): void;
  /** The game left this process's memory: a socket of another process attaches again. */
  resync(): void;
}

/** Why a seat's connections were cut: the seat was given back, or a bot took it over. */
export type RevokeCode = 'seat/revoked' | 'seat/taken-over' | 'lobby/expired';

/**
 * What the hub hands a socket's process: a message to send, the order to cut the socket, or word
 * that the game left its owner's memory (attach again, catching up from the last version sent).
 */
export type Delivery =
  ServerMessage | { type: 'revoke'; code: RevokeCode; message: string } | { type: 'resync' };

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const SILENT: Logger = { info() {}, warn() {}, error() {} };

/** What the lobby lets one address (the creator) do, and how long open games wait. */
export interface LobbyLimits {
  /** Open games one creator may have at once. */
  openGamesPerAddress: number;
  /** Open or played games one creator may have at once. */
  gamesPerAddress: number;
  /** Games of bots only being played, per creator and in all. */
  botGamesPerAddress: number;
  botGamesTotal: number;
  /** An open game nobody joined or left for this long is removed (ms). */
  openGameTtlMs: number;
  /** A rematch keeps the old players' seats this long (ms). */
  rematchHoldMs: number;
  /** Games of one creator shown in a list page. */
  listPerCreator: number;
}

export interface HubOptions {
  store: Store;
  bots: BotRunner;
  /** Thinking time per bot decision (ms). */
  botBudgetMs?: number;
  /** A game nobody listens to leaves memory after this long untouched (ms). */
  idleMs?: number;
  /** Reconnection sends the missed steps when at most this many, else only the view. */
  maxResyncSteps?: number;
  /** Client message ids remembered per seat (to answer repeats). */
  rememberedIds?: number;
  /** The level of the bot that takes over a seat whose time ran out. */
  takeoverLevel?: BotName;
  /** Other server processes sharing the games (default: this process alone). */
  cluster?: Cluster;
  /** A game being played that nobody touched for this long ends as aborted (ms). */
  abandonMs?: number;
  /** What one address may create (docs/protocol.md, "Limits"); unlimited when absent. */
  limits?: Partial<LobbyLimits>;
  now?: () => number;
  log?: Logger;
  /** Counts accepted actions (metrics.ts); nothing is counted without. */
  metrics?: Metrics;
}

/** What every part of the hub reads. */
export interface HubContext {
  readonly store: Store;
  readonly now: () => number;
  readonly log: Logger;
  readonly metrics: Metrics | undefined;
  /** Set once the hub closes: background work and retries stop. */
  closed: boolean;
}

export type GameSummary = GameListing & { players: PlayerInfo[]; rematch?: string; rated?: RatedResult };

/** The account a seat is taken for: its id (kept on the seat) and its name (shown). */
export interface SeatAccount {
  id: string;
  name: string;
}
