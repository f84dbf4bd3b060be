/**
 * Fischer clocks as plain data (`ClockState`, stored with the game): the seat to act spends its own
 * time; when its turn passes to another seat it gains the increment. Only human seats' clocks run:
 * a bot has its thinking budget instead.
 */
import type { ClockSettings } from '@carc/protocol';
import type { ClockState } from '../store/store.js';

/** The clocks at the start: everyone has the initial time; `running` (the first to act) starts now. */
export function startClocks(
  settings: ClockSettings,
  seats: number,
  running: number,
  now: number,
): ClockState {
  return { remainingMs: Array.from({ length: seats }, () => settings.initialMs), running, since: now };
}

/** What the running seat has left at `now` (can be ≤ 0: its time is up). */
export function leftNow(c: ClockState, now: number): number {
  return c.running < 0 ? Infinity : (c.remainingMs[c.running] ?? 0) - (now - c.since);
}

/**
 * The clocks after `actor` acted at `now`: its time spent is taken off, and if the next seat to
 * act (`next`, −1 when the game is over or a bot is to act) is another, it gains the increment.
 */
export function afterAction(
  c: ClockState,
  settings: ClockSettings,
  actor: number,
  next: number,
  now: number,
): ClockState {
  const remainingMs = [...c.remainingMs];
  if (c.running === actor) remainingMs[actor] = Math.max(0, (remainingMs[actor] ?? 0) - (now - c.since));
  if (next !== actor && c.running === actor)
    remainingMs[actor] = (remainingMs[actor] ?? 0) + settings.incrementMs;
  return { remainingMs, running: next, since: now };
}

/** The clocks as sent to clients: what each seat has left at `now`, and whose runs. */
export function clocksAt(c: ClockState, now: number): { remainingMs: number[]; running: number } {
  const remainingMs = [...c.remainingMs];
  if (c.running >= 0) remainingMs[c.running] = Math.max(0, leftNow(c, now));
  return { remainingMs, running: c.running };
}
