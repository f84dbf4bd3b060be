/**
 * The little the commands need from the outside world, behind an interface so tests can run them
 * in memory. `nodeIo()` is the real thing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
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
  /** A progress bar on standard error, or undefined when standard error is not a terminal. */
  progress(total: number, label: string): Progress | undefined;
  /** Milliseconds from an arbitrary origin. */
  now(): number;
}

export function nodeIo(): Io {
  return {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    readFile: (path) => readFileSync(path, 'utf8'),
    writeFile: (path, data) => writeFileSync(path, data),
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
