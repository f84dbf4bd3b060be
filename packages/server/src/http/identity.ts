/**
 * Who a request comes from, for routes that anybody may call and a signed-in player calls as
 * themselves (joining a game, claiming seats): the account the `carc_session` cookie signs in, or
 * nobody (anonymous, as before accounts existed). A write the cookie authenticates must repeat the
 * session's CSRF token in `x-csrf-token` (docs/protocol.md, "Accounts"): another site can make a
 * browser send the cookie, never read the token. A cookie that signs in nobody (expired, signed
 * out) is no one's: the request is anonymous.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Accounts } from '../accounts/accounts.js';
import { SESSION_COOKIE, refuseCsrf } from './accounts.js';

export interface RequestAccount {
  id: string;
  name: string;
}

/**
 * The request's account; null when anonymous; 'refused' when a write's CSRF token is missing or
 * wrong (the 403 `auth/csrf` answer is sent already).
 */
export async function requestAccount(
  req: FastifyRequest,
  reply: FastifyReply,
  accounts: Accounts,
  { write }: { write: boolean },
): Promise<RequestAccount | null | 'refused'> {
  const token = req.cookies[SESSION_COOKIE];
  if (token === undefined || token === '') return null;
  const s = await accounts.session(token);
  if (s === undefined) return null;
  if (write && req.headers['x-csrf-token'] !== s.csrf) {
    refuseCsrf(reply);
    return 'refused';
  }
  return { id: s.account.id, name: s.account.name };
}
