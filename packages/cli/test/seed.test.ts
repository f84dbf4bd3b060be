/**
 * `--seed` takes every seed form the engine takes (a uint32, or 128 bits as 32 hex digits, as in
 * records), in every command that has it.
 */
import { describe, expect, it } from 'vitest';
import { parseRecord, seedPlus } from '@carc/engine';
import { playRandomGame } from '../src/commands/simulate.js';
import { run, seedArg } from '../src/program.js';
import { memoryIo } from './helpers.js';

const HEX = '0123456789abcdef0123456789ABCDEF';

describe('--seed', () => {
  it('reads a uint32 as a number and 32 hex digits as a string; refuses the rest naming the value', () => {
    expect(seedArg('7')).toBe(7);
    expect(seedArg('4294967295')).toBe(4294967295);
    expect(seedArg(HEX)).toBe(HEX);
    // 32 decimal digits are 32 hex digits too: a 128-bit seed, not an out-of-range integer.
    expect(seedArg('1'.repeat(32))).toBe('1'.repeat(32));
    expect(() => seedArg('4294967296')).toThrow(
      /--seed "4294967296": must be an integer from 0 to 4294967295/,
    );
    expect(() => seedArg('12ab')).toThrow(/--seed "12ab": a string seed has exactly 32 hex digits/);
    expect(() => seedArg(`${HEX.slice(0, 31)}x`)).toThrow(/"x" at character 32 is not a hex digit/);
  });

  it('simulate plays 128-bit seeds S, S+1, … and reports them; the same seed repeats exactly', async () => {
    const args = ['simulate', '--games', '2', '--seed', HEX, '--json'];
    const a = memoryIo();
    expect(await run(args, a)).toBe(0);
    const summary = JSON.parse(a.stdout) as { seed: unknown; meanScores: number[] };
    expect(summary.seed).toBe(HEX);
    const b = memoryIo();
    expect(await run(args, b)).toBe(0);
    expect((JSON.parse(b.stdout) as { meanScores: number[] }).meanScores).toEqual(summary.meanScores);
    const text = memoryIo();
    expect(await run(['simulate', '--games', '2', '--seed', 'f'.repeat(32)], text)).toBe(0);
    expect(text.stdout).toContain(`seeds ${'f'.repeat(32)}..${'0'.repeat(32)}`);
    // Distinct 128-bit seeds deal distinct games.
    const g1 = playRandomGame(HEX, 2);
    const g2 = playRandomGame(seedPlus(HEX, 1), 2);
    expect(JSON.stringify([...g1.game.scores, g1.moves])).not.toBe(
      JSON.stringify([...g2.game.scores, g2.moves]),
    );
  });

  it('tournament deals from a 128-bit seed and prints the seeds of its rounds', async () => {
    const io = memoryIo();
    expect(await run(['tournament', '--bots', 'random,random', '--games', '2', '--seed', HEX], io)).toBe(0);
    expect(io.stdout).toContain(`deal seeds ${HEX}..${HEX}`);
    const json = memoryIo();
    expect(await run(['tournament', '-b', 'random', '--games', '2', '--seed', HEX, '--json'], json)).toBe(0);
    expect((JSON.parse(json.stdout) as { seed: unknown }).seed).toBe(HEX);
  });

  it.each([['simulate'], ['tournament', '-b', 'random'], ['play', '-b', 'random']])(
    '%s refuses a bad seed naming it, exit code 2',
    async (...cmd) => {
      const io = memoryIo();
      expect(await run([...cmd, '--seed', '0xdeadbeef'], io)).toBe(2);
      expect(io.stderr).toContain(
        '--seed "0xdeadbeef": a string seed has exactly 32 hex digits (128 bits), not 10',
      );
    },
  );

  it('play records a 128-bit seed given with --seed, and draws a fresh 128-bit one without it', async () => {
    const given = memoryIo({}, false, ['quit']);
    expect(
      await run(['play', '-b', 'random', '--seed', HEX, '--record', 'g.json', '--no-color'], given),
    ).toBe(0);
    expect(given.stdout).toContain(`Seed ${HEX}.`);
    const rec = parseRecord(given.files.get('g.json') ?? '');
    expect(rec.ok && rec.value.seed).toBe(HEX);

    const fresh = memoryIo({}, false, ['quit']);
    expect(await run(['play', '-b', 'random', '--record', 'h.json', '--no-color'], fresh)).toBe(0);
    const seed = /Seed ([0-9a-f]+)\./.exec(fresh.stdout)?.[1];
    expect(seed).toMatch(/^[0-9a-f]{32}$/);
    const again = parseRecord(fresh.files.get('h.json') ?? '');
    expect(again.ok && again.value.seed).toBe(seed);
  });
});
