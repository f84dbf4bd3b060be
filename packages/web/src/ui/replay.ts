/**
 * A record replayed for viewing: checked with the engine (replayRecord), then replayed again one
 * action at a time with events on, keeping every step (as a match reports it) and the spectator's
 * view after each version.
 */
import type { GameRecord, GameView, MatchStep, RecordError } from '@carc/engine';
import { createGame, parseRecord, readRecord, recordConfig, replayRecord, viewOf } from '@carc/engine';

export interface Replayed {
  record: GameRecord;
  names: string[];
  steps: MatchStep[];
  /** views[v]: what a spectator saw at version v (0: before the first action). */
  views: GameView[];
}

export type ReplayResult = { ok: true; value: Replayed } | { ok: false; message: string };

const failed = (e: RecordError): ReplayResult => ({ ok: false, message: e.message });

/** Replays a record, given as JSON text or as the parsed object. */
export function replay(input: string | unknown): ReplayResult {
  const rec = typeof input === 'string' ? parseRecord(input) : readRecord(input);
  if (!rec.ok) return failed(rec.error);
  const checked = replayRecord(rec.value);
  if (!checked.ok) return failed(checked.error);
  const created = createGame({ ...recordConfig(rec.value), recordEvents: true });
  if (!created.ok) return { ok: false, message: created.error.message };
  const game = created.value;
  const steps: MatchStep[] = [];
  const views: GameView[] = [viewOf(game, -1)];
  for (const [i, a] of rec.value.actions.entries()) {
    const before = game.events.length;
    const r = game.apply(a.action, a.player);
    if (!r.ok) return { ok: false, message: `actions[${i}]: ${r.error.message}` };
    steps.push({ version: i + 1, player: a.player, action: a.action, events: game.events.slice(before) });
    views.push(viewOf(game, -1));
  }
  return { ok: true, value: { record: rec.value, names: [...rec.value.players], steps, views } };
}
