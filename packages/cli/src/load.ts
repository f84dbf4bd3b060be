/** Reading and replaying a record file, with every failure turned into a one-line CliError. */
import type { GameRecord, RecordError, Replay } from '@carc/engine';
import { parseRecord, replayRecord } from '@carc/engine';
import type { Io } from './io.js';
import { CliError, fileErrorMessage } from './io.js';

/** Reads and validates a record file. Throws CliError (exit code 2) when it cannot. */
export function loadRecord(file: string, io: Io): GameRecord {
  let text: string;
  try {
    text = io.readFile(file);
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${fileErrorMessage(e)}`);
  }
  const parsed = parseRecord(text);
  if (!parsed.ok) throw new CliError(recordErrorMessage(file, parsed.error));
  return parsed.value;
}

/** Replays a record (checking expectations when asked). Throws CliError (exit code 2) on an illegal action. */
export function replay(file: string, rec: GameRecord, check = false): Replay {
  const r = replayRecord(rec, check);
  if (!r.ok) throw new CliError(recordErrorMessage(file, r.error, rec));
  return r.value;
}

/** `file: where: what`, one line, for any record error. */
export function recordErrorMessage(file: string, e: RecordError, rec?: GameRecord): string {
  const reason = e.message.startsWith(`${e.path}: `) ? e.message.slice(e.path.length + 2) : e.message;
  switch (e.code) {
    case 'record/syntax': {
      // The engine's path reads "line L, column C (parser message)".
      const m = /^line (\d+), column (\d+)(?: \((.*)\))?$/s.exec(e.path);
      if (!m) return `${file}: not valid JSON: ${e.path}`;
      const detail = (m[3] ?? '').replace(/ in JSON at position \d+.*$/s, '').replace(/\s+/g, ' ');
      return `${file}:${m[1]}:${m[2]}: not valid JSON${detail ? ` (${detail})` : ''}`;
    }
    case 'record/invalid':
      return `${file}: invalid record: ${e.path}: ${reason}`;
    case 'record/setup':
      return `${file}: invalid game setup: ${e.path}: ${reason}`;
    case 'record/illegal-action': {
      const i = /^actions\[(\d+)\]$/.exec(e.path);
      const step = i && rec ? rec.actions[Number(i[1])] : undefined;
      const what = step ? ` ${JSON.stringify({ player: step.player, ...step.action })}` : '';
      return `${file}: ${e.path}: illegal action${what}: ${reason}`;
    }
    case 'record/mismatch':
      return `${file}: ${e.path}: ${reason}`;
  }
}
