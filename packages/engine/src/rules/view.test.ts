import { describe, expect, expectTypeOf, test } from 'vitest';
import { unwrap } from '../util/result.js';
import { HALFLINGS, PRINCESS_AND_DRAGON, TOWER, createGame } from '../expansions/index.js';
import type { Game } from './game.js';
import type { BaseView, ExpansionViews, PlaceView } from './view.js';
import { viewOf } from './view.js';
import { prng } from '../../test/playout.js';

const start = (draws: string[]) => unwrap(createGame({ players: 2, draws }));

describe('views hide the order of the tile bag', () => {
  test('two games whose piles differ only in the order of undrawn tiles look the same to everyone', () => {
    const a = start(['BA/RFr', 'BA/C', 'BA/L', 'BA/Rr']);
    const b = start(['BA/RFr', 'BA/Rr', 'BA/C', 'BA/L']);
    for (const viewer of [-1, 0, 1]) expect(viewOf(a, viewer)).toEqual(viewOf(b, viewer));
    // …and they are different games: the next draws differ.
    a.apply({ type: 'place', x: 1, y: 0, rotation: 0 });
    b.apply({ type: 'place', x: 1, y: 0, rotation: 0 });
    a.apply({ type: 'pass' });
    b.apply({ type: 'pass' });
    expect(a.drawnTile).toBe('BA/C');
    expect(b.drawnTile).toBe('BA/Rr');
  });

  test('seeded games: the view shows counts by kind, never the seed or the generator state', () => {
    const g = unwrap(createGame({ players: 3, seed: 12345 }));
    const view = viewOf(g, 1);
    expect(view.bag.size).toBe(70);
    expect(Object.values(view.bag.counts).reduce((s, n) => s + n, 0)).toBe(70);
    const text = JSON.stringify(view);
    for (const word of ['seed', 'rng', '12345']) expect(text).not.toContain(word);
    expect(view.legalActions).toEqual([]); // not player 1's turn
    expect(viewOf(g, 0).legalActions.length).toBeGreaterThan(0);
  });
});

describe('refused actions change nothing', () => {
  test('B-4 B-6 every kind of refusal leaves the game exactly as it was', () => {
    const g = unwrap(createGame({ players: 2, seed: 5 }));
    const attempts = [
      { type: 'place', x: 40, y: 0, rotation: 0 },
      { type: 'place', x: 0, y: 0, rotation: 0 },
      { type: 'place', x: 1, y: 1, rotation: 90 },
      { type: 'place', x: 0, y: -1, rotation: 33 },
      { type: 'meeple', x: 0, y: 0, feature: 0 },
      { type: 'pass' },
      { type: 'jump' },
    ];
    const before = JSON.stringify(viewOf(g, -1));
    const clone = g.clone();
    for (const a of attempts) {
      const r = g.apply(a as Parameters<Game['apply']>[0]);
      expect(r.ok, JSON.stringify(a)).toBe(false);
      if (!r.ok) expect(r.error.message.length).toBeGreaterThan(10);
    }
    expect(g.apply({ type: 'pass' }, 1).ok).toBe(false);
    expect(JSON.stringify(viewOf(g, -1))).toBe(before);
    expect(Array.from(g.state.rng)).toEqual(Array.from(clone.state.rng));
    expect(Array.from(g.state.graph.parent)).toEqual(Array.from(clone.state.graph.parent));
  });
});

const placeKey = (p: PlaceView): string => `${p.x},${p.y}${p.corner ?? ''}`;
const sorted = <T>(xs: readonly T[]): T[] => [...xs].sort();

/**
 * Checks every slice of every view of `g` against the expansions' real state: present, equal in
 * value, and hiding the hands (H-3). Returns what the views showed, for the test to count.
 */
function checkViews(g: Game): {
  hands: number;
  towers: number;
  dragon: boolean;
  fairy: boolean;
  hunt: boolean;
} {
  const hl = g.expansion(HALFLINGS);
  const tw = g.expansion(TOWER);
  const pd = g.expansion(PRINCESS_AND_DRAGON);
  if (!hl || !tw || !pd) throw new Error('all three expansions are in play');
  const id = (k: number) => g.catalog.def(k).id;
  const stride = hl.hand.length / g.players;
  const realHands = Array.from({ length: g.players }, (_, p) =>
    sorted(Array.from(hl.hand.subarray(p * stride, p * stride + hl.handCount[p]), id)),
  );
  // T-1: the foundations on the board, read from the placed tiles' definitions.
  const foundations: string[] = [];
  for (let s = 0; s < g.state.board.slotCount; s++) {
    g.catalog.def(g.state.board.slotKind[s]).features.forEach((f, i) => {
      if (f.kind === 'tower') foundations.push(`${placeKey(g.state.slotPlace(s))}#${i}`);
    });
  }
  const seen = { hands: 0, towers: 0, dragon: false, fairy: false, hunt: false };
  for (let viewer = -1; viewer < g.players; viewer++) {
    const view = viewOf(g, viewer);
    const { hands, handSizes, draftPool, towers, towerPieces, prisoners, dragon, fairy, setAside } = view;
    // Every slice is there.
    if (!hands || !handSizes || !draftPool) throw new Error('no Halflings slice');
    if (!towers || !towerPieces || !prisoners) throw new Error('no Tower slice');
    if (dragon === undefined || fairy === undefined || !setAside)
      throw new Error('no Princess & Dragon slice');
    // H-3: a player sees their own hand, nobody else's; a spectator sees none. Sizes are public.
    expect(hands).toHaveLength(g.players);
    hands.forEach((h, p) => expect(h).toEqual(p === viewer ? realHands[p] : null));
    expect(handSizes).toEqual(Array.from(hl.handCount));
    const text = JSON.stringify(view);
    const own = viewer >= 0 ? realHands[viewer] : [];
    for (let p = 0; p < g.players; p++) {
      if (p === viewer) continue;
      for (const t of realHands[p]) if (!own.includes(t)) expect(text).not.toContain(`"${t}"`);
    }
    if (viewer >= 0) seen.hands += own.length;
    expect(draftPool).toEqual(sorted(Array.from(hl.pool.subarray(0, hl.poolCount), id)));
    // T-0..T-4: the towers listed are the foundations on the board, with their pieces and meeples.
    expect(sorted(towers.map((t) => `${placeKey(t)}#${t.feature}`))).toEqual(sorted(foundations));
    for (const t of towers) {
      const on = view.meeples.filter((m) => m.kind === 'tower' && placeKey(m) === placeKey(t));
      expect(on.map((m) => m.player)).toEqual(t.meeple === null ? [] : [t.meeple]);
    }
    const heights = Array.from({ length: tw.towerCount }, (_, i) => tw.height[tw.towers[i]]);
    expect(sorted(towers.map((t) => t.height))).toEqual(sorted(heights));
    seen.towers += towers.filter((t) => t.height > 0).length;
    expect(towerPieces).toEqual(Array.from(tw.pieces));
    const held = Array.from({ length: g.players }, (): number[] => []);
    tw.captor.forEach((c, m) => {
      if (c >= 0) held[c].push(g.state.meepleOwner(m));
    });
    expect(prisoners.map((h) => sorted(h))).toEqual(held.map((h) => sorted(h)));
    // D-3, D-6, D-7, D-14: the dragon, the set-aside tiles, the hunt and the fairy.
    expect(dragon === null).toBe(pd.dragonUnit < 0);
    if (dragon) {
      // H-11: the dragon stands on a tile, or on a cell (no corner) holding one.
      const under = (t: PlaceView) =>
        t.x === dragon.x && t.y === dragon.y && (!dragon.corner || t.corner === dragon.corner);
      expect(view.tiles.some(under)).toBe(true);
    }
    expect(setAside).toEqual(Array.from(pd.setAside.subarray(0, pd.setAsideCount), id));
    expect(view.hunt !== undefined).toBe(g.phaseName === 'dragon');
    if (view.hunt) expect(view.hunt.visited).toHaveLength(pd.visitedCount);
    expect(fairy === null).toBe(pd.fairySlot < 0);
    if (fairy) {
      expect(placeKey(fairy)).toBe(placeKey(g.state.slotPlace(pd.fairySlot)));
      const m = fairy.meeple;
      if (m)
        expect(view.meeples.some((v) => v.player === m.player && placeKey(v) === placeKey(m))).toBe(true);
    }
    seen.dragon ||= dragon !== null;
    seen.fairy ||= fairy !== null;
    seen.hunt ||= view.hunt !== undefined;
  }
  return seen;
}

describe('each expansion adds its typed slice; hidden hands stay hidden (H-3)', () => {
  test('random games with all three expansions: every view, every move, against the real state', () => {
    const total = { hands: 0, towers: 0, dragon: 0, fairy: 0, hunt: 0 };
    for (let seed = 1; seed <= 4; seed++) {
      const g = unwrap(
        createGame({
          players: 2 + (seed % 3),
          seed,
          expansions: ['halflings', 'tower', 'princess-and-dragon'],
          options: seed % 2 === 0 ? { halflingsDeal: 'draft' } : {},
        }),
      );
      const rand = prng(seed);
      const buf = new Int32Array(g.maxMoves);
      const seen = { dragon: false, fairy: false, hunt: false };
      for (let move = 0; !g.isOver; move++) {
        const s = checkViews(g);
        total.hands += s.hands;
        total.towers += s.towers;
        seen.dragon ||= s.dragon;
        seen.fairy ||= s.fairy;
        seen.hunt ||= s.hunt;
        g.play(buf[rand() % g.legalMoves(buf)]);
      }
      checkViews(g);
      for (const k of ['dragon', 'fairy', 'hunt'] as const) if (seen[k]) total[k]++;
    }
    // The games did show what is checked: hands, built towers, the dragon, the fairy and hunts.
    expect(total.hands).toBeGreaterThan(0);
    expect(total.towers).toBeGreaterThan(0);
    expect(total.dragon).toBeGreaterThan(1);
    expect(total.fairy).toBeGreaterThan(1);
    expect(total.hunt).toBeGreaterThan(0);
  });

  test('a spectator sees no hand, a player only their own', () => {
    const g = unwrap(createGame({ players: 3, seed: 7, expansions: ['halflings'] }));
    expect(viewOf(g, -1).hands).toEqual([null, null, null]);
    expect(viewOf(g, -1).handSizes).toEqual([3, 3, 3]);
    const own = viewOf(g, 1).hands;
    expect(own?.[0]).toBeNull();
    expect(own?.[1]).toHaveLength(3);
    expect(own?.[2]).toBeNull();
  });

  test('no slice redefines a base field (checked by tsc, with the test-only inns slice merged too)', () => {
    expectTypeOf<keyof BaseView & keyof ExpansionViews>().toBeNever();
    expectTypeOf<ExpansionViews['towers'][number]['height']>().toEqualTypeOf<number>();
  });

  test('a view holds the slices of the expansions in play only', () => {
    const base = viewOf(unwrap(createGame({ players: 2, seed: 1 })), 0);
    const tower = viewOf(unwrap(createGame({ players: 2, seed: 1, expansions: ['tower'] })), 0);
    const keys = (v: object) => Object.keys(v).sort();
    expect(keys(tower)).toEqual(sorted([...keys(base), 'towers', 'towerPieces', 'prisoners']));
    expect(tower.towerPieces).toEqual([10, 10]);
    expect(base.towers).toBeUndefined();
  });
});
