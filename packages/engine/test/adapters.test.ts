/**
 * Client adapters checked against `legalActions()` and the view over whole random games with every
 * expansion: placements by cell (B-4, H-4), figure targets (B-6, D-10, D-14, T-2, T-3, H-13), the
 * cells a feature covers (B-7), the tiles of the last round, and the hints a server sends each viewer.
 */
import { describe, expect, it } from 'vitest';
import type { Action, Game } from '@carc/engine';
import {
  CORNER_NAMES,
  createGame,
  decisionHints,
  featureCoverage,
  figureTargets,
  lastRoundTiles,
  placementsByCell,
  unwrap,
} from '@carc/engine';
import { prng } from './playout.js';

const ALL = ['halflings', 'tower', 'princess-and-dragon'];
const key = (a: Action) => JSON.stringify(a);
const sorted = (xs: string[]) => [...xs].sort();

/** Checks every adapter at the current position; returns how many figure targets it saw. */
function checkPosition(g: Game, tilesAtTurnStart: Map<number, number>): number {
  const legal = g.legalActions();
  const view = g.view(-1);

  // Placements: exactly the legal place / triangle actions, grouped by their cell.
  const cells = placementsByCell(g);
  const placed = cells.flatMap((c) =>
    c.placements.map((p) => {
      const a = p.action as Action & { x: number; y: number };
      expect([a.x, a.y]).toEqual([c.x, c.y]);
      if (p.action.type === 'triangle') expect(p.corner).toBe(CORNER_NAMES[p.rotation / 90]);
      else expect(p.tile).toBe(view.drawnTile);
      return key(p.action);
    }),
  );
  expect(new Set(cells.map((c) => `${c.x},${c.y}`)).size).toBe(cells.length);
  expect(sorted(placed)).toEqual(
    sorted(legal.filter((a) => a.type === 'place' || a.type === 'triangle').map(key)),
  );

  // Figure targets: exactly the legal actions naming a placed tile, and the dragon's steps (D-7),
  // each on the tile the view shows (a step: where the dragon stands once it is taken).
  const targets = figureTargets(g);
  const named = legal.filter(
    (a) => ('x' in a && a.type !== 'place' && a.type !== 'triangle') || a.type === 'dragon',
  );
  expect(sorted(targets.map((t) => key(t.action)))).toEqual(sorted(named.map(key)));
  for (const t of targets) {
    const tile = view.tiles.find((v) => v.x === t.x && v.y === t.y && v.corner === t.corner);
    expect(tile && [tile.tile, tile.rotation]).toEqual([t.tile, t.rotation]);
    if (t.action.type === 'dragon') {
      const after = g.clone();
      unwrap(after.apply(t.action, g.toAct));
      const dragon = after.view(-1).dragon;
      expect(dragon && [dragon.x, dragon.y]).toEqual([t.x, t.y]);
      if (dragon?.corner !== undefined) expect(t.corner).toBe(dragon.corner);
      dragonSteps++;
    }
    if (t.feature === undefined) continue;
    // The feature's coverage holds the target's own tile, and every part is one feature.
    const cover = featureCoverage(g, t.x, t.y, t.corner, t.feature);
    expect(cover).toBeDefined();
    if (cover === undefined) continue;
    expect(
      cover.some((c) => c.x === t.x && c.y === t.y && c.corner === t.corner && c.feature === t.feature),
    ).toBe(true);
    const s = g.state;
    const root = (c: { x: number; y: number; corner?: (typeof CORNER_NAMES)[number]; feature: number }) =>
      s.graph.find(unwrap(s.locateFeature(c.x, c.y, c.corner, c.feature)));
    const r = root(t as { x: number; y: number; feature: number });
    for (const c of cover) expect(root(c)).toBe(r);
    expect(cover.length).toBe(s.graph.size[r]);
  }

  // The last round: the tiles placed since the current player's previous turn began.
  const since = Math.max(1, g.turn - g.players);
  const from = tilesAtTurnStart.get(since) ?? view.tiles.length;
  expect(lastRoundTiles(g)).toEqual(view.tiles.slice(from));

  // The hints a server sends: everything above for the player to act, only the last round for the
  // others and spectators (a hand's triangles never reach them, H-4).
  for (let viewer = -1; viewer < g.players; viewer++) {
    const hints = decisionHints(g, viewer);
    expect(hints.lastRound).toEqual(lastRoundTiles(g));
    if (viewer !== g.toAct) {
      expect(hints.placements).toBeUndefined();
      expect(hints.targets).toBeUndefined();
      continue;
    }
    expect(hints.placements).toEqual(cells);
    expect(hints.targets?.map((t) => key(t.action))).toEqual(targets.map((t) => key(t.action)));
    for (const t of hints.targets ?? []) {
      const cover = t.feature === undefined ? undefined : featureCoverage(g, t.x, t.y, t.corner, t.feature);
      expect(t.coverage).toEqual(cover);
    }
  }
  return targets.length;
}

/** Dragon steps seen as targets over the random games (each checked against a copy of the game). */
let dragonSteps = 0;

describe('client adapters', () => {
  it('agree with legalActions() and the view at every position of random games in every expansion set', () => {
    let targets = 0;
    const sets = [[], ['halflings'], ['tower'], ['princess-and-dragon'], ALL];
    for (const [i, expansions] of sets.entries()) {
      for (let seed = 1; seed <= 3; seed++) {
        const options = expansions.includes('halflings') ? { halflingsSymbols: 'on' as const } : {};
        const g = unwrap(createGame({ players: 2 + ((seed + i) % 3), seed, expansions, options }));
        const rand = prng(seed * 31 + i);
        const tilesAtTurnStart = new Map<number, number>();
        while (!g.isOver) {
          if (!tilesAtTurnStart.has(g.turn)) {
            // Before anything of this turn is placed (the draw itself places nothing).
            tilesAtTurnStart.set(g.turn, g.view(-1).tiles.length);
          }
          targets += checkPosition(g, tilesAtTurnStart);
          const legal = g.legalActions();
          unwrap(g.apply(legal[rand() % legal.length], g.toAct));
        }
      }
    }
    expect(targets).toBeGreaterThan(2000);
    expect(dragonSteps).toBeGreaterThan(20);
  });

  it('B-7: a city’s coverage names every tile of it and the sides it touches', () => {
    // The start tile's city (feature 1 of BA/RCr, facing north) closed by a city cap turned south.
    const g = unwrap(createGame({ players: 2, draws: ['BA/C', 'BA/C'] }));
    const place = g.legalActions().find((a) => a.type === 'place' && a.x === 0 && a.y === -1);
    expect(place).toBeDefined();
    if (place === undefined) return;
    unwrap(g.apply(place));
    const cover = featureCoverage(g, 0, 0, undefined, 1);
    expect(sorted((cover ?? []).map((c) => JSON.stringify([c.x, c.y, c.tile, c.sides])))).toEqual(
      sorted([JSON.stringify([0, 0, 'BA/RCr', ['N']]), JSON.stringify([0, -1, 'BA/C', ['S']])]),
    );
  });
});
