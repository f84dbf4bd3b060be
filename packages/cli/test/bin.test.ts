/**
 * The built `carcassonne` binary: exit codes of replay --check (0 ok, 1 mismatch, 2 malformed), help,
 * version, and signals.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from './helpers.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = join(root, 'packages/cli/dist/main.js');
let tmp = '';

const carcassonne = (...args: string[]) => {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', cwd: root });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

beforeAll(() => {
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '-b', 'packages/engine', 'packages/cli'],
    {
      cwd: root,
      stdio: 'pipe',
    },
  );
  tmp = mkdtempSync(join(tmpdir(), 'carc-cli-'));
}, 120_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('carcassonne binary', () => {
  it('starts with a node shebang', () => {
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('replay --check exits 0 when every expectation holds', () => {
    const r = carcassonne('replay', fixture('small-city.json'), '--check');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).scores).toEqual([4, 0]);
    expect(r.stderr).toMatch(/^ok: 5 expectations checked/);
  });

  it('replay --check exits 1 on a mismatch and prints it on stderr', () => {
    const r = carcassonne('replay', fixture('mismatch.json'), '--check', '--quiet');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('expect.scores: expected [2,0], got [4,0]');
  });

  it('replay exits 2 on malformed JSON, with line and column and no stack trace', () => {
    const bad = join(tmp, 'malformed.json');
    writeFileSync(bad, '{\n  "format": "carcassonne-record",\n  "version": 1,\n  "players": ["A" "B"]\n}\n');
    const r = carcassonne('replay', bad, '--check');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`error: ${bad}:4:19: not valid JSON (Expected ',' or ']' after array element)\n`);
  });

  it('replay exits 2 on a missing file and on an illegal action', () => {
    const missing = carcassonne('replay', join(tmp, 'nope.json'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error: cannot read .*nope\.json: no such file or directory\n$/);
    const illegal = carcassonne('replay', fixture('illegal-action.json'), '--check');
    expect(illegal.code).toBe(2);
    expect(illegal.stderr).toMatch(/^error: .*illegal-action\.json: actions\[0\]: illegal action .*\(B-4\)/);
    expect(illegal.stderr.split('\n')).toHaveLength(2);
  });

  it('render writes a file', () => {
    const out = join(tmp, 'board.svg');
    const r = carcassonne('render', fixture('triangles.json'), '--svg', out, '--cell', '40');
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it('simulate prints a summary, without a progress bar when stderr is not a terminal', () => {
    const r = carcassonne('simulate', '--games', '3', '--players', '3', '--seed', '5');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/games\/s/);
    expect(r.stderr).toBe('');
  });

  it('simulate --workers spreads games over threads with the same results as one thread', () => {
    const args = ['simulate', '-n', '40', '-p', '3', '-x', 'tower', '--seed', '11', '--json'];
    const one = carcassonne(...args);
    const two = carcassonne(...args, '--workers', '3');
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    const pick = (s: string) => {
      const r = JSON.parse(s) as Record<string, unknown>;
      return [r.meanScores, r.wins, r.meanTilesPlaced, r.meanDiscarded, r.meanMoves];
    };
    expect(pick(two.stdout)).toEqual(pick(one.stdout));
  });

  it('tournament --workers plays the same games as one thread (iteration budget)', () => {
    const args = ['tournament', '-b', 'greedy,mcts', '-n', '4', '--mcts-iterations', '10', '--json'];
    const one = carcassonne(...args);
    const two = carcassonne(...args, '--workers', '2');
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    const pick = (s: string) =>
      (JSON.parse(s) as { bots: Record<string, unknown>[] }).bots.map((b) => [b.games, b.wins, b.meanScore]);
    expect(pick(two.stdout)).toEqual(pick(one.stdout));
  });

  it('--workers splits a 128-bit --seed into the same games as one thread (simulate, tournament)', () => {
    const seed = 'ffffffffffffffffffffffffffffffff';
    const sim = ['simulate', '-n', '6', '--seed', seed, '--json'];
    const pick = (s: string) => {
      const r = JSON.parse(s) as Record<string, unknown>;
      return [r.seed, r.meanScores, r.wins, r.meanTilesPlaced, r.meanDiscarded, r.meanMoves];
    };
    const one = carcassonne(...sim);
    const three = carcassonne(...sim, '--workers', '3');
    expect(one.code).toBe(0);
    expect(three.code).toBe(0);
    expect(pick(three.stdout)).toEqual(pick(one.stdout));
    expect(pick(one.stdout)[0]).toBe(seed);
    const tour = ['tournament', '-b', 'greedy,random', '-n', '4', '--seed', seed, '--json'];
    const t1 = carcassonne(...tour);
    const t2 = carcassonne(...tour, '--workers', '2');
    expect(t1.code).toBe(0);
    expect(t2.code).toBe(0);
    const bots = (s: string) =>
      (JSON.parse(s) as { bots: Record<string, unknown>[] }).bots.map((b) => [b.games, b.wins, b.meanScore]);
    expect(bots(t2.stdout)).toEqual(bots(t1.stdout));
  });

  it('play saves its record on Ctrl-C when its output is piped (not a terminal)', async () => {
    const record = join(tmp, 'interrupted.json');
    const child = spawn(
      process.execPath,
      [bin, 'play', '--bots', 'greedy', '--seed', '3', '--record', record],
      {
        cwd: root,
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('P0 You>')) resolve();
      });
    });
    // Standard input stays open: only the signal can end the game.
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stdout).toContain('You left the game.');
    expect(stdout).toContain(`Game record written to ${record}`);
    const check = carcassonne('replay', record, '--check', '--quiet');
    expect(check.code).toBe(0);
    expect(check.stderr).toMatch(/^ok: \d+ expectations checked/);
  });

  it('has help, per-command help and a version', () => {
    const help = carcassonne('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: carcassonne \[options\] \[command\]/);
    for (const c of ['replay', 'render', 'simulate']) expect(help.stdout).toContain(c);
    const sub = carcassonne('help', 'replay');
    expect(sub.code).toBe(0);
    expect(sub.stdout).toContain('Usage: carcassonne replay [options] <record>');
    expect(sub.stdout).toContain('--check');
    const version = carcassonne('--version');
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(
      (JSON.parse(readFileSync(join(root, 'packages/cli/package.json'), 'utf8')) as { version: string })
        .version,
    );
    const none = carcassonne();
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: carcassonne');
    const unknown = carcassonne('replya');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'replya'");
    expect(unknown.stderr).toContain('Did you mean replay?');
  });
});
