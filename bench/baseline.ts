/**
 * The placement-only baseline of `npm run bench`: the least a Carcassonne program must do to play a
 * random base game, written here without any of the engine's rules so that the engine's speed can
 * be given as a ratio to it. A ratio measured in one process, runs interleaved, holds across
 * machines and background load far better than raw games/s (the development machine is shared).
 *
 * What it does per game: the base game's 72 tiles (the start tile placed, the other 71 shuffled), a
 * frontier of empty cells next to placed tiles, and for each draw every legal (cell, rotation) by
 * edge matching (B-4), one of them picked uniformly at random, a tile that fits nowhere discarded.
 * No features, meeples or scoring. Only the tile data comes from the engine, read once through its
 * public API (a fresh game's view and its catalog's definitions), so the two always play the same
 * tiles; the data is never copied into this file.
 */
import type { TileDef } from '@carc/engine';
import { createGame, unwrap } from '@carc/engine';

/** Edge codes of the baseline's own tables (placement needs nothing else of a tile). */
const FIELD = 0;
const ROAD = 1;
const CITY = 2;
const EMPTY = -1;

/** The base game's tiles as the baseline needs them. */
export interface BaselineTiles {
  /** Edge code per (kind · 4 + rotation) · 4 + cell side (0 north, 1 east, 2 south, 3 west). */
  readonly edges: Int8Array;
  /** The kinds of the 71 tiles to draw (one entry per copy), in catalog order. */
  readonly pile: Int32Array;
  /** The start tile as kind · 4 + rotation, placed at the centre. */
  readonly start: number;
}

/** A tile side's edge code in the tile's own frame: a city or road on it, else field. */
function sideEdge(def: TileDef, side: number): number {
  for (const f of def.features) {
    if (f.sides.includes(side)) return f.kind === 'city' ? CITY : f.kind === 'road' ? ROAD : FIELD;
  }
  return FIELD;
}

/**
 * Reads the base game's tiles from the engine at startup: a fresh base game's view gives the start
 * tile, the drawn tile and the bag's counts by tile id; its catalog gives each tile's roads and cities by side.
 */
export function baseGameTiles(): BaselineTiles {
  const game = unwrap(createGame({ players: 2, seed: 1 }));
  const view = game.view(-1);
  const catalog = game.catalog;
  // A game starts with its first tile already drawn: the pile is that tile plus the bag.
  const counts = new Map(Object.entries(view.bag.counts));
  if (view.drawnTile !== null) counts.set(view.drawnTile, (counts.get(view.drawnTile) ?? 0) + 1);
  const ids = [view.tiles.map((t) => t.tile), [...counts.keys()]].flat();
  const kindOf = new Map<string, number>(ids.map((id) => [id, 0]));
  [...kindOf.keys()].forEach((id, k) => kindOf.set(id, k));
  const edges = new Int8Array(kindOf.size * 16);
  for (const [id, k] of kindOf) {
    const c = catalog.kindOf(id);
    if (c === undefined) throw new Error(`baseline: tile ${id} is not in the catalog`);
    const def = catalog.def(c);
    // Triangles (Halflings) would need half-cells; the base game has none, and this baseline is the base game's.
    if (def.shape !== 'square') throw new Error(`baseline: tile ${id} is not a square`);
    // A tile turned q quarters clockwise shows its own side s on cell side s + q (the engine's convention).
    for (let q = 0; q < 4; q++)
      for (let s = 0; s < 4; s++) edges[(k * 4 + q) * 4 + ((s + q) & 3)] = sideEdge(def, s);
  }
  const pile: number[] = [];
  for (const [id, n] of counts) for (let i = 0; i < n; i++) pile.push(kindOf.get(id)!);
  const first = view.tiles[0];
  if (view.tiles.length !== 1 || first === undefined) throw new Error('baseline: expected one start tile');
  return { edges, pile: Int32Array.from(pile), start: kindOf.get(first.tile)! * 4 + first.rotation / 90 };
}

/**
 * A placement-only player. Cells live in one flat square array big enough for any chain of the
 * base game's tiles; a game resets only the cells it touched, so a game's cost is its own work.
 */
export class PlacementOnly {
  private readonly width: number;
  private readonly centre: number;
  /** Placed tile (kind · 4 + rotation) per cell, EMPTY where none. */
  private readonly placed: Int32Array;
  /** Index of a cell in `frontier`, or -1 when it is not in it. */
  private readonly slot: Int32Array;
  /** Empty cells next to a placed tile: the only cells a tile can go to. */
  private readonly frontier: Int32Array;
  private frontierSize = 0;
  /** Cells written during the current game, to reset. */
  private readonly touched: Int32Array;
  private touchedSize = 0;
  /** Legal placements of the current draw, as cell · 4 + rotation. */
  private readonly moves: Int32Array;
  private readonly order: Int32Array;
  private readonly step: readonly number[];
  private rng: number;
  /** Counters over all games played, for the report. */
  placements = 0;
  draws = 0;
  tilesPlaced = 0;

  constructor(
    private readonly tiles: BaselineTiles,
    seed: number,
  ) {
    const n = tiles.pile.length + 1;
    this.width = 2 * n + 3; // a straight line of every tile from the centre stays inside, borders included
    this.centre = (n + 1) * this.width + n + 1;
    const cells = this.width * this.width;
    this.placed = new Int32Array(cells).fill(EMPTY);
    this.slot = new Int32Array(cells).fill(-1);
    this.frontier = new Int32Array(cells);
    this.touched = new Int32Array(cells);
    this.moves = new Int32Array(cells * 4);
    this.order = new Int32Array(tiles.pile.length);
    this.step = [-this.width, 1, this.width, -1]; // north, east, south, west
    this.rng = seed | 1;
  }

  private random(): number {
    // xorshift32: the bench's own generator, as cheap as the engine's.
    this.rng ^= this.rng << 13;
    this.rng ^= this.rng >>> 17;
    this.rng ^= this.rng << 5;
    return this.rng >>> 0;
  }

  private place(cell: number, tile: number): void {
    this.placed[cell] = tile;
    this.touched[this.touchedSize++] = cell;
    const at = this.slot[cell]!;
    if (at >= 0) {
      // Swap-remove: the frontier's order does not matter, only its contents.
      const last = this.frontier[--this.frontierSize]!;
      this.frontier[at] = last;
      this.slot[last] = at;
      this.slot[cell] = -1;
    }
    for (let s = 0; s < 4; s++) {
      const nb = cell + this.step[s]!;
      if (this.placed[nb] === EMPTY && this.slot[nb]! < 0) {
        this.slot[nb] = this.frontierSize;
        this.frontier[this.frontierSize++] = nb;
        this.touched[this.touchedSize++] = nb;
      }
    }
  }

  /** Plays one game; returns the tiles placed (start included). */
  play(): number {
    const { edges, pile } = this.tiles;
    for (let i = 0; i < this.touchedSize; i++) {
      const c = this.touched[i]!;
      this.placed[c] = EMPTY;
      this.slot[c] = -1;
    }
    this.touchedSize = 0;
    this.frontierSize = 0;
    const order = this.order;
    order.set(pile);
    for (let i = order.length - 1; i > 0; i--) {
      const j = this.random() % (i + 1);
      const t = order[i]!;
      order[i] = order[j]!;
      order[j] = t;
    }
    this.place(this.centre, this.tiles.start);
    let placedCount = 1;
    for (let d = 0; d < order.length; d++) {
      const kind = order[d]!;
      let count = 0;
      for (let f = 0; f < this.frontierSize; f++) {
        const cell = this.frontier[f]!;
        // What each neighbour shows towards this cell (its opposite side), EMPTY where no tile.
        const w = this.width;
        const tn = this.placed[cell - w]!;
        const te = this.placed[cell + 1]!;
        const ts = this.placed[cell + w]!;
        const tw = this.placed[cell - 1]!;
        const n = tn === EMPTY ? EMPTY : edges[tn * 4 + 2]!;
        const e = te === EMPTY ? EMPTY : edges[te * 4 + 3]!;
        const s = ts === EMPTY ? EMPTY : edges[ts * 4]!;
        const x = tw === EMPTY ? EMPTY : edges[tw * 4 + 1]!;
        for (let q = 0; q < 4; q++) {
          const b = (kind * 4 + q) * 4;
          if (
            (n === EMPTY || n === edges[b]) &&
            (e === EMPTY || e === edges[b + 1]) &&
            (s === EMPTY || s === edges[b + 2]) &&
            (x === EMPTY || x === edges[b + 3])
          )
            this.moves[count++] = cell * 4 + q;
        }
      }
      this.draws++;
      this.placements += count;
      if (count === 0) continue; // fits nowhere: discarded
      const m = this.moves[this.random() % count]!;
      this.place(m >> 2, kind * 4 + (m & 3));
      placedCount++;
    }
    this.tilesPlaced += placedCount;
    return placedCount;
  }
}
