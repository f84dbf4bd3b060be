/**
 * A class's state declared once (STYLE §2.4: state in typed arrays), from which its copies are
 * written: `copyState` makes one instance equal to another without allocating, and a clone is a
 * fresh instance plus `copyState`. Adding a field to a class means adding it to its declaration,
 * not to three hand-written copies that can drift apart.
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

/** Makes `dst` equal to `src` in every declared field. */
export function copyState<T>(fields: StateFields<T>, dst: T, src: T): void {
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
