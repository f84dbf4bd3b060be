/**
 * The princess (D-10..D-12, X-6): placing a tile whose princess city part belongs (after placement)
 * to a city with knights lets the player send one knight of any player home. Only the city part
 * with the symbol counts, but if the tile joins parts into one city the whole city counts (the
 * union-find root of that part). Removing a knight is the turn's whole phase 2 (D-11); with
 * `princess-action must` it is compulsory whenever possible. The knight scores nothing and earns
 * no fairy bonus (D-12), which follows from its leaving before scoring.
 */
import type { CornerName } from '../../geometry/edges.js';
import type { Action } from '../../rules/actions.js';
import { encodeMove, moveType, movePayload } from '../../rules/actions.js';
import { chooseMeeple, locateFeature } from '../../rules/checked.js';
import type { RuleError } from '../../rules/errors.js';
import { ruleError } from '../../rules/errors.js';
import { MAX_FEATURES } from '../../tiles/catalog.js';
import type { PrincessDragon } from './state.js';

/** Roots of the princess cities of the tile just placed. */
function princessRoots(pd: PrincessDragon): number[] {
  const g = pd.game;
  const slot = g.lastSlot;
  const t = g.board.slotKind[slot];
  const out: number[] = [];
  for (let f = 0; f < g.catalog.featureCount[t]; f++) {
    if (g.catalog.princess[t * MAX_FEATURES + f] === 0) continue;
    const r = g.graph.find(g.board.slotSeg[slot] + f);
    if (!out.includes(r)) out.push(r);
  }
  return out;
}

export function princessActions(pd: PrincessDragon, out: Int32Array, n: number): number {
  const g = pd.game;
  const roots = princessRoots(pd);
  if (roots.length === 0) return n;
  for (let i = 0; i < g.meepleSeg.length; i++) {
    const seg = g.meepleSeg[i];
    if (seg >= 0 && roots.includes(g.graph.find(seg))) out[n++] = encodeMove(pd.code.princess, i);
  }
  return n;
}

/** D-10 `must`: when a knight can be removed, removing one is the only choice. */
export function princessFilter(pd: PrincessDragon, out: Int32Array, n: number): number {
  if (pd.game.options.princessAction !== 'must') return n;
  let k = 0;
  for (let i = 0; i < n; i++) if (moveType(out[i]) === pd.code.princess) out[k++] = out[i];
  return k > 0 ? k : n;
}

export function princessAction(pd: PrincessDragon, move: number): Action {
  const g = pd.game;
  const i = movePayload(move);
  const seg = g.meepleSeg[i];
  return {
    type: 'princess',
    owner: g.meepleOwner(i),
    ...g.segmentPlace(seg),
    feature: g.graph.local[seg],
    ...g.meepleChoice(i),
  };
}

export function princessCandidate(
  pd: PrincessDragon,
  a: { owner: number; x: number; y: number; feature: number; corner?: CornerName; meeple?: number },
): { move: number } | RuleError {
  const g = pd.game;
  if (!pd.princessOn)
    return ruleError('action/not-legal', 'the princess is not in this game (option princess off)', 'D-10');
  if (!Number.isInteger(a.owner) || a.owner < 0 || a.owner >= g.players) {
    return ruleError('action/malformed', `princess: owner must be a player from 0 to ${g.players - 1}`);
  }
  const seg = locateFeature(g, a.x, a.y, a.corner, a.feature);
  if (!seg.ok) return seg.error;
  const i = chooseMeeple(g, 'princess', a.owner, seg.value, a.meeple, 'D-10');
  if (i !== undefined) return i.ok ? { move: encodeMove(pd.code.princess, i.value) } : i.error;
  return ruleError('action/not-legal', `player ${a.owner} has no knight there`, 'D-10');
}

export function explainPrincess(pd: PrincessDragon, move: number): RuleError | undefined {
  const g = pd.game;
  if (g.phaseName !== 'action') return undefined;
  if (moveType(move) === pd.code.princess) {
    return ruleError(
      'action/not-legal',
      'the princess removes only a knight of the city her tile part belongs to',
      'D-10',
    );
  }
  if (pd.princessOn && g.options.princessAction === 'must') {
    const buf = new Int32Array(g.maxMoves);
    const n = g.legalMoves(buf);
    for (let i = 0; i < n; i++) {
      if (moveType(buf[i]) === pd.code.princess) {
        return ruleError(
          'princess/must-remove',
          'princess-action must: remove a knight from the princess city',
          'D-11',
        );
      }
    }
  }
  return undefined;
}
