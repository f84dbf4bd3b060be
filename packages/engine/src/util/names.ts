/**
 * Names given from outside (a client's action, a record, a tile file, a snapshot, options) are
 * looked up only as own properties (`Object.hasOwn`), or in `Map`s and `Set`s, never with
 * `obj[name] !== undefined` or `name in obj` on a plain object: those find what every object
 * inherits from `Object.prototype` (`constructor`, `toString`, `valueOf`, `hasOwnProperty`…), so
 * `toString` would pass for a known field, preset or check. `__proto__` is the other trap: JSON.parse
 * makes it an own key, and copying it with `obj[key] = value` (or `Object.assign`) sets the copy's
 * prototype instead of a property. None of these names is ever a name of the engine's (a field, an
 * option, a preset, a tile id, an expansion id, a state part): they are refused wherever a name is
 * read, and the registry refuses definitions that would declare them.
 */

/** The names every plain object inherits: Object.prototype's own properties, `__proto__` among them. */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  '__proto__',
]);

/** Whether `name` is one of the names every plain object inherits (see RESERVED_NAMES). */
export const isReservedName = (name: unknown): boolean =>
  typeof name === 'string' && RESERVED_NAMES.has(name);

/** The own property `key` of `obj`, or undefined when `obj` has none (what it inherits does not count). */
export function ownValue(obj: object, key: string): unknown {
  return Object.hasOwn(obj, key) ? (Reflect.get(obj, key) as unknown) : undefined;
}

/**
 * The path of the first key of a JSON value (at any depth) that is a reserved name, such as
 * `events[3].toString`, or undefined when there is none: for the free-form parts of an input whose
 * keys no vocabulary lists (a snapshot's events, a record's expected view).
 */
export function reservedKeyPath(value: unknown, path: string): string | undefined {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const p = reservedKeyPath(v, `${path}[${i}]`);
      if (p !== undefined) return p;
    }
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const k of Object.keys(value)) {
    if (RESERVED_NAMES.has(k)) return `${path}.${k}`;
    const p = reservedKeyPath(ownValue(value, k), `${path}.${k}`);
    if (p !== undefined) return p;
  }
  return undefined;
}
