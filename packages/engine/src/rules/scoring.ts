/**
 * Scoring (B-7, B-9, B-10, H-8, H-9): completed features during play, everything left at the end.
 *
 * A scored feature pays its value to its majority players (ties all score), lets expansions add
 * bonuses (D-17) while its meeples still stand on it, and then returns those meeples.
 */
import type { FeatureKind, Point } from '../types.js';
import { FEATURE_KINDS, K_CITY, K_FIELD, K_MONASTERY, K_ROAD } from '../types.js';
import type { ScoreEvent } from './events.js';
import type { StateReader } from './reader.js';
import type { GameState } from './state.js';

/** B-7: scores roads and cities completed by the tile just placed, and surrounded monasteries. */
export function scoreCompleted(g: GameState): void {
  const { board, graph, catalog } = g;
  const slot = g.lastSlot;
  const t = board.slotKind[slot];
  const base = board.slotSeg[slot];
  const mark = g.nextEpoch();
  const n = catalog.featureCount[t];
  for (let f = 0; f < n; f++) {
    if (!catalog.hasEnds(t, f)) continue;
    const r = graph.find(base + f);
    if (g.stamp[r] === mark) continue;
    g.stamp[r] = mark;
    if (graph.openEnds[r] === 0 && graph.meepleTotal[r] > 0) scoreFeature(g, r, false);
  }
  const c = board.slotCell[slot];
  scoreMonasteriesAt(g, c);
  const ring = g.grid.ringDelta;
  for (let i = 0; i < 8; i++) scoreMonasteriesAt(g, c + ring[i]);
}

function scoreMonasteriesAt(g: GameState, c: number): void {
  const board = g.board;
  if (board.cellTiles[c] === 0) return;
  const first = board.anySlot(c);
  // A cell holds a square or up to two triangles (H-1); visit each tile once.
  scoreMonasteryOf(g, first, c);
  if (board.cellTiles[c] === 2) scoreMonasteryOf(g, board.complementOf(first), c);
}

function scoreMonasteryOf(g: GameState, slot: number, c: number): void {
  const m = g.catalog.monastery[g.board.slotKind[slot]];
  if (m < 0) return;
  const seg = g.board.slotSeg[slot] + m;
  if (g.graph.meepleTotal[seg] > 0 && surroundedCount(g, c) === 8) scoreFeature(g, seg, false);
}

/** Occupied cells among the 8 around c (H-9: a triangle is enough). */
export function surroundedCount(g: GameState, c: number): number {
  const ring = g.grid.ringDelta;
  let n = 0;
  for (let i = 0; i < 8; i++) if (g.board.cellTiles[c + ring[i]] !== 0) n++;
  return n;
}

/** Tiles in the 3×3 area around c, c included (H-9, edition 2015: up to 18). */
function areaTiles(g: GameState, c: number): number {
  let n = g.board.cellTiles[c];
  for (let i = 0; i < 8; i++) n += g.board.cellTiles[c + g.grid.ringDelta[i]];
  return n;
}

/** Whether the feature with root r is complete (B-7; fields never are, B-8). */
export function isComplete(g: GameState, r: number): boolean {
  const k = g.graph.kind[r];
  if (k === K_ROAD || k === K_CITY) return g.graph.openEnds[r] === 0;
  if (k === K_MONASTERY) return surroundedCount(g, g.board.slotCell[g.graph.slot[r]]) === 8;
  return false;
}

/** B-9: scores every feature that still has meeples, roads and cities first, fields last. */
export function finalScoring(g: GameState): void {
  const mark = g.nextEpoch();
  for (const kind of [K_ROAD, K_CITY, K_MONASTERY, K_FIELD]) {
    for (let i = 0; i < g.meepleSeg.length; i++) {
      const seg = g.meepleSeg[i];
      if (seg < 0 || g.graph.kind[seg] !== kind) continue;
      const r = g.graph.find(seg);
      if (g.stamp[r] === mark) continue;
      g.stamp[r] = mark;
      scoreFeature(g, r, true);
    }
  }
}

/** Scores the feature with root r to its majority players and returns its meeples (B-7, B-9). */
export function scoreFeature(g: GameState, r: number, final: boolean): void {
  const graph = g.graph;
  const kind = graph.kind[r];
  const p = g.players;
  let complete = true;
  let points = 0;
  let count = 0;
  let cities = 0;
  if (kind === K_ROAD || kind === K_CITY) {
    // H-8: occupied cells (edition 2021, the default) or tiles (2015, 2020); equal without triangles.
    count = g.countTiles ? graph.tiles[r] : graph.cells[r];
    complete = graph.openEnds[r] === 0;
    if (kind === K_ROAD) points = count;
    else if (!complete) points = count + graph.pennants[r];
    else if (count === 2 && g.options.tinyCityScoring === 2) points = 2 + graph.pennants[r];
    else points = 2 * (count + graph.pennants[r]);
  } else if (kind === K_MONASTERY) {
    const c = g.board.slotCell[graph.slot[r]];
    const around = surroundedCount(g, c);
    complete = around === 8;
    // H-9: one per occupied cell of the 3×3 area, or (edition 2015) one per tile in it.
    count = g.monasteryTiles ? areaTiles(g, c) : 1 + around;
    points = count;
  } else if (kind === K_FIELD) {
    cities = fieldCities(g, r).length;
    complete = false;
    points = 3 * cities;
  }
  for (const h of g.valueHooks) points = h.featureValue!(r, complete, final, points);
  let best = 0;
  for (let i = 0; i < p; i++) best = Math.max(best, graph.meeples[r * p + i]);
  if (best > 0) for (let i = 0; i < p; i++) if (graph.meeples[r * p + i] === best) g.award(i, points);
  // The event is built only for whoever reads it: a hook (the fairy's bonus, D-17) or the log.
  if (g.scoredHooks.length > 0 || g.recordEvents) {
    const winners: number[] = [];
    for (let i = 0; i < p; i++) if (best > 0 && graph.meeples[r * p + i] === best) winners.push(i);
    const event = scoreEvent(g, r, final, complete, points, cities, winners, count);
    for (const h of g.scoredHooks) h.onScored?.(r, event);
    for (const b of event.bonuses) g.award(b.player, b.points);
    if (g.recordEvents) g.emit(event);
  }
  returnMeeples(g, r);
}

function scoreEvent(
  g: GameState,
  r: number,
  final: boolean,
  complete: boolean,
  points: number,
  cities: number,
  winners: number[],
  count: number,
): ScoreEvent {
  const graph = g.graph;
  const kind: FeatureKind = FEATURE_KINDS[graph.kind[r]];
  const p = g.players;
  const at: Point[] = [];
  const tiles = kind === 'road' || kind === 'city' ? graph.tiles[r] : count;
  if (g.recordEvents) {
    if (kind === 'monastery') {
      const c = g.board.slotCell[graph.slot[r]];
      for (const d of [0, ...g.grid.ringDelta])
        if (g.board.cellTiles[c + d] !== 0) at.push(g.grid.point(c + d));
    } else {
      for (const c of featureCells(g, r)) at.push(g.grid.point(c));
    }
  }
  return {
    type: 'score',
    rule: final ? 'B-9' : 'B-7',
    kind,
    final,
    complete,
    tiles,
    cells: kind === 'field' ? featureCells(g, r).length : count,
    pennants: kind === 'city' ? graph.pennants[r] : 0,
    cities,
    meeples: Array.from(graph.meeples.subarray(r * p, r * p + p)),
    players: winners,
    points,
    bonuses: [],
    at,
  };
}

function returnMeeples(g: GameState, r: number): void {
  for (let i = 0; i < g.meepleSeg.length; i++) {
    const seg = g.meepleSeg[i];
    if (seg >= 0 && g.graph.find(seg) === r) g.removeMeeple(i);
  }
}

/** Roots of the completed cities a field touches (B-9), each once. */
export function fieldCities(g: Pick<StateReader, 'graph' | 'board' | 'catalog'>, r: number): number[] {
  const graph = g.graph;
  const out: number[] = [];
  let m = r;
  do {
    const slot = graph.slot[m];
    const def = g.catalog.def(g.board.slotKind[slot]);
    for (const ci of def.features[graph.local[m]].cities) {
      const cr = graph.find(g.board.slotSeg[slot] + ci);
      if (graph.openEnds[cr] === 0 && !out.includes(cr)) out.push(cr);
    }
    m = graph.next[m];
  } while (m !== r);
  return out;
}

/** Distinct cells of the feature with root r, in member order. */
export function featureCells(g: GameState, r: number): number[] {
  const out: number[] = [];
  let m = r;
  do {
    const c = g.board.slotCell[g.graph.slot[m]];
    if (!out.includes(c)) out.push(c);
    m = g.graph.next[m];
  } while (m !== r);
  return out;
}
