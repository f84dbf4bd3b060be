/** `--expansion MODULE`: the command line replays records of an expansion it does not ship (I-1). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from '../src/program.js';
import { memoryIo } from './helpers.js';

const innDir = new URL('../../engine/test/inn/', import.meta.url);
const innModule = fileURLToPath(new URL('inn.ts', innDir));
const recordText = (name: string) => readFileSync(new URL(name, innDir), 'utf8');

describe('replay --expansion', () => {
  it('checks the inn scenarios with the inn expansion loaded from its module', async () => {
    for (const name of ['I-1-inn-completed.json', 'I-1-inn-open.json', 'I-2-toast.json']) {
      const io = memoryIo({ [name]: recordText(name) });
      const code = await run(['replay', name, '--check', '--quiet', '--expansion', innModule], io);
      expect(io.stderr).toMatch(/^ok: \d+ expectations checked/);
      expect(code).toBe(0);
    }
  });

  it('refuses the record without the module, and a module that is not an expansion', async () => {
    const name = 'I-1-inn-completed.json';
    const io = memoryIo({ [name]: recordText(name) });
    expect(await run(['replay', name], io)).toBe(2);
    expect(io.stderr).toContain('expansions[0]: unknown expansion "inns"');
    const io2 = memoryIo({ [name]: recordText(name) });
    const notOne = fileURLToPath(new URL('./helpers.ts', import.meta.url));
    expect(await run(['replay', name, '--expansion', notOne], io2)).toBe(2);
    expect(io2.stderr).toContain('its default export is not an expansion definition');
  });
});
