/** `carcassonne render`: the file written, its options and its errors (the renderer: packages/art/test). */
import { describe, expect, it } from 'vitest';
import type { Action } from '@carc/engine';
import { createGame, makeRecord, unwrap } from '@carc/engine';
import { runRender } from '../src/commands/render.js';
import { CliError } from '../src/io.js';
import { run } from '../src/program.js';
import type { XmlElement } from '../../art/test/xml.js';
import { allElements, parseXml } from '../../art/test/xml.js';
import { fixture, memoryIo } from './helpers.js';

const byClass = (root: XmlElement, cls: string) => allElements(root).filter((e) => e.attrs.class === cls);

/** A finished game's record (endAfter 12), placing a meeple whenever it can, so some stand at the end. */
function finishedRecord(): string {
  const config = { players: 2, seed: 21, endAfter: 12 };
  const game = unwrap(createGame(config));
  const buf = new Int32Array(game.maxMoves);
  const actions: { player: number; action: Action }[] = [];
  for (let i = 0; !game.isOver; i++) {
    const n = game.legalMoves(buf);
    const moves = Array.from(buf.subarray(0, n));
    const m = moves.find((k) => game.toAction(k).type === 'meeple') ?? moves[i % n] ?? 0;
    actions.push({ player: game.toAct, action: game.toAction(m) });
    game.play(m);
  }
  return JSON.stringify(makeRecord(config, actions));
}

describe('render command', () => {
  it('writes the SVG file and reports its size', () => {
    const io = memoryIo();
    expect(runRender(fixture('small-city.json'), { svg: 'out.svg', cell: 32 }, io)).toBe(0);
    const svg = io.files.get('out.svg') ?? '';
    const root = parseXml(svg);
    expect(byClass(root, 'tile')).toHaveLength(2);
    expect(io.stderr).toMatch(/^wrote out\.svg: 2 tiles, 0 meeples, \d+x\d+ px\n$/);
  });

  it('B-9 a finished record: the meeples final scoring returned are drawn where they stood, and reported', async () => {
    const io = memoryIo({ 'done.json': finishedRecord() });
    expect(await run(['render', 'done.json', '--svg', 'out.svg'], io)).toBe(0);
    const root = parseXml(io.files.get('out.svg') ?? '');
    const meeples = byClass(root, 'meeple').filter((m) =>
      m.children.some((c) => c.name === 'title' && c.text.endsWith(', returned at final scoring')),
    );
    expect(meeples.length).toBeGreaterThan(0);
    const legend = byClass(root, 'legend')[0]
      ?.children.filter((c) => c.name === 'text')
      .map((t) => t.text);
    expect(legend).toContain(
      'meeples as they stood at the end, before final scoring returned them to supply',
    );
    // The board itself holds none any more; the message says how many were drawn all the same.
    expect(io.stderr).toMatch(
      new RegExp(
        `^wrote out\\.svg: 13 tiles, 0 meeples, ${meeples.length} returned at final scoring \\(B-9\\) drawn where they stood, \\d+x\\d+ px\\n$`,
      ),
    );
  });

  it('counts one tile in the singular', () => {
    const record = JSON.stringify({
      format: 'carcassonne-record',
      version: 1,
      players: ['Ann', 'Bob'],
      draws: [],
      actions: [],
    });
    const io = memoryIo({ 'one.json': record });
    expect(runRender('one.json', { svg: 'out.svg' }, io)).toBe(0);
    expect(io.stderr).toMatch(/^wrote out\.svg: 1 tile, 0 meeples, \d+x\d+ px\n$/);
  });

  it('honours --cell and writes to standard output with --svg -', () => {
    const small = memoryIo();
    const big = memoryIo();
    runRender(fixture('small-city.json'), { svg: '-', cell: 20, labels: false, legend: false }, small);
    runRender(fixture('small-city.json'), { svg: '-', cell: 200, labels: false, legend: false }, big);
    const w = (s: string) => Number(parseXml(s).attrs.width);
    expect(w(big.stdout)).toBeGreaterThan(w(small.stdout) * 5);
  });

  it('fails cleanly when the file cannot be written or the record is bad', () => {
    expect(() => runRender(fixture('small-city.json'), { svg: '/nonexistent/x.svg' }, memoryIo())).toThrow(
      new CliError('cannot write /nonexistent/x.svg: no such file or directory'),
    );
    expect(() => runRender(fixture('illegal-action.json'), { svg: 'x.svg' }, memoryIo())).toThrow(
      /actions\[0\]/,
    );
  });

  it('requires --svg and validates --cell', async () => {
    const io = memoryIo();
    expect(await run(['render', fixture('small-city.json')], io)).toBe(2);
    expect(io.stderr).toContain("required option '-o, --svg <file>' not specified");
    const io2 = memoryIo();
    expect(await run(['render', fixture('small-city.json'), '--svg', '-', '--cell', 'big'], io2)).toBe(2);
    expect(io2.stderr).toContain('--cell must be an integer from 8 to 1024');
    const io3 = memoryIo();
    expect(await run(['render', fixture('small-city.json'), '--svg', '-', '--cell', '40'], io3)).toBe(0);
    expect(parseXml(io3.stdout).name).toBe('svg');
  });
});
