/**
 * Meeples (B-6, H-13, T-3): which stand where, and putting them on the board and taking them off,
 * with the feature graph's counts, the supplies and the events kept in step. Every change of a
 * meeple's place goes through `deployMeeple`, `removeMeeple` or `GameState.releaseMeeple`.
 */
import type { RuleId } from '../types.js';
import { FEATURE_KINDS } from '../types.js';
import { MEEPLES_PER_PLAYER } from './constants.js';
import type { GameState } from './state.js';

/**
 * The index of a meeple of `player` standing on segment `seg` (the lowest), or -1. An action
 * naming one of several there is read by `chooseMeeple` (rules/checked.ts).
 */
export function meepleAt(g: GameState, player: number, seg: number): number {
  for (let i = player * MEEPLES_PER_PLAYER; i < (player + 1) * MEEPLES_PER_PLAYER; i++) {
    if (g.meepleSeg[i] === seg) return i;
  }
  return -1;
}

/** The indices of `player`'s meeples standing on segment `seg`, lowest first (H-13: two or more). */
export function meeplesAt(g: GameState, player: number, seg: number): number[] {
  const out: number[] = [];
  for (let i = player * MEEPLES_PER_PLAYER; i < (player + 1) * MEEPLES_PER_PLAYER; i++) {
    if (g.meepleSeg[i] === seg) out.push(i);
  }
  return out;
}

/**
 * What an action about meeple i (on the board) adds to name it: `{ meeple }` when another of its
 * owner's meeples stands on the same segment, else nothing, so that ordinary actions and records
 * stay as they were.
 */
export function meepleChoice(g: GameState, i: number): { meeple?: number } {
  const seg = g.meepleSeg[i];
  const first = g.meepleOwner(i) * MEEPLES_PER_PLAYER;
  for (let j = first; j < first + MEEPLES_PER_PLAYER; j++) {
    if (j !== i && g.meepleSeg[j] === seg) return { meeple: g.meepleNumber(i) };
  }
  return {};
}

/** Puts one of `player`'s meeples from supply on a segment (B-6; T-2 C on a tower). */
export function deployMeeple(g: GameState, player: number, seg: number): void {
  let i = player * MEEPLES_PER_PLAYER;
  while (g.meepleSeg[i] !== -1) i++;
  g.meepleSeg[i] = seg;
  g.supply[player]--;
  g.graph.addMeeple(seg, player);
  if (g.recordEvents) {
    const kind = FEATURE_KINDS[g.graph.kind[seg]];
    g.emit({ type: 'meeple', player, ...g.segmentPlace(seg), feature: g.graph.local[seg], kind });
  }
}

/**
 * Takes meeple i off the board: back to its owner's supply after scoring (a `return` event), or
 * by a rule (a `removed` event naming it: D-7 eaten, D-10 sent home, T-3 captured). With
 * `away`, it goes neither to the board nor to the supply (T-3: a prisoner; see `releaseMeeple`).
 */
export function removeMeeple(g: GameState, i: number, rule: RuleId | undefined, away: boolean): void {
  const seg = g.meepleSeg[i];
  const player = g.meepleOwner(i);
  g.meepleSeg[i] = away ? -2 : -1;
  if (!away) g.supply[player]++;
  g.graph.removeMeeple(seg, player);
  for (const h of g.removedHooks) h.onMeepleRemoved!(i);
  if (g.recordEvents) {
    const where = { player, ...g.segmentPlace(seg), feature: g.graph.local[seg] };
    g.emit(rule === undefined ? { type: 'return', ...where } : { type: 'removed', ...where, rule });
  }
}
