/**
 * What the server keeps: one row per game (settings, seats, where it stands) and its append-only
 * action log. A `Store` is the only way the hub touches storage, so SQLite (the embedded default)
 * and PostgreSQL stand behind the same calls. Every call is async: SQLite answers at once, a
 * network database does not.
 */
import type { Action, MatchOutcome } from '@carc/engine';
import type { GameListing, GameSettings, GameStatus, SeatKind } from '@carc/protocol';
import type { Rating } from '../ratings/glicko2.js';
import type {
  LeaderboardQuery,
  LeaderboardRow,
  PlayerGame,
  PlayerGamesQuery,
  PlayerStats,
  Versus,
} from './history.js';

export type { GameListing, GameStatus, SeatKind };

export interface SeatRow {
  kind: SeatKind;
  /** The bot's level (a bot seat, or a human seat a bot took over after a timeout). */
  level?: string;
  /** The display name; empty while a human seat is free. */
  name: string;
  /** SHA-256 of the seat's token (hex), never the token itself; absent while the seat is free. */
  tokenHash?: string;
  /** The id of the account whose seat this is (joined signed in, or claimed later); absent when anonymous. */
  account?: string;
  /** Set when a bot took over this human seat (the player ran out of time). */
  takenOver?: boolean;
  /**
   * A rematch's seat kept for the player of the old game (the hash of their old token) until
   * `reservedUntil` (ms since the epoch): nobody else may take it before.
   */
  reservedFor?: string;
  reservedUntil?: number;
}

/** The chess clocks of a game (Fischer): what each seat has left, and whose clock runs since when. */
export interface ClockState {
  remainingMs: number[];
  /** The seat whose clock runs, or -1. */
  running: number;
  /** When the running clock last started (ms since the epoch). */
  since: number;
}

export interface GameRow {
  id: string;
  createdAt: number;
  updatedAt: number;
  status: GameStatus;
  settings: GameSettings;
  /** The pile's seed (32 hex digits from node:crypto): never leaves the server before the end. */
  seed: string;
  seats: SeatRow[];
  /** Accepted actions so far (the length of the log). */
  version: number;
  /** The seat to act, or -1 (not started, or over). */
  toAct: number;
  clocks?: ClockState;
  /** How a game ended other than by its last tile: resignation, timeout, abort. */
  outcome?: MatchOutcome;
  /** Final scores once over. */
  scores?: number[];
  /** The game created as this one's rematch. */
  rematch?: string;
  /** Who created it: a hash of the address the request came from (for the per-address limits). */
  creator?: string;
  /** When an open game appears in the open list (later than its creation for a rematch holding seats). */
  listedAt: number;
  /** Every seat is a bot's (a game to watch). */
  botsOnly: boolean;
}

/** One accepted action: the log's entry number `seq` (1 for the first) in its game. */
export interface ActionRow {
  seq: number;
  player: number;
  action: Action;
  /** When it was accepted (ms since the epoch). */
  at: number;
  /** The client's message id it answered, to answer a repeat without applying it twice. */
  clientId?: string;
}

/** What changes on the game's row with an action, in the same transaction. */
export type GamePatch = Partial<
  Pick<GameRow, 'status' | 'seats' | 'version' | 'toAct' | 'clocks' | 'outcome' | 'scores' | 'rematch'>
>;

/** Thrown by `appendAction` when the (game, seq) entry already exists: another writer got there first. */
export class SequenceConflict extends Error {
  constructor(
    readonly game: string,
    readonly seq: number,
  ) {
    super(`game ${game} already has action ${seq}`);
  }
}

/** Which games `listGames` shows. */
export interface ListQuery {
  statuses: readonly GameStatus[];
  limit: number;
  /** Games skipped (paging). */
  offset: number;
  /** At most this many games of one creator (the newest), so one address cannot fill the list. */
  perCreator: number;
  /** Only games listed by then (ms since the epoch). */
  listedBy: number;
}

/** Which games `countGames` counts. */
export interface CountQuery {
  statuses: readonly GameStatus[];
  creator?: string;
  botsOnly?: boolean;
}

/** A player's account: a claimed name and how to check its password (never the password). */
export interface AccountRow {
  id: string;
  /** The name as shown. */
  name: string;
  /** The name as compared (case and width folded): unique. */
  nameKey: string;
  /** argon2id, in its PHC string form. */
  passwordHash: string;
  createdAt: number;
}

/** A signed-in browser: the hash of its cookie's token (never the token), and its CSRF token. */
export interface AuthSessionRow {
  idHash: string;
  account: string;
  csrf: string;
  createdAt: number;
}

/** Where accounts and their sign-in sessions are kept. */
export interface AccountStore {
  /** Adds an account; `name-taken` (and nothing changed) when its name key is someone's. */
  createAccount(row: AccountRow): Promise<'created' | 'name-taken'>;
  accountByKey(nameKey: string): Promise<AccountRow | undefined>;
  accountById(id: string): Promise<AccountRow | undefined>;
  createAuthSession(row: AuthSessionRow): Promise<void>;
  authSession(idHash: string): Promise<AuthSessionRow | undefined>;
  deleteAuthSession(idHash: string): Promise<void>;
  /** Ends every sign-in of an account; how many there were. */
  deleteAuthSessionsOf(account: string): Promise<number>;
  /**
   * Removes an account and everything personal of it in one transaction: its sign-ins, passkeys,
   * challenges and ratings go (its name is free again); its finished games stay, its seats named
   * "deleted" and owned by nobody (game_players rows and the games' seats). Refused, changing
   * nothing, while one of its seats is in a game open or being played. `games`: the games whose
   * seats changed (their rooms in memory are stale).
   */
  deleteAccount(id: string): Promise<{ games: string[] } | 'in-game'>;
}

/** A passkey (WebAuthn credential) of an account: its public key, never anything secret. */
export interface PasskeyRow {
  /** The credential id (base64url). */
  id: string;
  account: string;
  /** The COSE public key (base64url). */
  publicKey: string;
  /** The authenticator's signature counter, as last seen. */
  counter: number;
  transports: string[];
  createdAt: number;
  lastUsedAt?: number;
}

/** A WebAuthn challenge issued and not yet answered: used once, then gone; useless after `expiresAt`. */
export interface ChallengeRow {
  id: string;
  challenge: string;
  /** Signing up with a passkey, signing in with one, or a signed-in account adding one. */
  purpose: 'register' | 'sign-in' | 'add';
  /** The account (adding a passkey) or the id the new account will have (registering). */
  account?: string;
  /** The name being claimed (registering). */
  name?: string;
  expiresAt: number;
}

/** Passkeys and their challenges (migration 4). Implemented by both stores. */
export interface PasskeyStore {
  /** Adds an account with its first passkey in one transaction; `name-taken` changes nothing. */
  createAccountWithPasskey(account: AccountRow, passkey: PasskeyRow): Promise<'created' | 'name-taken'>;
  addPasskey(row: PasskeyRow): Promise<void>;
  passkey(id: string): Promise<PasskeyRow | undefined>;
  passkeysOf(account: string): Promise<PasskeyRow[]>;
  /** After a sign-in: the authenticator's new counter and when it was used. */
  usePasskey(id: string, counter: number, at: number): Promise<void>;
  /** Removes one of an account's passkeys; false if it has no such passkey. */
  deletePasskey(account: string, id: string): Promise<boolean>;
  saveChallenge(row: ChallengeRow): Promise<void>;
  /** The challenge, removed in the same step (a challenge answers once); undefined when unknown or expired. */
  takeChallenge(id: string, now: number): Promise<ChallengeRow | undefined>;
}

/** A player's rating in one pool (ratings/pools.ts). */
export interface RatingRow {
  account: string;
  pool: string;
  rating: number;
  deviation: number;
  volatility: number;
  /** Rated games played in the pool. */
  games: number;
  lastGameAt: number;
}

/** One player of a finished game, as history, statistics and leaderboards read it. */
export interface GamePlayerRow {
  game: string;
  seat: number;
  /** The account that held the seat; absent for an anonymous player, a bot, or a deleted account. */
  account?: string;
  /** The name shown ("deleted" once its account is deleted). */
  name: string;
  kind: SeatKind;
  level?: string;
  score: number;
  /** 1 for the best score (equal scores share a place); a forfeit ranks after everyone who did not. */
  place: number;
  /** Resigned or ran out of time. */
  forfeited: boolean;
  /** The game's expansions, sorted, comma-separated ('' for the base game). */
  expansions: string;
  players: number;
  pool: string;
  rated: boolean;
  ratingBefore?: number;
  ratingAfter?: number;
  deviationAfter?: number;
  finishedAt: number;
}

/** A finished game's player as `recordFinish` is given it: the rating fields are the store's to fill. */
export type FinishRow = Omit<GamePlayerRow, 'ratingBefore' | 'ratingAfter' | 'deviationAfter'>;

/** How a rated game moves its accounts' ratings, computed inside the store's transaction. */
export interface RatedFinish {
  pool: string;
  /**
   * The new ratings from the accounts' current ones in the pool (undefined: none yet), read under
   * lock: only the accounts in the answer are written.
   */
  rate(current: ReadonlyMap<string, Rating | undefined>): Map<string, { before: Rating; after: Rating }>;
}

/** Finished games' players and the ratings they move (migration 4). Implemented by both stores. */
export interface ResultStore {
  /**
   * Stores a finished game's players and, for a rated game, the new ratings, in one transaction;
   * the stored rows (in seat order). A game whose rows are stored already keeps them: the answer
   * is those rows, and no rating moves again.
   */
  recordFinish(game: string, rows: FinishRow[], rated?: RatedFinish): Promise<GamePlayerRow[]>;
  /** A game's stored players, in seat order (none before its end is recorded). */
  gamePlayers(game: string): Promise<GamePlayerRow[]>;
  ratingOf(account: string, pool: string): Promise<RatingRow | undefined>;
  /**
   * Seat `seat` of the game becomes `account`'s: the game's seats become `seats` and its stored
   * player row (a finished game's) gets the account, in one transaction, only while the stored seat
   * has no account; false (nothing changed) otherwise.
   */
  claimSeat(game: string, seat: number, account: string, seats: SeatRow[]): Promise<boolean>;
}

/** History, statistics, head-to-head and leaderboards (store/history.ts has their SQL). */
export interface HistoryStore {
  /** A page of an account's finished games, newest first, each with all its players; `total` fits the filter. */
  playerGames(account: string, query: PlayerGamesQuery): Promise<{ total: number; games: PlayerGame[] }>;
  playerStats(account: string): Promise<PlayerStats>;
  /** The account's results and scores in the games `opponent` played too, and the opponent's scores. */
  versus(account: string, opponent: string): Promise<Versus>;
  /** A page of a pool's active players, best first; `total` counts them all. */
  leaderboard(pool: string, query: LeaderboardQuery): Promise<{ total: number; rows: LeaderboardRow[] }>;
  ratingsOf(account: string): Promise<RatingRow[]>;
}

export interface Store extends AccountStore, PasskeyStore, ResultStore, HistoryStore {
  /** Which database this is, for logs and the health check. */
  readonly kind: 'sqlite' | 'postgres';
  createGame(row: GameRow): Promise<void>;
  getGame(id: string): Promise<GameRow | undefined>;
  /** Games with one of these statuses, newest first, a few per creator, a page of them. */
  listGames(query: ListQuery): Promise<GameListing[]>;
  /** How many games fit the query (the per-address limits). */
  countGames(query: CountQuery): Promise<number>;
  /** Open games untouched (created, joined, left) since `before`: candidates for expiry. */
  staleOpenGames(before: number): Promise<string[]>;
  /** Removes an open game still at version 0 untouched since `before`; false if it changed meanwhile. */
  deleteOpenGame(id: string, before: number): Promise<boolean>;
  /** Games being played (to re-arm clocks and resume bots after a restart). */
  playingGames(): Promise<GameRow[]>;
  /** Changes the game's row (seats joined, status…) if it is still at `expectedVersion`. */
  updateGame(id: string, patch: GamePatch, expectedVersion: number): Promise<void>;
  /**
   * Appends one action and changes the row, in one transaction: the entry is durable when this
   * resolves. A (game, seq) that exists already throws `SequenceConflict` and changes nothing.
   */
  appendAction(id: string, entry: ActionRow, patch: GamePatch): Promise<void>;
  /** The game's log from entry `fromSeq` on, in order. */
  actions(id: string, fromSeq?: number): Promise<ActionRow[]>;
  /** Is the database answering (health check)? */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** What the lobby lists of a game: never the seed nor the seats' token hashes. */
export function listing(g: GameRow): GameListing {
  return {
    id: g.id,
    createdAt: g.createdAt,
    status: g.status,
    settings: g.settings,
    seats: g.seats.map((s) => ({
      kind: s.kind,
      ...(s.level === undefined ? {} : { level: s.level }),
      name: s.name,
      taken: s.kind === 'bot' || s.tokenHash !== undefined,
    })),
    version: g.version,
  };
}

/** An account from a database row (column names as in migrations.ts; numbers may come as text). */
export function toAccount(row: unknown): AccountRow | undefined {
  if (row === undefined || row === null) return undefined;
  const r = row as Record<string, unknown>;
  return {
    id: String(r.id),
    name: String(r.name),
    nameKey: String(r.name_key),
    passwordHash: String(r.password_hash),
    createdAt: Number(r.created_at),
  };
}

export function toAuthSession(row: unknown): AuthSessionRow | undefined {
  if (row === undefined || row === null) return undefined;
  const r = row as Record<string, unknown>;
  return {
    idHash: String(r.id_hash),
    account: String(r.account),
    csrf: String(r.csrf),
    createdAt: Number(r.created_at),
  };
}

/** The game_players columns, in the order `gamePlayerValues` gives them. */
export const GAME_PLAYER_COLUMNS = [
  'game',
  'seat',
  'account',
  'name',
  'kind',
  'level',
  'score',
  'place',
  'forfeited',
  'expansions',
  'players',
  'pool',
  'rated',
  'rating_before',
  'rating_after',
  'deviation_after',
  'finished_at',
] as const;

/** A player row's values in GAME_PLAYER_COLUMNS order; `bool` writes a boolean as the database takes it. */
export function gamePlayerValues<B>(
  r: GamePlayerRow,
  bool: (b: boolean) => B,
): (string | number | null | B)[] {
  return [
    r.game,
    r.seat,
    r.account ?? null,
    r.name,
    r.kind,
    r.level ?? null,
    r.score,
    r.place,
    bool(r.forfeited),
    r.expansions,
    r.players,
    r.pool,
    bool(r.rated),
    r.ratingBefore ?? null,
    r.ratingAfter ?? null,
    r.deviationAfter ?? null,
    r.finishedAt,
  ];
}

/** A player row from the database (booleans as 0/1 on SQLite; big integers may come as text). */
export function toGamePlayer(row: unknown): GamePlayerRow {
  const r = row as Record<string, unknown>;
  const present = (v: unknown): boolean => v !== null && v !== undefined;
  const out: GamePlayerRow = {
    game: String(r.game),
    seat: Number(r.seat),
    name: String(r.name),
    kind: String(r.kind) as SeatKind,
    score: Number(r.score),
    place: Number(r.place),
    forfeited: r.forfeited === true || r.forfeited === 1,
    expansions: String(r.expansions),
    players: Number(r.players),
    pool: String(r.pool),
    rated: r.rated === true || r.rated === 1,
    finishedAt: Number(r.finished_at),
  };
  if (present(r.account)) out.account = String(r.account);
  if (present(r.level)) out.level = String(r.level);
  if (present(r.rating_before)) out.ratingBefore = Number(r.rating_before);
  if (present(r.rating_after)) out.ratingAfter = Number(r.rating_after);
  if (present(r.deviation_after)) out.deviationAfter = Number(r.deviation_after);
  return out;
}

/** A rating row from the database. */
export function toRating(row: unknown): RatingRow | undefined {
  if (row === undefined || row === null) return undefined;
  const r = row as Record<string, unknown>;
  return {
    account: String(r.account),
    pool: String(r.pool),
    rating: Number(r.rating),
    deviation: Number(r.deviation),
    volatility: Number(r.volatility),
    games: Number(r.games),
    lastGameAt: Number(r.last_game_at),
  };
}

/** A passkey's columns, in the order of `INSERT INTO passkeys (id, account, public_key, counter, transports, created_at, last_used_at)`. */
export const passkeyValues = (row: PasskeyRow): (string | number | null)[] => [
  row.id,
  row.account,
  row.publicKey,
  row.counter,
  JSON.stringify(row.transports),
  row.createdAt,
  row.lastUsedAt ?? null,
];

export function toPasskey(row: unknown): PasskeyRow | undefined {
  if (row === undefined || row === null) return undefined;
  const r = row as Record<string, unknown>;
  const transports: unknown = JSON.parse(String(r.transports));
  return {
    id: String(r.id),
    account: String(r.account),
    publicKey: String(r.public_key),
    counter: Number(r.counter),
    transports: Array.isArray(transports) ? transports.map(String) : [],
    createdAt: Number(r.created_at),
    ...(r.last_used_at === null || r.last_used_at === undefined
      ? {}
      : { lastUsedAt: Number(r.last_used_at) }),
  };
}

/** A challenge's columns, in the order of `INSERT INTO auth_challenges (id, challenge, purpose, account, name, expires_at)`. */
export const challengeValues = (row: ChallengeRow): (string | number | null)[] => [
  row.id,
  row.challenge,
  row.purpose,
  row.account ?? null,
  row.name ?? null,
  row.expiresAt,
];

export function toChallenge(row: unknown): ChallengeRow | undefined {
  if (row === undefined || row === null) return undefined;
  const r = row as Record<string, unknown>;
  const purpose = String(r.purpose);
  if (purpose !== 'register' && purpose !== 'sign-in' && purpose !== 'add') return undefined;
  return {
    id: String(r.id),
    challenge: String(r.challenge),
    purpose,
    ...(r.account === null || r.account === undefined ? {} : { account: String(r.account) }),
    ...(r.name === null || r.name === undefined ? {} : { name: String(r.name) }),
    expiresAt: Number(r.expires_at),
  };
}
