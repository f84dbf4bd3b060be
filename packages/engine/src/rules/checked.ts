/**
 * The checked door: turns an untrusted action into a legal move, or refuses it with a precise
 * error (code, rule id, message) and changes nothing.
 *
 * Implementation notes: an action is first read into the move it stands for; it is legal exactly
 * when that move is among `legalMoves()`, so the checked door can never disagree with the move
 * generator. Only a refusal pays for finding out *why*, in the order a player would ask.
 */
import type { CornerName } from '../geometry/edges.js';
import { CORNER_NAMES, SIDE_SLOTS, cornerSides, opposite } from '../geometry/edges.js';
import type { Rotation, RuleId } from '../types.js';
import { E_NONE, FEATURE_KINDS, ROTATIONS } from '../types.js';
import type { Result } from '../util/result.js';
import { err, ok } from '../util/result.js';
import { ownValue } from '../util/names.js';
import type { Action, ShapeError } from './actions.js';
import {
  M_MEEPLE,
  M_PASS,
  checkShape,
  encodeMeeple,
  encodePlace,
  meepleSegment,
  moveType,
  shapedAction,
} from './actions.js';
import type { RuleError } from './errors.js';
import { ruleError } from './errors.js';
import { MEEPLES_PER_PLAYER } from './constants.js';
import type { GameState } from './state.js';
import { isComplete } from './scoring.js';

/** Checks an untrusted action (and, if given, that `player` is the one to act); returns its move. */
export function encodeAction(g: GameState, untrusted: Action, player?: number): Result<number, RuleError> {
  if (g.isOver) return err(ruleError('game/over', 'the game is over', 'B-9'));
  // The shape first (a known type, known fields of the right kinds), as every record and client
  // message is checked, so that what follows reads well-formed data: a copy of the action's own
  // declared fields, nothing it inherits.
  const bad = checkShape(g.registry.actions, untrusted);
  if (bad !== undefined) {
    return err(ruleError('action/malformed', shapeMessage(untrusted, bad)));
  }
  const action = shapedAction(g.registry.actions, untrusted);
  if (player !== undefined && player !== g.toAct) {
    return err(
      ruleError('turn/not-your-turn', `it is player ${g.toAct}'s turn to act, not player ${player}'s`, 'B-3'),
    );
  }
  const candidate = candidateMove(g, action);
  if (!candidate.ok) return candidate;
  const move = candidate.value;
  const buf = new Int32Array(g.maxMoves);
  const n = g.legalMoves(buf);
  for (let i = 0; i < n; i++) if (buf[i] === move) return ok(move);
  return err(explain(g, action, move));
}

/** A shape error as a message: `place: x must be an integer`. */
export function shapeMessage(action: unknown, e: ShapeError): string {
  const type = typeof action === 'object' && action !== null ? ownValue(action, 'type') : undefined;
  if (e.field === '' || e.field === 'type' || typeof type !== 'string') {
    return e.field === 'type' ? `an action's type ${e.reason}` : e.reason;
  }
  return `${type}: ${e.field} ${e.reason}`;
}

/** The move an action stands for, or why it names nothing on this board. */
function candidateMove(g: GameState, action: Action): Result<number, RuleError> {
  switch (action.type) {
    case 'place': {
      const c = g.grid.cell(action.x, action.y);
      if (c === undefined) {
        // Past the grid (it grows with the board) but within a game's reach: an empty cell with no
        // tile beside it, refused as explain() refuses one on the grid.
        if (withinReach(g, action.x, action.y)) {
          const q = ROTATIONS.indexOf(action.rotation);
          if (g.phaseName !== 'place')
            return err(ruleError('action/wrong-phase', 'the tile is already placed', 'B-3'));
          return err(notAdjacent(g, g.drawn, q, action.x, action.y));
        }
        return err(ruleError('tile/outside-board', `(${action.x},${action.y}) touches no tile`, 'B-4'));
      }
      return ok(encodePlace(c, ROTATIONS.indexOf(action.rotation)));
    }
    case 'meeple': {
      const seg = locateFeature(g, action.x, action.y, action.corner, action.feature);
      return seg.ok ? ok(encodeMeeple(seg.value)) : seg;
    }
    case 'pass':
      return ok(M_PASS);
    default: {
      for (const x of g.expansions) {
        const c = x.candidate?.(action);
        if (c === undefined) continue;
        return 'move' in c ? ok(c.move) : err(c);
      }
      return err(ruleError('action/wrong-phase', `no "${action.type}" action is possible in this game now`));
    }
  }
}

/** Why a well-formed action is not legal now, as precisely as we can tell. */
function explain(g: GameState, action: Action, move: number): RuleError {
  const phase = g.phaseName;
  if (action.type === 'place') {
    if (phase !== 'place') return ruleError('action/wrong-phase', 'the tile is already placed', 'B-3');
    const c = g.grid.cell(action.x, action.y) ?? 0;
    return whyNotFit(g, g.drawn, ROTATIONS.indexOf(action.rotation), c, action.x, action.y);
  }
  // An expansion's own action (a ransom, a dragon step…) is explained by its expansion first.
  const own = moveType(move) > M_MEEPLE;
  const fromExpansions = () => {
    for (const x of g.expansions) {
      const why = x.explain?.(move);
      if (why) return why;
    }
    return undefined;
  };
  if (own) {
    const why = fromExpansions();
    if (why) return why;
  }
  if (phase === 'place') return ruleError('action/wrong-phase', 'place the drawn tile first', 'B-3');
  const why = own ? undefined : fromExpansions();
  if (why) return why;
  if (phase !== 'action') {
    return ruleError('action/wrong-phase', `now is the ${phase} step; that action is not one of its choices`);
  }
  if (action.type === 'meeple' && moveType(move) !== M_PASS) {
    const seg = meepleSegment(move);
    const { graph, catalog, board } = g;
    const slot = graph.slot[seg];
    if (!catalog.isMeepleSpot(board.slotKind[slot], graph.local[seg])) {
      return ruleError('meeple/not-a-spot', 'no meeple may stand on a tower foundation', 'T-1');
    }
    if (g.supply[g.current] === 0) {
      return ruleError('meeple/no-supply', `player ${g.current} has no meeple in supply`, 'B-6');
    }
    if (graph.meepleTotal[graph.find(seg)] > 0) {
      return ruleError(
        'meeple/feature-occupied',
        `that ${FEATURE_KINDS[graph.kind[seg]]} already has a meeple`,
        'B-6',
      );
    }
    if (slot !== g.lastSlot) {
      if (isComplete(g, graph.find(seg))) {
        return ruleError('meeple/feature-complete', 'that feature is already complete', 'D-13');
      }
      return ruleError('meeple/not-placed-tile', 'a meeple goes only on the tile just placed', 'B-6');
    }
  }
  return ruleError('action/not-legal', `${JSON.stringify(action)} is not a legal choice now`);
}

/** Finds the segment of feature `feature` of the tile at (x, y) (and corner, for triangles). */
export function locateFeature(
  g: GameState,
  x: number,
  y: number,
  corner: CornerName | undefined,
  feature: number,
): Result<number, RuleError> {
  const slot = locateTile(g, x, y, corner);
  if (!slot.ok) return slot;
  const t = g.board.slotKind[slot.value];
  if (!Number.isInteger(feature) || feature < 0 || feature >= g.catalog.featureCount[t]) {
    return err(
      ruleError(
        'meeple/no-such-feature',
        `tile ${g.catalog.def(t).id} at (${x},${y}) has no feature ${feature}`,
      ),
    );
  }
  return ok(g.board.slotSeg[slot.value] + feature);
}

/**
 * Which of `player`'s meeples on segment `seg` an action names (MeepleChoice): the one numbered
 * `meeple` when given, else the only one there. `undefined` when the player has no meeple there at
 * all (each caller says why in its own words). Refused: a `meeple` that is no meeple number, one
 * that is not on that spot, and no `meeple` when two or more stand there (H-13), since which one
 * is meant matters (D-18, D-19) and the engine will not guess.
 */
export function chooseMeeple(
  g: GameState,
  what: Action['type'],
  player: number,
  seg: number,
  meeple: unknown,
  rule?: RuleId,
): Result<number, RuleError> | undefined {
  if (meeple !== undefined && !isMeepleNumber(meeple)) {
    return err(
      ruleError(
        'action/malformed',
        `${what}: meeple must be a meeple number from 0 to ${MEEPLES_PER_PLAYER - 1}`,
      ),
    );
  }
  const here = g.meeplesAt(player, seg);
  if (here.length === 0) return undefined;
  const numbers = here.map((i) => `#${g.meepleNumber(i)}`);
  const spot = spotName(g, seg);
  if (meeple === undefined) {
    if (here.length === 1) return ok(here[0]);
    return err(
      ruleError(
        'meeple/ambiguous',
        `player ${player} has ${here.length} meeples on ${spot} (${numbers.join(', ')}): ` +
          `name one with "meeple": ${here.map((i) => g.meepleNumber(i)).join(' or ')}`,
        rule,
      ),
    );
  }
  const i = here.find((j) => g.meepleNumber(j) === meeple);
  if (i !== undefined) return ok(i);
  return err(
    ruleError(
      'meeple/not-there',
      `player ${player}'s meeple #${meeple} is not on ${spot}; ` +
        `${here.length === 1 ? 'the one there is' : 'the ones there are'} ${numbers.join(', ')}`,
      rule,
    ),
  );
}

const isMeepleNumber = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < MEEPLES_PER_PLAYER;

/** "the city (feature 1) at (2,2) nw": a segment, for messages. */
function spotName(g: GameState, seg: number): string {
  const { x, y, corner } = g.segmentPlace(seg);
  const kind = FEATURE_KINDS[g.graph.kind[seg]];
  return `the ${kind} (feature ${g.graph.local[seg]}) at (${x},${y})${corner ? ` ${corner}` : ''}`;
}

/** Finds the tile slot at (x, y), naming the corner when the cell holds triangles. */
export function locateTile(
  g: GameState,
  x: number,
  y: number,
  corner: CornerName | undefined,
): Result<number, RuleError> {
  const c = g.grid.cell(x, y);
  const fail = (msg: string) => err(ruleError('meeple/no-tile', msg));
  const board = g.board;
  if (c === undefined || board.cellTiles[c] === 0) return fail(`no tile at (${x},${y})`);
  let slot = board.anySlot(c);
  if (g.catalog.triangle[board.slotKind[slot]] === 1) {
    if (corner === undefined) {
      if (board.cellTiles[c] === 2) return fail(`(${x},${y}) holds two triangles: name the corner`);
    } else {
      const q = CORNER_NAMES.indexOf(corner);
      slot = board.sideSlot[c * 4 + cornerSides(q)[0]];
      if (slot === -1 || board.slotRot[slot] !== q)
        return fail(`no triangle at corner ${corner} of (${x},${y})`);
    }
  } else if (corner !== undefined) {
    return fail(`(${x},${y}) holds a square tile: no corner to name`);
  }
  return ok(slot);
}

/** Whether (x, y) is a point a game of this size could reach (the largest grid's). */
export function withinReach(g: GameState, x: number, y: number): boolean {
  const max = g.board.maxTiles;
  return Number.isInteger(x) && Number.isInteger(y) && Math.abs(x) <= max && Math.abs(y) <= max;
}

/** Tile kind t with q quarter turns at (x, y) touches no placed tile (B-4, H-4). */
export function notAdjacent(g: GameState, t: number, q: number, x: number, y: number): RuleError {
  const id = g.catalog.def(t).id;
  const deg: Rotation = ROTATIONS[q];
  return ruleError(
    'tile/not-adjacent',
    `${id} at (${x},${y}) rotation ${deg} touches no placed tile edge to edge`,
    g.catalog.triangle[t] === 1 ? 'H-4' : 'B-4',
  );
}

/** Why tile kind t with q quarter turns does not fit on cell c (B-4, H-1, H-2, H-4). */
export function whyNotFit(g: GameState, t: number, q: number, c: number, x: number, y: number): RuleError {
  const id = g.catalog.def(t).id;
  const deg: Rotation = ROTATIONS[q];
  const board = g.board;
  const tri = g.catalog.triangle[t] === 1;
  const own = tri ? cornerSides(q) : [0, 1, 2, 3];
  if (tri ? own.some((s) => board.sideSlot[c * 4 + s] !== -1) : board.cellTiles[c] !== 0) {
    return ruleError(
      'tile/cell-occupied',
      `(${x},${y}) has no room for ${id} at rotation ${deg}`,
      tri ? 'H-1' : 'B-4',
    );
  }
  const row = (t * 4 + q) * SIDE_SLOTS;
  const names = ['north', 'east', 'south', 'west'];
  for (const s of own) {
    const e = board.sideType[(c + g.grid.sideDelta[s]) * 4 + opposite(s)];
    if (e !== E_NONE && e !== g.catalog.edgeType[row + s]) {
      return ruleError(
        'tile/edge-mismatch',
        `${id} at (${x},${y}) rotation ${deg}: its ${names[s]} side does not match the neighbouring tile`,
        'B-4',
      );
    }
  }
  // Every touching short side matches, so either the long side meets a mismatching triangle (H-2)
  // or the tile touches nothing at all.
  if (tri && board.cellTiles[c] !== 0) {
    return ruleError(
      'tile/edge-mismatch',
      `${id} at (${x},${y}) rotation ${deg}: its long side does not match the other triangle of the cell`,
      'H-2',
    );
  }
  return notAdjacent(g, t, q, x, y);
}
