/** Test helpers: an in-memory Io (the XML check for SVG output is in packages/art/test/xml.ts). */
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
