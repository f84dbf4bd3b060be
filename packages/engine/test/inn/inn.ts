/**
 * A test-only fourth expansion, plugged in through the public interface alone (no file of the
 * engine's src/ knows it): inns on roads. A road with an inn scores double (option `inn-multiplier`
 * 2 or 3) when it is completed, and nothing when it is still open at the end of the game (I-1).
 *
 * It brings its own tile (IN/R, a straight road with an inn), tile set, option, view slice and a
 * scoring hook that changes a feature's value; it has no move of its own.
 */
import type { ExpansionDef, ExpansionInstance, ExpansionViews, Game, OptionSpec, Point } from '@carc/engine';
import { FEATURE_KINDS } from '@carc/engine';

declare module '@carc/engine' {
  interface Options {
    /** inn-multiplier (I-1): what a completed road with an inn scores per tile. */
    innMultiplier: 2 | 3;
  }
  interface ExpansionViews {
    /** I-1: the cells of the tiles with an inn, in the order they were placed. */
    inns: Point[];
  }
}

/** Tile id → the local index of its road with an inn. */
const INN_ROADS: Readonly<Record<string, number>> = { 'IN/R': 0 };

const INN_OPTIONS: readonly OptionSpec[] = [
  {
    id: 'inn-multiplier',
    key: 'innMultiplier',
    values: [2, 3],
    rule: 'I-1',
    doc: 'a completed road with an inn scores this many points per tile',
  },
];

export class Inns implements ExpansionInstance {
  readonly moveTypes: readonly number[] = [];

  constructor(readonly game: Game) {}

  /** Inns are on the board, so there is no state of its own to copy. */
  clone(game: Game): Inns {
    return new Inns(game);
  }

  /** I-1: double (or triple) a completed road with an inn; nothing for one left open at the end. */
  featureValue(root: number, complete: boolean, _final: boolean, points: number): number {
    if (FEATURE_KINDS[this.game.graph.kind[root]] !== 'road' || !this.hasInn(root)) return points;
    return complete ? points * this.game.options.innMultiplier : 0;
  }

  private hasInn(root: number): boolean {
    const { graph, board, catalog } = this.game;
    let m = root;
    do {
      const id = catalog.def(board.slotKind[graph.slot[m]]).id;
      if (INN_ROADS[id] === graph.local[m]) return true;
      m = graph.next[m];
    } while (m !== root);
    return false;
  }

  /** The view slice: where the inns are. */
  view(): Pick<ExpansionViews, 'inns'> {
    const { board, catalog, grid } = this.game;
    const inns: Point[] = [];
    for (let slot = 0; slot < board.slotCount; slot++) {
      if (INN_ROADS[catalog.def(board.slotKind[slot]).id] !== undefined) {
        inns.push(grid.point(board.slotCell[slot]));
      }
    }
    return { inns };
  }
}

const INNS: ExpansionDef = {
  id: 'inns',
  tiles: [
    {
      id: 'IN/R',
      features: [
        { kind: 'road', edges: 'W E' },
        { kind: 'field', halves: 'WR NL NR EL' },
        { kind: 'field', halves: 'ER SL SR WL' },
      ],
    },
  ],
  tileSets: { inns: { 'IN/R': 4 } },
  options: INN_OPTIONS,
  tileSet: () => 'inns',
  payloads: () => [],
  create: (game) => new Inns(game),
};

export default INNS;
