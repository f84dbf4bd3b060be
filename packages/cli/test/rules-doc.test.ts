/**
 * docs/rules.md, the project's rules reference: its option tables are what `carcassonne options
 * --markdown` prints (so they never drift), it has a section for every rule id the code, the tests
 * and the scenario records name, and its links into the other documents land on real headings.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPTION_SPECS } from '@carc/engine';
import { listOptions, optionsMarkdown, tablesInDoc, withTables } from '../src/commands/options.js';
import { run } from '../src/program.js';
import { memoryIo } from './helpers.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const rulesFile = join(root, 'docs/rules.md');
const rules = readFileSync(rulesFile, 'utf8');

/** Rule ids of the built-in sections: base, dragon, tower, halflings, interactions. */
const RULE_ID = /\b[BDTHX]-\d+\b/g;

/** Every file under `dir` (recursively) whose name ends with one of `exts`, build output left out. */
function files(dir: string, exts: readonly string[]): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => exts.some((e) => f.endsWith(e)))
    .filter((f) => !/(^|[/\\])(node_modules|dist)([/\\]|$)/.test(f))
    .map((f) => join(root, dir, f));
}

/** The rule ids named anywhere in the sources, tests, scenario records (names and contents) and docs. */
function idsUsed(): Map<string, string> {
  const where = new Map<string, string>();
  const sources = [
    ...['packages/engine', 'packages/bots', 'packages/cli', 'bench'].flatMap((d) =>
      files(d, ['.ts', '.json']),
    ),
    ...files('docs', ['.md']).filter((f) => f !== rulesFile),
    join(root, 'README.md'),
  ];
  for (const file of sources) {
    const text = `${relative(root, file)}\n${readFileSync(file, 'utf8')}`;
    for (const id of text.match(RULE_ID) ?? []) if (!where.has(id)) where.set(id, relative(root, file));
  }
  return where;
}

/** The rule ids docs/rules.md gives a section (`### B-7 …`). */
const sections = new Set([...rules.matchAll(/^### ([A-Z]+-\d+) /gm)].map((m) => m[1] as string));

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

describe('docs/rules.md', () => {
  it('holds exactly the option tables `carcassonne options --markdown` prints', async () => {
    const io = memoryIo();
    expect(await run(['options', '--markdown'], io)).toBe(0);
    const inDoc = tablesInDoc(rules);
    expect(
      inDoc,
      'docs/rules.md has lost its <!-- options:begin --> / <!-- options:end --> markers',
    ).toBeDefined();
    // When this fails, regenerate the tables: npx carcassonne options --update docs/rules.md
    expect(inDoc).toBe(io.stdout.trim());
    for (const spec of OPTION_SPECS) expect(rules).toContain(`| \`${spec.id}\``);
  });

  it('has a section for every rule id the code, tests, scenarios and docs name', () => {
    const used = idsUsed();
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter(([id]) => !sections.has(id)).map(([id, file]) => `${id} (${file})`);
    expect(missing).toEqual([]);
    // And every rule an option names (its rule and those it also governs), whatever names it.
    for (const spec of OPTION_SPECS) {
      for (const id of [spec.rule, ...(spec.also ?? [])])
        expect(sections.has(id), `${spec.id}: ${id}`).toBe(true);
    }
  });

  it('numbers each section of rules without a gap, in order', () => {
    const order = [...rules.matchAll(/^### ([A-Z]+)-(\d+) /gm)].map(
      (m) => [m[1] as string, Number(m[2])] as const,
    );
    const bySection = new Map<string, number[]>();
    for (const [s, n] of order) bySection.set(s, [...(bySection.get(s) ?? []), n]);
    expect([...bySection.keys()]).toEqual(['B', 'D', 'T', 'H', 'X']);
    for (const [s, ns] of bySection) {
      const first = ns[0] ?? 0;
      expect(ns, s).toEqual(ns.map((_, i) => first + i));
    }
  });

  it('links only to headings that exist in the other documents', () => {
    const links = [...rules.matchAll(/\]\(([\w-]+\.md)(?:#([\w-]+))?\)/g)];
    expect(links.length).toBeGreaterThan(10);
    for (const [, file, anchor] of links) {
      const path = join(root, 'docs', file as string);
      expect(existsSync(path), file).toBe(true);
      if (anchor === undefined) continue;
      const headings = [...readFileSync(path, 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) =>
        slug(m[1] as string),
      );
      expect(headings, `${file}#${anchor}`).toContain(anchor);
    }
  });

  it('options --update rewrites only what stands between the markers', async () => {
    const stale = rules.replace(/\| `tile-set-base` .*\n/, '');
    const io = memoryIo({ 'rules.md': stale });
    expect(await run(['options', '--update', 'rules.md'], io)).toBe(0);
    expect(io.files.get('rules.md')).toBe(rules);
    expect(io.stderr).toBe('rules.md: option tables updated\n');
    const again = memoryIo({ 'rules.md': rules });
    expect(await run(['options', '--update', 'rules.md'], again)).toBe(0);
    expect(again.stderr).toBe('rules.md: option tables already up to date\n');
    const none = memoryIo({ 'plain.md': '# nothing here\n' });
    expect(await run(['options', '--update', 'plain.md'], none)).toBe(2);
    expect(none.stderr).toContain('no "<!-- options:begin -->"');
    expect(withTables('no markers', optionsMarkdown(listOptions()))).toBeUndefined();
  });
});

/** The contract the project started from lies outside the repository; a clean checkout has none. */
const contract = join(root, '../shared/RULES.md');
describe.skipIf(!existsSync(contract))(
  'docs/rules.md against ../shared/RULES.md (skipped when that file is absent, as on a clean checkout)',
  () => {
    it('has a section for every rule id of the contract', () => {
      const ids = new Set(readFileSync(contract, 'utf8').match(RULE_ID) ?? []);
      expect([...ids].filter((id) => !sections.has(id))).toEqual([]);
    });
  },
);
