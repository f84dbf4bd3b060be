/**
 * Accounts over HTTP (docs/protocol.md, "Accounts"): sign up, sign in, who am I, sign out, sign out
 * everywhere. The sign-in token travels only in the `carc_session` cookie: httpOnly, SameSite=Lax,
 * Secure except on loopback (a browser would not send a Secure cookie over plain http to
 * localhost). A write authenticated by the cookie must carry the session's CSRF token in the
 * `x-csrf-token` header: another site can make a browser send the cookie, never read the token.
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AccountError, Accounts, SignedIn } from '../accounts/accounts.js';
import { SESSION_MS } from '../accounts/accounts.js';

export const SESSION_COOKIE = 'carc_session';

const credentials = z.strictObject({
  name: z.string().min(1).max(200),
  password: z.string().min(1).max(1000),
});

/** Deleting an account: its password again, or (an account with passkeys only) its name typed out. */
const deletionProof = z.union([
  z.strictObject({ password: z.string().min(1).max(1000) }),
  z.strictObject({ confirm: z.string().min(1).max(200) }),
]);

/** The HTTP status of each refusal (passkeys.ts answers these too). */
export const ACCOUNT_STATUS: Record<AccountError['code'], number> = {
  'auth/bad-name': 400,
  'auth/name-taken': 409,
  'auth/bad-password': 400,
  'auth/bad-credentials': 401,
  'auth/too-many-attempts': 429,
  'auth/too-many-accounts': 429,
  'auth/in-game': 409,
};

/** A cookie-authenticated write without its session's CSRF token: 403 `auth/csrf`. */
export function refuseCsrf(reply: FastifyReply): void {
  void reply.status(403).send({ code: 'auth/csrf', message: 'x-csrf-token: missing or not this session’s' });
}

const loopback = (req: FastifyRequest): boolean =>
  /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(req.hostname);

/** Answers a sign-in: the session cookie (its flags above) and `{name, csrf}`. */
export function sendSignedIn(req: FastifyRequest, reply: FastifyReply, s: SignedIn, status: number) {
  void reply.setCookie(SESSION_COOKIE, s.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: !loopback(req),
    path: '/',
    maxAge: SESSION_MS / 1000,
  });
  return reply.status(status).send({ name: s.account.name, csrf: s.csrf });
}

/** The session of the request's cookie, or an answer already sent (401, or 403 for CSRF on a write). */
export async function requireSession(
  accounts: Accounts,
  req: FastifyRequest,
  reply: FastifyReply,
  write: boolean,
): Promise<Awaited<ReturnType<Accounts['session']>>> {
  const token = req.cookies[SESSION_COOKIE];
  const s = token === undefined ? undefined : await accounts.session(token);
  if (s === undefined) {
    void reply.status(401).send({ code: 'auth/signed-out', message: 'not signed in' });
    return undefined;
  }
  if (write && req.headers['x-csrf-token'] !== s.csrf) {
    refuseCsrf(reply);
    return undefined;
  }
  return s;
}

export async function registerAccountRoutes(
  fastify: FastifyInstance,
  accounts: Accounts,
  parse: <S extends z.ZodType>(
    schema: S,
    value: unknown,
    where: string,
    reply: FastifyReply,
  ) => z.infer<S> | undefined,
): Promise<void> {
  await fastify.register(cookie);

  const signedIn = sendSignedIn;
  const refuse = (reply: FastifyReply, e: AccountError) => reply.status(ACCOUNT_STATUS[e.code]).send(e);
  const session = (req: FastifyRequest, reply: FastifyReply, write: boolean) =>
    requireSession(accounts, req, reply, write);

  fastify.post('/api/accounts', { preHandler: fastify.rateLimit() }, async (req, reply) => {
    const body = parse(credentials, req.body, 'body', reply);
    if (body === undefined) return reply;
    const r = await accounts.signUp(body.name, body.password, req.ip);
    return r.ok ? signedIn(req, reply, r.value, 201) : refuse(reply, r.error);
  });

  fastify.post('/api/session', { preHandler: fastify.rateLimit() }, async (req, reply) => {
    const body = parse(credentials, req.body, 'body', reply);
    if (body === undefined) return reply;
    const r = await accounts.signIn(body.name, body.password, req.ip);
    return r.ok ? signedIn(req, reply, r.value, 200) : refuse(reply, r.error);
  });

  fastify.get('/api/session', async (req, reply) => {
    const s = await session(req, reply, false);
    if (s === undefined) return reply;
    return { name: s.account.name, csrf: s.csrf };
  });

  fastify.delete('/api/session', async (req, reply) => {
    const s = await session(req, reply, true);
    if (s === undefined) return reply;
    await accounts.signOut(s.idHash);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  fastify.delete('/api/account', { preHandler: fastify.rateLimit() }, async (req, reply) => {
    const s = await session(req, reply, true);
    if (s === undefined) return reply;
    const body = parse(deletionProof, req.body, 'body', reply);
    if (body === undefined) return reply;
    const r = await accounts.deleteAccount(s.account.id, body, req.ip);
    if (!r.ok) return refuse(reply, r.error);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  fastify.delete('/api/sessions', async (req, reply) => {
    const s = await session(req, reply, true);
    if (s === undefined) return reply;
    const ended = await accounts.signOutEverywhere(s.account.id);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(200).send({ ended });
  });
}
