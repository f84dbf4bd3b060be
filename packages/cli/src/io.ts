/**
 * The little the commands need from the outside world, behind an interface so tests can run them
 * in memory. `nodeIo()` is the real thing.
 */
import { accessSync, constants, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Interface } from 'node:readline';
import cliProgress from 'cli-progress';

/** A progress display for long runs (only shown on a terminal). */
export interface Progress {
  update(done: number): void;
  stop(): void;
}

export interface Io {
  /** Writes to standard output. */
  out(text: string): void;
  /** Writes to standard error. */
  err(text: string): void;
  /** Reads a UTF-8 file; throws a Node error (with `code`) when it cannot. */
  readFile(path: string): string;
  writeFile(path: string, data: string): void;
  /**
   * Checks, without writing, that `path` could be written now: an existing file that may be
   * written, or a new one in a directory that may be written. Throws a Node error (with `code`)
   * when it could not.
   */
  checkWritable(path: string): void;
  /** A progress bar on standard error, or undefined when standard error is not a terminal. */
  progress(total: number, label: string): Progress | undefined;
  /** Milliseconds from an arbitrary origin. */
  now(): number;
  /**
   * Shows `prompt` and reads one line of standard input (without its line end); null at the end of
   * the input (a closed pipe, Ctrl-D, or Ctrl-C at the prompt).
   */
  readLine(prompt: string): Promise<string | null>;
  /** Lets go of standard input once nothing more will be read (so the program can exit). */
  closeInput(): void;
  /** Whether standard output is a terminal that shows ANSI colours (not when NO_COLOR is set). */
  colorOut(): boolean;
}

export function nodeIo(): Io {
  // One reader for the whole run, made on the first read: lines that arrive before they are asked
  // for (piped input) wait in its iterator instead of being lost.
  let reader: { rl: Interface; lines: AsyncIterator<string> } | undefined;
  let closed = false;
  const open = () => {
    if (!reader) {
      const rl = createInterface({
        input: process.stdin,
        output: process.stdout,
        terminal: process.stdin.isTTY === true && process.stdout.isTTY === true,
      });
      // Ctrl-C ends the input like Ctrl-D, so the command quits cleanly (and `play` saves its
      // record): on a terminal readline sees the key; otherwise (`play | tee`) the process gets
      // the signal. Once the input is closed, a second Ctrl-C stops the program as usual.
      const interrupted = () => rl.close();
      rl.on('SIGINT', interrupted);
      process.on('SIGINT', interrupted);
      rl.on('close', () => {
        closed = true;
        process.off('SIGINT', interrupted);
      });
      reader = { rl, lines: rl[Symbol.asyncIterator]() };
    }
    return reader;
  };
  return {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    readFile: (path) => readFileSync(path, 'utf8'),
    writeFile: (path, data) => writeFileSync(path, data),
    checkWritable: (path) => {
      let isDirectory: boolean;
      try {
        isDirectory = statSync(path).isDirectory();
      } catch (e) {
        if ((e as { code?: unknown } | null)?.code !== 'ENOENT') throw e;
        // A new file: its directory must exist and be writable.
        const dir = dirname(resolve(path));
        if (!statSync(dir).isDirectory()) throw Object.assign(new Error(dir), { code: 'ENOTDIR' });
        accessSync(dir, constants.W_OK);
        return;
      }
      if (isDirectory) throw Object.assign(new Error(path), { code: 'EISDIR' });
      accessSync(path, constants.W_OK);
    },
    progress: (total, label) => {
      if (!process.stderr.isTTY) return undefined;
      const bar = new cliProgress.SingleBar(
        {
          stream: process.stderr,
          format: `${label} [{bar}] {value}/{total} | {percentage}% | eta {eta_formatted}`,
          hideCursor: true,
          clearOnComplete: true,
          etaBuffer: 50,
        },
        cliProgress.Presets.shades_classic,
      );
      bar.start(total, 0);
      // Give the cursor back if the run is interrupted.
      const interrupted = () => {
        bar.stop();
        process.exit(130);
      };
      process.once('SIGINT', interrupted);
      return {
        update: (done) => bar.update(done),
        stop: () => {
          process.off('SIGINT', interrupted);
          bar.stop();
        },
      };
    },
    now: () => performance.now(),
    readLine: async (prompt) => {
      const { rl, lines } = open();
      // Piped input may be at its end already while its last lines still wait to be read.
      if (closed) process.stdout.write(prompt);
      else {
        rl.setPrompt(prompt);
        rl.prompt();
      }
      const next = await lines.next();
      if (next.done) return null;
      // A terminal echoes what is typed; piped input is echoed so the transcript reads the same.
      if (process.stdin.isTTY !== true) process.stdout.write(`${next.value}\n`);
      return next.value;
    },
    closeInput: () => reader?.rl.close(),
    colorOut: () => process.stdout.isTTY === true && !('NO_COLOR' in process.env),
  };
}

/** A user error: a one-line message and the exit code it ends the program with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Describes a failed file operation in words, without a stack trace. */
export function fileErrorMessage(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EISDIR':
      return 'is a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    default:
      return e instanceof Error ? e.message : String(e);
  }
}
