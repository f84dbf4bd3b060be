/**
 * Building towers and capturing (T-1..T-4, T-8; ).
 *
 * Phase-2 choices (T-2), on any tile of the board: A a piece on an empty foundation, B a piece on
 * an open tower, C a meeple on top of an open tower, closing it. Right after A or B the player may
 * capture one meeple within range (T-3): the tower's own cell and, in each of the four directions,
 * as many cells as the tower is high (option `tower-range`: `no-surprise` one fewer, `diagonal`
 * every cell within that many orthogonal steps). Range passes over empty cells and other towers,
 * unless `tower-gaps blocked`. One's own captured meeple goes home; another player's is held.
 */
import type { CornerName } from '../../geometry/edges.js';
import type { Action } from '../../rules/actions.js';
import { M_PASS, encodeMeeple, encodeMove, moveType, movePayload } from '../../rules/actions.js';
import { chooseMeeple, locateFeature, locateTile } from '../../rules/checked.js';
import type { RuleError } from '../../rules/errors.js';
import { ruleError } from '../../rules/errors.js';
import { K_TOWER } from '../../types.js';
import type { Step } from '../../rules/expansion.js';
import { exchangePrisoners } from './prisoners.js';
import type { Tower } from './state.js';

/** T-2 A, B, C: every tower move of the player to act. */
export function buildActions(tw: Tower, out: Int32Array, n: number): number {
  const g = tw.game;
  const p = g.current;
  for (let i = 0; i < tw.towerCount; i++) {
    const seg = tw.towers[i];
    if (g.graph.meepleTotal[seg] > 0) continue; // T-4: closed
    if (tw.pieces[p] > 0) out[n++] = encodeMove(tw.code.tower, seg);
    if (tw.height[seg] > 0 && g.supply[p] > 0 && g.mayDeploy(seg))
      out[n++] = encodeMove(tw.code.towerMeeple, seg);
  }
  return n;
}

export function playBuild(tw: Tower, move: number): void {
  const g = tw.game;
  const seg = movePayload(move);
  if (moveType(move) === tw.code.towerMeeple) {
    g.deployMeeple(g.current, seg);
    return;
  }
  tw.pieces[g.current]--;
  tw.height[seg]++;
  tw.capturing = seg;
  if (g.recordEvents) {
    g.emit({
      type: 'tower',
      player: g.current,
      ...g.segmentPlace(seg),
      height: tw.height[seg],
      rule: 'T-2',
    });
  }
}

/**
 * Units (H-11) within range of the tower on `seg` (T-3 and the `tower-range`, `tower-gaps` options),
 * into the tower's scratch list (valid until the next call).
 */
export function rangeUnits(tw: Tower, seg: number): readonly number[] {
  const g = tw.game;
  const o = g.options;
  const h = tw.height[seg];
  const from = g.units.ofSlot(g.graph.slot[seg]);
  const blocked = o.towerGaps === 'blocked';
  if (o.towerRange === 'diagonal') return g.units.around(from, h, blocked, tw.range);
  return g.units.straight(from, o.towerRange === 'no-surprise' ? h - 1 : h, blocked, tw.range);
}

/** The capture after building (T-3), a step before the dragon's hunt and scoring. */
export function captureStep(tw: Tower): Step {
  const g = tw.game;
  const targets = (out: Int32Array | undefined): number => {
    const units = rangeUnits(tw, tw.capturing);
    let n = 0;
    for (let i = 0; i < g.meepleSeg.length; i++) {
      const seg = g.meepleSeg[i];
      if (seg < 0 || !units.includes(g.units.ofSlot(g.graph.slot[seg]))) continue;
      if (out) out[n] = encodeMove(tw.code.capture, i);
      n++;
    }
    return n;
  };
  return {
    id: 'capture',
    enter: () => {
      if (tw.capturing < 0) return false;
      if (targets(undefined) > 0) return true;
      tw.capturing = -1; // nothing in range: the capture is skipped
      return false;
    },
    actor: () => g.current,
    moves: (out) => {
      out[0] = M_PASS;
      return 1 + targets(out.subarray(1));
    },
    play: (move) => {
      tw.capturing = -1;
      if (moveType(move) !== tw.code.capture) return true;
      const i = movePayload(move);
      const owner = g.meepleOwner(i);
      if (owner === g.current) {
        g.removeMeeple(i, 'T-3');
      } else {
        g.removeMeeple(i, 'T-3', true);
        tw.captor[i] = g.current;
        if (g.recordEvents) g.emit({ type: 'prisoner', captor: g.current, owner, rule: 'T-3' });
        exchangePrisoners(tw);
      }
      return true;
    },
  };
}

export function towerAction(tw: Tower, move: number): Action {
  const g = tw.game;
  if (moveType(move) === tw.code.capture) {
    const i = movePayload(move);
    const seg = g.meepleSeg[i];
    return {
      type: 'capture',
      owner: g.meepleOwner(i),
      ...g.segmentPlace(seg),
      feature: g.graph.local[seg],
      ...g.meepleChoice(i),
    };
  }
  const place = g.segmentPlace(movePayload(move));
  return moveType(move) === tw.code.tower ? { type: 'tower', ...place } : { type: 'tower-meeple', ...place };
}

/** The tower foundation segment of the tile at (x, y), or why there is none. */
function towerAt(tw: Tower, x: number, y: number, corner: CornerName | undefined): number | RuleError {
  const g = tw.game;
  const slot = locateTile(g, x, y, corner);
  if (!slot.ok) return slot.error;
  const base = g.board.slotSeg[slot.value];
  const n = g.catalog.featureCount[g.board.slotKind[slot.value]];
  for (let s = base; s < base + n; s++) if (g.graph.kind[s] === K_TOWER) return s;
  return ruleError('action/not-legal', `the tile at (${x},${y}) has no tower foundation`, 'T-2');
}

export function towerCandidate(
  tw: Tower,
  a: Action & { type: 'tower' | 'tower-meeple' | 'capture' },
): { move: number } | RuleError {
  const g = tw.game;
  if (!Number.isInteger(a.x) || !Number.isInteger(a.y))
    return ruleError('action/malformed', `${a.type}: x and y must be integers`);
  if (a.type === 'capture') {
    if (!Number.isInteger(a.owner) || a.owner < 0 || a.owner >= g.players) {
      return ruleError('action/malformed', `capture: owner must be a player from 0 to ${g.players - 1}`);
    }
    const seg = locateFeature(g, a.x, a.y, a.corner, a.feature);
    if (!seg.ok) return seg.error;
    const i = chooseMeeple(g, 'capture', a.owner, seg.value, a.meeple, 'T-3');
    if (i !== undefined) return i.ok ? { move: encodeMove(tw.code.capture, i.value) } : i.error;
    return ruleError('action/not-legal', `player ${a.owner} has no meeple there`, 'T-3');
  }
  const seg = towerAt(tw, a.x, a.y, a.corner);
  if (typeof seg !== 'number') return seg;
  return { move: encodeMove(a.type === 'tower' ? tw.code.tower : tw.code.towerMeeple, seg) };
}

export function explainTower(tw: Tower, move: number): RuleError | undefined {
  const g = tw.game;
  const t = moveType(move);
  if (t === tw.code.capture) {
    if (g.phaseName !== 'capture')
      return ruleError('action/wrong-phase', 'capture only right after building a tower piece', 'T-3');
    return ruleError('tower/out-of-range', "that meeple is out of the tower's range", 'T-3');
  }
  if (t !== tw.code.tower && t !== tw.code.towerMeeple) return undefined;
  if (g.phaseName !== 'action')
    return ruleError('action/wrong-phase', 'tower actions are phase-2 actions', 'T-2');
  const seg = movePayload(move);
  if (g.graph.meepleTotal[seg] > 0)
    return ruleError('tower/closed', 'a tower with a meeple on top is closed', 'T-4');
  if (t === tw.code.tower && tw.pieces[g.current] === 0) {
    return ruleError('tower/no-pieces', `player ${g.current} has no tower piece left`, 'T-0');
  }
  if (t === tw.code.towerMeeple && tw.height[seg] === 0) {
    return ruleError(
      'action/not-legal',
      'a meeple goes only on top of a tower, never on a bare foundation',
      'T-1',
    );
  }
  if (t === tw.code.towerMeeple && g.supply[g.current] === 0) {
    return ruleError('meeple/no-supply', `player ${g.current} has no meeple in supply`, 'T-2');
  }
  if (t === tw.code.towerMeeple && !g.mayDeploy(seg)) {
    // Another expansion forbids a meeple there (D-8: the dragon's tile); let it say why.
    for (const x of g.expansions) {
      const why = x === tw ? undefined : x.explain?.(encodeMeeple(seg));
      if (why) return why;
    }
  }
  return undefined;
}
