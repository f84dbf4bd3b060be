/**
 * A class's state declared once (STYLE §2.4: state in typed arrays), from which its copies are
 * written: `copyState` makes one instance equal to another without allocating, and a clone is a
 * fresh instance plus `copyState`. Adding a field to a class means adding it to its declaration,
 * not to three hand-written copies that can drift apart.
 *
 * Implementation notes: searches copy a game once per iteration, and a loop reading fields by name
 * from several classes is slow in JavaScript engines (megamorphic property access: ~45 fields cost
 * microseconds). So the first copy compiles the declaration into a straight-line function, one
 * statement per field, with `new Function`; where code generation is not allowed (a page's
 * Content-Security-Policy) the same declaration is walked field by field instead.
 */

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
