/**
 * Who is signed in on this browser (an account, optional: anonymous play needs none). The sign-in
 * itself is an httpOnly cookie the page cannot read; what the page keeps is the name to show and
 * the session's CSRF token, which every cookie-authenticated write repeats in `x-csrf-token`
 * (docs/protocol.md, "Accounts"). Filled by the account screens (`GET /api/session` at start).
 */
export interface Identity {
  name: string;
  csrf: string;
}

export const identity: { current: Identity | null } = $state({ current: null });

/** The headers a write sends: the CSRF token when signed in, nothing otherwise. */
export function authHeaders(): Record<string, string> {
  const me = identity.current;
  return me === null ? {} : { 'x-csrf-token': me.csrf };
}
