/**
 * The dragon: volcano (D-3, D-4), set-aside dragon tiles (D-6), the hunt (D-7, D-8, D-9, D-16).
 *
 * Positions are units (board/units.ts, H-11): cells, or tiles in the per-tile Halflings editions.
 * The hunt is a step after phase 2 (before or after scoring: option `dragon-move`). Its moves are
 * decisions of other players: move k (k = 1..6) belongs to player (current + k − 1) in turn order.
 * A move goes one cell north, east, south or west onto a cell holding a tile, never back onto a
 * cell of this hunt, never onto the fairy's cell (unless `fairy-blocks-dragon protects-only`), and
 * eats every meeple on the tiles of the cell it enters (H-11: the grid of cells). A hunt with no
 * possible move ends at once.
 */
import type { Action } from '../../rules/actions.js';
import { M_MEEPLE, encodeMove, moveType, movePayload } from '../../rules/actions.js';
import type { RuleError } from '../../rules/errors.js';
import { ruleError } from '../../rules/errors.js';
import type { CornerName } from '../../geometry/edges.js';
import type { PlaceView } from '../../rules/view.js';
import type { Step } from '../../rules/expansion.js';
import type { PrincessDragon } from './state.js';
import type { Direction } from './vocabulary.js';
import { DIRECTIONS } from './vocabulary.js';
import type { PrincessDragonViewSlice } from './view.js';

/** D-6: whether a tile of this kind, drawn now, stays out of play (a dragon tile before the first volcano). */
export function keepsDragonOut(pd: PrincessDragon, kind: number): boolean {
  return pd.dragonUnit < 0 && pd.game.catalog.hasSymbol(kind, 'dragon');
}

/** D-6: a dragon tile drawn before the first volcano does not come into play now. */
export function onDrawDragon(pd: PrincessDragon, kind: number): boolean {
  const g = pd.game;
  if (!keepsDragonOut(pd, kind)) return true;
  const id = g.catalog.def(kind).id;
  // House rule `reshuffle`: straight back into the pile, unless nothing else is left to draw.
  if (g.options.dragonSetAside === 'reshuffle' && !onlyDragonsLeft(pd)) {
    g.returnToPile(kind);
    if (g.recordEvents) g.emit({ type: 'returned-to-pile', tiles: [id], rule: 'D-6' });
    return false;
  }
  pd.setAside[pd.setAsideCount++] = kind;
  if (g.recordEvents) g.emit({ type: 'set-aside', player: g.current, tile: id, rule: 'D-6' });
  return false;
}

function onlyDragonsLeft(pd: PrincessDragon): boolean {
  const g = pd.game;
  for (let i = 0; i < g.bagCount; i++) if (!g.catalog.hasSymbol(g.bag[i], 'dragon')) return false;
  return true;
}

/** D-3: a volcano brings the dragon (the first time, with the set-aside tiles back, D-6); D-5: a dragon tile starts a hunt. */
export function onVolcano(pd: PrincessDragon, slot: number): void {
  const g = pd.game;
  const t = g.board.slotKind[slot];
  if (g.catalog.hasSymbol(t, 'volcano')) {
    if (pd.dragonUnit < 0 && pd.setAsideCount > 0) {
      const ids: string[] = [];
      for (let i = 0; i < pd.setAsideCount; i++) {
        g.returnToPile(pd.setAside[i]);
        ids.push(g.catalog.def(pd.setAside[i]).id);
      }
      pd.setAsideCount = 0;
      if (g.recordEvents) g.emit({ type: 'returned-to-pile', tiles: ids, rule: 'D-6' });
    }
    // The dragon flies here and eats nothing on the way (D-3).
    pd.dragonUnit = g.units.ofSlot(slot);
    if (g.recordEvents) g.emit({ type: 'dragon', ...unitPlace(pd, pd.dragonUnit), rule: 'D-3' });
  }
  if (g.catalog.hasSymbol(t, 'dragon') && pd.dragonUnit >= 0) pd.huntPending = true;
}

/** Where a unit (cell or tile, H-11) is, for events and views. */
export function unitPlace(pd: PrincessDragon, unit: number): { x: number; y: number; corner?: CornerName } {
  const g = pd.game;
  return g.units.perTile ? g.slotPlace(unit) : g.grid.point(unit);
}

/** Whether the dragon may step in direction d now (D-7, D-16). */
function canStep(pd: PrincessDragon, d: number): boolean {
  const g = pd.game;
  const u = g.units.step(pd.dragonUnit, d);
  if (u === -1) return false;
  for (let i = 0; i < pd.visitedCount; i++) if (pd.visited[i] === u) return false;
  return !(g.options.fairyBlocksDragon === 'blocks' && u === pd.fairyUnit);
}

function canMove(pd: PrincessDragon): boolean {
  for (let d = 0; d < 4; d++) if (canStep(pd, d)) return true;
  return false;
}

/** D-7: every meeple on the tiles of unit u is eaten (not on the fairy's, D-16). */
function eat(pd: PrincessDragon, u: number): void {
  const g = pd.game;
  if (u === pd.fairyUnit) return;
  for (let i = 0; i < g.meepleSeg.length; i++) {
    const seg = g.meepleSeg[i];
    if (seg >= 0 && g.units.contains(u, g.graph.slot[seg])) g.removeMeeple(i, 'D-7');
  }
}

/** The hunt as a step of the turn (D-7). */
export function huntStep(pd: PrincessDragon): Step {
  const g = pd.game;
  return {
    id: 'dragon',
    enter: () => {
      if (!pd.huntPending) return false;
      pd.huntPending = false;
      pd.huntStep = 0;
      pd.visited[0] = pd.dragonUnit;
      pd.visitedCount = 1;
      return canMove(pd);
    },
    actor: () => (g.current + pd.huntStep) % g.players,
    moves: (out) => {
      let n = 0;
      for (let d = 0; d < 4; d++) if (canStep(pd, d)) out[n++] = encodeMove(pd.code.dragon, d);
      return n;
    },
    play: (move) => {
      const player = (g.current + pd.huntStep) % g.players;
      const u = g.units.step(pd.dragonUnit, movePayload(move));
      pd.dragonUnit = u;
      pd.visited[pd.visitedCount++] = u;
      pd.huntStep++;
      if (g.recordEvents) {
        g.emit({ type: 'dragon', ...unitPlace(pd, u), player, step: pd.huntStep, rule: 'D-7' });
      }
      eat(pd, u);
      return pd.huntStep >= 6 || !canMove(pd);
    },
  };
}

export const dragonAction = (move: number): Action => ({
  type: 'dragon',
  direction: DIRECTIONS[movePayload(move)],
});

export function dragonCandidate(
  pd: PrincessDragon,
  action: Action & { type: 'dragon' },
): { move: number } | RuleError {
  const d = DIRECTIONS.indexOf(action.direction);
  if (d < 0) return ruleError('action/malformed', 'dragon: direction must be n, e, s or w');
  return { move: encodeMove(pd.code.dragon, d) };
}

export function explainDragon(pd: PrincessDragon, move: number): RuleError | undefined {
  const g = pd.game;
  if (moveType(move) !== pd.code.dragon) {
    if (g.phaseName === 'dragon') {
      return ruleError('action/wrong-phase', `the dragon is hunting: player ${g.toAct} moves it`, 'D-7');
    }
    const seg = movePayload(move);
    if (
      moveType(move) === M_MEEPLE &&
      pd.dragonUnit >= 0 &&
      g.units.contains(pd.dragonUnit, g.graph.slot[seg])
    ) {
      return ruleError('meeple/on-dragon', 'no meeple may be placed on the tile with the dragon', 'D-8');
    }
    return undefined;
  }
  if (g.phaseName !== 'dragon')
    return ruleError('action/wrong-phase', 'the dragon is not hunting now', 'D-7');
  const d = movePayload(move);
  const u = g.units.step(pd.dragonUnit, d);
  const dir: Direction = DIRECTIONS[d];
  const reason =
    u === -1
      ? 'there is no tile there'
      : u === pd.fairyUnit
        ? 'the fairy protects that tile (D-16)'
        : 'the dragon has already been there in this hunt';
  return ruleError('dragon/blocked', `the dragon cannot move ${dir}: ${reason}`, 'D-7');
}

export function dragonView(
  pd: PrincessDragon,
): Pick<PrincessDragonViewSlice, 'dragon' | 'setAside' | 'hunt'> {
  const g = pd.game;
  const setAside: string[] = [];
  for (let i = 0; i < pd.setAsideCount; i++) setAside.push(g.catalog.def(pd.setAside[i]).id);
  const out: Pick<PrincessDragonViewSlice, 'dragon' | 'setAside' | 'hunt'> = {
    dragon: pd.dragonUnit < 0 ? null : unitPlace(pd, pd.dragonUnit),
    setAside,
  };
  if (g.phaseName === 'dragon') {
    const visited: PlaceView[] = [];
    for (let i = 0; i < pd.visitedCount; i++) visited.push(unitPlace(pd, pd.visited[i]));
    out.hunt = { step: pd.huntStep + 1, visited };
  }
  return out;
}
