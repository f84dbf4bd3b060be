/**
 * Game options (docs/rules.md, section O): stable kebab-case ids with typed values and defaults, and the
 * presets that bundle them. The base game's options are declared here; each expansion declares
 * its own (keys by declaration merging into `Options`, specs in its definition), and a registry
 * (rules/registry.ts) gathers them. A record stores only the options that differ from the defaults.
 */
import type { RuleId } from '../types.js';
import type { Result } from '../util/result.js';
import { err, ok } from '../util/result.js';
import { ownValue } from '../util/names.js';

/** Every option's value by key; expansions add their keys (`declare module … interface Options`). */
export interface Options {
  /** tile-set-base (B-1): base tile artwork set; expansions use the tile set of the same edition. */
  tileSetBase: 'basic:1' | 'basic:2';
  /** tiny-city-scoring (B-7): what a completed city of two tiles scores: 4 (2 per tile and pennant) or 2 (1 each). */
  tinyCityScoring: 4 | 2;
}

/**
 * One option: its id, key, allowed values (the first is the default), the rule it chiefly sets, the
 * other rules it also changes (if any), and a one-line explanation.
 */
export interface OptionSpec<K extends keyof Options = keyof Options> {
  readonly id: string;
  readonly key: K;
  readonly values: readonly Options[K][];
  /** The rule of docs/rules.md the option chiefly sets. */
  readonly rule: RuleId;
  /** Other rules the option governs too (fairy-bonus sets D-17 and does away with D-15's point). */
  readonly also?: readonly RuleId[];
  readonly doc: string;
}

/** The base game's options. */
export const BASE_OPTION_SPECS: readonly OptionSpec[] = [
  {
    id: 'tile-set-base',
    key: 'tileSetBase',
    values: ['basic:2', 'basic:1'],
    rule: 'B-1',
    doc: 'which edition of the base tiles (and of the expansions’ tiles) is in the box',
  },
  {
    id: 'tiny-city-scoring',
    key: 'tinyCityScoring',
    values: [4, 2],
    rule: 'B-7',
    doc: 'a completed city of two tiles scores 4 (2 per tile), or 2 as in older editions',
  },
];

/** Presets after the publishers' editions of the rules (docs/rules.md, section O), by name. */
export type Presets = Readonly<Record<string, Partial<Options>>>;

export interface OptionError {
  code: 'options/invalid';
  path: string;
  message: string;
  /** When the option was refused because its expansion is not in play: that expansion's id. */
  expansion?: string;
}

/** What `readOptions` made an options object from: the preset's values and the ids named explicitly. */
export interface OptionsSource {
  readonly preset: Readonly<Partial<Options>>;
  readonly named: ReadonlySet<string>;
}

/**
 * The source of each options object `readOptions` returned, for as long as the object lives: a game
 * created with it (`Registry.gameOptions`) can then tell an option a player chose from a preset's
 * value. A copy of the object (a spread, a structured clone) has none; see `gameOptions`.
 */
const SOURCES = new WeakMap<object, OptionsSource>();

/** What `readOptions` made `options` from, when it made this very object. */
export const optionsSource = (options: object): OptionsSource | undefined => SOURCES.get(options);

/** The default of every option in `specs`. */
export function defaultOptions(specs: readonly OptionSpec[]): Options {
  return Object.fromEntries(specs.map((s) => [s.key, s.values[0]])) as unknown as Options;
}

/**
 * Reads options keyed by their kebab-case ids, e.g. `{ "tiny-city-scoring": 2 }`, on top of a preset
 * (default `hig`). Explicit options win over the preset's. Names are looked up as the presets' own
 * (a preset named `toString` is unknown, not Object.prototype's). `notInPlay`, when given, says
 * which expansion an option belongs to when that expansion is not in play: such an option is refused.
 */
export function readOptions(
  specs: readonly OptionSpec[],
  presets: Presets,
  input: unknown,
  path = 'options',
  preset = 'hig',
  notInPlay?: (id: string) => string | undefined,
): Result<Options, OptionError> {
  const presetValues = Object.hasOwn(presets, preset) ? presets[preset] : undefined;
  if (presetValues === undefined) {
    const known = Object.keys(presets).join(', ');
    return err({
      code: 'options/invalid',
      path: 'preset',
      message: `preset: unknown preset ${JSON.stringify(preset)} (${known})`,
    });
  }
  const options: Options = { ...defaultOptions(specs), ...presetValues };
  const named = new Set<string>();
  SOURCES.set(options, { preset: presetValues, named });
  if (input === undefined) return ok(options);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return err({
      code: 'options/invalid',
      path,
      message: `${path}: must be an object of option ids to values`,
    });
  }
  for (const id of Object.keys(input)) {
    const value = ownValue(input, id);
    const spec = specs.find((s) => s.id === id);
    if (!spec) {
      const known = specs.map((s) => s.id).join(', ');
      return err({
        code: 'options/invalid',
        path: `${path}.${id}`,
        message: `${path}.${id}: unknown option (${known})`,
      });
    }
    const owner = notInPlay?.(id);
    if (owner !== undefined) return err(notInPlayError(`${path}.${id}`, id, owner));
    if (!(spec.values as readonly unknown[]).includes(value)) {
      const allowed = spec.values.map((v) => JSON.stringify(v)).join(', ');
      return err({
        code: 'options/invalid',
        path: `${path}.${id}`,
        message: `${path}.${id}: ${JSON.stringify(value)} is not allowed (${allowed})`,
      });
    }
    (options as unknown as Record<string, unknown>)[spec.key] = value;
    named.add(id);
  }
  return ok(options);
}

/** Option `id` at `path` belongs to expansion `owner`, which is not in play (the game would ignore it). */
export const notInPlayError = (path: string, id: string, owner: string): OptionError => ({
  code: 'options/invalid',
  path,
  message: `${path}: option ${id} belongs to expansion ${owner}, which is not in play`,
  expansion: owner,
});

/** The options of `specs` that differ from the defaults, keyed by id (what a record stores). */
export function changedOptions(
  specs: readonly OptionSpec[],
  options: Options,
): Record<string, string | number> {
  const out = new Map<string, string | number>();
  const defaults = defaultOptions(specs);
  for (const spec of specs) {
    if (options[spec.key] !== defaults[spec.key]) out.set(spec.id, options[spec.key]);
  }
  return Object.fromEntries(out);
}
