/**
 * `--record`: a benchmark also writes what it printed into bench/RESULTS.md, in its own section
 * under "Last recorded runs" (between `<!-- recorded:NAME -->` markers, replacing the run recorded
 * before), with the command, the date, the commit and how busy the machine was: the figures in the
 * repository are the benchmark's own, never copied by hand. Only a run that ends well is written.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RESULTS = fileURLToPath(new URL('../../bench/RESULTS.md', import.meta.url));
const HEADING = '## Last recorded runs';

/** When `--record` was given: keeps what the benchmark prints and writes it into RESULTS.md at exit. */
export function recordResults(name: string, script: string, title: string): void {
  const args = process.argv.slice(2);
  if (!args.includes('--record')) return;
  const lines: string[] = [];
  const print = console.log.bind(console);
  console.log = (...parts: unknown[]): void => {
    lines.push(format(...parts));
    print(...parts);
  };
  const started = {
    at: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    load: loadavg()[0]!.toFixed(2),
    commit: headCommit(),
  };
  process.once('exit', (code) => {
    if (code !== 0 || lines.length === 0) return;
    const shown = args.filter((a) => a !== '--record');
    const command = `npm run ${script}${shown.length === 0 ? '' : ` -- ${shown.join(' ')}`}`;
    // Laid out as the formatter would (blank lines around the markers, no trailing spaces).
    const block = [
      `<!-- recorded:${name} -->`,
      '',
      `### ${title}`,
      '',
      `\`${command}\` at ${started.at}, commit ${started.commit}, ${availableParallelism()} cores, ` +
        `load average ${started.load} when it started:`,
      '',
      '```text',
      ...lines.flatMap((l) => l.split('\n')).map((l) => l.trimEnd()),
      '```',
      '',
      `<!-- /recorded:${name} -->`,
    ].join('\n');
    writeFileSync(RESULTS, withBlock(existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '', name, block));
    print(`(recorded in bench/RESULTS.md, "${title}")`);
  });
}

/** `text` with the block of `name` replaced, or added under the heading (made if missing). */
function withBlock(text: string, name: string, block: string): string {
  const start = text.indexOf(`<!-- recorded:${name} -->`);
  const endMarker = `<!-- /recorded:${name} -->`;
  const end = text.indexOf(endMarker);
  if (start >= 0 && end > start) return text.slice(0, start) + block + text.slice(end + endMarker.length);
  const body = text.includes(HEADING) ? text.trimEnd() : `${text.trimEnd()}\n\n${HEADING}`;
  return `${body}\n\n${block}\n`;
}

function headCommit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'packages'], { cwd: ROOT }).toString();
    return dirty.trim() === '' ? head : `${head} (with uncommitted changes)`;
  } catch {
    return 'unknown';
  }
}
