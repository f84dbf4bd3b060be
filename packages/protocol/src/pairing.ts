/**
 * Quick pairing (docs/protocol.md, "Quick pairing"): the messages of the socket at `/ws/pairing`
 * and the public list of open seeks. A client says what game it wants (`seek`), is told it waits
 * (`seeking`), and is sent its seat (`paired`) as soon as enough players want the same game and
 * accept one another's ratings; then the server closes the socket and the client plays over `/ws`.
 */
import { z } from 'zod';
import { MAX_PLAYERS } from '@carc/engine';
import { clockSchema, gameSettingsSchema } from './settings.js';
import type { ClockSettings } from './settings.js';
import { playerName } from './names.js';

/** Options a seek may name at most (the engine has fewer). */
const MAX_SEEK_OPTIONS = 32;

/** The game a seek wants: the settings of a game, with a player count instead of seats (all human). */
export const seekSettingsSchema = z.strictObject({
  expansions: gameSettingsSchema.shape.expansions,
  options: gameSettingsSchema.shape.options.refine((o) => Object.keys(o).length <= MAX_SEEK_OPTIONS, {
    message: `at most ${MAX_SEEK_OPTIONS} options`,
  }),
  preset: gameSettingsSchema.shape.preset,
  players: z.number().int().min(2).max(MAX_PLAYERS),
  clock: clockSchema.optional(),
  /** Rated: only for a signed-in player, paired with signed-in players only. */
  rated: z.boolean(),
});

export type SeekSettings = z.infer<typeof seekSettingsSchema>;

/** The rating range a seek accepts at first, around its own rating (null: anyone). */
export const MIN_SEEK_RANGE = 50;
export const MAX_SEEK_RANGE = 1000;

// ---- client to server ----

export const pairingClientMessage = z.discriminatedUnion('type', [
  /** Wait for a game like this (replacing this socket's earlier seek). */
  z.strictObject({
    type: z.literal('seek'),
    settings: seekSettingsSchema,
    range: z.number().int().min(MIN_SEEK_RANGE).max(MAX_SEEK_RANGE).nullable(),
    /** The name to play under: needed without a sign-in; a signed-in player plays under their account's. */
    name: playerName.optional(),
  }),
  /** Leave the queue (the socket stays open: it may seek again). */
  z.strictObject({ type: z.literal('unseek') }),
  z.strictObject({ type: z.literal('ping') }),
]);

export type PairingClientMessage = z.infer<typeof pairingClientMessage>;

// ---- server to client ----

export type PairingServerMessage =
  /** The seek waits in the queue since `since` (ms); `rating`: the seeker's, for a signed-in player. */
  | { type: 'seeking'; since: number; rating?: number; range: number | null }
  /** A seat of a new game: attach to it over `/ws` with the token. The server closes this socket next. */
  | { type: 'paired'; game: string; seat: number; token: string }
  | { type: 'error'; code: string; message: string; path?: string }
  | { type: 'pong' };

/** An open seek as `GET /api/seeks` lists it: never a token nor an account's id. */
export interface SeekListing {
  id: string;
  name: string;
  /** A signed-in seeker's rating in the game's pool, and whether it is provisional. */
  rating?: number;
  provisional?: boolean;
  settings: {
    expansions: string[];
    options: Record<string, string | number>;
    preset?: string;
    players: number;
    clock?: ClockSettings;
    rated: boolean;
  };
  range: number | null;
  since: number;
}
