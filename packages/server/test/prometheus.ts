/**
 * Test helpers: Prometheus's text exposition format read back (what `/metrics` serves), strictly
 * enough that a malformed line fails the test, and a process's output checked as JSON lines.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Every sample of an exposition; throws on a line that is neither a comment nor a sample. */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const m = SAMPLE.exec(line);
    if (m === null) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(LABEL)) labels[l[1]!] = l[2]!.replace(/\\(.)/g, '$1');
    // As Prometheus reads them (Go's ParseFloat): `+Inf`, `-Inf`, `NaN` in any case (prom-client writes `Nan`).
    const text = m[3]!.toLowerCase();
    const value =
      text === '+inf' ? Infinity : text === '-inf' ? -Infinity : text === 'nan' ? NaN : Number(text);
    if (Number.isNaN(value) && text !== 'nan') throw new Error(`not a number: ${line}`);
    samples.push({ name: m[1]!, labels, value });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels`; undefined when there are none. */
export function metric(
  samples: readonly Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return found.length === 0 ? undefined : found.reduce((sum, s) => sum + s.value, 0);
}

/** Scrapes `/metrics` of `base` (with a bearer token when given). */
export async function scrape(base: string, token?: string): Promise<Sample[]> {
  const r = await fetch(`${base}/metrics`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  if (r.status !== 200) throw new Error(`/metrics: ${r.status} ${await r.text()}`);
  return parseMetrics(await r.text());
}

/** Each line of a process's output as JSON; throws naming the first line that is not. */
export function jsonLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      try {
        const value: unknown = JSON.parse(line);
        if (typeof value !== 'object' || value === null || Array.isArray(value))
          throw new Error('not an object');
        return value as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON line: ${JSON.stringify(line)}`);
      }
    });
}
