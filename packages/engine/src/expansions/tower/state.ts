/**
 * The Tower's state slice and hooks (T-0..T-8; ..X-7). The rules live next door: building
 * and the capture step (build.ts), prisoners, exchange and ransom (prisoners.ts).
 *
 * A tower foundation is a feature of its own (K_TOWER, T-1): its segment never joins another, so a
 * meeple on top of a tower is a meeple on that segment, outside every road, city and field, and is
 * scored by nothing (T-7). A tower is *closed* exactly while a meeple stands on it (T-4), which
 * makes reopening by capture or by the dragon automatic.
 *
 * State (declared in TOWER_STATE and copied by `clone`):
 * - `pieces[p]`: tower pieces in player p's supply (T-0);
 * - `height[seg]`: pieces in the tower on foundation segment `seg` (T-8: unlimited);
 * - `towers[0..towerCount)`: the foundation segments on the board, in placement order;
 * - `captor[i]`: the player holding meeple i prisoner, or -1 (T-3);
 * - `capturing`: the segment of the tower built this turn, while its capture is pending, or -1;
 * - `ransomTurn`: the turn in which the last ransom was paid (T-6: once per turn).
 */
import type { Action } from '../../rules/actions.js';
import { moveType } from '../../rules/actions.js';
import { MEEPLES_PER_PLAYER } from '../../rules/constants.js';
import type { RuleError } from '../../rules/errors.js';
import type { GameState } from '../../rules/state.js';
import type { StateFields } from '../../util/state.js';
import { copyState, statePart } from '../../util/state.js';
import type { StatePart } from '../../util/state.js';
import { K_TOWER } from '../../types.js';
import type { ExpansionInstance, Step } from '../../rules/expansion.js';
import { buildActions, captureStep, playBuild, towerAction, towerCandidate, explainTower } from './build.js';
import { playRansom, ransomAction, ransomActions, ransomCandidate, explainRansom } from './prisoners.js';
import type { TowerView, TowerViewSlice } from './view.js';

/** T-0: pieces per player by player count. */
export const PIECES_BY_PLAYERS = [10, 10, 10, 9, 7, 6, 5];

export class Tower implements ExpansionInstance {
  /** Its action types' codes in this game's moves. */
  readonly code: {
    readonly tower: number;
    readonly towerMeeple: number;
    readonly capture: number;
    readonly ransom: number;
  };
  readonly moveTypes: readonly number[];
  /** T-6: the ransom is a free action, open at every decision of one's own turn. */
  readonly freeMoves: readonly number[];
  readonly steps: readonly { step: Step; where: 'before-score' | 'after-score' }[];
  readonly pieces: Int32Array;
  readonly height: Int32Array;
  readonly towers: Int32Array;
  towerCount = 0;
  readonly captor: Int32Array;
  capturing = -1;
  /** Scratch for `rangeUnits` (the units a capture reaches), reused at every capture. */
  readonly range: number[] = [];
  ransomTurn = -1;

  constructor(readonly game: GameState) {
    this.code = {
      tower: game.moveCode('tower'),
      towerMeeple: game.moveCode('tower-meeple'),
      capture: game.moveCode('capture'),
      ransom: game.moveCode('ransom'),
    };
    this.moveTypes = Object.values(this.code);
    this.freeMoves = [this.code.ransom];
    const o = game.options.towerPieces;
    this.pieces = new Int32Array(game.players).fill(o === 'auto' ? PIECES_BY_PLAYERS[game.players] : o);
    this.height = new Int32Array(game.graph.parent.length);
    this.towers = new Int32Array(game.bag.length + 1);
    this.captor = new Int32Array(game.players * MEEPLES_PER_PLAYER).fill(-1);
    // the capture comes right after building, before the dragon's hunt and before scoring.
    this.steps = [{ step: captureStep(this), where: 'before-score' }];
  }

  stateParts(): readonly StatePart[] {
    return [
      statePart('tower', TOWER_STATE, this, (t) => {
        const segs = t.game.graph.count;
        if (t.towerCount < 0) return 'towerCount must be non-negative';
        if (Array.from(t.towers.subarray(0, t.towerCount)).some((s) => s < 0 || s >= segs))
          return 'a tower is not a segment of this game';
        if (t.capturing < -1 || t.capturing >= segs) return 'capturing is not a segment of this game';
        // The towers are tower foundations, each once, in placement order; pieces are only in
        // supplies or in towers (T-0, T-8), so that no range is out of proportion.
        for (let i = 0; i < t.towerCount; i++) {
          const s = t.towers[i];
          if (t.game.graph.kind[s] !== K_TOWER || (i > 0 && s <= t.towers[i - 1]))
            return `towers[${i}] is not a tower foundation listed once, in placement order`;
        }
        if (t.capturing !== -1 && !t.towers.subarray(0, t.towerCount).includes(t.capturing))
          return 'capturing is not a tower';
        const o = t.game.options.towerPieces;
        const all = t.game.players * (o === 'auto' ? PIECES_BY_PLAYERS[t.game.players] : o);
        let pieces = 0;
        for (const n of t.pieces) {
          if (n < 0) return 'pieces must be non-negative';
          pieces += n;
        }
        for (let s = 0; s < t.height.length; s++) {
          if (t.height[s] === 0) continue;
          if (t.height[s] < 0 || !t.towers.subarray(0, t.towerCount).includes(s))
            return `height[${s}] must be 0 off the towers, and never negative`;
          pieces += t.height[s];
        }
        if (pieces !== all) return `the pieces in supply and in the towers must make ${all}, not ${pieces}`;
        if (Array.from(t.captor).some((p) => p < -1 || p >= t.game.players))
          return 'a captor is not a player';
        // T-3: a meeple is held exactly when it is away (-2), by another player.
        for (const [i, p] of t.captor.entries()) {
          if (p >= 0 !== (t.game.meepleSeg[i] === -2) || p === t.game.meepleOwner(i))
            return `captor[${i}]: a prisoner is an away meeple held by another player`;
        }
        return undefined;
      }),
    ];
  }

  clone(game: GameState): Tower {
    const copy = new Tower(game);
    copyState(TOWER_STATE, copy, this);
    return copy;
  }

  onTilePlaced(slot: number): void {
    const g = this.game;
    const base = g.board.slotSeg[slot];
    const n = g.catalog.featureCount[g.board.slotKind[slot]];
    for (let s = base; s < base + n; s++) if (g.graph.kind[s] === K_TOWER) this.towers[this.towerCount++] = s;
  }

  addActions(out: Int32Array, n: number): number {
    return buildActions(this, out, n);
  }

  addAnytime(out: Int32Array, n: number): number {
    return ransomActions(this, out, n);
  }

  playMove(move: number): boolean {
    if (moveType(move) === this.code.ransom) {
      playRansom(this, move);
      return false;
    }
    playBuild(this, move);
    return true;
  }

  toAction(move: number): Action {
    return moveType(move) === this.code.ransom ? ransomAction(this, move) : towerAction(this, move);
  }

  candidate(action: Action): { move: number } | RuleError | undefined {
    switch (action.type) {
      case 'tower':
      case 'tower-meeple':
      case 'capture':
        return towerCandidate(this, action);
      case 'ransom':
        return ransomCandidate(this, action);
      default:
        return undefined;
    }
  }

  explain(move: number): RuleError | undefined {
    return explainTower(this, move) ?? explainRansom(this, move);
  }

  view(): TowerViewSlice {
    const g = this.game;
    const towers: TowerView[] = [];
    for (let i = 0; i < this.towerCount; i++) {
      const seg = this.towers[i];
      let top: number | null = null;
      for (let m = 0; m < g.meepleSeg.length; m++) if (g.meepleSeg[m] === seg) top = g.meepleOwner(m);
      towers.push({
        ...g.segmentPlace(seg),
        feature: g.graph.local[seg],
        height: this.height[seg],
        meeple: top,
      });
    }
    const prisoners: number[][] = Array.from({ length: g.players }, () => []);
    for (let i = 0; i < this.captor.length; i++)
      if (this.captor[i] >= 0) prisoners[this.captor[i]].push(g.meepleOwner(i));
    return { towers, towerPieces: Array.from(this.pieces), prisoners };
  }
}

const TOWER_STATE: StateFields<Tower> = {
  arrays: [
    { key: 'pieces' },
    { key: 'height' },
    { key: 'towers', span: (_d, s) => [0, s.towerCount] },
    { key: 'captor' },
  ],
  scalars: ['towerCount', 'capturing', 'ransomTurn'],
};
