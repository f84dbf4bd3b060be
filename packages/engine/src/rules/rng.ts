/**
 * Seeded randomness (sfc32, 32-bit, no BigInt). The state is four uint32 words kept in the game
 * state, so clones and replays reproduce every draw.
 */

/** Fills `state` from a 32-bit seed (splitmix32 expansion, then a few warm-up rounds). */
export function seedRng(state: Uint32Array, seed: number): void {
  let s = seed >>> 0;
  for (let i = 0; i < 4; i++) {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    state[i] = (z ^ (z >>> 16)) >>> 0;
  }
  for (let i = 0; i < 12; i++) nextU32(state);
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
