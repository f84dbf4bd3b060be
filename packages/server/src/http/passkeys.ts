/**
 * Passkeys over HTTP (docs/protocol.md, "Passkeys"): claim a name with a passkey, sign in with one,
 * and, signed in, add, list and remove them. A sign-in answers as a password's does (the session
 * cookie and the CSRF token: http/accounts.ts); the signed-in routes need the cookie, and their
 * writes its CSRF token. The browser's WebAuthn answers are checked as strict, bounded JSON before
 * the verification reads them.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Accounts } from '../accounts/accounts.js';
import type {
  PasskeyError,
  PasskeyErrorCode,
  PasskeyInfo,
  Passkeys,
  RelyingParty,
} from '../accounts/passkeys.js';
import { ACCOUNT_STATUS, requireSession, sendSignedIn } from './accounts.js';

const STATUS: Record<PasskeyErrorCode, number> = {
  ...ACCOUNT_STATUS,
  'auth/bad-challenge': 400,
  'auth/passkey-refused': 400,
  'auth/last-credential': 409,
  'auth/no-passkey': 404,
  'auth/too-many-passkeys': 409,
};

/** base64url text of at most `max` characters. */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'base64url');

/** A credential id: up to 1023 bytes (WebAuthn's limit). */
const credentialId = base64url(1366);
/** Extension outputs: not read, but bounded. */
const extensionResults = z
  .record(z.string().max(64), z.unknown())
  .refine((v) => JSON.stringify(v).length <= 1024, 'at most 1024 characters of extension results');

const registrationResponse = z.strictObject({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
  response: z.strictObject({
    clientDataJSON: base64url(2048),
    attestationObject: base64url(8192),
    authenticatorData: base64url(4096).optional(),
    transports: z.array(z.string().max(32)).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(2048).optional(),
  }),
});

const authenticationResponse = z.strictObject({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
  response: z.strictObject({
    clientDataJSON: base64url(2048),
    authenticatorData: base64url(4096),
    signature: base64url(2048),
    userHandle: base64url(128).nullish(),
  }),
});

const challengeId = z.string().min(1).max(64);
const nameBody = z.strictObject({ name: z.string().min(1).max(200) });
const emptyBody = z.strictObject({});
const registrationBody = z.strictObject({ challengeId, response: registrationResponse });
const authenticationBody = z.strictObject({ challengeId, response: authenticationResponse });

/** The WebAuthn library's shape (extension outputs are not passed on: nothing here reads them). */
const asRegistration = (r: z.infer<typeof registrationResponse>): RegistrationResponseJSON => ({
  ...r,
  clientExtensionResults: {},
});
const asAuthentication = (r: z.infer<typeof authenticationResponse>): AuthenticationResponseJSON => {
  const { userHandle, ...rest } = r.response;
  return {
    ...r,
    clientExtensionResults: {},
    response: { ...rest, ...(userHandle === null || userHandle === undefined ? {} : { userHandle }) },
  };
};

/**
 * A passkey in a URL: a short handle (its credential id hashed) rather than the id, which may be
 * longer than a path segment may be here.
 */
export const passkeyHandle = (id: string): string =>
  createHash('sha256').update(id).digest('base64url').slice(0, 22);

const listed = (p: PasskeyInfo) => ({ ...p, id: passkeyHandle(p.id) });

export function registerPasskeyRoutes(
  fastify: FastifyInstance,
  accounts: Accounts,
  passkeys: Passkeys,
  origins: { origin?: string[]; rpId?: string },
  parse: <S extends z.ZodType>(
    schema: S,
    value: unknown,
    where: string,
    reply: FastifyReply,
  ) => z.infer<S> | undefined,
): void {
  /** The relying party of a request: its host (or RP_ID) and its origin (or the ORIGIN list). */
  const rp = (req: FastifyRequest): RelyingParty => ({
    rpID: origins.rpId ?? req.hostname,
    origins: origins.origin ?? [`${req.protocol}://${req.host}`],
  });
  const refuse = (reply: FastifyReply, e: PasskeyError) => reply.status(STATUS[e.code]).send(e);
  const limited = { preHandler: fastify.rateLimit() };

  fastify.post('/api/passkeys/register/options', limited, async (req, reply) => {
    const body = parse(nameBody, req.body, 'body', reply);
    if (body === undefined) return reply;
    const r = await passkeys.registerOptions(body.name, rp(req), req.ip);
    return r.ok ? r.value : refuse(reply, r.error);
  });

  fastify.post('/api/passkeys/register', limited, async (req, reply) => {
    const body = parse(registrationBody, req.body, 'body', reply);
    if (body === undefined) return reply;
    const r = await passkeys.register(body.challengeId, asRegistration(body.response), rp(req), req.ip);
    return r.ok ? sendSignedIn(req, reply, r.value, 201) : refuse(reply, r.error);
  });

  fastify.post('/api/passkeys/sign-in/options', limited, async (req, reply) => {
    if (parse(emptyBody, req.body, 'body', reply) === undefined) return reply;
    const r = await passkeys.signInOptions(rp(req), req.ip);
    return r.ok ? r.value : refuse(reply, r.error);
  });

  fastify.post('/api/passkeys/sign-in', limited, async (req, reply) => {
    const body = parse(authenticationBody, req.body, 'body', reply);
    if (body === undefined) return reply;
    const r = await passkeys.signIn(body.challengeId, asAuthentication(body.response), rp(req));
    return r.ok ? sendSignedIn(req, reply, r.value, 200) : refuse(reply, r.error);
  });

  fastify.post('/api/passkeys/add/options', limited, async (req, reply) => {
    const s = await requireSession(accounts, req, reply, true);
    if (s === undefined) return reply;
    if (parse(emptyBody, req.body, 'body', reply) === undefined) return reply;
    const r = await passkeys.addOptions(s.account, rp(req), req.ip);
    return r.ok ? r.value : refuse(reply, r.error);
  });

  fastify.post('/api/passkeys/add', limited, async (req, reply) => {
    const s = await requireSession(accounts, req, reply, true);
    if (s === undefined) return reply;
    const body = parse(registrationBody, req.body, 'body', reply);
    if (body === undefined) return reply;
    const r = await passkeys.add(s.account, body.challengeId, asRegistration(body.response), rp(req));
    return r.ok ? reply.status(201).send(listed(r.value)) : refuse(reply, r.error);
  });

  fastify.get('/api/passkeys', async (req, reply) => {
    const s = await requireSession(accounts, req, reply, false);
    if (s === undefined) return reply;
    return { passkeys: (await passkeys.list(s.account.id)).map(listed) };
  });

  fastify.delete<{ Params: { id: string } }>('/api/passkeys/:id', limited, async (req, reply) => {
    const s = await requireSession(accounts, req, reply, true);
    if (s === undefined) return reply;
    const own = (await passkeys.list(s.account.id)).find((p) => passkeyHandle(p.id) === req.params.id);
    const r = await passkeys.remove(s.account.id, own?.id ?? '');
    return r.ok ? reply.status(204).send() : refuse(reply, r.error);
  });
}
