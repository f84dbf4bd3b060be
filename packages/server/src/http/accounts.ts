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

const STATUS: Record<AccountError['code'], number> = {
  'auth/bad-name': 400,
  'auth/name-taken': 409,
  'auth/bad-password': 400,
  'auth/bad-credentials': 401,
  'auth/too-many-attempts': 429,
  'auth/too-many-accounts': 429,
};

const loopback = (req: FastifyRequest): boolean =>
  /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(req.hostname);

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

  const signedIn = (req: FastifyRequest, reply: FastifyReply, s: SignedIn, status: number) => {
    void reply.setCookie(SESSION_COOKIE, s.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: !loopback(req),
      path: '/',
      maxAge: SESSION_MS / 1000,
    });
    return reply.status(status).send({ name: s.account.name, csrf: s.csrf });
  };
  const refuse = (reply: FastifyReply, e: AccountError) => reply.status(STATUS[e.code]).send(e);
  /** The session of the request's cookie, or an answer already sent (401, or 403 for CSRF). */
  const session = async (req: FastifyRequest, reply: FastifyReply, write: boolean) => {
    const token = req.cookies[SESSION_COOKIE];
    const s = token === undefined ? undefined : await accounts.session(token);
    if (s === undefined) {
      void reply.status(401).send({ code: 'auth/signed-out', message: 'not signed in' });
      return undefined;
    }
    if (write && req.headers['x-csrf-token'] !== s.csrf) {
      void reply
        .status(403)
        .send({ code: 'auth/csrf', message: 'x-csrf-token: missing or not this session’s' });
      return undefined;
    }
    return s;
  };

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
    const body = parse(z.strictObject({ password: z.string().min(1).max(1000) }), req.body, 'body', reply);
    if (body === undefined) return reply;
    const r = await accounts.deleteAccount(s.account.id, body.password, req.ip);
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
