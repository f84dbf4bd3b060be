/**
 * Runs every scenario in fixtures/scenarios: each is a game record (docs/record-format.md) with a
 * `name`, the `rules` it covers, and embedded expectations that must all hold. File names start with
 * the rule ids they cover, so that none can go stale unnoticed.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseRecord, replayRecord } from '@carc/engine';

const dir = join(import.meta.dirname, '..', 'fixtures', 'scenarios');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const rulesOf = (file: string): string[] =>
  (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { rules?: string[] }).rules ?? [];

describe('scenarios', () => {
  test('there are scenarios for every base rule B-1..B-10 that play can show', () => {
    const covered = new Set(files.flatMap(rulesOf));
    for (const id of ['B-4', 'B-5', 'B-6', 'B-7', 'B-8', 'B-9']) expect(covered, id).toContain(id);
  });

  test.each(files)('%s', (file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const parsed = parseRecord(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const raw = JSON.parse(text) as { name?: string; rules?: string[] };
    expect(raw.name, 'a scenario has a name').toBeTypeOf('string');
    const rules = raw.rules ?? [];
    expect(rules.length, 'a scenario names its rules').toBeGreaterThan(0);
    expect(file.startsWith(`${rules[0]}-`), 'the file name starts with its first rule id').toBe(true);
    const replay = replayRecord(parsed.value, true);
    if (!replay.ok) throw new Error(replay.error.message);
    expect(replay.value.mismatches.map((m) => m.message)).toEqual([]);
    const expectations = [parsed.value.expect, ...parsed.value.actions.map((a) => a.expect)].filter(Boolean);
    expect(expectations.length, 'a scenario checks something').toBeGreaterThan(0);
  });
});
