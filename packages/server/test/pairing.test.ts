/**
 * Quick pairing (pairing/queue.ts): compatible seeks start a table and incompatible ones do not
 * (another variant, player count, clock, or a rating out of range), ranges widen with waiting,
 * tables of three, leaving, the oldest seek served first, variant keys; and over thousands of
 * random joins, leaves and matches, every table is valid and no seek is in two tables or lost.
 */
import { describe, expect, it } from 'vitest';
import type { Seek } from '../src/pairing/queue.js';
import { PairingQueue, variantKey } from '../src/pairing/queue.js';
import { prng } from '../../engine/test/playout.js';

const seek = (id: string, rating: number, extra: Partial<Seek> = {}) => ({
  id,
  variant: 'base',
  players: 2,
  clock: '10+5',
  rating,
  range: 100,
  ...extra,
});

function queueAt(start = 0) {
  let now = start;
  const q = new PairingQueue({ widenPerSecond: 10, maxRange: 400, now: () => now });
  return { q, advance: (ms: number) => (now += ms) };
}

describe('pairing queue', () => {
  it('pairs two compatible seeks, and not those that differ in variant, players, clock or rating', () => {
    const { q } = queueAt();
    q.join(seek('a', 1500));
    q.join(seek('x-variant', 1500, { variant: 'tower' }));
    q.join(seek('x-players', 1500, { players: 3 }));
    q.join(seek('x-clock', 1500, { clock: 'none' }));
    q.join(seek('x-rating', 1750));
    expect(q.match()).toEqual([]);
    q.join(seek('b', 1560));
    const tables = q.match();
    expect(tables.map((t) => t.map((s) => s.id))).toEqual([['a', 'b']]);
    expect(q.seeks().map((s) => s.id)).toEqual(['x-variant', 'x-players', 'x-clock', 'x-rating']);
  });

  it('widens the accepted range with waiting, up to its maximum', () => {
    const { q, advance } = queueAt();
    q.join(seek('a', 1500));
    q.join(seek('b', 1750));
    expect(q.match()).toEqual([]);
    advance(10_000); // 100 + 10/s × 10 s = 200: still short of 250
    expect(q.match()).toEqual([]);
    advance(6_000); // 260
    expect(q.match().map((t) => t.map((s) => s.id))).toEqual([['a', 'b']]);
    q.join(seek('c', 1500));
    q.join(seek('d', 2100));
    advance(3_600_000);
    expect(q.rangeOf(q.seeks()[0]!)).toBe(400);
    expect(q.match()).toEqual([]);
    // Anyone accepted: Infinity stays.
    q.join(seek('e', 2900, { range: Infinity }));
    q.join(seek('f', 900, { range: Infinity }));
    expect(q.match().map((t) => t.map((s) => s.id).sort())).toEqual([['e', 'f']]);
  });

  it('fills a table of three with seeks that all accept one another, the closest ratings first', () => {
    const { q } = queueAt();
    q.join(seek('a', 1500, { players: 3 }));
    q.join(seek('far', 1590, { players: 3, range: 50 }));
    q.join(seek('b', 1450, { players: 3 }));
    expect(q.match()).toEqual([]);
    q.join(seek('c', 1520, { players: 3 }));
    expect(q.match().map((t) => t.map((s) => s.id))).toEqual([['a', 'c', 'b']]);
    expect(q.seeks().map((s) => s.id)).toEqual(['far']);
  });

  it('serves the oldest seek first; leaving takes a seek out; seeking again replaces it', () => {
    const { q, advance } = queueAt();
    q.join(seek('old', 1500));
    advance(1000);
    q.join(seek('new', 1500));
    advance(1000);
    q.join(seek('other', 1500));
    expect(q.match()[0]!.map((s) => s.id)).toEqual(['old', 'new']);
    expect(q.leave('other')).toBe(true);
    expect(q.leave('other')).toBe(false);
    q.join(seek('p', 1500));
    q.join(seek('p', 1500, { clock: 'none' }));
    q.join(seek('q', 1500));
    expect(q.match()).toEqual([]);
    expect(q.seeks().map((s) => [s.id, s.clock])).toEqual([
      ['p', 'none'],
      ['q', '10+5'],
    ]);
  });

  it('over 5,000 random joins, leaves and matches: every table valid, no seek twice, none lost', () => {
    const random = prng(11);
    const { q, advance } = queueAt();
    const pick = <T>(xs: readonly T[]) => xs[random() % xs.length]!;
    const inQueue = new Set<string>();
    const seated = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      const roll = random() % 10;
      if (roll < 6) {
        const id = `s${random() % 400}`;
        if (seated.has(id)) continue;
        q.join({
          id,
          variant: pick(['base', 'tower', 'all']),
          players: pick([2, 2, 3, 4]),
          clock: pick(['none', '5+3']),
          rating: 1200 + (random() % 600),
          range: pick([50, 100, 300, Infinity]),
        });
        inQueue.add(id);
      } else if (roll < 7) {
        const id = `s${random() % 400}`;
        expect(q.leave(id)).toBe(inQueue.delete(id));
      } else {
        advance(random() % 5_000);
        const now = (q as unknown as { now: () => number }).now();
        for (const table of q.match()) {
          const first = table[0]!;
          expect(table.length).toBe(first.players);
          for (const s of table) {
            expect(seated.has(s.id)).toBe(false);
            expect(inQueue.delete(s.id)).toBe(true);
            seated.add(s.id);
            expect([s.variant, s.players, s.clock]).toEqual([first.variant, first.players, first.clock]);
            for (const t of table) {
              expect(Math.abs(s.rating - t.rating)).toBeLessThanOrEqual(q.rangeOf(s, now));
            }
          }
        }
      }
      expect(new Set(q.seeks().map((s) => s.id))).toEqual(inQueue);
    }
    expect(seated.size).toBeGreaterThan(50);
  });

  it('keys a variant by what the engine plays: expansion order and a preset spelled out do not matter', () => {
    const a = variantKey({ expansions: ['tower', 'halflings'], options: {} });
    const b = variantKey({ expansions: ['halflings', 'tower'], options: {} });
    expect(a).toBe(b);
    expect(variantKey({ expansions: [], options: { 'tiny-city-scoring': 2 } })).not.toBe(
      variantKey({ expansions: [], options: {} }),
    );
    expect(variantKey({ expansions: [], options: { 'tiny-city-scoring': 4 } })).toBe(
      variantKey({ expansions: [], options: {} }),
    );
    expect(variantKey({ expansions: [], options: { 'no-such-option': 1 } })).toBeUndefined();
  });
});
