/**
 * What a game is created from (`GameConfig`, plain data that `Game.create` validates) and the
 * limits a game must fit in: at most MAX_TILES tiles, and moves whose every field fits its bits.
 */
import { Grid } from '../geometry/grid.js';
import type { Catalog } from '../tiles/catalog.js';
import { MAX_FEATURES } from '../tiles/catalog.js';
import type { Rotation } from '../types.js';
import type { CornerName } from '../geometry/edges.js';
import type { MoveSizes } from './actions.js';
import { BASE_ACTIONS, PAYLOAD_BITS, bitsFor } from './actions.js';
import { MEEPLES_PER_PLAYER } from './constants.js';
import type { ExpansionDef, ExpansionId } from './expansion.js';
import type { Options } from './options.js';
import type { Seed } from './rng.js';

/** A tile put on the board by a setup, with a rotation in degrees. */
export interface TilePlacement {
  tile: string;
  x: number;
  y: number;
  rotation: Rotation;
}

/** A meeple put on the board by a setup: feature index in the tile's definition. */
export interface MeeplePlacement {
  player: number;
  x: number;
  y: number;
  corner?: CornerName;
  feature: number;
}

/** Everything needed to start a game. Plain data; Game.create validates it. */
export interface GameConfig {
  /** Number of players (1..6), seated 0..n−1 in turn order. */
  players: number;
  /** Expansions in play; their tiles join the pile (the edition of `tile-set-base`). */
  expansions?: readonly ExpansionId[];
  /**
   * Options by key (as `parseOptions` returns them, or some of them), each checked
   * (`Registry.gameOptions`): an unknown key or a value not allowed is refused (`options/invalid`,
   * path `options.<id>`), and so is an option of an expansion not in play that was chosen (named
   * by id, or given to `parseOptions`); any other value of such an option is ignored.
   */
  options?: Partial<Options>;
  /**
   * Seed of the shuffled tile bag: a uint32, or 128 bits as 32 hex digits (`randomSeed()`), which
   * a player cannot recover from the draws they see. Ignored when `draws` is given.
   */
  seed?: Seed;
  /** A scripted draw order: exactly these tiles, in this order, instead of a shuffled bag. */
  draws?: readonly string[];
  /** Default: the base start tile BA/RCr at (0,0), rotation 0 (B-2). */
  startTile?: TilePlacement;
  /** End after this many tiles have been placed from the bag. */
  endAfter?: number;
  /** A position to start from: tiles (placed in order, each legal) and meeples. */
  setup?: {
    tiles?: readonly TilePlacement[];
    meeples?: readonly MeeplePlacement[];
    scores?: readonly number[];
  };
  /** Extra tile definitions (H-0, test fixtures), in the catalog format. */
  tiles?: readonly unknown[];
  /**
   * Let `tiles` redefine built-in tile ids (H-0: a player's own faces of H1-01…), replacing those
   * tiles. Without it such a definition is refused (`tile/builtin-id`, path `tiles[i].id`), since
   * it would silently change what the id means.
   */
  replaceTiles?: boolean;
  /** First player to act (default 0). */
  firstPlayer?: number;
  /** Log events from the first draw on (see `Game.recordEvents`). */
  recordEvents?: boolean;
}

export const DEFAULT_START: TilePlacement = { tile: 'BA/RCr', x: 0, y: 0, rotation: 0 };

/** Most tiles one game may hold (start, set-up, pile and triangles in hand): bounds the grid. */
export const MAX_TILES = 500;

/**
 * Why the moves of a game of `maxTiles` tiles cannot be encoded, or undefined when every move
 * type's fields fit in PAYLOAD_BITS. Widths come from this game's grid, segments, players and
 * options, so a field can never silently wrap into its neighbour.
 */
export function checkMoveWidths(
  options: Options,
  defs: readonly ExpansionDef[],
  catalog: Catalog,
  maxTiles: number,
  players: number,
): string | undefined {
  const sizes: MoveSizes = {
    cellBits: bitsFor(Grid.sizeFor(maxTiles)),
    segmentBits: bitsFor(maxTiles * MAX_FEATURES),
    slotBits: bitsFor(maxTiles),
    meepleBits: bitsFor(players * MEEPLES_PER_PLAYER),
    playerBits: bitsFor(players),
  };
  for (const spec of [...BASE_ACTIONS, ...defs.flatMap((d) => d.actions ?? [])]) {
    const fields = spec.payload(options, sizes, catalog);
    const bits = Object.values(fields).reduce((a, b) => a + b, 0);
    if (bits <= PAYLOAD_BITS) continue;
    const parts = Object.entries(fields)
      .map(([k, b]) => `${k} ${b}`)
      .join(' + ');
    return (
      `a "${spec.type}" move of this game needs ${bits} bits (${parts}) but a move has ${PAYLOAD_BITS}: ` +
      `${maxTiles} tiles make too large a board to encode`
    );
  }
  return undefined;
}
