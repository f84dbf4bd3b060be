/**
 * The wire protocol (docs/protocol.md): the schemas every HTTP body and WebSocket message is
 * checked against, and the messages a server (or the browser's own table) sends. An action's own
 * fields are checked by the engine (its checked door), which names the field and rule; here only
 * the envelope.
 */
import type { DecisionHints, GameView, MatchResult, MatchStatus, MatchStep } from '@carc/engine';
import { z } from 'zod';
import type { GameSettings } from './settings.js';
import { gameSettingsSchema } from './settings.js';
import { playerName } from './names.js';
import type { ObjectPatch } from './delta.js';
import type { PackedStep } from './step.js';

/**
 * The protocol's version, given in `hello`. Version 2 sends a change of the view after each action
 * (`step`) instead of the whole view; a client that does not say 2 is refused (`protocol/outdated`).
 */
export const PROTOCOL_VERSION = 2;

/** Where a game stands: `open` until every human seat is taken, then the match's status. */
export type GameStatus = 'open' | MatchStatus;

export type SeatKind = 'human' | 'bot';

/** A game as the lobby lists it. */
export interface GameListing {
  id: string;
  createdAt: number;
  status: GameStatus;
  settings: GameSettings;
  seats: { kind: SeatKind; level?: string; name: string; taken: boolean }[];
  version: number;
}

/** A game as `GET /api/games/:id` shows it. */
export type GameSummary = GameListing & { players: PlayerInfo[]; rematch?: string };

/** Largest WebSocket frame a client may send (bytes); larger ones close the socket (1009). */
export const MAX_FRAME_BYTES = 16 * 1024;
/** Largest HTTP body (bytes). */
export const MAX_BODY_BYTES = 16 * 1024;

const name = playerName;
const gameId = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'a game id');
const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a seat token (43 URL-safe characters)');
const clientId = z.string().min(1).max(64);
const version = z.number().int().min(0);

// ---- HTTP (lobby) ----

export const createGameBody = z.strictObject({
  settings: gameSettingsSchema,
  /** Take the first free human seat under this name (the answer then carries the token). */
  join: z.strictObject({ name }).optional(),
});

export const joinBody = z.strictObject({
  name,
  /** A particular free seat; default the first free human seat. */
  seat: z.number().int().min(0).max(5).optional(),
});

export const tokenBody = z.strictObject({ token });

export const listQuery = z.strictObject({
  status: z.enum(['open', 'playing', 'over']).default('open'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Games to skip: the next page starts at the last one's `offset + limit`. */
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

// ---- WebSocket, client to server ----

export const actionSchema = z.looseObject({ type: z.string().min(1).max(32) });

export const clientMessage = z.discriminatedUnion('type', [
  /** The first message: which game, as which seat (its token) or as a spectator (no token). */
  z.strictObject({
    type: z.literal('hello'),
    game: gameId,
    token: token.optional(),
    since: version.optional(),
    /** The protocol version the client speaks (absent: version 1, refused). */
    protocol: z.number().int().min(1).max(1000).optional(),
  }),
  /** The client's copy of its view went wrong (its digest differs): the whole view again, please. */
  z.strictObject({ type: z.literal('resync') }),
  /** An action, based on version `version`; `id` is the client's, unique per seat. */
  z.strictObject({ type: z.literal('act'), id: clientId, version, action: actionSchema }),
  z.strictObject({ type: z.literal('resign'), id: clientId }),
  z.strictObject({ type: z.literal('ping') }),
]);

export type ClientMessage = z.infer<typeof clientMessage>;

// ---- WebSocket, server to client ----

export interface PlayerInfo {
  seat: number;
  name: string;
  kind: SeatKind;
  level?: string;
  /** A bot took this seat over (its player ran out of time). */
  takenOver?: boolean;
  /** Someone holds this seat's connection now. */
  connected: boolean;
  /** The seat's rating in the game's pool, for a rated game's signed-in player or bot. */
  rating?: { value: number; provisional: boolean };
}

/** How one seat's rating moved with a rated game's result. */
export interface RatingChange {
  seat: number;
  before: number;
  after: number;
  /** The deviation after the game (how sure the new rating is). */
  deviation: number;
  provisional: boolean;
}

/** A rated game's rating changes, in its pool (ratings/pools.ts on the server). */
export interface RatedResult {
  pool: string;
  changes: RatingChange[];
}

export interface ClockInfo {
  /** What each seat has left (ms), as of when the message was sent. */
  remainingMs: number[];
  /** The seat whose clock runs, or -1. */
  running: number;
  incrementMs: number;
}

export type ServerMessage =
  | {
      type: 'welcome';
      game: string;
      /** Your seat, or null for a spectator. */
      seat: number | null;
      status: GameStatus;
      version: number;
      players: PlayerInfo[];
      /** What you see now; absent while the game waits for players. */
      view?: GameView;
      /** What a board needs to draw your decision (your placements and targets when you are to act). */
      hints?: DecisionHints;
      /** The steps after the `since` of your hello, when you gave one and they are few enough. */
      steps?: MatchStep[];
      clocks?: ClockInfo;
      result?: MatchResult;
      /** A rated game that is over: how the ratings moved. */
      rated?: RatedResult;
    }
  | StepMessage
  | { type: 'ack'; id: string; version: number }
  | {
      type: 'error';
      /** The client message id this answers, when it had one. */
      id?: string;
      code: string;
      message: string;
      version?: number;
      /** For a refusal by the rules: the engine's code and rule id. */
      rule?: { code: string; rule?: string };
    }
  | { type: 'presence'; players: PlayerInfo[] }
  | { type: 'ended'; version: number; status: MatchStatus; result: MatchResult }
  | { type: 'rematch'; game: string }
  /** A rated game's ratings moved (sent once, after its end; `welcome` carries it afterwards). */
  | ({ type: 'rated' } & RatedResult)
  | { type: 'pong' };

/**
 * One accepted action, as each socket is sent it (one frame): the step, how that viewer's view and
 * hints changed (`state.ts`: the hints' actions point into the view's legal actions, so a decision
 * is not sent twice), and for the socket that sent the action its id (`ack`). The hints of a
 * decision reach only whoever makes it. `digest`, now and then: the fingerprint of the viewer's
 * state after the change (`delta.ts`), for the client to check its copy against.
 */
export interface StepMessage {
  type: 'step';
  /** The action's step (its events' echoes of the action left out: step.ts); `version` is the one it made. */
  step: PackedStep;
  change?: ObjectPatch;
  /** How the match stands, when it is no longer being played. */
  status?: MatchStatus;
  ack?: string;
  digest?: string;
  clocks?: ClockInfo;
  result?: MatchResult;
}

/** An action's outcome with the viewer's whole view, as a client rebuilds it from a `step`. */
export interface UpdateMessage {
  type: 'update';
  version: number;
  step: MatchStep;
  view: GameView;
  hints: DecisionHints;
  status: MatchStatus;
  clocks?: ClockInfo;
  result?: MatchResult;
}

/** What a client's screens read: the server's messages, each `step` made an `ack` and an `update`. */
export type ViewerMessage = Exclude<ServerMessage, StepMessage> | UpdateMessage;

/** "where: what" for the first problem zod found, e.g. `action.version: expected number`. */
export function describeIssue(error: z.ZodError, prefix = ''): { path: string; message: string } {
  const issue = error.issues[0];
  if (issue === undefined) return { path: prefix, message: 'invalid' };
  const path = [prefix, ...issue.path.map(String)].filter((s) => s !== '').join('.');
  return { path, message: `${path === '' ? 'message' : path}: ${issue.message}` };
}
