/**
 * A test-only fourth expansion, plugged in through the public interface alone (no file of the
 * engine's src/ knows it): inns on roads. A road with an inn scores double (option `inn-multiplier`
 * 2 or 3) when it is completed, and nothing when it is still open at the end of the game (I-1).
 * Instead of a meeple, the player who has just placed an inn may raise a toast there: 1 point
 * (I-2, a rule made up for this test).
 *
 * It brings its own feature attribute (`inn`, a flag on roads that joined roads combine by `or`),
 * tile (IN/R, a straight road with an inn), tile set, option, action (with its move code given by
 * the registry), event, error code, view slice and a scoring hook that changes a feature's value.
 * The inn is tile data: a road is an inn road when the merged feature's attribute says so.
 */
import type {
  Action,
  ActionSpec,
  ExpansionDef,
  ExpansionInstance,
  ExpansionViews,
  FeatureAttributeSpec,
  GameState,
  OptionSpec,
  Point,
  RuleError,
  RuleId,
  StatePart,
} from '@carc/engine';
import { FEATURE_KINDS, FIELD, encodeMove } from '@carc/engine';

declare module '@carc/engine' {
  interface Options {
    /** inn-multiplier (I-1): what a completed road with an inn scores per tile. */
    innMultiplier: 2 | 3;
  }
  interface Actions {
    /** I-2: a toast at the inn just placed at (x, y), instead of a meeple. */
    toast: { type: 'toast'; x: number; y: number };
  }
  interface Events {
    /** I-2: `player` raised a toast at the inn at (x, y), for 1 point. */
    toast: { type: 'toast'; player: number; x: number; y: number; rule: RuleId };
  }
  interface RuleErrorCodes {
    'inn/no-inn': true;
  }
  interface ExpansionViews {
    /** I-1: the cells of the tiles with an inn, in the order they were placed. */
    inns: Point[];
  }
}

const TOAST: ActionSpec = {
  type: 'toast',
  rule: 'I-2',
  doc: 'raise a toast at the inn just placed, for 1 point, instead of a meeple',
  fields: { x: FIELD.int, y: FIELD.int },
  payload: () => ({}),
};

/** I-1: the inn, an attribute of a road in tile files (`inn: true`); a road with one inn has an inn. */
const INN: FeatureAttributeSpec = {
  name: 'inn',
  kinds: ['road'],
  type: 'flag',
  merge: 'or',
  rule: 'I-1',
  doc: 'an inn by the road: the road scores double when completed, nothing when left open',
};

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
  readonly moveTypes: readonly number[];
  /** The toast's move code in this game (I-2). */
  private readonly toast: number;
  /** The inn attribute's index in this game's catalog. */
  private readonly inn: number;

  constructor(readonly game: GameState) {
    this.toast = game.moveCode('toast');
    this.inn = game.catalog.attributeIndex(INN.name);
    this.moveTypes = [this.toast];
  }

  /** The inns keep no state of their own (inns are read from the board): nothing to snapshot. */
  stateParts(): readonly StatePart[] {
    return [];
  }

  /** I-2: the toast is offered beside the meeples when the tile just placed has an inn. */
  addActions(out: Int32Array, n: number): number {
    if (this.innJustPlaced()) out[n++] = encodeMove(this.toast, 0);
    return n;
  }

  playMove(): boolean {
    const g = this.game;
    g.award(g.current, 1);
    if (g.recordEvents) {
      const { x, y } = g.slotPlace(g.lastSlot);
      g.events.push({ type: 'toast', player: g.current, x, y, rule: 'I-2' });
    }
    return true; // it was the turn's phase-2 action
  }

  toAction(): Action {
    const { x, y } = this.game.slotPlace(this.game.lastSlot);
    return { type: 'toast', x, y };
  }

  candidate(action: Action): { move: number } | RuleError | undefined {
    if (action.type !== 'toast') return undefined;
    const g = this.game;
    const at = g.lastSlot < 0 ? undefined : g.slotPlace(g.lastSlot);
    if (!this.innJustPlaced() || at?.x !== action.x || at.y !== action.y) {
      return {
        code: 'inn/no-inn',
        rule: 'I-2',
        message: `no inn was just placed at (${action.x},${action.y})`,
      };
    }
    return { move: encodeMove(this.toast, 0) };
  }

  private innJustPlaced(): boolean {
    const g = this.game;
    return g.lastSlot >= 0 && g.catalog.tileHas(g.board.slotKind[g.lastSlot], this.inn);
  }

  /** Inns are on the board, so there is no state of its own to copy. */
  clone(game: GameState): Inns {
    return new Inns(game);
  }

  /** I-1: double (or triple) a completed road with an inn; nothing for one left open at the end. */
  featureValue(root: number, complete: boolean, _final: boolean, points: number): number {
    const { graph } = this.game;
    if (FEATURE_KINDS[graph.kind[root]] !== 'road' || graph.attribute(root, this.inn) === 0) return points;
    return complete ? points * this.game.options.innMultiplier : 0;
  }

  /** The view slice: where the inns are. */
  view(): Pick<ExpansionViews, 'inns'> {
    const { board, catalog, grid } = this.game;
    const inns: Point[] = [];
    for (let slot = 0; slot < board.slotCount; slot++) {
      if (catalog.tileHas(board.slotKind[slot], this.inn)) {
        inns.push(grid.point(board.slotCell[slot]));
      }
    }
    return { inns };
  }
}

const INNS: ExpansionDef = {
  id: 'inns',
  featureAttributes: [INN],
  tiles: [
    {
      id: 'IN/R',
      features: [
        { kind: 'road', edges: 'W E', inn: true },
        { kind: 'field', halves: 'WR NL NR EL' },
        { kind: 'field', halves: 'ER SL SR WL' },
      ],
    },
  ],
  tileSets: { inns: { 'IN/R': 4 } },
  options: INN_OPTIONS,
  tileSet: () => 'inns',
  actions: [TOAST],
  errors: ['inn/no-inn'],
  create: (game) => new Inns(game),
};

export default INNS;
