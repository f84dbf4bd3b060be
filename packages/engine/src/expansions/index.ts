/**
 * The built-in expansions, assembled above the core into the registry that records, the command
 * line and the bots use by default. Canonical order: Halflings, Tower, Princess & Dragon (X-3).
 */
import type { SetupError } from '../rules/errors.js';
import type { GameConfig } from '../rules/config.js';
import { Game } from '../rules/game.js';
import type { OptionError, Options } from '../rules/options.js';
import { Registry } from '../rules/registry.js';
import type { Result } from '../util/result.js';
import { HALFLINGS } from './halflings/index.js';
import { PRINCESS_AND_DRAGON } from './princessDragon/index.js';
import { TOWER } from './tower/index.js';

export { HALFLINGS, PRINCESS_AND_DRAGON, TOWER };
export type { Halflings, HalflingsViewSlice } from './halflings/index.js';
export type {
  FairyMeepleView,
  FairyView,
  HuntView,
  PrincessDragon,
  PrincessDragonViewSlice,
} from './princessDragon/index.js';
export type { Tower, TowerView, TowerViewSlice } from './tower/index.js';

/** Every expansion this program ships. */
export const BUILTIN = new Registry([HALFLINGS, TOWER, PRINCESS_AND_DRAGON]);

/** Ids of the built-in expansions, in canonical order. */
export const EXPANSION_IDS: readonly string[] = BUILTIN.ids;
/** Every built-in option (base game and expansions), with values, default, rule and explanation. */
export const OPTION_SPECS = BUILTIN.optionSpecs;
/** The current publisher's rules (the `hig` preset). */
export const DEFAULT_OPTIONS = BUILTIN.defaults;
export const PRESETS = BUILTIN.presets;
/** Every built-in tile set by id (`basic:2`, `tower:1`…). */
export const TILE_SETS = BUILTIN.tileSets;

/**
 * Reads options keyed by id on top of a preset, with the built-in expansions' options; with
 * `expansions` (those in play), an option of any other expansion is refused.
 */
export const parseOptions = (
  input: unknown,
  path?: string,
  preset?: string,
  expansions?: readonly string[],
): Result<Options, OptionError> => BUILTIN.parseOptions(input, path, preset, expansions);

/** The options that differ from the defaults, keyed by id (what a record stores). */
export const makeOptions = (options: Options): Record<string, string | number> =>
  BUILTIN.changedOptions(options);

/** Starts a game (B-2) with the expansions of `registry` (by default the built-in ones). */
export const createGame = (
  config: GameConfig,
  registry: Registry = BUILTIN,
  into?: Game,
): Result<Game, SetupError> => Game.create(config, registry, into);
