/**
 * `--lang`: `play` tells the moves, events and tiles in Dutch or Romanian (its prompts and help stay
 * English), `render` titles the picture and writes its legend in them; English by default.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../src/program.js';
import { fixture, memoryIo } from './helpers.js';

/** Plays the first entry of each menu for a while, then quits; what was printed. */
async function play(lang: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let asked = 0;
  const io = memoryIo({}, false, () => (++asked > 40 ? 'quit' : '1'));
  const code = await run(
    [
      'play',
      '--bots',
      'random,random',
      '--seed',
      '5',
      '--no-color',
      '-x',
      'princess-and-dragon,tower,halflings',
      ...lang,
    ],
    io,
  );
  return { code, stdout: io.stdout, stderr: io.stderr };
}

/** The lines the moves and their events are told in ("P1 random-1: …", "    P2 random-2 kreeg …"). */
const toldLines = (stdout: string): string[] =>
  stdout.split('\n').filter((l) => /^P\d [\w-]+: /.test(l) || /^ {4}(P\d |[A-Z][a-z]+:? )/.test(l));

describe('--lang', () => {
  it('play tells the moves and events in Dutch', async () => {
    const nl = await play(['--lang', 'nl']);
    expect(nl.code).toBe(0);
    const lines = toldLines(nl.stdout);
    expect(lines.length).toBeGreaterThan(10);
    const text = lines.join('\n');
    expect(text).toMatch(/ op \(-?\d+,-?\d+\)/);
    expect(text).toMatch(/gedraaid|zoals getrokken/);
    expect(text).not.toMatch(/\b(placed|drew|scored|turned|as drawn|points?|rule)\b/);
    // The person's tile is named in Dutch too.
    expect(nl.stdout).toMatch(/Your tile: een /);
  });

  it('play tells them in Romanian, and in English without --lang', async () => {
    const ro = toldLines((await play(['--lang', 'ro'])).stdout).join('\n');
    expect(ro).toMatch(/ la \(-?\d+,-?\d+\)/);
    expect(ro).not.toMatch(/\b(placed|drew|scored|turned|as drawn|points?|rule)\b/);
    const en = toldLines((await play([])).stdout).join('\n');
    expect(en).toMatch(/ at \(-?\d+,-?\d+\), (turned \d+°|as drawn)/);
  });

  it('render titles the picture and writes its legend in the language', async () => {
    const svg = async (lang: string[]) => {
      const io = memoryIo();
      expect(await run(['render', fixture('small-city.json'), '--svg', '-', ...lang], io)).toBe(0);
      return io.stdout;
    };
    expect(await svg([])).toContain('<title>Carcassonne board, ');
    const ro = await svg(['--lang', 'ro']);
    expect(ro).toContain('<title>Tabla Carcassonne, ');
    expect(ro).toMatch(/în rezervă/);
    expect(ro).not.toMatch(/in supply/);
    expect(await svg(['--lang', 'nl'])).toContain('<title>Carcassonne-speelveld, ');
  });

  it('refuses a language it does not speak', async () => {
    const io = memoryIo();
    expect(await run(['render', fixture('small-city.json'), '--svg', '-', '--lang', 'fr'], io)).toBe(2);
    expect(io.stderr).toMatch(/--lang/);
  });
});
