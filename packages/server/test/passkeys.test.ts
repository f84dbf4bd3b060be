/**
 * Passkeys against the real server process, on SQLite and on PostgreSQL, with a software
 * authenticator (an EC P-256 key of node:crypto; attestation "none", CBOR by tiny-cbor): claim a
 * name with a passkey (signed in, the cookie's flags), sign out, sign in with it, who am I; a
 * challenge answered twice, a wrong origin, another key's signature (answered as an unknown
 * passkey), a counter going backwards; a passkey added to a password account and used; the last way
 * in kept; look-alike and mixed-script names refused.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { encodeCBOR } from '@levischuck/tiny-cbor';
import type { CBORType } from '@levischuck/tiny-cbor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from './harness.js';
import { FAST, startServerProcess, tempDatabase } from './harness.js';
import type { Service } from './services.js';
import { servicesAvailable, servicesRequired, startPostgres } from './services.js';

interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookie?: string;
  setCookie: string;
}

async function call(
  server: ServerProcess,
  method: string,
  path: string,
  init: { body?: unknown; cookie?: string; csrf?: string } = {},
): Promise<Answer> {
  const r = await fetch(server.url + path, {
    method,
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.cookie === undefined ? {} : { cookie: init.cookie }),
      ...(init.csrf === undefined ? {} : { 'x-csrf-token': init.csrf }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const setCookie = r.headers.get('set-cookie') ?? '';
  const token = /carc_session=([^;]*)/.exec(setCookie)?.[1];
  const text = await r.text();
  return {
    status: r.status,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
    setCookie,
    ...(token === undefined || token === '' ? {} : { cookie: `carc_session=${token}` }),
  };
}

const b64u = (b: Uint8Array | Buffer): string => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string): Buffer => createHash('sha256').update(b).digest();
const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/** A passkey in software: one P-256 key, its credential id, its signature counter. */
class SoftwarePasskey {
  readonly id = randomBytes(16);
  readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;
  /** The user handle the site gave it when it was made. */
  userHandle?: string;

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  /** `navigator.credentials.create()`'s answer (as JSON) to creation options. */
  create(options: Record<string, unknown>, origin = this.origin): Record<string, unknown> {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, CBORType>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.id.length);
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([UP | UV | AT]),
      u32(this.counter),
      Buffer.alloc(16),
      idLength,
      this.id,
      Buffer.from(encodeCBOR(coseKey)),
    ]);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CBORType>()],
        ['authData', authData],
      ]),
    );
    this.userHandle = (options.user as { id: string }).id;
    const clientData = { type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false };
    return {
      id: b64u(this.id),
      rawId: b64u(this.id),
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64u(Buffer.from(JSON.stringify(clientData))),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** `navigator.credentials.get()`'s answer (as JSON), signed with `key` (this passkey's own by default). */
  get(
    options: Record<string, unknown>,
    { origin = this.origin, key = this.privateKey, counter = ++this.counter } = {},
  ): Record<string, unknown> {
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([UP | UV]), u32(counter)]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), key);
    return {
      id: b64u(this.id),
      rawId: b64u(this.id),
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        ...(this.userHandle === undefined ? {} : { userHandle: this.userHandle }),
      },
    };
  }
}

interface Ceremony {
  challengeId: string;
  options: Record<string, unknown>;
}

async function options(server: ServerProcess, path: string, body: unknown, auth?: Auth): Promise<Ceremony> {
  const r = await call(server, 'POST', path, { body, ...auth });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as Ceremony;
}

interface Auth {
  cookie: string;
  csrf: string;
}
const authOf = (a: Answer): Auth => ({ cookie: a.cookie!, csrf: String(a.body.csrf) });

async function passkeyFlow(server: ServerProcess): Promise<void> {
  const { hostname, origin } = new URL(server.url);
  const passkey = new SoftwarePasskey(hostname, origin);

  // Claiming a name with a passkey: the options ask for a discoverable credential; the answer signs in.
  const reg = await options(server, '/api/passkeys/register/options', { name: ' Dora ' });
  expect(reg.options).toMatchObject({
    rp: { id: hostname, name: 'Carcassonne' },
    user: { name: 'Dora' },
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const created = passkey.create(reg.options);
  const up = await call(server, 'POST', '/api/passkeys/register', {
    body: { challengeId: reg.challengeId, response: created },
  });
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  expect(up.body).toEqual({ name: 'Dora', csrf: expect.stringMatching(/^[\w-]{32}$/) });
  expect(up.setCookie).toMatch(/HttpOnly/i);
  expect(up.setCookie).toMatch(/SameSite=Lax/i);
  expect(up.setCookie).toMatch(/Path=\//);
  expect(up.setCookie).toMatch(/Max-Age=2592000/);
  expect(up.setCookie).not.toMatch(/Secure/i);
  const dora = authOf(up);
  expect((await call(server, 'GET', '/api/session', { cookie: dora.cookie })).body).toEqual({
    name: 'Dora',
    csrf: dora.csrf,
  });

  // The same challenge answered again: refused (used once), whatever the answer.
  expect(
    (
      await call(server, 'POST', '/api/passkeys/register', {
        body: { challengeId: reg.challengeId, response: created },
      })
    ).body,
  ).toMatchObject({ code: 'auth/bad-challenge' });

  // Signing out, then in with the passkey (no name typed).
  expect((await call(server, 'DELETE', '/api/session', dora)).status).toBe(204);
  expect((await call(server, 'GET', '/api/session', { cookie: dora.cookie })).status).toBe(401);
  const si = await options(server, '/api/passkeys/sign-in/options', {});
  expect(si.options).toMatchObject({ rpId: hostname, userVerification: 'preferred' });
  expect(si.options.allowCredentials ?? []).toEqual([]);
  const assertion = passkey.get(si.options);
  const signedIn = await call(server, 'POST', '/api/passkeys/sign-in', {
    body: { challengeId: si.challengeId, response: assertion },
  });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  expect(signedIn.setCookie).toMatch(/HttpOnly/i);
  const again = authOf(signedIn);
  expect((await call(server, 'GET', '/api/session', { cookie: again.cookie })).body).toEqual({
    name: 'Dora',
    csrf: again.csrf,
  });

  // A replayed sign-in (the same challenge and signature): refused.
  expect(
    (
      await call(server, 'POST', '/api/passkeys/sign-in', {
        body: { challengeId: si.challengeId, response: assertion },
      })
    ).body,
  ).toMatchObject({ code: 'auth/bad-challenge' });

  // A page of another origin: refused.
  const evil = await options(server, '/api/passkeys/sign-in/options', {});
  const fromEvil = await call(server, 'POST', '/api/passkeys/sign-in', {
    body: {
      challengeId: evil.challengeId,
      response: passkey.get(evil.options, { origin: 'https://evil.example' }),
    },
  });
  expect(fromEvil).toMatchObject({ status: 401, body: { code: 'auth/bad-credentials' } });
  expect(fromEvil.cookie).toBeUndefined();

  // Another key's signature and a passkey nobody registered: the same answer.
  const stranger = new SoftwarePasskey(hostname, origin);
  const forged = await options(server, '/api/passkeys/sign-in/options', {});
  const badSignature = await call(server, 'POST', '/api/passkeys/sign-in', {
    body: {
      challengeId: forged.challengeId,
      response: passkey.get(forged.options, { key: stranger.privateKey }),
    },
  });
  const unknownOptions = await options(server, '/api/passkeys/sign-in/options', {});
  const unknown = await call(server, 'POST', '/api/passkeys/sign-in', {
    body: { challengeId: unknownOptions.challengeId, response: stranger.get(unknownOptions.options) },
  });
  expect(badSignature.status).toBe(401);
  expect(unknown).toEqual({ ...badSignature, setCookie: unknown.setCookie });

  // A counter going backwards (a cloned authenticator): refused; going on from the last one: fine.
  const cloned = await options(server, '/api/passkeys/sign-in/options', {});
  expect(
    (
      await call(server, 'POST', '/api/passkeys/sign-in', {
        body: { challengeId: cloned.challengeId, response: passkey.get(cloned.options, { counter: 1 }) },
      })
    ).body,
  ).toMatchObject({ code: 'auth/bad-credentials' });
  const next = await options(server, '/api/passkeys/sign-in/options', {});
  expect(
    (
      await call(server, 'POST', '/api/passkeys/sign-in', {
        body: { challengeId: next.challengeId, response: passkey.get(next.options) },
      })
    ).status,
  ).toBe(200);

  // The only way in: its one passkey cannot be removed (no password), an unknown one is not found.
  const listed = await call(server, 'GET', '/api/passkeys', { cookie: again.cookie });
  expect(listed.body).toEqual({
    passkeys: [
      {
        id: expect.stringMatching(/^[\w-]{22}$/),
        createdAt: expect.any(Number),
        lastUsedAt: expect.any(Number),
      },
    ],
  });
  const [only] = listed.body.passkeys as { id: string }[];
  expect((await call(server, 'DELETE', `/api/passkeys/${only!.id}`, { cookie: again.cookie })).status).toBe(
    403,
  );
  expect((await call(server, 'DELETE', `/api/passkeys/${only!.id}`, again)).body).toMatchObject({
    code: 'auth/last-credential',
  });
  expect((await call(server, 'DELETE', '/api/passkeys/nothing', again)).status).toBe(404);

  // A password account adds a passkey (signed in, with its CSRF token), then signs in with it.
  const password = 'correct horse battery';
  const eve = authOf(await call(server, 'POST', '/api/accounts', { body: { name: 'Eve', password } }));
  expect((await call(server, 'POST', '/api/accounts', { body: { name: 'Copa', password } })).status).toBe(
    201,
  );
  expect(
    (await call(server, 'POST', '/api/passkeys/add/options', { body: {}, cookie: eve.cookie })).status,
  ).toBe(403);
  expect((await call(server, 'POST', '/api/passkeys/add/options', { body: {} })).status).toBe(401);
  const add = await options(server, '/api/passkeys/add/options', {}, eve);
  const evePasskey = new SoftwarePasskey(hostname, origin);
  // Another account's challenge is not this one's.
  expect(
    (
      await call(server, 'POST', '/api/passkeys/add', {
        ...again,
        body: { challengeId: add.challengeId, response: evePasskey.create(add.options) },
      })
    ).body,
  ).toMatchObject({ code: 'auth/bad-challenge' });
  const add2 = await options(server, '/api/passkeys/add/options', {}, eve);
  const added = await call(server, 'POST', '/api/passkeys/add', {
    ...eve,
    body: { challengeId: add2.challengeId, response: evePasskey.create(add2.options) },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const eveSignIn = await options(server, '/api/passkeys/sign-in/options', {});
  const eveIn = await call(server, 'POST', '/api/passkeys/sign-in', {
    body: { challengeId: eveSignIn.challengeId, response: evePasskey.get(eveSignIn.options) },
  });
  expect(eveIn).toMatchObject({ status: 200, body: { name: 'Eve' } });
  // Eve has a password: her one passkey may go.
  expect((await call(server, 'DELETE', `/api/passkeys/${String(added.body.id)}`, eve)).status).toBe(204);
  expect((await call(server, 'GET', '/api/passkeys', { cookie: eve.cookie })).body).toEqual({ passkeys: [] });

  // Names: taken (a look-alike too), mixed scripts, reserved; the body's shape is strict.
  for (const [name, code] of [
    ['dora', 'auth/name-taken'],
    ['D0ra', 'auth/name-taken'], // a zero
    ['Dоra', 'auth/bad-name'], // a Cyrillic о among Latin letters
    ['Сора', 'auth/name-taken'], // all Cyrillic, as "Copa" looks
    ['EVE', 'auth/name-taken'],
    ['Аnna', 'auth/bad-name'], // a Cyrillic А in a Latin name
    ['Admin', 'auth/bad-name'],
  ] as const) {
    expect(
      (await call(server, 'POST', '/api/passkeys/register/options', { body: { name } })).body,
      name,
    ).toMatchObject({ code });
  }
  expect(
    (await call(server, 'POST', '/api/passkeys/register/options', { body: { name: 'Fay', x: 1 } })).status,
  ).toBe(400);
  const huge = await options(server, '/api/passkeys/sign-in/options', {});
  const oversized = passkey.get(huge.options) as { response: Record<string, string> };
  oversized.response.signature = 'A'.repeat(3000);
  expect(
    (
      await call(server, 'POST', '/api/passkeys/sign-in', {
        body: { challengeId: huge.challengeId, response: oversized },
      })
    ).body,
  ).toMatchObject({ code: 'http/invalid', path: 'body.response.response.signature' });

  // Password sign-ups meet the same names: a look-alike of Dora's, a mixed-script one.
  expect(
    (await call(server, 'POST', '/api/accounts', { body: { name: 'DORA', password } })).body,
  ).toMatchObject({
    code: 'auth/name-taken',
  });
  expect(
    (await call(server, 'POST', '/api/accounts', { body: { name: 'Pаul', password } })).body,
  ).toMatchObject({
    code: 'auth/bad-name',
  });
}

describe('passkeys on SQLite', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess(tempDatabase(), FAST);
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('registers, signs in, adds and removes passkeys; replays, origins, forgeries, counters and names refused', async () => {
    await passkeyFlow(server);
  });
});

const run = servicesAvailable() || servicesRequired() ? describe : describe.skip;

run('passkeys on PostgreSQL', () => {
  let postgres: Service;
  let server: ServerProcess;
  beforeAll(async () => {
    postgres = await startPostgres();
    server = await startServerProcess(postgres.url, FAST);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await postgres?.stop();
  }, 60_000);

  it('registers, signs in, adds and removes passkeys; replays, origins, forgeries, counters and names refused', async () => {
    await passkeyFlow(server);
  });
});
