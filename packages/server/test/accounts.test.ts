/**
 * Accounts against the real server process, on SQLite and on PostgreSQL: sign up, the session
 * cookie's flags, who am I, names taken in another case or width, reserved names, short passwords;
 * signing in from a second browser; a wrong password and an unknown name answered alike; signing
 * out refused without the CSRF token, then done; signing out everywhere; too many attempts.
 */
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

async function accountFlow(server: ServerProcess): Promise<void> {
  const password = 'correct horse battery';
  const up = await call(server, 'POST', '/api/accounts', { body: { name: '  Ann  ', password } });
  expect(up.status).toBe(201);
  expect(up.body).toEqual({ name: 'Ann', csrf: expect.stringMatching(/^[\w-]{32}$/) });
  expect(up.setCookie).toMatch(/HttpOnly/i);
  expect(up.setCookie).toMatch(/SameSite=Lax/i);
  expect(up.setCookie).toMatch(/Path=\//);
  expect(up.setCookie).toMatch(/Max-Age=2592000/);
  // Loopback: no Secure (a browser would drop it over http://127.0.0.1).
  expect(up.setCookie).not.toMatch(/Secure/i);
  const first = { cookie: up.cookie!, csrf: String(up.body.csrf) };
  expect((await call(server, 'GET', '/api/session', { cookie: first.cookie })).body).toEqual({
    name: 'Ann',
    csrf: first.csrf,
  });

  // Names: taken in another case or width, reserved, a bot's; passwords too short.
  for (const name of ['ANN', 'ａｎｎ']) {
    expect(await call(server, 'POST', '/api/accounts', { body: { name, password } })).toMatchObject({
      status: 409,
      body: { code: 'auth/name-taken', path: 'name' },
    });
  }
  for (const name of ['Admin', 'greedy', 'Deleted', 'Friendly Bot']) {
    expect((await call(server, 'POST', '/api/accounts', { body: { name, password } })).body).toMatchObject({
      code: 'auth/bad-name',
    });
  }
  expect(
    (await call(server, 'POST', '/api/accounts', { body: { name: 'Bea', password: 'short' } })).body,
  ).toMatchObject({
    code: 'auth/bad-password',
    path: 'password',
  });
  expect(
    (await call(server, 'POST', '/api/accounts', { body: { name: 'Bea', password, extra: 1 } })).status,
  ).toBe(400);

  // A second browser signs in (the name in any case); a wrong password and an unknown name alike.
  const second = await call(server, 'POST', '/api/session', { body: { name: 'ann', password } });
  expect(second.status).toBe(200);
  expect(second.cookie).not.toBe(first.cookie);
  const wrong = await call(server, 'POST', '/api/session', {
    body: { name: 'Ann', password: 'not the password' },
  });
  const unknown = await call(server, 'POST', '/api/session', { body: { name: 'Nobody', password } });
  expect(wrong.status).toBe(401);
  expect(unknown).toEqual({ ...wrong, setCookie: unknown.setCookie });
  expect(wrong.cookie).toBeUndefined();

  // Signing out needs the session's CSRF token; then the cookie signs in nobody.
  expect((await call(server, 'DELETE', '/api/session', { cookie: first.cookie })).body).toMatchObject({
    code: 'auth/csrf',
  });
  expect(
    (await call(server, 'DELETE', '/api/session', { cookie: first.cookie, csrf: 'x'.repeat(32) })).status,
  ).toBe(403);
  const out = await call(server, 'DELETE', '/api/session', { cookie: first.cookie, csrf: first.csrf });
  expect(out.status).toBe(204);
  expect(out.setCookie).toMatch(/carc_session=;/);
  expect((await call(server, 'GET', '/api/session', { cookie: first.cookie })).body).toMatchObject({
    code: 'auth/signed-out',
  });

  // Everywhere: a third sign-in ends with the second's "sign out everywhere".
  const third = await call(server, 'POST', '/api/session', { body: { name: 'Ann', password } });
  const everywhere = await call(server, 'DELETE', '/api/sessions', {
    cookie: second.cookie!,
    csrf: String(second.body.csrf),
  });
  expect(everywhere).toMatchObject({ status: 200, body: { ended: 2 } });
  expect((await call(server, 'GET', '/api/session', { cookie: third.cookie! })).status).toBe(401);

  // Deleting an account needs a sign-in, its CSRF token and the password again; then the account,
  // its sign-ins and its name are gone (the name can be claimed anew).
  const bea = await call(server, 'POST', '/api/accounts', { body: { name: 'Bea', password } });
  const beaAuth = { cookie: bea.cookie!, csrf: String(bea.body.csrf) };
  const beaOther = await call(server, 'POST', '/api/session', { body: { name: 'Bea', password } });
  expect(
    (await call(server, 'DELETE', '/api/account', { ...beaAuth, body: { password: 'wrong password' } })).body,
  ).toMatchObject({
    code: 'auth/bad-credentials',
  });
  expect(
    (await call(server, 'DELETE', '/api/account', { cookie: beaAuth.cookie, body: { password } })).status,
  ).toBe(403);
  expect((await call(server, 'DELETE', '/api/account', { ...beaAuth, body: { password } })).status).toBe(204);
  expect((await call(server, 'GET', '/api/session', { cookie: beaOther.cookie! })).status).toBe(401);
  expect(
    (await call(server, 'POST', '/api/session', { body: { name: 'Bea', password } })).body,
  ).toMatchObject({
    code: 'auth/bad-credentials',
  });
  expect((await call(server, 'POST', '/api/accounts', { body: { name: 'bea', password } })).status).toBe(201);

  // An address creates a few accounts an hour: 5 tries (Ann, ANN and ａｎｎ taken, Bea, bea).
  expect(
    (await call(server, 'POST', '/api/accounts', { body: { name: 'Cai', password } })).body,
  ).toMatchObject({
    code: 'auth/too-many-accounts',
  });

  // Guessing: the name's attempts run out (10 a minute), answered 429 whoever asks.
  let limited = 0;
  for (let i = 0; i < 12; i++) {
    const r = await call(server, 'POST', '/api/session', { body: { name: 'Ann', password: `guess ${i}` } });
    if (r.status === 429) limited++;
    else expect(r.body).toMatchObject({ code: 'auth/bad-credentials' });
  }
  expect(limited).toBeGreaterThan(0);
  expect(
    (await call(server, 'POST', '/api/session', { body: { name: 'Ann', password } })).body,
  ).toMatchObject({
    code: 'auth/too-many-attempts',
  });
}

describe('accounts on SQLite', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess(tempDatabase(), FAST);
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('signs up, in, out and out everywhere; names, passwords, CSRF and guessing refused', async () => {
    await accountFlow(server);
  });
});

const run = servicesAvailable() || servicesRequired() ? describe : describe.skip;

run('accounts on PostgreSQL', () => {
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

  it('signs up, in, out and out everywhere; names, passwords, CSRF and guessing refused', async () => {
    await accountFlow(server);
  });
});
