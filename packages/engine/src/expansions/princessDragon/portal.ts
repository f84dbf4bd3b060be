/**
 * The magic portal (D-13): after placing a portal tile, the meeple may instead go on any feature of
 * any placed tile, by all other placement rules: the feature is unoccupied and incomplete *after*
 * this tile's placement (a feature the portal tile completes cannot be claimed through it), never on
 * the dragon's tile (D-8). Fields are never complete, so they can always be claimed.
 */
import { M_MEEPLE, encodeMeeple, moveType, meepleSegment } from '../../rules/actions.js';
import type { RuleError } from '../../rules/errors.js';
import { ruleError } from '../../rules/errors.js';
import { isComplete } from '../../rules/scoring.js';
import type { PrincessDragon } from './state.js';

const portalTurn = (pd: PrincessDragon): boolean =>
  pd.game.lastSlot >= 0 && pd.game.catalog.hasSymbol(pd.game.board.slotKind[pd.game.lastSlot], 'portal');

export function portalActions(pd: PrincessDragon, out: Int32Array, n: number): number {
  const g = pd.game;
  if (!portalTurn(pd) || g.supply[g.current] === 0) return n;
  const { graph, board, catalog } = g;
  for (let s = 0; s < graph.count; s++) {
    const slot = graph.slot[s];
    if (slot === g.lastSlot) continue; // the core offers the portal tile's own features
    if (!catalog.isMeepleSpot(board.slotKind[slot], graph.local[s])) continue;
    const r = graph.find(s);
    if (graph.meepleTotal[r] > 0 || isComplete(g, r) || !g.mayDeploy(s)) continue;
    out[n++] = encodeMeeple(s);
  }
  return n;
}

export function explainPortal(pd: PrincessDragon, move: number): RuleError | undefined {
  const g = pd.game;
  if (moveType(move) !== M_MEEPLE || !portalTurn(pd) || !pd.portalOn) return undefined;
  const r = g.graph.find(meepleSegment(move));
  if (isComplete(g, r)) {
    return ruleError(
      'meeple/feature-complete',
      'the portal cannot send a meeple to a complete feature',
      'D-13',
    );
  }
  return undefined;
}
