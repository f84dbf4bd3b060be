/**
 * Hostile snapshots (docs/snapshot-format.md, "Restoring and its checks"): valid snapshots of
 * random games in every combination of the built-in expansions, taken mid-play, mutated at random
 * (a number changed to a nearby, negative, huge or fractional value, a value of another type, an
 * array cut short, lengthened or with two entries swapped, a field deleted), then restored. Each
 * must be refused with a coded error naming its path, or give a game that plays on with legal
 * actions (checked and unchecked), views and clones, without throwing, for up to 300 actions.
 *
 * Mutations come from a seeded PRNG: a failure names its base game, case seed and mutations, and
 * `CARC_FUZZ_CASE=<case seed>` replays that case alone. `CARC_SOAK=1` runs many more cases;
 * `CARC_FUZZ_SEED=n` starts the base games' seeds at n (default 9000) to explore other games. A
 * hang shows as a run that never ends: `CARC_FUZZ_TRACE=1` writes each case to stderr before
 * running it, so the last one written is the culprit.
 */
import { writeSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Game, GameConfig } from '@carc/engine';
import { BUILTIN, Game as GameClass, createGame, unwrap } from '@carc/engine';
import { prng } from './playout.js';

const EXPANSIONS = ['princess-and-dragon', 'tower', 'halflings'];
const SUBSETS = Array.from({ length: 8 }, (_, m) => EXPANSIONS.filter((_, i) => (m >> i) & 1));
const SOAK = process.env.CARC_SOAK !== undefined && process.env.CARC_SOAK !== '';
const TRACE = process.env.CARC_FUZZ_TRACE !== undefined && process.env.CARC_FUZZ_TRACE !== '';
/** Mutated snapshots per base snapshot, and base snapshots per expansion combination. */
const CASES = SOAK ? 400 : 20;
const BASES = SOAK ? 6 : 2;
const MAX_ACTIONS = 300;
/** The first base game's seed (`CARC_FUZZ_SEED` explores others). */
const SEED = Number(process.env.CARC_FUZZ_SEED ?? 9000);
/** The one case to run (`CARC_FUZZ_CASE`), or undefined for all. */
const ONLY = process.env.CARC_FUZZ_CASE ? Number(process.env.CARC_FUZZ_CASE) : undefined;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Container = Json[] | { [k: string]: Json };

/**
 * A valid snapshot of a random game of `expansions`, stopped at a random point (with the
 * Halflings, every other game drafts its triangles, and may stop during the draft).
 */
function baseSnapshot(expansions: string[], seed: number): string {
  const rand = prng(seed);
  const draft = expansions.includes('halflings') && seed % 2 === 1;
  const config: GameConfig = {
    players: 2 + (seed % 4),
    seed,
    expansions,
    recordEvents: seed % 3 === 0,
    ...(draft ? { options: { halflingsDeal: 'draft' } } : {}),
  };
  const g = unwrap(createGame(config));
  const buf = new Int32Array(g.maxMoves);
  const stop = draft && seed % 4 === 1 ? rand() % 4 : 5 + (rand() % 120);
  for (let k = 0; k < stop && !g.isOver; k++) g.play(buf[rand() % g.legalMoves(buf)]);
  const text = JSON.stringify(g.toSnapshot());
  // Unchanged, it restores.
  unwrap(GameClass.fromSnapshot(JSON.parse(text), BUILTIN));
  return text;
}

/** Every value under `root` with its container, key and path, for picking one to change. */
function places(root: Container, path: string): { c: Container; k: string | number; path: string }[] {
  const out: { c: Container; k: string | number; path: string }[] = [];
  const walk = (c: Container, at: string) => {
    const keys: (string | number)[] = Array.isArray(c) ? c.map((_, i) => i) : Object.keys(c);
    for (const k of keys) {
      const p = typeof k === 'number' ? `${at}[${k}]` : `${at}.${k}`;
      out.push({ c, k, path: p });
      const v = Array.isArray(c) ? c[k as number] : c[k as string];
      if (typeof v === 'object' && v !== null) walk(v, p);
    }
  };
  walk(root, path);
  return out;
}

const get = (c: Container, k: string | number): Json | undefined =>
  Array.isArray(c) ? c[k as number] : c[k as string];
const set = (c: Container, k: string | number, v: Json) => {
  if (Array.isArray(c)) c[k as number] = v;
  else c[k as string] = v;
};

/** A replacement for the number `x`: near it, a neighbour's value, or out of every range. */
function numberFor(x: number, rand: () => number, siblings: Json[] | undefined): Json {
  const pick = rand() % 16;
  switch (pick) {
    case 0:
      return x + 1;
    case 1:
      return x - 1;
    case 2:
      return -1;
    case 3:
      return 0;
    case 4:
      return -2 - (rand() % 100);
    case 5:
      return rand() % 64;
    case 6:
      return rand() % 1000;
    case 7:
      return [2 ** 31, 2 ** 32, -(2 ** 31) - 1, 2 ** 53, 1e308, -1e308][rand() % 6];
    case 8:
      return x + 0.5;
    case 9:
      return [null, 'NaN', 'Infinity', true, false, '1', [], {}][rand() % 8];
    case 10:
      return x * 2 + 1;
    case 11:
      return 1;
    default: {
      // A value that looks right: another entry of the same array, or a small change.
      if (siblings && siblings.length > 0) return siblings[rand() % siblings.length];
      return x + (rand() % 7) - 3;
    }
  }
}

/** An index of `v` to change: half the time one whose entry differs from the array's most common. */
function indexIn(v: Json[], rand: () => number): number {
  if (rand() % 2 === 0) {
    const counts = new Map<Json, number>();
    for (const x of v) counts.set(x, (counts.get(x) ?? 0) + 1);
    let common: Json = null;
    let most = -1;
    for (const [x, n] of counts) if (n > most) [common, most] = [x, n];
    const rare = v.flatMap((x, i) => (x === common ? [] : [i]));
    if (rare.length > 0) return rare[rand() % rare.length];
  }
  return rand() % v.length;
}

/**
 * Applies one random mutation to `snap`; returns what it did. Most change a field of a state part
 * (a part, then a field, picked uniformly, so that small parts are hit as often as the board's
 * large arrays); some change anything in the snapshot (the envelope, the configuration).
 */
function mutate(snap: Container, rand: () => number): string {
  let c: Container;
  let k: string | number;
  let path: string;
  const state = get(snap, 'state');
  const parts =
    typeof state === 'object' && state !== null && !Array.isArray(state)
      ? Object.keys(state).filter((n) => {
          const p = state[n];
          return typeof p === 'object' && p !== null && !Array.isArray(p) && Object.keys(p).length > 0;
        })
      : [];
  if (rand() % 10 === 0 || parts.length === 0 || state === null || typeof state !== 'object') {
    const all = places(snap, '$');
    ({ c, k, path } = all[rand() % all.length]);
  } else {
    const name = parts[rand() % parts.length];
    const part = get(state, name) as Container;
    const fields = Object.keys(part);
    k = fields[rand() % fields.length];
    c = part;
    path = `$.state.${name}.${k}`;
  }
  const v = get(c, k);
  const kind = rand() % 16;
  if (kind === 0 && !Array.isArray(c)) {
    delete c[k as string];
    return `delete ${path}`;
  }
  if (kind === 1) {
    const other: Json = [0, -1, 'x', null, true, [], {}, [1, 2]][rand() % 8];
    set(c, k, other);
    return `${path} = ${JSON.stringify(other)}`;
  }
  if (Array.isArray(v) && kind <= 5) {
    if (kind === 2 && v.length > 0) {
      const n = rand() % v.length;
      v.length = n;
      return `truncate ${path} to ${n}`;
    }
    if (kind === 3) {
      const n = 1 + (rand() % 4);
      for (let i = 0; i < n; i++) v.push(v.length > 0 ? v[rand() % v.length] : 0);
      return `extend ${path} by ${n}`;
    }
    if (v.length > 1) {
      const i = indexIn(v, rand);
      const j = rand() % v.length;
      [v[i], v[j]] = [v[j], v[i]];
      return `swap ${path}[${i}] and [${j}]`;
    }
  }
  if (typeof v === 'number') {
    const n = numberFor(v, rand, Array.isArray(c) ? c : undefined);
    set(c, k, n);
    return `${path} = ${JSON.stringify(n)} (was ${v})`;
  }
  if (typeof v === 'boolean') {
    set(c, k, !v);
    return `${path} = ${!v}`;
  }
  if (Array.isArray(v) && v.length > 0) {
    // Change a number inside the array.
    const i = indexIn(v, rand);
    const x = v[i];
    if (typeof x === 'number') {
      const n = numberFor(x, rand, v);
      v[i] = n;
      return `${path}[${i}] = ${JSON.stringify(n)} (was ${x})`;
    }
  }
  const other: Json = [7, -3, 'x', null][rand() % 4];
  set(c, k, other);
  return `${path} = ${JSON.stringify(other)}`;
}

/** Plays on from a restored game with legal actions, both doors, looking at views and copies. */
function playOn(g: Game, rand: () => number): number {
  const buf = new Int32Array(g.maxMoves);
  let actions = 0;
  for (let p = -1; p < g.players; p++) g.view(p);
  for (; actions < MAX_ACTIONS && !g.isOver; actions++) {
    if (rand() % 2 === 0) {
      const legal = g.legalActions();
      if (legal.length === 0) throw new Error(`no legal action in phase ${g.phaseName}, yet not over`);
      const a = legal[rand() % legal.length];
      const r = g.apply(a);
      if (!r.ok) throw new Error(`legal action ${JSON.stringify(a)} refused: ${r.error.message}`);
    } else {
      const n = g.legalMoves(buf);
      if (n === 0) throw new Error(`no legal move in phase ${g.phaseName}, yet not over`);
      g.play(buf[rand() % n]);
    }
    if (rand() % 16 === 0) g.view((rand() % (g.players + 1)) - 1);
    if (rand() % 64 === 0) g.clone().toSnapshot();
  }
  for (let p = -1; p < g.players; p++) g.view(p);
  void g.scores;
  return actions;
}

interface FuzzOutcome {
  refused: boolean;
  actions: number;
}

/** One case: `base` mutated from `seed`, restored, and played on; throws with the seed and mutations. */
function fuzzCase(base: string, seed: number, label: string): FuzzOutcome {
  const rand = prng(seed);
  const snap = JSON.parse(base) as Container;
  const done: string[] = [];
  const count = 1 + (rand() % 3);
  for (let i = 0; i < count; i++) done.push(mutate(snap, rand));
  const what = `${label} case seed ${seed}: ${done.join('; ')}`;
  if (TRACE) writeSync(2, `${what}\n`);
  try {
    const r = GameClass.fromSnapshot(snap, BUILTIN);
    if (!r.ok) {
      const e = r.error;
      if (e.code !== 'snapshot/invalid' || typeof e.path !== 'string' || e.path === '')
        throw new Error(`refused without a coded error and path: ${JSON.stringify(e)}`);
      if (typeof e.message !== 'string' || e.message === '') throw new Error('refused without a message');
      return { refused: true, actions: 0 };
    }
    return { refused: false, actions: playOn(r.value, rand) };
  } catch (e) {
    const msg = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    throw new Error(`${what}\n  -> ${msg}`, { cause: e });
  }
}

describe('hostile snapshots', () => {
  test(`mutated snapshots are refused with a path or play on (${CASES} cases per base)`, () => {
    let refused = 0;
    let accepted = 0;
    let actions = 0;
    const failures: string[] = [];
    for (const [c, expansions] of SUBSETS.entries()) {
      for (let b = 0; b < BASES; b++) {
        const baseSeed = SEED + c * 100 + b;
        if (ONLY !== undefined && Math.floor(ONLY / 1000) !== baseSeed) continue;
        const base = baseSnapshot(expansions, baseSeed);
        const label = `[${expansions.join(',') || 'base'}] base seed ${baseSeed}`;
        for (let i = 0; i < CASES; i++) {
          if (ONLY !== undefined && ONLY !== baseSeed * 1000 + i) continue;
          try {
            const o = fuzzCase(base, baseSeed * 1000 + i, label);
            if (o.refused) refused++;
            else accepted++;
            actions += o.actions;
          } catch (e) {
            failures.push(e instanceof Error ? e.message : String(e));
          }
        }
      }
    }
    console.log(
      `snapshot fuzz: ${refused} refused, ${accepted} accepted and played on (${actions} actions), ${failures.length} failures`,
    );
    for (const f of failures.slice(0, 200)) console.log(f);
    expect(failures.slice(0, 20)).toEqual([]);
    if (ONLY !== undefined) return;
    expect(refused).toBeGreaterThan(0);
    expect(accepted).toBeGreaterThan(0);
  });
});
