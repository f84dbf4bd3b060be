/**
 * `-o id=value` for an option of an expansion that is not in play would be ignored by the game: the
 * command line refuses it, naming the option and its expansion, as a record refuses it.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../src/program.js';
import { memoryIo } from './helpers.js';

describe('-o for an expansion that is not in play', () => {
  it.each([
    [['simulate', '--games', '1'], 'tower-range=diagonal', 'tower'],
    [
      ['tournament', '-b', 'random', '--games', '1', '-x', 'halflings'],
      'fairy-bonus=5',
      'princess-and-dragon',
    ],
    [['play', '-b', 'random'], 'halflings-hand=4', 'halflings'],
  ])('%j -o %s is refused naming the option and its expansion', async (cmd, pair, expansion) => {
    const io = memoryIo({}, false, ['quit']);
    expect(await run([...cmd, '-o', pair], io)).toBe(2);
    const id = pair.split('=')[0] ?? '';
    expect(io.stderr).toContain(
      `option ${id} belongs to expansion ${expansion}, which is not in play; add --expansions ${expansion}`,
    );
    expect(io.stdout).toBe('');
  });

  it('is accepted once the expansion is in play (D-17: fairy-bonus)', async () => {
    const io = memoryIo();
    const args = ['simulate', '--games', '1', '-x', 'princess-and-dragon', '-o', 'fairy-bonus=5', '--json'];
    expect(await run(args, io)).toBe(0);
  });
});
