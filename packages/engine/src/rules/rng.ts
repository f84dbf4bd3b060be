/**
 * Seeded randomness (sfc32, 32-bit, no BigInt). The state is four uint32 words kept in the game
 * state, so clones and replays reproduce every draw.
 *
 * A game's seed is either a uint32 (the seeds of records and tests since version 1: a player who
 * saw a few draws could try all 2^32 of them offline) or 128 bits written as 32 hex digits, which
 * set all four words of the state (`randomSeed()` draws one from the platform's secure generator).
 */
import type { Result } from '../util/result.js';
import { err, ok } from '../util/result.js';

/**
 * A source of uniform integers for random playouts (`Game.randomMove`): a bot's own generator, or
 * a test's. Never the game's own generator, which only the rules' chance events consume (so that a
 * seeded game draws the same tiles whoever plays it).
 */
export interface UniformRandom {
  /** A uniform integer in [0, n), for an integer n ≥ 1. */
  int(n: number): number;
}

/** A seed as configurations and records give it: a uint32, or 32 hex digits (128 bits). */
export type Seed = number | string;

/** Hex digits in a 128-bit seed. */
export const SEED_HEX_DIGITS = 32;

/** Fills `state` from a 32-bit seed (splitmix32 expansion, then a few warm-up rounds). */
export function seedRng(state: Uint32Array, seed: number): void {
  let s = seed >>> 0;
  for (let i = 0; i < 4; i++) {
    s = (s + 0x9e3779b9) >>> 0;
    state[i] = mix32(s);
  }
  for (let i = 0; i < 12; i++) nextU32(state);
}

/** The murmur3 finalizer: a bijection on uint32 that spreads every input bit over the output. */
function mix32(x: number): number {
  let z = x;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * Fills `state` from 128 bits (four uint32 words, most significant first): each word mixed on its
 * own (a bijection, so distinct seeds give distinct states), then warm-up rounds, which spread
 * every bit over the whole state before the first draw.
 */
export function seedRng128(state: Uint32Array, words: ArrayLike<number>): void {
  for (let i = 0; i < 4; i++) state[i] = mix32((words[i] ^ Math.imul(i + 1, 0x9e3779b9)) >>> 0);
  for (let i = 0; i < 16; i++) nextU32(state);
}

/**
 * Reads a seed: a uint32, or exactly 32 hex digits (either case) as four uint32 words, most
 * significant first. The error says what is wrong, for `${path}: ${error}` messages.
 */
export function parseSeed(seed: unknown): Result<number | Uint32Array, string> {
  if (typeof seed === 'number') {
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      return err(`must be an integer from 0 to 4294967295 or ${SEED_HEX_DIGITS} hex digits, not ${seed}`);
    }
    return ok(seed);
  }
  if (typeof seed !== 'string') {
    return err(`must be an integer from 0 to 4294967295 or a string of ${SEED_HEX_DIGITS} hex digits`);
  }
  if (seed.length !== SEED_HEX_DIGITS) {
    return err(`a string seed has exactly ${SEED_HEX_DIGITS} hex digits (128 bits), not ${seed.length}`);
  }
  const bad = /[^0-9a-fA-F]/.exec(seed);
  if (bad) {
    return err(`${JSON.stringify(bad[0])} at character ${bad.index + 1} is not a hex digit (0-9, a-f)`);
  }
  const words = new Uint32Array(4);
  for (let i = 0; i < 4; i++) words[i] = parseInt(seed.slice(i * 8, i * 8 + 8), 16);
  return ok(words);
}

/**
 * The seed `n` places after `seed` (n a non-negative safe integer), for runs of games seeded
 * S, S+1, …: a uint32 plus n (the caller keeps it below 2^32), or a 128-bit seed plus n modulo
 * 2^128, written as 32 lowercase hex digits. `seed` must be valid (parseSeed).
 */
export function seedPlus(seed: Seed, n: number): Seed {
  if (typeof seed === 'number') return seed + n;
  if (n === 0) return seed;
  const parsed = parseSeed(seed);
  if (!parsed.ok || typeof parsed.value === 'number') throw new Error(`seedPlus: invalid seed ${seed}`);
  const words = Array.from(parsed.value);
  // n < 2^53: its low and high 32-bit halves, added word by word from the least significant.
  let carry = 0;
  const add = [n % 0x100000000, Math.floor(n / 0x100000000)];
  for (let i = 3; i >= 0; i--) {
    const sum = (words[i] ?? 0) + (add[3 - i] ?? 0) + carry;
    words[i] = sum % 0x100000000;
    carry = sum >= 0x100000000 ? 1 : 0;
  }
  return words.map((w) => w.toString(16).padStart(8, '0')).join('');
}

/**
 * The uint32 words of a valid seed (one for a uint32, four for 128 bits, most significant first):
 * what other generators' seeds are mixed from (bots, move choosers), so a uint32 seed keeps
 * deriving the numbers it always did.
 */
export function seedWords(seed: Seed): number[] {
  const parsed = parseSeed(seed);
  if (!parsed.ok) throw new Error(`seedWords: invalid seed ${String(seed)}: ${parsed.error}`);
  return typeof parsed.value === 'number' ? [parsed.value] : Array.from(parsed.value);
}

/** Seeds `state` from a parsed seed (see parseSeed). */
export function seedFrom(state: Uint32Array, seed: number | Uint32Array): void {
  if (typeof seed === 'number') seedRng(state, seed);
  else seedRng128(state, seed);
}

/**
 * A fresh 128-bit seed, 32 lowercase hex digits, from the platform's cryptographic generator
 * (`crypto.getRandomValues`: browsers, workers, Node 20+): what a server deals games from, so that
 * the draws a player sees reveal nothing usable about the rest. Throws where there is none.
 */
export function randomSeed(): string {
  const words = new Uint32Array(4);
  // Neither Node's nor the DOM's types are in the engine's lib: read the global untyped, then check it.
  const c: unknown = Reflect.get(globalThis, 'crypto');
  if (!isRandomSource(c)) throw new Error('randomSeed: this platform has no crypto.getRandomValues');
  c.getRandomValues(words);
  return Array.from(words, (w) => w.toString(16).padStart(8, '0')).join('');
}

/** The part of Web Crypto that randomSeed uses. */
interface RandomSource {
  getRandomValues(array: Uint32Array): unknown;
}

/** Whether `c` has a `getRandomValues` method (the narrowing is this check). */
function isRandomSource(c: unknown): c is RandomSource {
  return typeof c === 'object' && c !== null && typeof Reflect.get(c, 'getRandomValues') === 'function';
}

/** Next uint32 of the sfc32 generator. */
export function nextU32(st: Uint32Array): number {
  const a = st[0];
  const b = st[1];
  const c = st[2];
  const d = st[3];
  const t = (((a + b) >>> 0) + d) >>> 0;
  st[3] = (d + 1) >>> 0;
  st[0] = b ^ (b >>> 9);
  st[1] = (c + (c << 3)) >>> 0;
  st[2] = (((c << 21) | (c >>> 11)) + t) >>> 0;
  return t;
}

/** A uniform integer in [0, n), n ≤ 2^32 (multiply-shift; bias below 2^-20 for our n). */
export function nextInt(st: Uint32Array, n: number): number {
  return Math.floor((nextU32(st) / 4294967296) * n);
}
