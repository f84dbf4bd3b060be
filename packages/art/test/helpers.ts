/** Test helpers: game records from the fixtures, replayed. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Game, GameRecord } from '@carc/engine';
import { parseRecord, replayRecord } from '@carc/engine';

/** Records of this package's tests; those the CLI's tests share live in packages/cli/test/fixtures. */
const SHARED = new Set(['base-40-tiles.json', 'triangles.json']);

export const fixture = (name: string): string =>
  fileURLToPath(
    new URL(SHARED.has(name) ? `../../cli/test/fixtures/${name}` : `./fixtures/${name}`, import.meta.url),
  );
export const readFixture = (name: string): string => readFileSync(fixture(name), 'utf8');

/** A fixture record replayed to its end. */
export function replayFixture(name: string): { rec: GameRecord; game: Game } {
  const rec = parseRecord(readFixture(name));
  if (!rec.ok) throw new Error(rec.error.message);
  const r = replayRecord(rec.value);
  if (!r.ok) throw new Error(r.error.message);
  return { rec: rec.value, game: r.value.game };
}
