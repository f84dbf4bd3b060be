/**
 * @carc/engine — Carcassonne rules engine. No runtime dependencies; runs in Node, browsers and workers.
 */
export type { Point, Rotation, FeatureKind, RuleId, Shape, EdgeType } from './types.js';
export { FEATURE_KINDS, ROTATIONS, SHAPES } from './types.js';
export type { Result } from './util/result.js';
export { ok, err, unwrap } from './util/result.js';
export { CORNER_NAMES, SIDE_NAMES, HALF_NAMES } from './geometry/edges.js';
export type { CornerName, SideName, HalfName } from './geometry/edges.js';
export { Grid } from './geometry/grid.js';
export type { TileDef, TileDefInput, FeatureDef, FeatureInput, TileDefError } from './tiles/tileDef.js';
export { parseTileDef } from './tiles/tileDef.js';
export type { TileSets } from './tiles/catalog.js';
export { Catalog, MAX_EXTRA_TILES } from './tiles/catalog.js';
export type { AttributeMerge, FeatureAttributeSpec, TileSchema, TileSymbolSpec } from './tiles/schema.js';
export { BASE_TILE_SCHEMA } from './tiles/schema.js';
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
export type { CountingRules, ExpansionId, ExpansionDef, ExpansionInstance, Step } from './rules/expansion.js';
export type { Direction } from './expansions/princessDragon/index.js';
export { DIRECTIONS } from './expansions/princessDragon/index.js';
export type { CropMeeple } from './expansions/halflings/index.js';
export { CROP_MEEPLES } from './expansions/halflings/index.js';
export type {
  Action,
  Actions,
  ActionSpec,
  ActionType,
  FieldShape,
  MeepleChoice,
  MoveSizes,
  ShapeError,
} from './rules/actions.js';
export {
  FIELD,
  M_MEEPLE,
  M_PASS,
  M_PLACE,
  MAX_ACTION_TYPES,
  bitsFor,
  checkShape,
  encodeMove,
  moveType,
  movePayload,
  placeCell,
  TYPE_BITS,
} from './rules/actions.js';
export type { Events, GameEvent, ScoreEvent } from './rules/events.js';
export type { RuleError, RuleErrorCode, RuleErrorCodes, SetupError } from './rules/errors.js';
export type { GameConfig, TilePlacement, MeeplePlacement } from './rules/config.js';
export { MAX_TILES, checkMoveWidths } from './rules/config.js';
export type { UniformRandom, Seed } from './rules/rng.js';
export { SEED_HEX_DIGITS, parseSeed, randomSeed, seedPlus, seedWords } from './rules/rng.js';
export type { CatalogHashes } from './rules/catalogHash.js';
export { catalogHashes } from './rules/catalogHash.js';
export { MEEPLES_PER_PLAYER, MIN_PLAYERS, MAX_PLAYERS } from './rules/constants.js';
export type { Phase, Phases } from './rules/phases.js';
export type {
  BoardReader,
  ExpansionReader,
  GraphReader,
  GridReader,
  ReadonlyTypedArray,
  StateReader,
  UnitsReader,
} from './rules/reader.js';
export { Game } from './rules/game.js';
export type { Snapshot, SnapshotConfig, SnapshotError } from './rules/snapshot.js';
export { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './rules/snapshot.js';
export type { StateData, StatePart } from './util/state.js';
export { RESERVED_NAMES, isReservedName, reservedKeyPath } from './util/names.js';
export { statePart } from './util/state.js';
export type { GameState } from './rules/state.js';
export type {
  BaseView,
  ExpansionViews,
  GameView,
  PlacedTileView,
  PlaceView,
  MeepleView,
} from './rules/view.js';
export { expansionViews, viewOf } from './rules/view.js';
export type { JsonSyntaxError } from './notation/json.js';
export { parseJson } from './notation/json.js';
export type {
  GameRecord,
  MatchOutcome,
  RecordAction,
  RecordError,
  Expectations,
  Replay,
} from './notation/record.js';
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
export type {
  MatchError,
  MatchErrorCode,
  MatchResult,
  MatchStatus,
  MatchStep,
  MatchUpdate,
  Viewer,
} from './match/match.js';
export { MATCH_ERROR_CODES, Match } from './match/match.js';
export type {
  BoardTile,
  CellChoice,
  CellPlacement,
  CoveredTile,
  DecisionHints,
  FigureTarget,
  TargetHint,
} from './client/adapters.js';
export {
  decisionHints,
  featureCoverage,
  figureTargets,
  lastRoundTiles,
  placementsByCell,
} from './client/adapters.js';
