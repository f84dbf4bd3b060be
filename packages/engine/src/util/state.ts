/**
 * A class's state declared once (state lives in typed arrays, so copying is cheap), from which its
 * copies are written: `copyState` makes one instance equal to another without allocating, and a
 * clone is a fresh instance plus `copyState`. Adding a field to a class means adding it to its
 * declaration, not to three hand-written copies that can drift apart.
 *
 * Implementation notes: searches copy a game once per iteration, and a loop reading fields by name
 * from several classes is slow in JavaScript engines (megamorphic property access: ~45 fields cost
 * microseconds). So the first copy compiles the declaration into a straight-line function, one
 * statement per field, with `new Function`; where code generation is not allowed (a page's
 * Content-Security-Policy) the same declaration is walked field by field instead.
 */
import { ownValue } from './names.js';

/** The typed arrays state is kept in. */
export type StateArray = Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array;

type KeysOf<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T];

/** The elements `[lo, hi)` of an array that may differ between two instances (`dst`, `src`). */
export type Span<T> = (dst: T, src: T) => readonly [number, number];

export interface StateFields<T> {
  /**
   * Typed arrays, each with the span that may differ (default: the whole array). Spans are read
   * before any scalar is copied, so they may look at both instances' counts.
   */
  readonly arrays: readonly { readonly key: KeysOf<T, StateArray>; readonly span?: Span<T> }[];
  /** Number and boolean fields. */
  readonly scalars: readonly KeysOf<T, number | boolean>[];
}

type Copier<T> = (dst: T, src: T) => void;

const compiled = new WeakMap<object, Copier<never>>();

/** Makes `dst` equal to `src` in every declared field. */
export function copyState<T>(fields: StateFields<T>, dst: T, src: T): void {
  let copy = compiled.get(fields) as Copier<T> | undefined;
  if (copy === undefined) {
    copy = compile(fields);
    compiled.set(fields, copy);
  }
  copy(dst, src);
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The declaration as one straight-line function, or the field-by-field walk when that cannot be. */
function compile<T>(fields: StateFields<T>): Copier<T> {
  const walk: Copier<T> = (dst, src) => copyFieldByField(fields, dst, src);
  const names = [...fields.arrays.map((a) => String(a.key)), ...fields.scalars.map(String)];
  if (!names.every((k) => IDENTIFIER.test(k))) return walk;
  const body = [
    ...fields.arrays.map(({ key, span }, i) =>
      span === undefined
        ? `d.${String(key)}.set(s.${String(key)});`
        : `r = spans[${i}](d, s); if (r[0] < r[1]) d.${String(key)}.set(s.${String(key)}.subarray(r[0], r[1]), r[0]);`,
    ),
    ...fields.scalars.map((k) => `d.${String(k)} = s.${String(k)};`),
  ].join('\n');
  try {
    const make = new Function('spans', `return function copyState(d, s) {\nlet r;\n${body}\n};`);
    // Built from the declaration just above, whose names were checked to be plain identifiers.
    return make(fields.arrays.map((a) => a.span)) as Copier<T>;
  } catch {
    return walk;
  }
}

/** The declaration walked field by field: what `copyState` falls back to (and a reference for tests). */
export function copyFieldByField<T>(fields: StateFields<T>, dst: T, src: T): void {
  for (const { key, span } of fields.arrays) {
    // The key is declared to name a typed array (KeysOf), which TypeScript cannot carry to T[K].
    const to = dst[key] as unknown as StateArray;
    const from = src[key] as unknown as StateArray;
    if (span === undefined) {
      to.set(from);
      continue;
    }
    const [lo, hi] = span(dst, src);
    if (lo < hi) to.set(from.subarray(lo, hi), lo);
  }
  for (const key of fields.scalars) dst[key] = src[key];
}

/** One class's declared state as plain JSON: each scalar, and each array over its span. */
export type StateData = Record<string, number | boolean | number[]>;

/**
 * One object's state, written to and read from plain JSON through its declaration (snapshots,
 * rules/snapshot.ts): a field added to a declaration is covered without more code.
 */
export interface StatePart {
  /** Its key in a snapshot's `state` (`game`, `board`, `graph`, an expansion's id…). */
  readonly name: string;
  write(): StateData;
  /**
   * Reads `data` into the object, or says what is wrong, with `path` (a refused read may have
   * written part of it: read into a fresh game only, and drop it on error).
   */
  read(data: unknown, path: string): string | undefined;
}

/** The range of each typed array's elements. */
function elementRange(a: StateArray): readonly [number, number] {
  if (a instanceof Int8Array) return [-0x80, 0x7f];
  if (a instanceof Uint8Array) return [0, 0xff];
  if (a instanceof Int16Array) return [-0x8000, 0x7fff];
  if (a instanceof Uint16Array) return [0, 0xffff];
  if (a instanceof Int32Array) return [-0x80000000, 0x7fffffff];
  return [0, 0xffffffff];
}

/**
 * The state part of `obj` as `fields` declare it. An array is written over the span it has with
 * itself (`span(obj, obj)`), which its scalars determine: a reader sets the scalars first and then
 * knows each array's span, so lengths are checked, not stored. `check`, run after a read, bounds
 * what the element types do not (counts, kinds, indices). `prepare`, run between the scalars and
 * the arrays, may act on the scalars (a game moves to the grid its snapshot names) or refuse them.
 */
export function statePart<T extends object>(
  name: string,
  fields: StateFields<T>,
  obj: T,
  check?: (obj: T) => string | undefined,
  prepare?: (obj: T) => string | undefined,
): StatePart {
  // The declaration names typed arrays (KeysOf), which TypeScript cannot carry to T[K].
  const arrayOf = (key: KeysOf<T, StateArray>) => obj[key] as unknown as StateArray;
  const spanOf = (key: KeysOf<T, StateArray>, span: Span<T> | undefined): readonly [number, number] =>
    span === undefined ? [0, arrayOf(key).length] : span(obj, obj);
  return {
    name,
    write() {
      const out: StateData = {};
      for (const key of fields.scalars) {
        const v: unknown = obj[key];
        if (typeof v === 'number' || typeof v === 'boolean') out[String(key)] = v;
      }
      for (const { key, span } of fields.arrays) {
        const [lo, hi] = spanOf(key, span);
        out[String(key)] = Array.from(arrayOf(key).subarray(lo, Math.max(lo, hi)));
      }
      return out;
    },
    read(data, path) {
      if (typeof data !== 'object' || data === null || Array.isArray(data))
        return `${path}: must be an object`;
      const known = new Set<string>([...fields.scalars, ...fields.arrays.map((a) => a.key)].map(String));
      for (const k of Object.keys(data)) if (!known.has(k)) return `${path}.${k}: unknown field`;
      for (const key of fields.scalars) {
        const k = String(key);
        const v = ownValue(data, k);
        const was: unknown = obj[key];
        if (v === undefined) return `${path}.${k}: missing`;
        if (typeof was === 'boolean') {
          if (typeof v !== 'boolean') return `${path}.${k}: must be true or false`;
        } else if (typeof v !== 'number' || !Number.isSafeInteger(v)) {
          return `${path}.${k}: must be an integer`;
        }
        Reflect.set(obj, key, v);
      }
      const unfit = prepare?.(obj);
      if (unfit !== undefined) return `${path}: ${unfit}`;
      for (const { key, span } of fields.arrays) {
        const k = String(key);
        const v = ownValue(data, k);
        if (v === undefined) return `${path}.${k}: missing`;
        if (!Array.isArray(v)) return `${path}.${k}: must be an array of integers`;
        const arr = arrayOf(key);
        const [lo, hi0] = spanOf(key, span);
        const hi = Math.max(lo, hi0);
        if (lo < 0 || hi > arr.length) {
          return `${path}.${k}: its extent [${lo}, ${hi}) (from the counts) exceeds the ${arr.length} entries of this game`;
        }
        if (v.length !== hi - lo)
          return `${path}.${k}: must hold ${hi - lo} entries (from the counts), not ${v.length}`;
        const [min, max] = elementRange(arr);
        for (let i = 0; i < v.length; i++) {
          const x: unknown = v[i];
          if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max) {
            return `${path}.${k}[${i}]: must be an integer from ${min} to ${max}, not ${JSON.stringify(x)}`;
          }
          arr[lo + i] = x;
        }
      }
      const why = check?.(obj);
      return why === undefined ? undefined : `${path}: ${why}`;
    },
  };
}
