/**
 * The fairy (D-14..D-19, X-5): moved in phase 2 instead of placing a meeple, next to one of the
 * player's own meeples on the board (`fairy-placement next-follower`), or (1st edition, `on-tile`)
 * onto a tile holding one. She gives 1 point at the start of her player's turn (D-15), protects her
 * tile from the dragon (D-16, see dragon.ts) and adds a bonus whenever her meeple's feature is
 * scored (D-17), majority or not, during play and at the end, even for a feature worth 0.
 *
 * Rulings: with `on-tile`, her tile is the tile she was moved onto, and the start-of-turn point
 * and the bonus go to each player with a meeple (of the scored feature) on her cell (H-11), once
 * per player. Moving her next to the meeple she already stands by is no move at all, so it is not
 * offered.
 */
import type { CornerName } from '../../geometry/edges.js';
import type { Action } from '../../rules/actions.js';
import { encodeMove, moveType, movePayload } from '../../rules/actions.js';
import { chooseMeeple, locateFeature, locateTile } from '../../rules/checked.js';
import type { RuleError } from '../../rules/errors.js';
import { ruleError } from '../../rules/errors.js';
import type { ScoreEvent } from '../../rules/events.js';
import { MEEPLES_PER_PLAYER } from '../../rules/constants.js';
import type { PrincessDragon } from './state.js';
import type { PrincessDragonViewSlice } from './view.js';

const onTile = (pd: PrincessDragon) => pd.game.options.fairyPlacement === 'on-tile';

/** Players who have a meeple "with" the fairy now (D-15), optionally only on the feature `root`. */
function playersWithFairy(pd: PrincessDragon, root = -1): number[] {
  const g = pd.game;
  if (pd.fairySlot < 0) return [];
  if (!onTile(pd)) {
    const seg = pd.fairyMeeple < 0 ? -1 : g.meepleSeg[pd.fairyMeeple];
    if (seg < 0 || (root >= 0 && g.graph.find(seg) !== root)) return [];
    return [g.meepleOwner(pd.fairyMeeple)];
  }
  const u = pd.fairyUnit;
  const out: number[] = [];
  for (let i = 0; i < g.meepleSeg.length; i++) {
    const seg = g.meepleSeg[i];
    if (seg < 0 || !g.units.contains(u, g.graph.slot[seg]) || (root >= 0 && g.graph.find(seg) !== root))
      continue;
    if (!out.includes(g.meepleOwner(i))) out.push(g.meepleOwner(i));
  }
  return out;
}

/** D-15: 1 point at the start of the turn of the player whose meeple the fairy is with. */
export function fairyTurnStartPoint(pd: PrincessDragon): void {
  const g = pd.game;
  if (g.options.fairyBonus !== '1+3') return;
  if (!playersWithFairy(pd).includes(g.current)) return;
  g.award(g.current, 1);
  if (g.recordEvents) g.emit({ type: 'bonus', player: g.current, points: 1, rule: 'D-15' });
}

/** D-17: the bonus for the fairy's meeple when its feature is scored. */
export function fairyScoringBonus(pd: PrincessDragon, root: number, event: ScoreEvent): void {
  const points = pd.game.options.fairyBonus === '5' ? 5 : 3;
  for (const player of playersWithFairy(pd, root)) event.bonuses.push({ player, points, rule: 'D-17' });
}

/** D-14: the fairy moves the player may make in phase 2. */
export function fairyActions(pd: PrincessDragon, out: Int32Array, n: number): number {
  const g = pd.game;
  const first = g.current * MEEPLES_PER_PLAYER;
  for (let i = first; i < first + MEEPLES_PER_PLAYER; i++) {
    const seg = g.meepleSeg[i];
    if (seg < 0) continue;
    if (!onTile(pd)) {
      if (i !== pd.fairyMeeple) out[n++] = encodeMove(pd.code.fairy, i);
      continue;
    }
    const slot = g.graph.slot[seg];
    if (slot === pd.fairySlot) continue;
    let seen = false;
    for (let j = first; j < i; j++)
      if (g.meepleSeg[j] >= 0 && g.graph.slot[g.meepleSeg[j]] === slot) seen = true;
    if (!seen) out[n++] = encodeMove(pd.code.fairy, slot);
  }
  return n;
}

export function playFairy(pd: PrincessDragon, move: number): void {
  const g = pd.game;
  const payload = movePayload(move);
  if (onTile(pd)) {
    pd.fairySlot = payload;
    pd.fairyMeeple = -1;
  } else {
    pd.fairyMeeple = payload;
    pd.fairySlot = g.graph.slot[g.meepleSeg[payload]];
  }
  if (g.recordEvents) {
    const seg = onTile(pd) ? -1 : g.meepleSeg[payload];
    const where =
      seg < 0 ? g.slotPlace(pd.fairySlot) : { ...g.segmentPlace(seg), feature: g.graph.local[seg] };
    g.emit({ type: 'fairy', player: g.current, ...where, rule: 'D-14' });
  }
}

export function fairyAction(pd: PrincessDragon, move: number): Action {
  const g = pd.game;
  const payload = movePayload(move);
  if (onTile(pd)) return { type: 'fairy', ...g.slotPlace(payload) };
  const seg = g.meepleSeg[payload];
  return { type: 'fairy', ...g.segmentPlace(seg), feature: g.graph.local[seg], ...g.meepleChoice(payload) };
}

export function fairyCandidate(
  pd: PrincessDragon,
  a: { x: number; y: number; feature?: number; corner?: CornerName; meeple?: number },
): { move: number } | RuleError {
  const g = pd.game;
  if (!pd.fairyOn)
    return ruleError('action/not-legal', 'the fairy is not in this game (option fairy off)', 'D-14');
  if (!Number.isInteger(a.x) || !Number.isInteger(a.y))
    return ruleError('action/malformed', 'fairy: x and y must be integers');
  if (onTile(pd)) {
    if (a.feature !== undefined || a.meeple !== undefined) {
      return ruleError(
        'action/malformed',
        'fairy-placement on-tile: the fairy goes onto a tile; give x, y (and corner), no feature or meeple',
        'D-14',
      );
    }
    const slot = locateTile(g, a.x, a.y, a.corner);
    return slot.ok ? { move: encodeMove(pd.code.fairy, slot.value) } : slot.error;
  }
  if (!Number.isInteger(a.feature)) {
    return ruleError(
      'action/malformed',
      'fairy: name the meeple she goes next to by x, y and feature',
      'D-14',
    );
  }
  const seg = locateFeature(g, a.x, a.y, a.corner, a.feature as number);
  if (!seg.ok) return seg.error;
  const who = g.toAct;
  const i = chooseMeeple(g, 'fairy', who, seg.value, a.meeple, 'D-14');
  if (i !== undefined) return i.ok ? { move: encodeMove(pd.code.fairy, i.value) } : i.error;
  return ruleError(
    'fairy/not-own-meeple',
    `player ${who} has no meeple on that feature to put the fairy next to`,
    'D-14',
  );
}

/** Why a fairy move the engine does not list is illegal, when it is her own rule (D-14). */
export function explainFairy(pd: PrincessDragon, move: number): RuleError | undefined {
  const g = pd.game;
  if (moveType(move) !== pd.code.fairy || g.phaseName !== 'action') return undefined;
  const payload = movePayload(move);
  if (onTile(pd) ? payload === pd.fairySlot : payload === pd.fairyMeeple) {
    const where = onTile(pd) ? 'on that tile' : 'next to that meeple';
    return ruleError('action/not-legal', `the fairy already stands ${where}: that is no move`, 'D-14');
  }
  return undefined;
}

export function fairyView(pd: PrincessDragon): Pick<PrincessDragonViewSlice, 'fairy'> {
  const g = pd.game;
  if (pd.fairySlot < 0) return { fairy: null };
  const seg = pd.fairyMeeple < 0 ? -1 : g.meepleSeg[pd.fairyMeeple];
  const at = g.slotPlace(pd.fairySlot);
  if (seg < 0) return { fairy: at };
  return {
    fairy: {
      ...at,
      meeple: {
        player: g.meepleOwner(pd.fairyMeeple),
        ...g.segmentPlace(seg),
        feature: g.graph.local[seg],
        meeple: g.meepleNumber(pd.fairyMeeple),
      },
    },
  };
}
