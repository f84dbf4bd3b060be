/** `carcassonne render`: the file written, its options and its errors (the renderer: packages/art/test). */
import { describe, expect, it } from 'vitest';
import { runRender } from '../src/commands/render.js';
import { CliError } from '../src/io.js';
import { run } from '../src/program.js';
import type { XmlElement } from '../../art/test/xml.js';
import { allElements, parseXml } from '../../art/test/xml.js';
import { fixture, memoryIo } from './helpers.js';

const byClass = (root: XmlElement, cls: string) => allElements(root).filter((e) => e.attrs.class === cls);

describe('render command', () => {
  it('writes the SVG file and reports its size', () => {
    const io = memoryIo();
    expect(runRender(fixture('small-city.json'), { svg: 'out.svg', cell: 32 }, io)).toBe(0);
    const svg = io.files.get('out.svg') ?? '';
    const root = parseXml(svg);
    expect(byClass(root, 'tile')).toHaveLength(2);
    expect(io.stderr).toMatch(/^wrote out\.svg: 2 tiles, 0 meeples, \d+x\d+ px\n$/);
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
