/** `carcassonne replay`: final state report, --check, and one-line errors with exit code 2 (B-7, B-9). */
import { parseRecord, replayRecord } from '@carc/engine';
import { describe, expect, it } from 'vitest';
import { countExpectations, replayReport, runReplay } from '../src/commands/replay.js';
import { CliError } from '../src/io.js';
import { formatJson } from '../src/json.js';
import { run } from '../src/program.js';
import { fixture, memoryIo, readFixture } from './helpers.js';

/** Runs runReplay and returns the exit code, or the CliError it threw. */
function replayCode(
  file: string,
  opts: { check?: boolean; quiet?: boolean },
  files: Record<string, string> = {},
) {
  const io = memoryIo(files);
  try {
    return { code: runReplay(file, opts, io), io, error: undefined };
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    return { code: e.exitCode, io, error: e.message };
  }
}

describe('replay report', () => {
  it('prints the final state of a small game as JSON (B-7: a completed two-tile city scores 4)', () => {
    const { code, io } = replayCode(fixture('small-city.json'), {});
    expect(code).toBe(0);
    expect(io.stderr).toBe('');
    const report = JSON.parse(io.stdout);
    expect(report.players).toEqual(['Ann', 'Bob']);
    expect(report.scores).toEqual([4, 0]);
    expect(report.phase).toBe('place');
    expect(report.toAct).toBe(1);
    expect(report.drawnTile).toBe('BA/RFr');
    expect(report.meeples).toEqual({ supply: [7, 7], board: [] });
    expect(report.tilesLeft).toEqual({ size: 0, counts: {} });
    expect(report.scoreEvents).toHaveLength(1);
    expect(report.scoreEvents[0]).toMatchObject({
      rule: 'B-7',
      kind: 'city',
      complete: true,
      tiles: 2,
      players: [0],
      points: 4,
    });
    expect(report.scoreEvents[0].type).toBeUndefined();
    expect(report.tiles).toEqual([
      { tile: 'BA/RCr', x: 0, y: 0, rotation: 0 },
      { tile: 'BA/C', x: 0, y: -1, rotation: 180 },
    ]);
    expect(report.legalActions.length).toBeGreaterThan(0);
    expect(report.legalActions.every((a: { type: string }) => a.type === 'place')).toBe(true);
  });

  it('reports meeples on the board, score events and the bag of a longer game', () => {
    const rec = parseRecord(readFixture('base-40-tiles.json'));
    if (!rec.ok) throw new Error(rec.error.message);
    const r = replayRecord(rec.value);
    if (!r.ok) throw new Error(r.error.message);
    const report = replayReport(rec.value, r.value.game);
    expect(report.tiles).toHaveLength(41);
    expect(report.meeples.board.length).toBeGreaterThan(0);
    expect(report.meeples.board.length + report.meeples.supply.reduce((a, b) => a + b, 0)).toBe(4 * 7);
    expect(report.tilesLeft.size).toBe(Object.values(report.tilesLeft.counts).reduce((a, b) => a + b, 0));
    expect(report.tilesLeft.size + 40 + 1).toBeLessThanOrEqual(72);
    const total = report.scoreEvents.reduce((s, e) => s + e.points * e.players.length, 0);
    expect(total).toBe(report.scores.reduce((a, b) => a + b, 0));
    expect(report.winners).toBeUndefined();
  });

  it('lists the winners once the game is over', () => {
    const text = readFixture('small-city.json');
    const rec = JSON.parse(text);
    rec.draws = ['BA/C'];
    rec.expect = { phase: 'over', scores: [4, 0] };
    const { code, io } = replayCode(
      '/virtual/over.json',
      { check: true },
      { '/virtual/over.json': JSON.stringify(rec) },
    );
    expect(code).toBe(0);
    const report = JSON.parse(io.stdout);
    expect(report.phase).toBe('over');
    expect(report.toAct).toBe(-1);
    expect(report.winners).toEqual([0]);
    expect(report.legalActions).toEqual([]);
  });

  it('counts every embedded expectation', () => {
    const rec = parseRecord(readFixture('mismatch.json'));
    if (!rec.ok) throw new Error(rec.error.message);
    expect(countExpectations(rec.value)).toBe(4);
  });
});

describe('replay --check', () => {
  it('exits 0 and says how many expectations held', () => {
    const { code, io } = replayCode(fixture('small-city.json'), { check: true, quiet: true });
    expect(code).toBe(0);
    expect(io.stdout).toBe('');
    expect(io.stderr).toMatch(/^ok: 5 expectations checked \(.*small-city\.json\)\n$/);
  });

  it('holds for the longer fixtures too', () => {
    for (const f of ['base-40-tiles.json', 'triangles.json']) {
      const { code, io } = replayCode(fixture(f), { check: true, quiet: true });
      expect(code, io.stderr).toBe(0);
      expect(io.stderr).toMatch(/^ok: 6 expectations checked/);
    }
  });

  it('exits 1 and prints each mismatch with its path, expected and actual values', () => {
    const { code, io } = replayCode(fixture('mismatch.json'), { check: true });
    expect(code).toBe(1);
    const lines = io.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/mismatch\.json: actions\[0\]\.expect\.placementCount: expected 99, got \d+$/);
    expect(lines[1]).toMatch(/mismatch\.json: expect\.scores: expected \[2,0\], got \[4,0\]$/);
    expect(lines[2]).toMatch(/^FAILED: 2 of 4 expectations did not hold/);
    // The state is still printed.
    expect(JSON.parse(io.stdout).scores).toEqual([4, 0]);
  });

  it('ignores expectations without --check', () => {
    expect(replayCode(fixture('mismatch.json'), {}).code).toBe(0);
  });
});

describe('replay errors: one line, exit code 2', () => {
  it('names a missing file', () => {
    const r = replayCode('/no/such/record.json', {});
    expect(r.code).toBe(2);
    expect(r.error).toBe('cannot read /no/such/record.json: no such file or directory');
  });

  it('gives line and column of a JSON syntax error', () => {
    const text = '{\n  "format": "carcassonne-record",\n  "version": 1\n  "players": []\n}\n';
    const r = replayCode('bad.json', {}, { 'bad.json': text });
    expect(r.code).toBe(2);
    expect(r.error).toMatch(/^bad\.json:4:3: not valid JSON/);
    expect(r.error).not.toContain('\n');
  });

  it('gives the true place of an unexpected token, and reads a record after a byte-order mark', () => {
    const text = '{\n  "format": "carcassonne-record",\n  "version": 1,\n  "players": ["A", B]\n}\n';
    const r = replayCode('bad.json', {}, { 'bad.json': text });
    expect(r.code).toBe(2);
    expect(r.error).toBe("bad.json:4:20: not valid JSON (Unexpected token 'B')");
    const ok = replayCode('bom.json', {}, { 'bom.json': '\ufeff' + readFixture('small-city.json') });
    expect(ok.code).toBe(0);
  });

  it('gives the path of invalid content', () => {
    const r = replayCode(fixture('invalid-rotation.json'), {});
    expect(r.code).toBe(2);
    expect(r.error).toMatch(
      /invalid-rotation\.json: invalid record: actions\[0\]\.rotation: must be 0, 90, 180 or 270$/,
    );
  });

  it('gives the index, the action and the rule of an illegal action (B-4)', () => {
    const r = replayCode(fixture('illegal-action.json'), {});
    expect(r.code).toBe(2);
    expect(r.error).toContain('illegal-action.json: actions[0]: illegal action');
    expect(r.error).toContain('"type":"place"');
    expect(r.error).toContain('tile/edge-mismatch (B-4)');
  });

  it('refuses an action by the wrong player (B-3)', () => {
    const r = replayCode(fixture('not-your-turn.json'), {});
    expect(r.code).toBe(2);
    expect(r.error).toMatch(/actions\[1\]: illegal action .*turn\/not-your-turn \(B-3\)/);
  });

  it('reports setup errors such as an unknown tile id', () => {
    const rec = JSON.parse(readFixture('small-city.json'));
    rec.draws = ['BA/NOPE'];
    const r = replayCode('x.json', {}, { 'x.json': JSON.stringify(rec) });
    expect(r.code).toBe(2);
    expect(r.error).toBe('x.json: invalid game setup: draws[0]: unknown tile id "BA/NOPE"');
  });

  it('prints "error: …" without a stack trace through the program', async () => {
    const io = memoryIo({ 'bad.json': '{"format": ' });
    expect(await run(['replay', 'bad.json'], io)).toBe(2);
    expect(io.stderr).toMatch(/^error: bad\.json:1:\d+: not valid JSON/);
    expect(io.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(io.stderr).not.toMatch(/\bat .*\.(js|ts):\d+/);
  });
});

describe('formatJson', () => {
  it('keeps short values on one line and stays valid JSON', () => {
    const value = { a: [1, 2, 3], b: { c: 'x' }, long: Array.from({ length: 40 }, (_, i) => ({ i })) };
    const text = formatJson(value, 60);
    expect(JSON.parse(text)).toEqual(value);
    expect(text).toContain('"a": [1, 2, 3]');
    expect(text).toContain('    { "i": 0 },');
    expect(text.split('\n').every((l) => l.length <= 60)).toBe(true);
  });
});
