/** `carcassonne options`: every option and preset, read from the engine's specs (section O of docs/rules.md). */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPTION_SPECS, PRESETS } from '@carc/engine';
import type { OptionsListing } from '../src/commands/options.js';
import { formatValues, listOptions } from '../src/commands/options.js';
import { run } from '../src/program.js';
import { memoryIo } from './helpers.js';

const innModule = fileURLToPath(new URL('../../engine/test/inn/inn.ts', import.meta.url));

async function options(...args: string[]) {
  const io = memoryIo();
  const code = await run(['options', ...args], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('carcassonne options', () => {
  it('lists every option spec once, with its default (the first value), rule and explanation', () => {
    const { options: rows } = listOptions();
    expect(rows.map((r) => r.id)).toEqual(OPTION_SPECS.map((s) => s.id));
    for (const [i, spec] of OPTION_SPECS.entries()) {
      expect(rows[i]).toMatchObject({
        key: spec.key,
        rule: spec.rule,
        rules: [spec.rule, ...(spec.also ?? [])],
        doc: spec.doc,
        default: spec.values[0],
      });
      expect(rows[i]?.values).toEqual(spec.values);
    }
    expect(rows.find((r) => r.id === 'tiny-city-scoring')?.expansion).toBe('base');
    expect(rows.find((r) => r.id === 'dragon-move')?.expansion).toBe('princess-and-dragon');
    expect(rows.find((r) => r.id === 'tower-range')?.expansion).toBe('tower');
  });

  it('lists every rule an option governs: fairy-bonus sets D-17 and does away with D-15 (text, Markdown, JSON)', async () => {
    const spec = OPTION_SPECS.find((s) => s.id === 'fairy-bonus');
    expect(spec?.rule).toBe('D-17');
    expect(spec?.also).toEqual(['D-15']);
    const row = listOptions().options.find((r) => r.id === 'fairy-bonus');
    expect(row).toMatchObject({ rule: 'D-17', rules: ['D-17', 'D-15'] });
    expect((await options()).stdout).toMatch(
      /\nfairy-bonus +princess-and-dragon +1\+3, 5 +1\+3 +D-17, D-15 +the fairy/,
    );
    const json = JSON.parse((await options('--json')).stdout) as {
      options: { id: string; rules: string[] }[];
    };
    expect(json.options.find((o) => o.id === 'fairy-bonus')?.rules).toEqual(['D-17', 'D-15']);
    // An option with one rule lists just that one.
    expect(listOptions().options.find((r) => r.id === 'dragon-move')?.rules).toEqual(['D-7']);
  });

  it('prints a text table: a line per option, then the presets', async () => {
    const r = await options();
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^option +expansion +values +default +rules +what it sets$/);
    for (const spec of OPTION_SPECS) {
      const line = lines.find((l) => l.startsWith(`${spec.id} `));
      expect(line, spec.id).toBeDefined();
      expect(line).toContain(` ${[spec.rule, ...(spec.also ?? [])].join(', ')} `);
      expect(line?.endsWith(spec.doc)).toBe(true);
    }
    expect(r.stdout).toMatch(
      /\ndragon-move +princess-and-dragon +before-scoring, after-scoring +before-scoring +D-7 /,
    );
    expect(r.stdout).toMatch(/\ntower-pieces +tower +auto, 1–30 +auto +T-0 /);
    for (const name of Object.keys(PRESETS)) expect(r.stdout).toMatch(new RegExp(`\\n${name} +`));
    expect(r.stdout).toMatch(
      /\nrgg +princess-action must, fairy-placement on-tile, dragon-move after-scoring\n/,
    );
    expect(r.stdout).toMatch(/\nhig +the defaults\n/);
  });

  it('prints Markdown tables with --markdown, values in backticks', async () => {
    const r = await options('--markdown');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^\| option +\| expansion +\| values +\| default +\| rules +\| what it sets +\|$/,
    );
    expect(lines[1]).toMatch(/^\| -+ \| -+ \| -+ \| -+ \| -+ \| -+ \|$/);
    // Every row of a table is as wide as its header (padded as prettier pads it).
    const table = lines.slice(0, 2 + OPTION_SPECS.length);
    for (const l of table) expect([...l].length).toBe([...(lines[0] ?? '')].length);
    expect(r.stdout).toMatch(/\| `halflings-hand` +\| halflings +\| `1`–`12` +\| `3` +\| H-3 +\|/);
    expect(r.stdout).toMatch(
      /\| `fairy-bonus` +\| princess-and-dragon +\| `1\+3`, `5` +\| `1\+3` +\| D-17, D-15 +\|/,
    );
    expect(r.stdout).toMatch(/\n\n\| preset +\| sets +\|\n/);
    expect(r.stdout).toContain('| `halflings-first-edition` | `halflings-edition 2015`, `halflings-hand 2`');
  });

  it('prints JSON with --json: the options and the presets by option id', async () => {
    const r = await options('--json');
    expect(r.code).toBe(0);
    const listing = JSON.parse(r.stdout) as OptionsListing;
    expect(listing.options).toHaveLength(OPTION_SPECS.length);
    expect(listing.options[0]).toEqual({
      id: 'tile-set-base',
      key: 'tileSetBase',
      expansion: 'base',
      values: ['basic:2', 'basic:1'],
      default: 'basic:2',
      rule: 'B-1',
      rules: ['B-1'],
      doc: OPTION_SPECS[0]?.doc,
    });
    expect(listing.presets.map((p) => p.name)).toEqual(Object.keys(PRESETS));
    expect(listing.presets.find((p) => p.name === 'zman')?.options).toEqual({
      'princess-action': 'must',
      'fairy-placement': 'on-tile',
    });
    expect(listing.presets.find((p) => p.name === 'hig')?.options).toEqual({});
  });

  it('refuses --markdown with --json', async () => {
    const r = await options('--markdown', '--json');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot be used with/);
  });

  it("also lists a plug-in expansion's options with --expansion", async () => {
    const r = await options('--json', '--expansion', innModule);
    expect(r.code).toBe(0);
    const listing = JSON.parse(r.stdout) as OptionsListing;
    expect(listing.options.at(-1)).toMatchObject({ id: 'inn-multiplier', expansion: 'inns', rule: 'I-1' });
  });

  it('shortens runs of integers and keeps words in order', () => {
    expect(formatValues(['auto', 1, 2, 3, 4])).toBe('auto, 1–4');
    expect(formatValues([3, 1, 2, 4, 5, 7])).toBe('1–5, 7');
    expect(formatValues([4, 2])).toBe('2, 4');
    expect(formatValues(['on', 'off'], (s) => `<${s}>`)).toBe('<on>, <off>');
  });
});
