/**
 * Game options (RULES.md section O): stable kebab-case ids with typed values and defaults.
 * A record stores only the options that differ from the defaults.
 */
import type { Result } from '../util/result.js';
import { err, ok } from '../util/result.js';

export interface Options {
  /** tile-set-base (B-1): base tile artwork set. */
  tileSetBase: 'basic:1' | 'basic:2';
  /** tiny-city-scoring (B-7): what a completed city of two tiles scores: 4 (2 per tile and pennant) or 2 (1 each). */
  tinyCityScoring: 4 | 2;
}

interface OptionSpec<K extends keyof Options> {
  id: string;
  key: K;
  values: readonly Options[K][];
  rule: string;
}

/** Every option with its id, allowed values and the rule it belongs to. */
export const OPTION_SPECS: readonly OptionSpec<keyof Options>[] = [
  { id: 'tile-set-base', key: 'tileSetBase', values: ['basic:2', 'basic:1'], rule: 'B-1' },
  { id: 'tiny-city-scoring', key: 'tinyCityScoring', values: [4, 2], rule: 'B-7' },
];

/** The current publisher's rules (the `hig` preset). */
export const DEFAULT_OPTIONS: Readonly<Options> = { tileSetBase: 'basic:2', tinyCityScoring: 4 };

export interface OptionError {
  code: 'options/invalid';
  path: string;
  message: string;
}

/** Reads options keyed by their kebab-case ids, e.g. `{ "tiny-city-scoring": 2 }`. */
export function parseOptions(input: unknown, path = 'options'): Result<Options, OptionError> {
  const options: Options = { ...DEFAULT_OPTIONS };
  if (input === undefined) return ok(options);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return err({
      code: 'options/invalid',
      path,
      message: `${path}: must be an object of option ids to values`,
    });
  }
  for (const [id, value] of Object.entries(input)) {
    const spec = OPTION_SPECS.find((s) => s.id === id);
    if (!spec) {
      const known = OPTION_SPECS.map((s) => s.id).join(', ');
      return err({
        code: 'options/invalid',
        path: `${path}.${id}`,
        message: `${path}.${id}: unknown option (${known})`,
      });
    }
    if (!(spec.values as readonly unknown[]).includes(value)) {
      const allowed = spec.values.map((v) => JSON.stringify(v)).join(', ');
      return err({
        code: 'options/invalid',
        path: `${path}.${id}`,
        message: `${path}.${id}: ${JSON.stringify(value)} is not allowed (${allowed})`,
      });
    }
    (options as unknown as Record<string, unknown>)[spec.key] = value;
  }
  return ok(options);
}

/** The options that differ from the defaults, keyed by id (what a record stores). */
export function makeOptions(options: Options): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const spec of OPTION_SPECS) {
    if (options[spec.key] !== DEFAULT_OPTIONS[spec.key]) out[spec.id] = options[spec.key];
  }
  return out;
}
