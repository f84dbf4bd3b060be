/**
 * The position heuristic shared by the greedy and MCTS bots: `evaluate(game, player)`, in points.
 *
 * Each player q gets an estimated total
 *
 *     T(q) = score(q) + Σ value of the features q holds the majority of (ties: each holder)
 *                     − Σ meeple cost of q's meeples still on the board (and held prisoner)
 *                     − Σ dragon danger of q's meeples + fairy bonus,
 *
 * and the evaluation is `T(player) − max over the others of T(q)` (just `T(player)` alone). Being
 * symmetric, it values taking or blocking a feature as much as scoring one. With `L` tiles left to
 * place out of `N` (`f = L / N`, 0 at the end) and `e` a feature's open ends:
 *
 * - **completed** road or city (still holding meeples, i.e. not scored yet: the evaluation may look at
 *   a position in phase 2, before the turn's scoring): exactly what it scores (B-7), and its meeples
 *   cost nothing (they come back);
 * - **road**: its tiles (cells, H-8) + `growth · e · min(1, L/10)` expected extensions;
 * - **city**: `b · (1 + p)`, where `b` = tiles + pennants + `growth · e · min(1, L/10)` is what it
 *   scores unfinished and `p = closeEnd^e · min(1, L/(3e))` the chance it is completed, which doubles it;
 * - **monastery**: 1 + occupied cells around + `(8 − around) · monasteryFill · min(1, L/24)`;
 * - **field**: 3 × (completed cities it touches + Σ p of the unfinished ones): its expected value at
 *   the end of the game, when fields score (B-9); exact once no tile is left;
 * - a meeple on a tower (T-7) is worth nothing in itself;
 * - **meeple economy**: every meeple on an unfinished feature, on a tower or held prisoner costs
 *   `meeple · f`: a meeple in supply is worth points while the game lasts, nothing at its end;
 * - **dragon** (D-7): a meeple within 6 cells of the dragon, outside the fairy's protection, costs
 *   `dragon · r · (7 − d) / 7` at distance `d`, where `r = min(1, 0.25 · dragon tiles left + (1 if a
 *   hunt is pending))`;
 * - **fairy** (D-15, D-17): the player whose meeple she stands by gets `fairyKeep` (the chance she
 *   stays there, 1/2: anyone may take her in phase 2) × (her next start-of-turn point with
 *   fairy-bonus 1+3, plus her scoring bonus (3, or 5) × `p`, the chance the feature is scored: of a
 *   road or city as above, `closeEnd^(empty cells)` for a monastery, 0 for a field); once no tile
 *   is left, the whole bonus (final scoring); nothing for a meeple on a tower (T-7). An earlier
 *   version counted the whole bonus plus 3 turn points at once: both players then spent nearly
 *   every phase 2 taking the fairy from each other.
 *
 * At the end of the game every term but the scores is 0, so the evaluation is the exact margin.
 *
 * Implementation notes: reads the engine's state read-only (`game.state`: feature graph, board,
 * meeples) and allocates nothing: per-root "seen" marks live in scratch arrays reused across calls.
 * The expansions' state (the dragon's unit, the fairy, the tower's prisoners) is read typed through
 * `game.expansion(PRINCESS_AND_DRAGON)` and `game.expansion(TOWER)`; the game is never changed.
 */
import type { Game } from '@carc/engine';
import { FEATURE_KINDS, MEEPLES_PER_PLAYER, PRINCESS_AND_DRAGON, TOWER, movePayload } from '@carc/engine';

const K_ROAD = FEATURE_KINDS.indexOf('road');
const K_CITY = FEATURE_KINDS.indexOf('city');
const K_FIELD = FEATURE_KINDS.indexOf('field');
const K_MONASTERY = FEATURE_KINDS.indexOf('monastery');
const K_TOWER = FEATURE_KINDS.indexOf('tower');

/** The tunable constants of the heuristic (see the module header). */
export interface Weights {
  /** Expected extra tiles per open end of an unfinished road or city. */
  growth: number;
  /** Chance that one open end of a city gets closed (raised to the number of open ends). */
  closeEnd: number;
  /** Chance that an empty cell around a monastery gets filled. */
  monasteryFill: number;
  /** Cost in points of a meeple on the board at the start of the game (falls to 0 at the end). */
  meeple: number;
  /** Points a meeple stands to lose to the dragon at full risk, next to it. */
  dragon: number;
  /** Chance the fairy stays with her meeple until her next point or bonus (others can take her, D-14). */
  fairyKeep: number;
}

export const DEFAULT_WEIGHTS: Readonly<Weights> = {
  growth: 0.6,
  closeEnd: 0.75,
  monasteryFill: 0.75,
  meeple: 2.5,
  dragon: 4,
  fairyKeep: 0.5,
};

/** The dragon's unit (H-11: cell or tile), or -1 without The Princess & the Dragon or off the board. */
export function dragonUnit(game: Game): number {
  return game.expansion(PRINCESS_AND_DRAGON)?.dragonUnit ?? -1;
}

/** `totalsOf` with the fairy where she stands. */
const FAIRY_STAYS = -2;

/**
 * The value `evaluate()` gives the position after `player` moves the fairy (D-14) by the encoded
 * move `move` of the next-follower kind (payload: the meeple), evaluated with her next to that
 * meeple (the game is only read); NaN with `fairy-placement on-tile` (not evaluated without a copy).
 */
export function evaluateFairy(
  game: Game,
  player: number,
  move: number,
  w: Readonly<Weights> = DEFAULT_WEIGHTS,
): number {
  if (game.options.fairyPlacement === 'on-tile') return NaN;
  if (game.expansion(PRINCESS_AND_DRAGON) === undefined) return NaN;
  const meeple = movePayload(move);
  if (game.state.meepleSeg[meeple]! < 0) return NaN;
  context.dragon = w.dragon;
  return margin(totalsOf(game, w, meeple), player, game.players);
}

/** Scratch arrays reused by every call (the engine and the bots are single-threaded). */
const scratch = {
  rootMark: new Int32Array(0),
  cityMark: new Int32Array(0),
  rootEpoch: 0,
  cityEpoch: 0,
  /** featureValue of a root, valid where `valueMark[root]` is the current `rootEpoch`. */
  valueMark: new Int32Array(0),
  value: new Float64Array(0),
  totals: new Float64Array(6),
  after: new Float64Array(6),
  /** Per meeple: the dragon's danger to it were it unprotected; 0 when off the board or done. */
  dangers: new Float64Array(0),
  /** Per meeple with a danger: the unit (H-11) its tile lies in. */
  units: new Int32Array(0),
};

function marks(size: number): void {
  if (scratch.rootMark.length < size) {
    scratch.rootMark = new Int32Array(size);
    scratch.cityMark = new Int32Array(size);
    scratch.valueMark = new Int32Array(size);
    scratch.value = new Float64Array(size);
    scratch.rootEpoch = 0;
    scratch.cityEpoch = 0;
  }
}

/** Tiles still to be placed: the drawn one (if any) and the bag, bounded by an `endAfter` limit. */
export function tilesLeft(game: Game): number {
  if (game.isOver) return 0;
  const inBag = game.state.bagCount + (game.drawnTile === undefined ? 0 : 1);
  return Math.max(0, Math.min(inBag, game.state.endAfter - game.state.placedCount));
}

/** Chance that a city with `ends` open ends gets completed with `left` tiles to come. */
function closeChance(ends: number, left: number, w: Weights): number {
  if (ends === 0) return 1;
  if (left === 0) return 0;
  return Math.pow(w.closeEnd, ends) * Math.min(1, left / (3 * ends));
}

/** Estimated points of the feature with root r (see the module header), and whether it is complete. */
function featureValue(game: Game, r: number, left: number, w: Weights): number {
  const graph = game.state.graph;
  const kind = graph.kind[r]!;
  if (kind === K_ROAD || kind === K_CITY) {
    const count = game.state.countTiles ? graph.tiles[r]! : graph.cells[r]!;
    const ends = graph.openEnds[r]!;
    if (kind === K_ROAD) return ends === 0 ? count : count + w.growth * ends * Math.min(1, left / 10);
    const pennants = graph.pennants[r]!;
    if (ends === 0) {
      return count === 2 && game.options.tinyCityScoring === 2 ? 2 + pennants : 2 * (count + pennants);
    }
    const unfinished = count + pennants + w.growth * ends * Math.min(1, left / 10);
    return unfinished * (1 + closeChance(ends, left, w));
  }
  if (kind === K_MONASTERY) {
    const board = game.state.board;
    const c = board.slotCell[graph.slot[r]!]!;
    const ring = game.state.grid.ringDelta;
    let around = 0;
    let tiles = board.cellTiles[c]!;
    for (let i = 0; i < 8; i++) {
      const n = board.cellTiles[c + ring[i]!]!;
      if (n !== 0) around++;
      tiles += n;
    }
    const now = game.state.monasteryTiles ? tiles : 1 + around;
    if (around === 8) return now;
    return now + (8 - around) * w.monasteryFill * Math.min(1, left / 24);
  }
  if (kind === K_FIELD) return 3 * fieldCities(game, r, left, w);
  return 0; // a tower (T-7)
}

/**
 * `featureValue` remembered for the current evaluation (`scratch.rootEpoch`): a phase-2 policy
 * scores many meeple moves onto the same feature (every segment of a field through the portal,
 * D-13), and a field's value walks all of it.
 */
function valueOf(game: Game, r: number, w: Weights): number {
  if (scratch.valueMark[r] === scratch.rootEpoch) return scratch.value[r]!;
  const v = featureValue(game, r, context.left, w);
  scratch.valueMark[r] = scratch.rootEpoch;
  scratch.value[r] = v;
  return v;
}

/** Completed cities a field touches, plus the completion chances of the unfinished ones. */
function fieldCities(game: Game, r: number, left: number, w: Weights): number {
  const { graph, board, catalog } = game.state;
  const mark = ++scratch.cityEpoch;
  const seen = scratch.cityMark;
  let sum = 0;
  let m = r;
  do {
    const slot = graph.slot[m]!;
    const feature = catalog.def(board.slotKind[slot]!).features[graph.local[m]!];
    if (feature !== undefined && feature.cities.length > 0) {
      const base = board.slotSeg[slot]!;
      for (const ci of feature.cities) {
        const cr = graph.find(base + ci);
        if (seen[cr] === mark) continue;
        seen[cr] = mark;
        sum += closeChance(graph.openEnds[cr]!, left, w);
      }
    }
    m = graph.next[m]!;
  } while (m !== r);
  return sum;
}

/** Chance that the feature with root r is scored before the end of the game (fields: never). */
function scoreChance(game: Game, r: number, left: number, w: Weights): number {
  const kind = game.state.graph.kind[r]!;
  if (kind === K_ROAD || kind === K_CITY) return closeChance(game.state.graph.openEnds[r]!, left, w);
  if (kind !== K_MONASTERY) return 0;
  const c = game.state.board.slotCell[game.state.graph.slot[r]!]!;
  const ring = game.state.grid.ringDelta;
  let empty = 0;
  for (let i = 0; i < 8; i++) if (game.state.board.cellTiles[c + ring[i]!] === 0) empty++;
  return closeChance(empty, left, w);
}

/** Whether the feature with root r is complete (B-7): it scores now and its meeples come back. */
function isComplete(game: Game, r: number): boolean {
  const graph = game.state.graph;
  const kind = graph.kind[r]!;
  if (kind === K_ROAD || kind === K_CITY) return graph.openEnds[r] === 0;
  if (kind !== K_MONASTERY) return false;
  const c = game.state.board.slotCell[graph.slot[r]!]!;
  const ring = game.state.grid.ringDelta;
  for (let i = 0; i < 8; i++) if (game.state.board.cellTiles[c + ring[i]!] === 0) return false;
  return true;
}

/** Cached per catalog: which tile kinds carry the dragon symbol (D-5). */
const dragonKinds = new WeakMap<object, Uint8Array>();

function dragonTilesLeft(game: Game): number {
  let kinds = dragonKinds.get(game.catalog);
  if (kinds === undefined) {
    kinds = new Uint8Array(game.catalog.defs.length);
    for (let k = 0; k < kinds.length; k++) kinds[k] = game.catalog.hasSymbol(k, 'dragon') ? 1 : 0;
    dragonKinds.set(game.catalog, kinds);
  }
  let n = 0;
  for (let i = 0; i < game.state.bagCount; i++) n += kinds[game.state.bag[i]!]!;
  return n;
}

/** What `totalsOf` leaves for `withMeeple`: the terms a meeple's own contribution depends on. */
const context = {
  left: 0,
  meepleCost: 0,
  /** D-7: how dangerous the dragon is now (0: no danger), where it is, and the fairy's unit. */
  risk: 0,
  dragonX: 0,
  dragonY: 0,
  fairyUnit: -1,
  dragon: 0,
  /** Who gets the fairy's term (D-15, D-17), -1 for nobody, and its value. */
  fairyOwner: -1,
  fairyValue: 0,
};

/**
 * Each player's estimated total T(q) (see the module header), into `scratch.totals`; `fairyMeeple`
 * puts the fairy next to that meeple instead of where she is. With `contextOnly`, only `context` is
 * set (and the fairy's term): totals start at 0 and the board's features are not summed up.
 */
function totalsOf(
  game: Game,
  w: Readonly<Weights>,
  fairyMeeple = FAIRY_STAYS,
  contextOnly = false,
): Float64Array {
  const P = game.players;
  if (scratch.totals.length < P) scratch.totals = new Float64Array(P);
  const totals = scratch.totals;
  for (let q = 0; q < P; q++) totals[q] = contextOnly ? 0 : game.state.scores[q]!;
  const left = tilesLeft(game);
  const frac = left / Math.max(1, left + game.state.placedCount);
  const meepleCost = w.meeple * frac;
  const graph = game.state.graph;
  marks(graph.parent.length);
  const rootMark = ++scratch.rootEpoch;
  const seen = scratch.rootMark;

  const pd = game.expansion(PRINCESS_AND_DRAGON);
  const tower = game.expansion(TOWER);
  const fairyAt = pd === undefined ? -1 : fairyMeeple === FAIRY_STAYS ? pd.fairyMeeple : fairyMeeple;
  context.left = left;
  context.meepleCost = meepleCost;
  context.risk = 0;
  context.fairyUnit = -1;
  if (pd !== undefined && pd.dragonOn && pd.dragonUnit >= 0 && left > 0) {
    context.risk = Math.min(1, 0.25 * dragonTilesLeft(game) + (pd.huntPending ? 1 : 0));
    const c = game.state.units.cellOf(pd.dragonUnit);
    context.dragonX = game.state.grid.x(c);
    context.dragonY = game.state.grid.y(c);
    context.fairyUnit =
      fairyMeeple === FAIRY_STAYS
        ? pd.fairyUnit
        : game.state.units.ofSlot(game.state.graph.slot[game.state.meepleSeg[fairyMeeple]!]!);
  }

  const meepleSeg = game.state.meepleSeg;
  for (let i = 0; i < (contextOnly ? 0 : meepleSeg.length); i++) {
    const seg = meepleSeg[i]!;
    if (seg < 0) {
      // T-3: a prisoner is out of play until exchanged or ransomed.
      if (seg === -2 && tower !== undefined && tower.captor[i]! >= 0) {
        totals[Math.floor(i / MEEPLES_PER_PLAYER)]! -= meepleCost;
      }
      continue;
    }
    const r = graph.find(seg);
    if (seen[r] !== rootMark) {
      seen[r] = rootMark;
      const value = valueOf(game, r, w);
      let best = 0;
      for (let q = 0; q < P; q++) best = Math.max(best, graph.meeples[r * P + q]!);
      for (let q = 0; q < P; q++) if (graph.meeples[r * P + q] === best) totals[q]! += value;
    }
    totals[Math.floor(i / MEEPLES_PER_PLAYER)]! -= meepleBurden(game, seg, r);
  }

  // D-15, D-17: the fairy's bonus for the player whose meeple she stands by (never scored on a tower, T-7).
  const fairySeg = pd !== undefined && pd.fairyOn && fairyAt >= 0 ? meepleSeg[fairyAt]! : -1;
  context.fairyOwner = -1;
  if (fairySeg >= 0) {
    context.fairyOwner = Math.floor(fairyAt / MEEPLES_PER_PLAYER);
    context.fairyValue = fairyTerm(game, fairySeg, w);
    totals[context.fairyOwner]! += context.fairyValue;
  }
  return totals;
}

/** The fairy's term for the player of her meeple on segment `seg` (see the module header). */
function fairyTerm(game: Game, seg: number, w: Readonly<Weights>): number {
  if (game.state.graph.kind[seg] === K_TOWER || game.isOver) return 0;
  const left = context.left;
  const bonus = game.options.fairyBonus === '5' ? 5 : 3;
  if (left === 0) return bonus;
  const turnPoint = game.options.fairyBonus === '1+3' ? 1 : 0;
  return w.fairyKeep * (turnPoint + bonus * scoreChance(game, game.state.graph.find(seg), left, w));
}

/** The dragon's danger (D-7) to an unprotected meeple on segment `seg`, from `context`. */
function danger(game: Game, seg: number): number {
  const c = game.state.board.slotCell[game.state.graph.slot[seg]!]!;
  const d =
    Math.abs(game.state.grid.x(c) - context.dragonX) + Math.abs(game.state.grid.y(c) - context.dragonY);
  return d < 7 ? (context.dragon * context.risk * (7 - d)) / 7 : 0;
}

/**
 * What a meeple on segment `seg` (root `r`) costs its owner beyond the feature's value: nothing on a
 * completed feature (it comes back), else the meeple economy and the dragon's danger (D-7) unless
 * the fairy protects it (D-16). Reads `context` (set by `totalsOf`).
 */
function meepleBurden(game: Game, seg: number, r: number): number {
  if (isComplete(game, r)) return 0;
  const cost = context.meepleCost;
  if (context.risk <= 0) return cost;
  if (context.fairyUnit >= 0 && game.state.units.contains(context.fairyUnit, game.state.graph.slot[seg]!))
    return cost;
  return cost + danger(game, seg);
}

/** `T(player) − max over the others` (alone: `T(player)`). */
function margin(totals: Float64Array, player: number, P: number): number {
  const own = totals[player]!;
  if (P === 1) return own;
  let rival = -Infinity;
  for (let q = 0; q < P; q++) if (q !== player) rival = Math.max(rival, totals[q]!);
  return own - rival;
}

/** The heuristic value of `game` for `player`, in points (see the module header). */
export function evaluate(game: Game, player: number, w: Readonly<Weights> = DEFAULT_WEIGHTS): number {
  context.dragon = w.dragon;
  return margin(totalsOf(game, w), player, game.players);
}

/**
 * Changes `after` (the totals) as the fairy's move next to meeple `meeple` (D-14, next-follower)
 * would: her term moves to that meeple's player, and the dragon's danger (D-16) leaves the meeples
 * of her new unit and comes back to those of her old one.
 */
function fairyMoved(game: Game, meeple: number, after: Float64Array, w: Readonly<Weights>): void {
  const seg = game.state.meepleSeg[meeple]!;
  if (context.fairyOwner >= 0) after[context.fairyOwner]! -= context.fairyValue;
  after[Math.floor(meeple / MEEPLES_PER_PLAYER)]! += fairyTerm(game, seg, w);
  if (context.risk <= 0) return;
  const from = context.fairyUnit;
  const to = game.state.units.ofSlot(game.state.graph.slot[seg]!);
  const dangers = scratch.dangers;
  const units = scratch.units;
  for (let i = 0; i < dangers.length; i++) {
    const d = dangers[i]!;
    if (d === 0) continue;
    const was = from >= 0 && units[i] === from;
    const now = units[i] === to;
    if (was !== now) after[Math.floor(i / MEEPLES_PER_PLAYER)]! += was ? -d : d;
  }
}

/** Fills `scratch.dangers` for `fairyMoved`: once per position rather than once per fairy move. */
function meepleDangers(game: Game): void {
  const meepleSeg = game.state.meepleSeg;
  if (scratch.dangers.length !== meepleSeg.length) {
    scratch.dangers = new Float64Array(meepleSeg.length);
    scratch.units = new Int32Array(meepleSeg.length);
  }
  const { dangers, units } = scratch;
  const graph = game.state.graph;
  for (let i = 0; i < meepleSeg.length; i++) {
    const s = meepleSeg[i]!;
    dangers[i] = s < 0 || isComplete(game, graph.find(s)) ? 0 : danger(game, s);
    if (dangers[i] !== 0) units[i] = game.state.units.ofSlot(graph.slot[s]!);
  }
}

/**
 * Values of simple phase-2 moves for `player` without evaluating the position again for each:
 * `out[i]` gets `evaluate()` of the position after `moves[i]` when it is a pass (the position
 * itself) or `player`'s meeple on segment `segs[i]` (B-6), computed from the position's totals and
 * the one feature the meeple joins (nothing else changes). `segs[i] = -1` marks a pass, and
 * `-(m + 2)` the fairy's move next to meeple m (D-14, next-follower only).
 *
 * With `relative` in a two-player game, `out[i]` is instead the change from the position's own
 * value (a pass: 0): the same order of the moves, without summing up the features of the whole board
 * (each move changes the margin by what it adds to one side and takes from the other). A playout's
 * phase 2 needs only the order. With more players the rival's maximum is not separable: exact values.
 */
export function evaluateMeeples(
  game: Game,
  player: number,
  segs: Int32Array,
  n: number,
  out: Float64Array,
  w: Readonly<Weights> = DEFAULT_WEIGHTS,
  relative = false,
): void {
  context.dragon = w.dragon;
  const P = game.players;
  const partial = relative && P === 2;
  const totals = totalsOf(game, w, FAIRY_STAYS, partial);
  const base = margin(totals, player, P);
  // Partial totals (the fairy's term only) are off the real ones by the same amount for every move.
  const offset = partial ? base : 0;
  if (scratch.after.length < P) scratch.after = new Float64Array(P);
  const after = scratch.after;
  const graph = game.state.graph;
  let dangersKnown = false;
  for (let i = 0; i < n; i++) {
    const seg = segs[i]!;
    if (seg === -1) {
      out[i] = base - offset;
      continue;
    }
    for (let q = 0; q < P; q++) after[q] = totals[q]!;
    if (seg < -1) {
      if (!dangersKnown && context.risk > 0) meepleDangers(game);
      dangersKnown = true;
      fairyMoved(game, -seg - 2, after, w);
      out[i] = margin(after, player, P) - offset;
      continue;
    }
    const r = graph.find(seg);
    const value = valueOf(game, r, w);
    // The feature's value goes to its majority holders, before and after the new meeple.
    let best = 0;
    for (let q = 0; q < P; q++) best = Math.max(best, graph.meeples[r * P + q]!);
    if (best > 0) for (let q = 0; q < P; q++) if (graph.meeples[r * P + q] === best) after[q]! -= value;
    const mine = graph.meeples[r * P + player]! + 1;
    const bestAfter = Math.max(best, mine);
    for (let q = 0; q < P; q++) {
      const held = q === player ? mine : graph.meeples[r * P + q]!;
      if (held === bestAfter) after[q]! += value;
    }
    after[player]! -= meepleBurden(game, seg, r);
    out[i] = margin(after, player, P) - offset;
  }
}
