/**
 * The Princess & the Dragon's state slice and hooks. The rules themselves live next door: the
 * dragon (dragon.ts), the fairy (fairy.ts), the princess (princess.ts) and the portal (portal.ts).
 *
 * State (all plain numbers or typed arrays, declared in PRINCESS_DRAGON_STATE and copied by `clone`):
 * - `dragonUnit`: the unit (cell, or tile in per-tile Halflings editions; H-11) the dragon stands
 *   on, or -1 before the first volcano (D-6);
 * - `huntPending`: a dragon tile was placed this turn (D-5); `huntStep`: moves made so far (D-7);
 *   `visited[0..visitedCount)`: cells visited in this hunt, its starting cell included;
 * - `fairySlot`: the tile the fairy stands on, or -1 off the board; `fairyMeeple`: the meeple she
 *   is next to (D-19: one at most), or -1;
 * - `setAside[0..setAsideCount)`: dragon tiles drawn before the first volcano (D-6).
 */
import type { Action } from '../../rules/actions.js';
import { moveType, movePayload } from '../../rules/actions.js';
import type { RuleError } from '../../rules/errors.js';
import type { ScoreEvent } from '../../rules/events.js';
import type { GameState } from '../../rules/state.js';
import type { StateFields } from '../../util/state.js';
import { copyState, statePart } from '../../util/state.js';
import type { StatePart } from '../../util/state.js';
import type { ExpansionInstance, Step } from '../../rules/expansion.js';
import {
  dragonAction,
  dragonCandidate,
  dragonView,
  explainDragon,
  huntStep,
  onDrawDragon,
  keepsDragonOut,
  onVolcano,
} from './dragon.js';
import {
  explainFairy,
  fairyActions,
  fairyAction,
  fairyCandidate,
  fairyScoringBonus,
  fairyTurnStartPoint,
  fairyView,
  playFairy,
} from './fairy.js';
import {
  explainPrincess,
  princessAction,
  princessActions,
  princessCandidate,
  princessFilter,
} from './princess.js';
import { explainPortal, portalActions } from './portal.js';
import type { PrincessDragonViewSlice } from './view.js';

export class PrincessDragon implements ExpansionInstance {
  /** Its action types' codes in this game's moves. */
  readonly code: { readonly fairy: number; readonly princess: number; readonly dragon: number };
  readonly moveTypes: readonly number[];
  readonly steps: readonly { step: Step; where: 'before-score' | 'after-score' }[];
  readonly dragonOn: boolean;
  readonly fairyOn: boolean;
  readonly princessOn: boolean;
  readonly portalOn: boolean;
  dragonUnit = -1;
  huntPending = false;
  huntStep = 0;
  readonly visited = new Int32Array(7);
  visitedCount = 0;
  fairySlot = -1;
  fairyMeeple = -1;
  readonly setAside: Int16Array;
  setAsideCount = 0;

  constructor(readonly game: GameState) {
    this.code = {
      fairy: game.moveCode('fairy'),
      princess: game.moveCode('princess'),
      dragon: game.moveCode('dragon'),
    };
    this.moveTypes = Object.values(this.code);
    const o = game.options;
    this.dragonOn = o.dragon === 'on';
    this.fairyOn = o.fairy === 'on';
    this.princessOn = o.princess === 'on';
    this.portalOn = o.portal === 'on';
    this.setAside = new Int16Array(game.bag.length);
    this.steps = this.dragonOn
      ? [{ step: huntStep(this), where: o.dragonMove === 'after-scoring' ? 'after-score' : 'before-score' }]
      : [];
  }

  /** The dragon's unit and the units of its hunt are cells unless units are tiles (H-11). */
  remapCells(remap: (cell: number) => number): void {
    if (this.game.units.perTile) return;
    if (this.dragonUnit >= 0) this.dragonUnit = remap(this.dragonUnit);
    for (let i = 0; i < this.visitedCount; i++) this.visited[i] = remap(this.visited[i]);
  }

  stateParts(): readonly StatePart[] {
    return [
      statePart('princess-and-dragon', PRINCESS_DRAGON_STATE, this, (x) => {
        const g = x.game;
        if (x.visitedCount < 0 || x.visitedCount > x.visited.length) return 'visitedCount out of range';
        if (x.setAsideCount < 0) return 'setAsideCount must be non-negative';
        if (x.fairySlot < -1 || x.fairySlot >= g.board.slotCount) return 'fairySlot is not a placed tile';
        if (x.fairyMeeple < -1 || x.fairyMeeple >= g.meepleSeg.length) return 'fairyMeeple is not a meeple';
        if (x.fairyMeeple >= 0) {
          const seg = g.meepleSeg[x.fairyMeeple];
          if (seg < 0 || seg >= g.graph.count || g.graph.slot[seg] !== x.fairySlot)
            return "fairyMeeple must stand on the fairy's tile";
        }
        if (x.dragonUnit < -1 || x.dragonUnit >= g.grid.size) return 'dragonUnit is off the board';
        const onBoard = (u: number) => (g.units.perTile ? u < g.board.slotCount : g.board.cellTiles[u] > 0);
        if (x.dragonUnit >= 0 && !onBoard(x.dragonUnit)) return 'dragonUnit is not a placed tile';
        for (let i = 0; i < x.visitedCount; i++)
          if (x.visited[i] < 0 || x.visited[i] >= g.grid.size || !onBoard(x.visited[i]))
            return `visited[${i}] is not a placed tile`;
        const kinds = g.catalog.defs.length;
        if (Array.from(x.setAside.subarray(0, x.setAsideCount)).some((k) => k < 0 || k >= kinds))
          return 'a set-aside tile is not a tile kind of this game';
        return undefined;
      }),
    ];
  }

  tilesHeld(out: number[]): void {
    for (let i = 0; i < this.setAsideCount; i++) out.push(this.setAside[i]);
  }

  clone(game: GameState): PrincessDragon {
    const copy = new PrincessDragon(game);
    copyState(PRINCESS_DRAGON_STATE, copy, this);
    return copy;
  }

  /** The unit (H-11) the fairy protects, or -1. */
  get fairyUnit(): number {
    return this.fairySlot < 0 ? -1 : this.game.units.ofSlot(this.fairySlot);
  }

  onTurnStart(): void {
    this.huntPending = false;
    if (this.fairyOn) fairyTurnStartPoint(this);
  }

  onDraw(kind: number): boolean {
    return !this.dragonOn || onDrawDragon(this, kind);
  }

  keepsOut(kind: number): boolean {
    return this.dragonOn && keepsDragonOut(this, kind);
  }

  onTilePlaced(slot: number): void {
    if (this.dragonOn) onVolcano(this, slot);
  }

  canDeploy(segment: number): boolean {
    // D-8 (and D-4: the dragon has just landed on the volcano tile): never on the dragon's tile.
    return this.dragonUnit < 0 || !this.game.units.contains(this.dragonUnit, this.game.graph.slot[segment]);
  }

  addActions(out: Int32Array, n: number): number {
    if (this.portalOn) n = portalActions(this, out, n);
    if (this.fairyOn) n = fairyActions(this, out, n);
    if (this.princessOn) n = princessActions(this, out, n);
    return n;
  }

  filterActions(out: Int32Array, n: number): number {
    return this.princessOn ? princessFilter(this, out, n) : n;
  }

  playMove(move: number): boolean {
    if (moveType(move) === this.code.fairy) playFairy(this, move);
    else if (moveType(move) === this.code.princess) this.game.removeMeeple(movePayload(move), 'D-10');
    return true;
  }

  toAction(move: number): Action {
    switch (moveType(move)) {
      case this.code.fairy:
        return fairyAction(this, move);
      case this.code.princess:
        return princessAction(this, move);
      default:
        return dragonAction(move);
    }
  }

  candidate(action: Action): { move: number } | RuleError | undefined {
    switch (action.type) {
      case 'fairy':
        return fairyCandidate(this, action);
      case 'princess':
        return princessCandidate(this, action);
      case 'dragon':
        return dragonCandidate(this, action);
      default:
        return undefined;
    }
  }

  explain(move: number): RuleError | undefined {
    return (
      explainDragon(this, move) ??
      explainPrincess(this, move) ??
      explainFairy(this, move) ??
      explainPortal(this, move)
    );
  }

  onScored(root: number, event: ScoreEvent): void {
    if (this.fairyOn) fairyScoringBonus(this, root, event);
  }

  onMeepleRemoved(index: number): void {
    // D-18: she stays on her tile, next to nobody.
    if (index === this.fairyMeeple) this.fairyMeeple = -1;
  }

  view(): PrincessDragonViewSlice {
    return { ...dragonView(this), ...fairyView(this) };
  }
}

const PRINCESS_DRAGON_STATE: StateFields<PrincessDragon> = {
  arrays: [{ key: 'visited' }, { key: 'setAside', span: (_d, s) => [0, s.setAsideCount] }],
  scalars: [
    'dragonUnit',
    'huntPending',
    'huntStep',
    'visitedCount',
    'fairySlot',
    'fairyMeeple',
    'setAsideCount',
  ],
};
