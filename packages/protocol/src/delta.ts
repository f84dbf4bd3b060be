/**
 * Changes between two JSON values (protocol v2): after its welcome a client is sent, for each
 * accepted action, only how its view changed, and rebuilds the view by applying that change. The
 * change is generic (it knows no game): an object's changed keys, and for an array the run between
 * the unchanged head and tail, so a tile laid is one item, a meeple taken back is a short run, and
 * a slice an expansion adds to the view needs nothing here.
 */

/** A JSON value, as views and hints are. */
export type Json = null | boolean | number | string | readonly Json[] | JsonObject;
export interface JsonObject {
  readonly [key: string]: Json;
}

/**
 * How an object changed (short names: every frame carries them): `s` keys given a new value (or
 * added), `d` keys removed, `o` keys holding an object changed in part, `a` an array.
 */
export interface ObjectPatch {
  s?: Record<string, Json>;
  d?: string[];
  o?: Record<string, ObjectPatch>;
  a?: Record<string, ArrayPatch>;
}

/** How an array changed: the new one is `k` items of the old, then `m`, then its last `t` items. */
export interface ArrayPatch {
  k: number;
  m: Json[];
  t: number;
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep equality of two JSON values (a key holding `undefined` counts as absent). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  return sameObject(a as JsonObject, b as JsonObject);
}

/** Plain objects compared key by key (`for…in`: no list of keys is made; views are plain objects). */
function sameObject(a: JsonObject, b: JsonObject): boolean {
  let unmatched = 0;
  for (const key in a) {
    const v = a[key];
    if (v === undefined) continue;
    const w = key === '__proto__' ? (Object.hasOwn(b, key) ? b[key] : undefined) : b[key];
    if (w === undefined || !same(v, w)) return false;
    unmatched++;
  }
  for (const key in b) if (b[key] !== undefined) unmatched--;
  return unmatched === 0;
}

/** How `before` became `after`, or undefined when they are equal. */
export function diffObject(before: JsonObject, after: JsonObject): ObjectPatch | undefined {
  let patch: ObjectPatch | undefined;
  const out = (): ObjectPatch => (patch ??= {});
  for (const key of Object.keys(after)) {
    const b = after[key];
    if (b === undefined) continue;
    const a = Object.hasOwn(before, key) ? before[key] : undefined;
    if (a === b) continue;
    if (isObject(a) && isObject(b) && keepsOrder(a, b)) {
      const sub = diffObject(a, b);
      if (sub !== undefined) put((out().o ??= {}), key, sub);
    } else if (Array.isArray(a) && Array.isArray(b)) {
      const sub = diffArray(a as readonly Json[], b as readonly Json[]);
      if (sub === undefined) continue;
      if (sub.k === 0 && sub.t === 0) put((out().s ??= {}), key, b);
      else put((out().a ??= {}), key, sub);
    } else if (a === undefined || !same(a, b)) {
      put((out().s ??= {}), key, b);
    }
  }
  for (const key of Object.keys(before)) {
    if (before[key] !== undefined && (!Object.hasOwn(after, key) || after[key] === undefined)) {
      (out().d ??= []).push(key);
    }
  }
  return patch;
}

/**
 * Whether applying a change to `before` gives `after`'s keys in `after`'s order: the kept keys in
 * their old order, the new ones after them. When not (a key that comes back in the middle), the
 * object is sent whole, so a copy's key order is the server's (a bag's counts are sorted, never in
 * the order tiles left or came back).
 */
function keepsOrder(before: JsonObject, after: JsonObject): boolean {
  // Walks both key lists at once: each key of `after` that `before` has must be the next of
  // `before`'s keys still in `after`; once a new key came, no old one may follow.
  const old = Object.keys(before);
  let next = 0;
  let added = false;
  for (const key in after) {
    if (after[key] === undefined) continue;
    if (before[key] === undefined || !Object.hasOwn(before, key)) {
      added = true;
      continue;
    }
    if (added) return false;
    while (next < old.length && (before[old[next]!] === undefined || after[old[next]!] === undefined)) next++;
    if (old[next] !== key) return false;
    next++;
  }
  return true;
}

/** How array `before` became `after` (the longest unchanged head, then tail), or undefined if equal. */
export function diffArray(before: readonly Json[], after: readonly Json[]): ArrayPatch | undefined {
  const shortest = Math.min(before.length, after.length);
  let keep = 0;
  while (keep < shortest && same(before[keep], after[keep])) keep++;
  if (keep === before.length && keep === after.length) return undefined;
  let tail = 0;
  while (tail < shortest - keep && same(before[before.length - 1 - tail], after[after.length - 1 - tail])) {
    tail++;
  }
  return { k: keep, m: after.slice(keep, after.length - tail), t: tail };
}

/**
 * `before` with `patch` applied, as a new object: what did not change is shared with `before`
 * (which is never modified), so a screen can tell the changed parts by identity.
 */
export function applyObject(before: JsonObject, patch: ObjectPatch): JsonObject {
  const next: Record<string, Json> = { ...before };
  for (const key of patch.d ?? []) delete next[key];
  for (const [key, value] of Object.entries(patch.s ?? {})) put(next, key, value);
  for (const [key, sub] of Object.entries(patch.o ?? {})) {
    const old = Object.hasOwn(before, key) ? before[key] : undefined;
    if (!isObject(old)) throw new PatchError(`${key}: a change to an object where there is none`);
    put(next, key, applyObject(old, sub));
  }
  for (const [key, sub] of Object.entries(patch.a ?? {})) {
    const old = Object.hasOwn(before, key) ? before[key] : undefined;
    if (!Array.isArray(old)) throw new PatchError(`${key}: a change to an array where there is none`);
    put(next, key, applyArray(old as readonly Json[], sub));
  }
  return next;
}

export function applyArray(before: readonly Json[], patch: ArrayPatch): Json[] {
  const { k: keep, m: mid, t: tail } = patch;
  if (!Array.isArray(mid)) throw new PatchError('an array change without its items');
  if (!(
    Number.isInteger(keep) &&
    Number.isInteger(tail) &&
    keep >= 0 &&
    tail >= 0 &&
    keep + tail <= before.length
  )) {
    throw new PatchError(`an array change keeps ${keep} + ${tail} of ${before.length} items`);
  }
  return [...before.slice(0, keep), ...mid, ...before.slice(before.length - tail)];
}

/** A change that does not fit the value it is applied to: the client's copy is not the server's. */
export class PatchError extends Error {}

/** Sets an own property, whatever its name (`__proto__` included): names come from the data. */
function put<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/**
 * A short fingerprint of a JSON value (FNV-1a, 32 bits, over its JSON with keys sorted): the
 * server sends its copy's now and then, and a client whose copy differs asks for the whole view.
 */
export function digest(value: Json): string {
  // The hash of `canonical(value)`, fed as it is walked instead of building the text.
  let hash = 0x811c9dc5;
  const feed = (text: string): void => {
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
  };
  const walk = (v: Json): void => {
    if (v === null || typeof v !== 'object') return feed(JSON.stringify(v) ?? 'null');
    if (Array.isArray(v)) {
      feed('[');
      (v as readonly Json[]).forEach((item, i) => {
        if (i > 0) feed(',');
        walk(item);
      });
      return feed(']');
    }
    const object = v as JsonObject;
    feed('{');
    let first = true;
    for (const key of Object.keys(object).sort()) {
      const item = object[key];
      if (item === undefined) continue;
      if (!first) feed(',');
      first = false;
      feed(JSON.stringify(key));
      feed(':');
      walk(item);
    }
    feed('}');
  };
  walk(value);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** JSON text with every object's keys in sorted order (absent and `undefined` alike left out). */
export function canonical(value: Json | undefined): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v: Json) => canonical(v)).join(',')}]`;
  const object = value as JsonObject;
  const parts: string[] = [];
  for (const key of Object.keys(object).sort()) {
    const v = object[key];
    if (v !== undefined) parts.push(`${JSON.stringify(key)}:${canonical(v)}`);
  }
  return `{${parts.join(',')}}`;
}
