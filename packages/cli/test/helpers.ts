/** Test helpers: an in-memory Io, and a small strict XML well-formedness check for SVG output. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Io, Progress } from '../src/io.js';

export const fixture = (name: string): string =>
  fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
export const readFixture = (name: string): string => readFileSync(fixture(name), 'utf8');

export interface MemoryIo extends Io {
  stdout: string;
  stderr: string;
  files: Map<string, string>;
  progressCalls: number[];
  /** Every prompt shown by readLine, in order. */
  prompts: string[];
}

/**
 * What a test types: lines in order (then the end of input), or a function answering each prompt
 * (null: the end of input), which may read what was printed so far.
 */
export type Input = readonly string[] | ((prompt: string, io: MemoryIo) => string | null);

/**
 * An Io that reads real files (unless `files` has them) and keeps all output in memory. Lines read
 * are echoed after their prompt, as piped input is by nodeIo().
 */
export function memoryIo(files: Record<string, string> = {}, tty = false, input: Input = []): MemoryIo {
  let next = 0;
  const io: MemoryIo = {
    stdout: '',
    stderr: '',
    files: new Map(Object.entries(files)),
    progressCalls: [],
    prompts: [],
    out: (t) => void (io.stdout += t),
    err: (t) => void (io.stderr += t),
    readFile: (path) => io.files.get(path) ?? readFileSync(path, 'utf8'),
    writeFile: (path, data) => {
      if (path.startsWith('/nonexistent/')) {
        throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
      }
      io.files.set(path, data);
    },
    checkWritable: (path) => {
      if (path.startsWith('/nonexistent/')) {
        throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
      }
    },
    progress: (total): Progress | undefined =>
      tty
        ? {
            update: (done) => void io.progressCalls.push(done),
            stop: () => void io.progressCalls.push(-total),
          }
        : undefined,
    now: () => performance.now(),
    readLine: (prompt) => {
      io.prompts.push(prompt);
      io.stdout += prompt;
      const line =
        typeof input === 'function' ? input(prompt, io) : next < input.length ? input[next++] : null;
      if (line !== null && line !== undefined) io.stdout += `${line}\n`;
      return Promise.resolve(line ?? null);
    },
    closeInput: () => undefined,
    colorOut: () => tty,
  };
  return io;
}

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/**
 * Parses XML strictly enough to catch what breaks an SVG viewer: unbalanced or misnested tags,
 * unquoted or duplicate attributes, raw `<` or `&` in text and attribute values, several roots.
 * Throws with a position on the first error.
 */
export function parseXml(src: string): XmlElement {
  let i = 0;
  const fail = (msg: string): never => {
    const line = src.slice(0, i).split('\n').length;
    throw new Error(`XML error at line ${line} (offset ${i}): ${msg}`);
  };
  const checkText = (t: string) => {
    if (t.includes('<')) fail('raw < in text');
    const amp = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.exec(t);
    if (amp) fail('bare & in text');
  };
  const name = /[A-Za-z_:][\w:.-]*/y;
  const readName = (): string => {
    name.lastIndex = i;
    const m = name.exec(src);
    if (!m) return fail('expected a name');
    i += m[0].length;
    return m[0];
  };
  const skipWs = () => {
    while (i < src.length && /\s/.test(src[i] ?? '')) i++;
  };
  if (src.startsWith('<?xml')) {
    const end = src.indexOf('?>');
    if (end < 0) fail('unterminated XML declaration');
    i = end + 2;
  }
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (i < src.length) {
    const lt = src.indexOf('<', i);
    const text = src.slice(i, lt < 0 ? src.length : lt);
    checkText(text);
    const top = stack[stack.length - 1];
    if (top) top.text += text;
    else if (text.trim() !== '') fail('text outside the root element');
    if (lt < 0) break;
    i = lt;
    if (src.startsWith('<!--', i)) {
      const end = src.indexOf('-->', i);
      if (end < 0) fail('unterminated comment');
      i = end + 3;
      continue;
    }
    if (src.startsWith('</', i)) {
      i += 2;
      const n = readName();
      skipWs();
      if (src[i] !== '>') fail(`expected > after </${n}`);
      i++;
      const open = stack.pop();
      if (!open) return fail(`closing </${n}> without an open element`);
      if (open.name !== n) fail(`</${n}> closes <${open.name}>`);
      continue;
    }
    i++;
    const el: XmlElement = { name: readName(), attrs: {}, children: [], text: '' };
    for (;;) {
      const before = i;
      skipWs();
      if (src.startsWith('/>', i) || src[i] === '>') break;
      if (i === before) fail('expected whitespace between attributes');
      const a = readName();
      skipWs();
      if (src[i] !== '=') fail(`attribute ${a} without a value`);
      i++;
      skipWs();
      const q = src[i];
      if (q !== '"' && q !== "'") return fail(`attribute ${a} value not quoted`);
      const end = src.indexOf(q, i + 1);
      if (end < 0) fail(`unterminated value of ${a}`);
      const value = src.slice(i + 1, end);
      checkText(value);
      if (a in el.attrs) fail(`duplicate attribute ${a}`);
      el.attrs[a] = value;
      i = end + 1;
    }
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(el);
    else if (root) fail('a second root element');
    else root = el;
    if (src.startsWith('/>', i)) {
      i += 2;
    } else {
      i++;
      stack.push(el);
    }
  }
  if (stack.length > 0) fail(`unclosed <${stack[stack.length - 1]?.name}>`);
  if (!root) return fail('no root element');
  return root;
}

/** Every element of a tree, depth first. */
export function allElements(el: XmlElement): XmlElement[] {
  return [el, ...el.children.flatMap(allElements)];
}
