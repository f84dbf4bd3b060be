/**
 * A registry: the expansion definitions a program knows, in canonical order, and what they bring
 * together: the tile catalog, the tile sets, the option specs and presets. A game is created from a
 * registry and the ids of the expansions it uses; records and the command line name expansions by
 * id and resolve them here. The core knows no expansion: the built-in registry is assembled above
 * it (expansions/index.ts), and a program may extend it with its own (`with`).
 *
 * Canonical order matters: instances are created, and their steps run, in registry order (X-3:
 * the Tower's capture before the dragon's hunt).
 */
import { Catalog } from '../tiles/catalog.js';
import type { TileSets } from '../tiles/catalog.js';
import { BASE_SETS, BASE_TILES } from '../tiles/data/base.js';
import type { Result } from '../util/result.js';
import type { ActionSpec, ActionType } from './actions.js';
import { BASE_ACTIONS, MAX_ACTION_TYPES, M_MEEPLE, M_PASS, M_PLACE } from './actions.js';
import type { RuleErrorCode } from './errors.js';
import { BASE_ERROR_CODES } from './errors.js';
import type { ExpansionDef } from './expansion.js';
import type { Phase } from './phases.js';
import { BASE_PHASES } from './phases.js';
import type { OptionError, OptionSpec, Options, Presets } from './options.js';
import { BASE_OPTION_SPECS, changedOptions, defaultOptions, readOptions } from './options.js';

export class Registry {
  /** The definitions, in canonical order. */
  readonly defs: readonly ExpansionDef[];
  /** Their ids, in canonical order. */
  readonly ids: readonly string[];
  /** Every tile set by id: the base game's and each expansion's. */
  readonly tileSets: TileSets;
  /** Every option: the base game's, then each expansion's. */
  readonly optionSpecs: readonly OptionSpec[];
  readonly defaults: Readonly<Options>;
  /** Presets by name (`hig` is the defaults). */
  readonly presets: Presets;
  /** Every action type: the base game's, then each expansion's, by type. */
  readonly actions: ReadonlyMap<ActionType, ActionSpec>;
  /** The code of each action type in an encoded move: the base game's fixed, the others in registry order. */
  private readonly codes: ReadonlyMap<ActionType, number>;
  /** Every error code a refusal may carry. */
  readonly errorCodes: readonly RuleErrorCode[];
  /** Every phase a view may report. */
  readonly phases: readonly Phase[];
  private compiled: Catalog | undefined;

  constructor(defs: readonly ExpansionDef[]) {
    const ids = new Set<string>();
    for (const d of defs) {
      if (ids.has(d.id)) throw new Error(`registry: expansion "${d.id}" given twice`);
      ids.add(d.id);
    }
    this.defs = [...defs];
    this.ids = this.defs.map((d) => d.id);
    this.tileSets = Object.assign({}, BASE_SETS, ...defs.map((d) => d.tileSets ?? {})) as TileSets;
    this.optionSpecs = [...BASE_OPTION_SPECS, ...defs.flatMap((d) => d.options ?? [])];
    const keys = new Set<string>();
    for (const s of this.optionSpecs) {
      if (keys.has(s.id)) throw new Error(`registry: option "${s.id}" declared twice`);
      keys.add(s.id);
    }
    this.defaults = defaultOptions(this.optionSpecs);
    const presets: Record<string, Partial<Options>> = { hig: {} };
    for (const d of defs) {
      for (const [name, values] of Object.entries(d.presets ?? {})) {
        presets[name] = { ...presets[name], ...values };
      }
    }
    this.presets = presets;
    const actions = new Map<ActionType, ActionSpec>();
    for (const a of [...BASE_ACTIONS, ...defs.flatMap((d) => d.actions ?? [])]) {
      if (actions.has(a.type)) throw new Error(`registry: action "${a.type}" declared twice`);
      actions.set(a.type, a);
    }
    this.actions = actions;
    if (actions.size > MAX_ACTION_TYPES) {
      throw new Error(
        `registry: ${actions.size} action types, but a move can name at most ${MAX_ACTION_TYPES}`,
      );
    }
    const codes = new Map<ActionType, number>([
      ['pass', M_PASS],
      ['place', M_PLACE],
      ['meeple', M_MEEPLE],
    ]);
    for (const type of actions.keys()) if (!codes.has(type)) codes.set(type, codes.size);
    this.codes = codes;
    this.errorCodes = [...new Set([...BASE_ERROR_CODES, ...defs.flatMap((d) => d.errors ?? [])])];
    this.phases = [...new Set([...BASE_PHASES, ...defs.flatMap((d) => d.phases ?? [])])];
  }

  /** This registry with more definitions after its own (a program's or a test's expansions). */
  with(...defs: readonly ExpansionDef[]): Registry {
    return new Registry([...this.defs, ...defs]);
  }

  /** The code of an action type in encoded moves (`moveType(move)`), or -1 when no definition has it. */
  moveCode(type: ActionType): number {
    return this.codes.get(type) ?? -1;
  }

  get(id: string): ExpansionDef | undefined {
    return this.defs.find((d) => d.id === id);
  }

  /** Every tile the registry knows: the base game's and each expansion's, compiled once. */
  catalog(): Catalog {
    this.compiled ??= Catalog.builtin([...BASE_TILES, ...this.defs.flatMap((d) => d.tiles ?? [])]);
    return this.compiled;
  }

  /** Reads options keyed by id on top of a preset (default `hig`): see rules/options.ts. */
  parseOptions(input: unknown, path = 'options', preset = 'hig'): Result<Options, OptionError> {
    return readOptions(this.optionSpecs, this.presets, input, path, preset);
  }

  /** The options that differ from the defaults, keyed by id (what a record stores). */
  changedOptions(options: Options): Record<string, string | number> {
    return changedOptions(this.optionSpecs, options);
  }
}
