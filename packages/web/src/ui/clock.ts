/** Clocks as the server reports them (ClockInfo), counted down locally between messages. */
import type { ClockInfo } from '@carc/protocol';

/** What seat `seat` has left `elapsedMs` after the clocks were sent (only the running clock runs). */
export function remainingMs(clocks: ClockInfo, seat: number, elapsedMs: number): number {
  const at = clocks.remainingMs[seat] ?? 0;
  return Math.max(0, seat === clocks.running ? at - Math.max(0, elapsedMs) : at);
}

const tenths = new Map<string, Intl.NumberFormat>();

/** "4:05", "1:02:03", "0:09.4" under ten seconds ("0:09,4" in a language writing a decimal comma). */
export function formatClock(ms: number, locale = 'en'): string {
  const t = Math.max(0, ms);
  if (t < 10_000) {
    let f = tenths.get(locale);
    if (f === undefined) {
      f = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
      tenths.set(locale, f);
    }
    return `0:0${f.format(Math.floor(t / 100) / 10)}`;
  }
  const s = Math.floor(t / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
