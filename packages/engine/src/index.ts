/**
 * @carc/engine — Carcassonne rules engine. No runtime dependencies; runs in Node, browsers and workers.
 */
export type { Point, Rotation, FeatureKind, RuleId, Shape, TileSymbol, EdgeType } from './types.js';
export { FEATURE_KINDS, ROTATIONS, SHAPES, TILE_SYMBOLS } from './types.js';
export type { Result } from './util/result.js';
export { ok, err, unwrap } from './util/result.js';
export { CORNER_NAMES, SIDE_NAMES, HALF_NAMES } from './geometry/edges.js';
export type { CornerName, SideName, HalfName } from './geometry/edges.js';
export { Grid } from './geometry/grid.js';
export type { TileDef, TileDefInput, FeatureDef, FeatureInput, TileDefError } from './tiles/tileDef.js';
export { parseTileDef } from './tiles/tileDef.js';
export type { TileSets } from './tiles/catalog.js';
export { Catalog, MAX_EXTRA_TILES } from './tiles/catalog.js';
export type { Options, OptionError, OptionSpec, Presets } from './rules/options.js';
export { Registry } from './rules/registry.js';
export type {
  FairyMeepleView,
  FairyView,
  Halflings,
  HalflingsViewSlice,
  HuntView,
  PrincessDragon,
  PrincessDragonViewSlice,
  Tower,
  TowerView,
  TowerViewSlice,
} from './expansions/index.js';
export {
  BUILTIN,
  DEFAULT_OPTIONS,
  EXPANSION_IDS,
  HALFLINGS,
  OPTION_SPECS,
  PRESETS,
  PRINCESS_AND_DRAGON,
  TILE_SETS,
  TOWER,
  createGame,
  makeOptions,
  parseOptions,
} from './expansions/index.js';
export type {
  CountingRules,
  ExpansionId,
  ExpansionDef,
  ExpansionInstance,
  MoveSizes,
  PayloadLayout,
  Step,
} from './rules/expansion.js';
export type { Direction, ActionType } from './rules/actions.js';
export { DIRECTIONS, ACTION_TYPES, MOVE_TYPES, moveType, movePayload, TYPE_BITS } from './rules/actions.js';
export type { Action } from './rules/actions.js';
export type { GameEvent, ScoreEvent } from './rules/events.js';
export type { RuleError, RuleErrorCode, SetupError } from './rules/errors.js';
export { RULE_ERROR_CODES } from './rules/errors.js';
export type { GameConfig, Phase, TilePlacement, MeeplePlacement } from './rules/game.js';
export {
  Game,
  MAX_TILES,
  MEEPLES_PER_PLAYER,
  MIN_PLAYERS,
  MAX_PLAYERS,
  PHASES,
  checkMoveWidths,
} from './rules/game.js';
export type {
  BaseView,
  ExpansionViews,
  GameView,
  PlacedTileView,
  PlaceView,
  MeepleView,
} from './rules/view.js';
export { expansionViews, viewOf } from './rules/view.js';
export type { GameRecord, RecordAction, RecordError, Expectations, Replay } from './notation/record.js';
export {
  RECORD_FORMAT,
  RECORD_VERSION,
  parseRecord,
  readRecord,
  recordConfig,
  replayRecord,
  compareExpectations,
  makeRecord,
  redactRecord,
  scoreEvents,
} from './notation/record.js';
