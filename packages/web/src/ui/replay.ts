/**
 * A record replayed for viewing: checked with the engine (replayRecord), then replayed again one
 * action at a time with events on, keeping every step (as a match reports it) and the spectator's
 * view after each version.
 */
import type { GameRecord, GameView, MatchStep } from '@carc/engine';
import { createGame, parseRecord, readRecord, recordConfig, replayRecord, viewOf } from '@carc/engine';

export interface Replayed {
  record: GameRecord;
  names: string[];
  steps: MatchStep[];
  /** views[v]: what a spectator saw at version v (0: before the first action). */
  views: GameView[];
}

/** A record refused: the engine's code (`record/syntax`…) and its words (for developers: English). */
export type ReplayResult = { ok: true; value: Replayed } | { ok: false; code: string; message: string };

const failed = (e: { code: string; message: string }): ReplayResult => ({
  ok: false,
  code: e.code,
  message: e.message,
});

/** Replays a record, given as JSON text or as the parsed object. */
export function replay(input: string | unknown): ReplayResult {
  const rec = typeof input === 'string' ? parseRecord(input) : readRecord(input);
  if (!rec.ok) return failed(rec.error);
  const checked = replayRecord(rec.value);
  if (!checked.ok) return failed(checked.error);
  const created = createGame({ ...recordConfig(rec.value), recordEvents: true });
  if (!created.ok) return failed(created.error);
  const game = created.value;
  const steps: MatchStep[] = [];
  const views: GameView[] = [viewOf(game, -1)];
  for (const [i, a] of rec.value.actions.entries()) {
    const before = game.events.length;
    const r = game.apply(a.action, a.player);
    if (!r.ok) return failed({ code: r.error.code, message: `actions[${i}]: ${r.error.message}` });
    steps.push({ version: i + 1, player: a.player, action: a.action, events: game.events.slice(before) });
    views.push(viewOf(game, -1));
  }
  return { ok: true, value: { record: rec.value, names: [...rec.value.players], steps, views } };
}

/** Each player's score at every version: series[p][v]. */
export function scoreSeries(game: Pick<Replayed, 'names' | 'views'>): number[][] {
  return game.names.map((_, p) => game.views.map((v) => v.scores[p] ?? 0));
}

/**
 * The versions at which a player's turns begin: v shows the board after step v, so a turn's first
 * step (a step of theirs after someone else's, or the game's first) is where it can be seen made.
 */
export function turnVersions(steps: readonly Pick<MatchStep, 'player'>[], player: number): number[] {
  const out: number[] = [];
  steps.forEach((s, i) => {
    if (s.player === player && (i === 0 || steps[i - 1]?.player !== player)) out.push(i + 1);
  });
  return out;
}

/** The version of the player's next turn after `version` (or before it, going back), if any. */
export function jumpToTurn(
  steps: readonly Pick<MatchStep, 'player'>[],
  player: number,
  version: number,
  direction: 'next' | 'previous',
): number | undefined {
  const turns = turnVersions(steps, player);
  return direction === 'next' ? turns.find((v) => v > version) : turns.filter((v) => v < version).pop();
}

/** The player whose step version `version` shows (undefined at the start). */
export const playerAt = (steps: readonly Pick<MatchStep, 'player'>[], version: number): number | undefined =>
  version === 0 ? undefined : steps[version - 1]?.player;

/** Autoplay speeds, as multiples of one move a second. */
export const REPLAY_SPEEDS = [0.5, 1, 2, 4] as const;
