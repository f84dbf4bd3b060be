/**
 * Symbol triangles (H-12..H-14), in play only with `halflings-symbols on` (hill and sheep never).
 *
 * H-12 vineyard: when a monastery is completed and scored, its majority player(s) score 3 more per
 * vineyard on the tiles of its 3×3 area, the other triangle of the monastery's own cell included.
 */
import type { Action } from '../../rules/actions.js';
import { M_PASS, encodeMove, moveType, movePayload } from '../../rules/actions.js';
import { chooseMeeple, locateFeature } from '../../rules/checked.js';
import { MEEPLES_PER_PLAYER } from '../../rules/constants.js';
import type { RuleError } from '../../rules/errors.js';
import { ruleError } from '../../rules/errors.js';
import { CROP_MEEPLES } from './vocabulary.js';
import type { ScoreEvent } from '../../rules/events.js';
import type { GameState } from '../../rules/state.js';
import type { StateFields } from '../../util/state.js';
import { K_CITY, K_FIELD, K_ROAD } from '../../types.js';

export function vineyardBonus(g: GameState, root: number, event: ScoreEvent): void {
  if (event.kind !== 'monastery' || !event.complete || event.players.length === 0) return;
  const c = g.board.slotCell[g.graph.slot[root]];
  let vineyards = 0;
  for (const d of [0, ...g.grid.ringDelta]) {
    const cell = c + d;
    if (g.board.cellTiles[cell] === 0) continue;
    const first = g.board.anySlot(cell);
    for (const slot of [first, g.board.cellTiles[cell] === 2 ? g.board.complementOf(first) : -1]) {
      if (slot >= 0 && g.catalog.hasSymbol(g.board.slotKind[slot], 'vineyard')) vineyards++;
    }
  }
  if (vineyards === 0) return;
  for (const player of event.players) event.bonuses.push({ player, points: 3 * vineyards, rule: 'H-12' });
}

/**
 * H-13 crop circle: after the turn in which the crop-circle triangle was played, that player names a
 * kind of meeple (knight, thief or farmer) and an action; then every player, starting on their
 * left and ending with them, either (`add`) may put a meeple from supply beside one of their own
 * meeples of that kind (same feature, same tile), or (`remove`) must take one of them back. A
 * player with no such meeple (or, to add, no meeple in supply) is skipped.
 */
export class CropCircle {
  pending = false;
  /** The named kind code (K_CITY, K_ROAD, K_FIELD), or -1 while not yet named. */
  kind = -1;
  add = false;
  /** Players done so far, counted from the left of the current player. */
  done = 0;

  constructor(
    readonly game: GameState,
    /** The crop circle's action types' codes in this game's moves. */
    readonly code: { readonly cropCircle: number; readonly crop: number },
  ) {}

  /** The player acting now. */
  actor(): number {
    const g = this.game;
    return this.kind < 0 ? g.current : (g.current + 1 + this.done) % g.players;
  }

  /** Meeple indices of player p on the named kind (each segment once when adding). */
  targets(p: number): number[] {
    const g = this.game;
    if (this.add && g.supply[p] === 0) return [];
    const out: number[] = [];
    const segs: number[] = [];
    for (let i = p * MEEPLES_PER_PLAYER; i < (p + 1) * MEEPLES_PER_PLAYER; i++) {
      const seg = g.meepleSeg[i];
      if (seg < 0 || g.graph.kind[seg] !== this.kind) continue;
      if (this.add && (segs.includes(seg) || !g.mayDeploy(seg))) continue;
      segs.push(seg);
      out.push(i);
    }
    return out;
  }

  /** Skips players with nothing to do; false when every player is done. */
  settle(): boolean {
    const g = this.game;
    while (this.done < g.players && this.targets(this.actor()).length === 0) this.done++;
    return this.done < g.players;
  }

  moves(out: Int32Array): number {
    let n = 0;
    if (this.kind < 0) {
      for (let k = 0; k < CROP_KINDS.length; k++) {
        out[n++] = encodeMove(this.code.cropCircle, k * 2);
        out[n++] = encodeMove(this.code.cropCircle, k * 2 + 1);
      }
      return n;
    }
    if (this.add) out[n++] = M_PASS; // adding is optional
    for (const i of this.targets(this.actor())) out[n++] = encodeMove(this.code.crop, i);
    return n;
  }

  /** Plays one move; true when the crop circle is over. */
  play(move: number): boolean {
    const g = this.game;
    if (moveType(move) === this.code.cropCircle) {
      const v = movePayload(move);
      this.kind = CROP_KINDS[v >> 1];
      this.add = (v & 1) === 0;
      this.done = 0;
      return !this.settle();
    }
    if (moveType(move) === this.code.crop) {
      const i = movePayload(move);
      if (this.add) g.deployMeeple(this.actor(), g.meepleSeg[i]);
      else g.removeMeeple(i, 'H-13');
    }
    this.done++;
    return !this.settle();
  }

  toAction(move: number): Action {
    const g = this.game;
    if (moveType(move) === this.code.cropCircle) {
      const v = movePayload(move);
      return { type: 'crop-circle', meeple: CROP_MEEPLES[v >> 1], mode: (v & 1) === 0 ? 'add' : 'remove' };
    }
    const i = movePayload(move);
    const seg = g.meepleSeg[i];
    // Adding goes beside a spot, whichever of one's meeples there: only a removal names a meeple.
    const which = this.add ? {} : g.meepleChoice(i);
    return { type: 'crop', ...g.segmentPlace(seg), feature: g.graph.local[seg], ...which };
  }

  candidate(action: Action): { move: number } | RuleError | undefined {
    const g = this.game;
    if (action.type === 'crop-circle') {
      const k = CROP_MEEPLES.indexOf(action.meeple);
      if (k < 0 || (action.mode !== 'add' && action.mode !== 'remove')) {
        return ruleError(
          'action/malformed',
          'crop-circle: meeple is knight, thief or farmer; mode is add or remove',
        );
      }
      return { move: encodeMove(this.code.cropCircle, k * 2 + (action.mode === 'add' ? 0 : 1)) };
    }
    if (action.type !== 'crop') return undefined;
    const seg = locateFeature(g, action.x, action.y, action.corner, action.feature);
    if (!seg.ok) return seg.error;
    const p = g.toAct;
    const none = ruleError('action/not-legal', `player ${p} has no meeple there`, 'H-13');
    // Adding goes beside a spot: the move names it by its lowest meeple (see `targets`), and a
    // `meeple` there, if given, need only be one of the player's on it.
    const first = g.meepleAt(p, seg.value);
    if (this.add && action.meeple === undefined)
      return first >= 0 ? { move: encodeMove(this.code.crop, first) } : none;
    const i = chooseMeeple(g, 'crop', p, seg.value, action.meeple, 'H-13');
    if (i === undefined) return none;
    if (!i.ok) return i.error;
    return { move: encodeMove(this.code.crop, this.add ? first : i.value) };
  }
}

/** Feature kind codes named by CROP_MEEPLES, in that order. */
const CROP_KINDS = [K_CITY, K_ROAD, K_FIELD];

/** The crop circle's state, copied with the Halflings'. */
export const CROP_CIRCLE_STATE: StateFields<CropCircle> = {
  arrays: [],
  scalars: ['pending', 'kind', 'add', 'done'],
};
