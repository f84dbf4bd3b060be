/**
 * A fourth expansion plugged in from outside the engine's sources (test/inn/inn.ts): its tile,
 * option, view slice and scoring hook work through the public interface alone (I-1).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILTIN, createGame, moveType, parseRecord, replayRecord, unwrap, viewOf } from '@carc/engine';
import INNS from './inn/inn.js';
import { prng } from './playout.js';

const WITH_INNS = BUILTIN.with(INNS);
const record = (name: string) => readFileSync(new URL(`./inn/${name}`, import.meta.url), 'utf8');

describe('a plug-in expansion: inns (I-1)', () => {
  it('scores a completed road with an inn double, and an open one nothing at the end', () => {
    for (const name of [
      'I-1-inn-completed.json',
      'I-1-inn-open.json',
      'I-1-two-inns.json',
      'I-2-toast.json',
    ]) {
      const rec = unwrap(parseRecord(record(name), WITH_INNS));
      const { mismatches } = unwrap(replayRecord(rec, true, WITH_INNS));
      expect(mismatches).toEqual([]);
    }
  });

  it('is unknown to a registry without it, and its option is refused there', () => {
    const r = parseRecord(record('I-1-inn-completed.json'));
    expect(r.ok ? 'read' : r.error.message).toBe(
      'expansions[0]: unknown expansion "inns" (halflings, tower, princess-and-dragon)',
    );
    const o = BUILTIN.parseOptions({ 'inn-multiplier': 2 });
    expect(o.ok ? 'read' : o.error.path).toBe('options.inn-multiplier');
    expect(WITH_INNS.parseOptions({ 'inn-multiplier': 4 }).ok).toBe(false);
  });

  it('plays whole random games beside the three built-in expansions, its tiles in the pile', () => {
    let toasts = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const expansions = ['inns', ...(seed % 2 ? BUILTIN.ids : [])];
      const g = unwrap(createGame({ players: 3, seed, expansions }, WITH_INNS));
      const start = viewOf(g, -1);
      expect((start.bag.counts['IN/R'] ?? 0) + (start.drawnTile === 'IN/R' ? 1 : 0)).toBe(4);
      const rand = prng(seed);
      const buf = new Int32Array(g.maxMoves);
      // The registry gave the inn's toast the first code after the built-in expansions' actions.
      expect(g.moveCode('toast')).toBe(BUILTIN.actions.size);
      while (!g.isOver) {
        const n = g.legalMoves(buf);
        const m = buf[rand() % n];
        const back = g.encode(g.toAction(m), g.toAct);
        if (!back.ok || back.value !== m) throw new Error(`seed ${seed}: move ${m} does not round-trip`);
        if (moveType(m) === g.moveCode('toast')) toasts++;
        g.play(m);
      }
      // Its typed slice (merged into ExpansionViews from test/inn/inn.ts): the tiles with an inn.
      const view = viewOf(g, -1);
      const inns = view.inns ?? [];
      expect(inns.length).toBeLessThanOrEqual(4);
      expect(inns).toEqual(view.tiles.filter((t) => t.tile === 'IN/R').map(({ x, y }) => ({ x, y })));
    }
    expect(toasts).toBeGreaterThan(0); // I-2 came up and round-tripped
  });
});
