/**
 * Everything README.md, docs/*.md and bench/RESULTS.md name exists: relative links (and their
 * anchors, for links into Markdown files), repository paths in code, `npm run` scripts and
 * `carcassonne` commands. The documents are read as they are when the test runs; every problem is
 * reported with its file and line. The checker itself is tried on a small planted tree first.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../src/program.js';
import { memoryIo } from './helpers.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The documents checked, relative to the root: README.md, docs/**.md, bench/RESULTS.md, CHANGELOG.md
 * and each package's README.
 */
function documents(root: string): string[] {
  const docs = existsSync(join(root, 'docs'))
    ? readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.md'))
        .map((f) => join('docs', f).split(sep).join('/'))
        .sort()
    : [];
  const packages = existsSync(join(root, 'packages'))
    ? readdirSync(join(root, 'packages'))
        .map((p) => `packages/${p}/README.md`)
        .sort()
    : [];
  return ['README.md', ...docs, 'bench/RESULTS.md', 'CHANGELOG.md', ...packages].filter((f) =>
    existsSync(join(root, f)),
  );
}

/** What a command named in a document runs, and where: a code span or a line of a fenced block. */
interface Code {
  line: number;
  text: string;
  /** A whole code span (`carcassonne serve`), or a line of a shell block: a bare command may start it. */
  command: boolean;
  /** A code span: one naming a root file alone (`package.json`) names the repository's. */
  span: boolean;
}

interface Parsed {
  /** The text outside fenced blocks, HTML comments and code spans (blanked, lines kept). */
  prose: string;
  code: Code[];
  /** GitHub anchors of the document's headings and explicit `<a id>`s. */
  anchors: Set<string>;
}

const SHELL = new Set(['sh', 'bash', 'shell', 'console', 'zsh']);
const blank = (s: string) => s.replace(/[^\n]/g, ' ');
const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** GitHub's anchor for a heading: its text, lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

function parse(markdown: string): Parsed {
  const lines = markdown.split('\n');
  const code: Code[] = [];
  const headings: string[] = [];
  let fence: { mark: string; lang: string } | undefined;
  const outside = lines.map((line, i) => {
    if (fence) {
      if (line.trim().startsWith(fence.mark) && line.trim().replace(/[`~]/g, '') === '') fence = undefined;
      else if (line.trim() !== '')
        code.push({ line: i + 1, text: line.trim(), command: SHELL.has(fence.lang), span: false });
      return '';
    }
    const open = /^\s*(`{3,}|~{3,})\s*([\w+-]*)/.exec(line);
    if (open) {
      fence = { mark: open[1] as string, lang: (open[2] ?? '').toLowerCase() };
      return '';
    }
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (heading) headings.push(heading[1] as string);
    return line;
  });
  let prose = outside.join('\n').replace(/<!--[\s\S]*?-->/g, blank);
  prose = prose.replace(
    /(`+)([\s\S]*?[^`])\1(?!`)/g,
    (span: string, _ticks: string, text: string, at: number) => {
      code.push({
        line: lineAt(prose, at),
        text: text.replace(/\s+/g, ' ').trim(),
        command: true,
        span: true,
      });
      return blank(span);
    },
  );
  // GitHub numbers repeated headings: the second `foo` is `foo-1`.
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const h of headings) {
    const base = slug(h.replace(/`/g, ''));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1] as string);
  return { prose, code, anchors };
}

/** Paths as documents name them: under these folders, or one of these root files as a whole span. */
const PATH_PREFIX = /^(packages|docs|bench|scripts|\.ci)\//;
const ROOT_FILE =
  /^(package(-lock)?\.json|tsconfig\.(base|test)\.json|vitest\.config\.ts|eslint\.config\.js|README\.md|\.prettierrc\.json|\.prettierignore|\.gitignore)$/;

/** Tokens of a piece of code that are repository paths, `:line` suffixes and punctuation removed. */
function pathsIn(code: Code): string[] {
  if (code.span && ROOT_FILE.test(code.text)) return [code.text];
  return code.text
    .split(/[\s"'`()=,;]+/)
    .map((t) => t.replace(/[.:]+$/, '').replace(/(:\d+)+$/, ''))
    .filter((t) => PATH_PREFIX.test(t))
    .filter((t) => !/[*<>{}…$]/.test(t))
    .filter((t) => !/(^|\/)(dist|node_modules)(\/|$)/.test(t));
}

/** `npm run X [-w W]`, `npm test`, `npm start` in a piece of code: [script, workspace or undefined]. */
function npmScripts(text: string): [string, string | undefined][] {
  const found: [string, string | undefined][] = [];
  for (const segment of text.split(/&&|\|\||[;|#]/)) {
    const words = segment.trim().split(/\s+/);
    const at = words.indexOf('npm');
    if (at < 0) continue;
    let script: string | undefined;
    let workspace: string | undefined;
    let run = false;
    for (let i = at + 1; i < words.length; i++) {
      const w = words[i] as string;
      if (w === '--') break;
      if (w === '-w' || w === '--workspace') workspace = words[++i];
      else if (w.startsWith('--workspace=')) workspace = w.slice('--workspace='.length);
      else if (w.startsWith('-')) continue;
      else if (run && script === undefined) script = w;
      else if (!run && script === undefined && (w === 'run' || w === 'run-script')) run = true;
      else if (!run && script === undefined && (w === 'test' || w === 'start')) script = w;
      else if (!run) break;
    }
    if (script !== undefined && !/[<…]/.test(script)) found.push([script, workspace]);
  }
  return found;
}

/**
 * Lines the program prints that begin like a command: the server's startup line (packages/server,
 * startup.ts) is quoted in the README as `carcassonne server on PostgreSQL …`.
 */
const OUTPUT = [/^carcassonne server on /];

/** `carcassonne X`, `npx carcassonne X` and `node packages/cli/dist/main.js X` in a piece of code. */
function cliCommands(code: Code): string[] {
  if (OUTPUT.some((o) => o.test(code.text))) return [];
  const found: string[] = [];
  const bare = code.command ? /^(?:\$\s+)?carcassonne\s+(\S+)/.exec(code.text) : null;
  if (bare) found.push(bare[1] as string);
  for (const m of code.text.matchAll(
    /(?:npx\s+carcassonne|(?:&&|;|\|)\s*carcassonne|node\s+packages\/cli\/dist\/main\.js)\s+(\S+)/g,
  ))
    found.push(m[1] as string);
  return found.filter((c) => /^[a-z][\w-]*$/.test(c));
}

interface Workspaces {
  /** Scripts by workspace: '' the root, then each workspace by name and by folder. */
  scripts: Map<string, Set<string>>;
}

function workspaces(root: string): Workspaces {
  const read = (dir: string) =>
    JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as {
      name?: string;
      scripts?: Record<string, string>;
      workspaces?: string[];
    };
  const top = read('.');
  const scripts = new Map([['', new Set(Object.keys(top.scripts ?? {}))]]);
  for (const dir of top.workspaces ?? []) {
    if (!existsSync(join(root, dir, 'package.json'))) continue;
    const pkg = read(dir);
    const names = new Set(Object.keys(pkg.scripts ?? {}));
    scripts.set(dir.replace(/\/$/, ''), names);
    if (pkg.name) scripts.set(pkg.name, names);
  }
  return { scripts };
}

interface Problems {
  links: string[];
  paths: string[];
  scripts: string[];
  commands: string[];
}

/** Every problem of the documents under `root`, as `file:line: what is missing`. */
function check(root: string, commands: ReadonlySet<string>): Problems {
  const problems: Problems = { links: [], paths: [], scripts: [], commands: [] };
  const { scripts } = workspaces(root);
  const parsed = new Map<string, Parsed>();
  const parsedAt = (abs: string) => {
    let p = parsed.get(abs);
    if (!p) parsed.set(abs, (p = parse(readFileSync(abs, 'utf8'))));
    return p;
  };
  const inRepo = (abs: string) => !relative(root, abs).startsWith('..');
  for (const doc of documents(root)) {
    const abs = join(root, doc);
    const { prose, code } = parsedAt(abs);
    const links = [
      ...[...prose.matchAll(/!?\[[^\]]*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g)],
      ...[...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm)],
    ];
    for (const m of links) {
      const target = (m[1] as string).replace(/^<|>$/g, '');
      if (/^[a-z][\w+.-]*:|^\/\//i.test(target)) continue;
      const at = `${doc}:${lineAt(prose, m.index)}`;
      const hash = target.indexOf('#');
      const path = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
      const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
      const file = path === '' ? abs : resolve(dirname(abs), path);
      if (!inRepo(file)) problems.links.push(`${at}: link to ${target} leaves the repository`);
      else if (!existsSync(file)) problems.links.push(`${at}: link to ${target}: no such file`);
      else if (anchor !== undefined && file.endsWith('.md') && statSync(file).isFile()) {
        if (!parsedAt(file).anchors.has(anchor))
          problems.links.push(
            `${at}: link to ${target}: no heading with anchor #${anchor} in ${path || doc}`,
          );
      }
    }
    for (const c of code) {
      const at = `${doc}:${c.line}`;
      for (const p of pathsIn(c))
        if (!existsSync(join(root, p))) problems.paths.push(`${at}: path ${p}: no such file or folder`);
      for (const [script, ws] of npmScripts(c.text)) {
        const names = scripts.get(ws === undefined ? '' : ws.replace(/^\.\//, '').replace(/\/$/, ''));
        if (!names) problems.scripts.push(`${at}: npm run ${script} -w ${ws}: no such workspace`);
        else if (!names.has(script))
          problems.scripts.push(
            `${at}: npm run ${script}${ws ? ` -w ${ws}` : ''}: no script "${script}" in ${ws ?? 'the root'} package.json`,
          );
      }
      for (const command of cliCommands(c))
        if (!commands.has(command))
          problems.commands.push(`${at}: carcassonne ${command}: the CLI has no such command`);
    }
  }
  return problems;
}

/** The CLI's commands and their aliases, as commander knows them. */
const cliNames = new Set(
  buildProgram(memoryIo(), () => {}).commands.flatMap((c) => [c.name(), ...c.aliases()]),
);

describe('the checker', () => {
  it('reports planted problems with their file and line', () => {
    const root = mkdtempSync(join(tmpdir(), 'carc-docs-'));
    try {
      mkdirSync(join(root, 'docs'));
      mkdirSync(join(root, 'packages/web'), { recursive: true });
      writeFileSync(
        join(root, 'package.json'),
        JSON.stringify({ scripts: { build: 'x' }, workspaces: ['packages/web'] }),
      );
      writeFileSync(
        join(root, 'packages/web/package.json'),
        JSON.stringify({ name: '@x/web', scripts: { dev: 'x' } }),
      );
      writeFileSync(
        join(root, 'docs/a.md'),
        '# Title\n\n## The `Tower` & co.\n\nSee [home](../README.md#top).\n',
      );
      writeFileSync(
        join(root, 'README.md'),
        [
          '# Top',
          'Good: [a](docs/a.md), [b](docs/a.md#the-tower--co), [c](#top), `docs/a.md`, `packages/*/src`.',
          'Bad: [d](docs/missing.md) and [e](docs/a.md#nowhere), [f](../outside.md).',
          '`packages/web/missing.ts` and `npm run dev -w @x/web` and `npm run nope`',
          '```sh',
          'npm run build && npm run dev -w packages/web',
          'npx carcassonne simulate --games 1',
          'carcassonne frobnicate',
          '```',
          'Multi-line `npm run',
          'lint` and `carcassonne server on SQLite file x` (output).',
          '`package.json` and `package-lock.json`, but `vite.config.ts` is not a root file.',
          '```',
          'packages/web/   the client',
          '  vite.config.ts',
          '```',
        ].join('\n'),
      );
      expect(check(root, cliNames)).toEqual({
        links: [
          'README.md:3: link to docs/missing.md: no such file',
          'README.md:3: link to docs/a.md#nowhere: no heading with anchor #nowhere in docs/a.md',
          'README.md:3: link to ../outside.md leaves the repository',
        ],
        paths: [
          'README.md:4: path packages/web/missing.ts: no such file or folder',
          'README.md:12: path package-lock.json: no such file or folder',
        ],
        scripts: [
          'README.md:4: npm run nope: no script "nope" in the root package.json',
          'README.md:10: npm run lint: no script "lint" in the root package.json',
        ],
        commands: ['README.md:8: carcassonne frobnicate: the CLI has no such command'],
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('anchors headings as GitHub does', () => {
    expect(slug('The Princess & the Dragon')).toBe('the-princess--the-dragon');
    expect(slug('O. Options and presets')).toBe('o-options-and-presets');
    expect(slug('[Logs](#x) and `codes`'.replace(/`/g, ''))).toBe('logs-and-codes');
    expect(slug('Règles: één')).toBe('règles-één');
  });
});

describe('README.md, docs/*.md and bench/RESULTS.md', () => {
  const problems = check(repoRoot, cliNames);

  it('are found', () => {
    expect(documents(repoRoot)).toContain('README.md');
    expect(documents(repoRoot).length).toBeGreaterThan(5);
    expect(cliNames).toContain('serve');
  });
  it('link only to files, folders and headings that exist', () => expect(problems.links).toEqual([]));
  it('name only repository paths that exist', () => expect(problems.paths).toEqual([]));
  it('name only npm scripts that exist', () => expect(problems.scripts).toEqual([]));
  it('name only carcassonne commands the CLI defines', () => expect(problems.commands).toEqual([]));
  it('quote only program output that the server still prints', () => {
    const startup = readFileSync(join(repoRoot, 'packages/server/src/startup.ts'), 'utf8');
    expect(startup).toContain('`carcassonne server on ');
  });
});
