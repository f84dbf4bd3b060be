/**
 * A game's settings as the lobby takes them (expansions, options, preset, seats, clock), checked by
 * a schema for shape and by the engine for meaning, and turned into the engine's GameConfig.
 */
import type { GameConfig, Result } from '@carc/engine';
import { BUILTIN, EXPANSION_IDS, MAX_PLAYERS, MIN_PLAYERS, err, ok } from '@carc/engine';
import { BOT_NAMES } from '@carc/bots';
import { z } from 'zod';

export const seatSpecSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('human') }),
  z.strictObject({ kind: z.literal('bot'), level: z.enum(BOT_NAMES) }),
]);

/** Fischer clock: `initialMs` each, plus `incrementMs` after each of a player's turns. */
export const clockSchema = z.strictObject({
  initialMs: z
    .number()
    .int()
    .min(1_000)
    .max(24 * 3_600_000),
  incrementMs: z.number().int().min(0).max(3_600_000),
  /** What happens when a player's time runs out: a bot takes the seat over, or the player forfeits. */
  onTimeout: z.enum(['bot', 'forfeit']),
});

export const gameSettingsSchema = z.strictObject({
  expansions: z
    .array(z.enum(EXPANSION_IDS as [string, ...string[]]))
    .max(8)
    .default([]),
  /** Option values by option id (`carcassonne options`), over the preset's. */
  options: z.record(z.string().max(64), z.union([z.string().max(64), z.number()])).default({}),
  preset: z.string().max(32).optional(),
  /** 2 to 6 seats: the engine plays a lone player too (tools, tests), a server game needs two. */
  seats: z.array(seatSpecSchema).min(Math.max(2, MIN_PLAYERS)).max(MAX_PLAYERS),
  clock: clockSchema.optional(),
  /**
   * A rated game: every human seat is taken by a signed-in account, and the result moves their
   * ratings in the game's pool (bots play at their fixed ratings). Absent or false: casual.
   */
  rated: z.boolean().optional(),
});

export type GameSettings = z.infer<typeof gameSettingsSchema>;
export type SeatSpec = z.infer<typeof seatSpecSchema>;
export type ClockSettings = z.infer<typeof clockSchema>;

export interface SettingsError {
  code: 'lobby/invalid-settings';
  path: string;
  message: string;
}

/** The engine configuration for these settings and seed, or why the engine refuses them. */
export function gameConfig(settings: GameSettings, seed: string): Result<GameConfig, SettingsError> {
  const options = BUILTIN.parseOptions(settings.options, 'options', settings.preset);
  if (!options.ok) {
    return err({ code: 'lobby/invalid-settings', path: options.error.path, message: options.error.message });
  }
  for (const id of settings.expansions) {
    if (settings.expansions.indexOf(id) !== settings.expansions.lastIndexOf(id)) {
      return err({ code: 'lobby/invalid-settings', path: 'expansions', message: `expansions: ${id} twice` });
    }
  }
  return ok({
    players: settings.seats.length,
    expansions: settings.expansions,
    options: options.value,
    seed,
    recordEvents: true,
  });
}
