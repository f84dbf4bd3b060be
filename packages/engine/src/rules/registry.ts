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
import type { TileSchema } from '../tiles/schema.js';
import { BASE_TILE_SCHEMA, buildTileSchema } from '../tiles/schema.js';
import type { Result } from '../util/result.js';
import { err, ok } from '../util/result.js';
import { isReservedName, ownValue } from '../util/names.js';
import type { ActionSpec, ActionType } from './actions.js';
import { BASE_ACTIONS, MAX_ACTION_TYPES, M_MEEPLE, M_PASS, M_PLACE } from './actions.js';
import type { RuleErrorCode } from './errors.js';
import { BASE_ERROR_CODES } from './errors.js';
import type { ExpansionDef, ExpansionId } from './expansion.js';
import type { Phase } from './phases.js';
import { BASE_PHASES } from './phases.js';
import type { OptionError, OptionSpec, Options, Presets } from './options.js';
import {
  BASE_OPTION_SPECS,
  changedOptions,
  defaultOptions,
  notInPlayError,
  optionsSource,
  readOptions,
} from './options.js';

/** Refuses a definition that would declare a name every object inherits (util/names.ts). */
function checkName(what: string, name: string): void {
  if (isReservedName(name)) {
    throw new Error(
      `registry: ${what} ${JSON.stringify(name)} is a reserved name (every JavaScript object has it)`,
    );
  }
}

export class Registry {
  /** The definitions, in canonical order. */
  readonly defs: readonly ExpansionDef[];
  /** Their ids, in canonical order. */
  readonly ids: readonly string[];
  /** Every tile set by id: the base game's and each expansion's. */
  readonly tileSets: TileSets;
  /** The feature attributes and tile symbols tile files may use: the base game's, then each expansion's. */
  readonly tileSchema: TileSchema;
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
  /** Every option by id, by key, and the expansion that declares it (none for the base game's). */
  private readonly specById: ReadonlyMap<string, OptionSpec>;
  private readonly specByKey: ReadonlyMap<string, OptionSpec>;
  private readonly owners: ReadonlyMap<string, ExpansionId>;
  private compiled: Catalog | undefined;

  /**
   * Gathers `defs`. Throws for a definition that repeats an id, or that declares a name every
   * JavaScript object inherits (`constructor`, `toString`, `__proto__`… as an expansion id, tile
   * set, tile id, option id or key, preset, action type, feature attribute or tile symbol): such a name could never be looked up
   * safely, and copying a `__proto__` key would change an object's prototype.
   */
  constructor(defs: readonly ExpansionDef[]) {
    const ids = new Set<string>();
    for (const d of defs) {
      checkName('expansion id', d.id);
      if (ids.has(d.id)) throw new Error(`registry: expansion "${d.id}" given twice`);
      ids.add(d.id);
    }
    this.defs = [...defs];
    this.ids = this.defs.map((d) => d.id);
    const sets = new Map<string, Readonly<Record<string, number>>>();
    for (const group of [BASE_SETS, ...defs.map((d) => d.tileSets ?? {})]) {
      for (const set of Object.keys(group)) {
        checkName('tile set', set);
        const tiles = group[set];
        for (const id of Object.keys(tiles)) checkName(`tile id in tile set "${set}":`, id);
        sets.set(set, tiles);
      }
    }
    this.tileSets = Object.fromEntries(sets);
    this.tileSchema = buildTileSchema([
      { owner: 'the base game', ...BASE_TILE_SCHEMA },
      ...defs.map((d) => ({ owner: d.id, attributes: d.featureAttributes, symbols: d.symbols })),
    ]);
    this.optionSpecs = [...BASE_OPTION_SPECS, ...defs.flatMap((d) => d.options ?? [])];
    const byId = new Map<string, OptionSpec>();
    const byKey = new Map<string, OptionSpec>();
    for (const s of this.optionSpecs) {
      checkName('option id', s.id);
      checkName('option key', s.key);
      if (byId.has(s.id) || byKey.has(s.key)) throw new Error(`registry: option "${s.id}" declared twice`);
      byId.set(s.id, s);
      byKey.set(s.key, s);
    }
    this.specById = byId;
    this.specByKey = byKey;
    this.owners = new Map(defs.flatMap((d) => (d.options ?? []).map((o) => [o.id, d.id] as const)));
    this.defaults = defaultOptions(this.optionSpecs);
    const presets = new Map<string, Partial<Options>>([['hig', {}]]);
    for (const d of defs) {
      const own = d.presets ?? {};
      for (const name of Object.keys(own)) {
        checkName('preset', name);
        const values = own[name];
        for (const key of Object.keys(values)) {
          if (!byKey.has(key)) throw new Error(`registry: preset "${name}" sets unknown option key "${key}"`);
        }
        presets.set(name, { ...presets.get(name), ...values });
      }
    }
    this.presets = Object.fromEntries(presets);
    const actions = new Map<ActionType, ActionSpec>();
    for (const a of [...BASE_ACTIONS, ...defs.flatMap((d) => d.actions ?? [])]) {
      checkName('action type', a.type);
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
    this.compiled ??= Catalog.builtin(
      [...BASE_TILES, ...this.defs.flatMap((d) => d.tiles ?? [])],
      this.tileSchema,
    );
    return this.compiled;
  }

  /** The expansion that declares option `id`, or undefined for the base game's options (and unknown ids). */
  optionOwner(id: string): ExpansionId | undefined {
    return this.owners.get(id);
  }

  /**
   * Reads options keyed by id on top of a preset (default `hig`): see rules/options.ts. With
   * `expansions` (those in play), an option of any other expansion is refused, naming it and its
   * expansion (`expansion` in the error), since the game would ignore it.
   */
  parseOptions(
    input: unknown,
    path = 'options',
    preset = 'hig',
    expansions?: readonly string[],
  ): Result<Options, OptionError> {
    const notInPlay =
      expansions === undefined
        ? undefined
        : (id: string) => {
            const owner = this.owners.get(id);
            return owner !== undefined && !expansions.includes(owner) ? owner : undefined;
          };
    return readOptions(this.optionSpecs, this.presets, input, path, preset, notInPlay);
  }

  /**
   * The options of a game with `expansions` in play, from a configuration's `options` (keyed by
   * key: all of them as `parseOptions` returns them, or some): every key known, every value
   * allowed. Paths name options by id (`options.tower-pieces`), as players and records do.
   *
   * An option of an expansion that is not in play would be silently ignored, so one that was
   * chosen is refused: one named by id (a player's input passed on as it came), and in options that
   * `parseOptions` made (this very object, as a server passes a lobby's settings on) one it was
   * given or changed since. Any other value of such an option is no choice — a preset's (`zman`
   * sets the Princess & the Dragon's), or a program's full set of options spread over every
   * combination of expansions — and is set back to the default, so that the game, its record and
   * its snapshot carry only options of what is played.
   */
  gameOptions(input: unknown, expansions: readonly string[], path = 'options'): Result<Options, OptionError> {
    const options = new Map<string, unknown>(Object.entries(this.defaults));
    const done = () => ok(Object.fromEntries(options) as unknown as Options);
    if (input === undefined) return done();
    const bad = (at: string, reason: string) =>
      err<OptionError>({ code: 'options/invalid', path: at, message: `${at}: ${reason}` });
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return bad(path, 'must be an object of option keys to values');
    }
    const source = optionsSource(input);
    for (const key of Object.keys(input)) {
      const value = ownValue(input, key);
      // Left out, as a partial configuration may write it.
      if (value === undefined) continue;
      const spec = this.specByKey.get(key) ?? this.specById.get(key);
      if (spec === undefined) {
        return bad(`${path}.${key}`, `unknown option (${[...this.specByKey.keys()].join(', ')})`);
      }
      const at = `${path}.${spec.id}`;
      const owner = this.owners.get(spec.id);
      if (owner !== undefined && !expansions.includes(owner)) {
        const chosen =
          key !== spec.key ||
          (source !== undefined &&
            (source.named.has(spec.id) ||
              value !== (ownValue(source.preset, spec.key) ?? this.defaults[spec.key])));
        if (chosen) return err(notInPlayError(at, spec.id, owner));
        continue;
      }
      if (key !== spec.key) {
        return bad(
          at,
          `a game configuration names options by key: write ${spec.key}, not ${spec.id} (parseOptions reads options by id)`,
        );
      }
      if (!(spec.values as readonly unknown[]).includes(value)) {
        const allowed = spec.values.map((v) => JSON.stringify(v)).join(', ');
        return bad(at, `${JSON.stringify(value)} is not allowed (${allowed})`);
      }
      options.set(spec.key, value);
    }
    return done();
  }

  /**
   * The options that differ from the defaults, keyed by id (what a record stores); with `expansions`,
   * only the base game's and those of the expansions in play.
   */
  changedOptions(options: Options, expansions?: readonly string[]): Record<string, string | number> {
    const specs =
      expansions === undefined
        ? this.optionSpecs
        : this.optionSpecs.filter((s) => {
            const owner = this.owners.get(s.id);
            return owner === undefined || expansions.includes(owner);
          });
    return changedOptions(specs, options);
  }
}
