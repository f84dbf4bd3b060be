/** A discriminated union for untrusted input: no class, no stack trace, JSON-serialisable. */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

/** Returns the value or throws the error's message; for tests and trusted data only. */
export function unwrap<T, E extends { message: string }>(r: Result<T, E>): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
