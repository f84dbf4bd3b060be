/**
 * The account client (net/account.ts) against a stubbed fetch: the routes and bodies it sends,
 * the CSRF header on every write and never on a read, errors mapped to players' words, the shared
 * identity kept in step (sign-in, restore, sign-out, deletion), and this browser's seats claimed
 * after a sign-up or sign-in (at most 100). The passkey ceremonies run through a fake
 * authenticator; a cancelled one is a coded failure, never a throw.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Authenticator, SeatClaim } from '../src/net/account.js';
import { CLAIM_CAP, accountApi, accountFlows, seatsHeldHere } from '../src/net/account.js';
import { identity } from '../src/net/identity.svelte.js';
import { ENGLISH_CATALOG } from '../src/i18n/catalog.js';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch answering each call with the next of `answers` (status and JSON), recording what was sent. */
function stubFetch(answers: { status: number; body?: unknown; raw?: string }[]) {
  const sent: Sent[] = [];
  const fetchImpl = (url: string, init?: RequestInit): Promise<Response> => {
    sent.push({
      url,
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const a = answers.shift();
    if (a === undefined) return Promise.reject(new TypeError('Failed to fetch'));
    const text = a.raw ?? (a.body === undefined ? null : JSON.stringify(a.body));
    return Promise.resolve(new Response(a.status === 204 ? null : text, { status: a.status }));
  };
  return { sent, fetchImpl };
}

const ME = { name: 'Ann', csrf: 'csrf-ann' };

beforeEach(() => {
  identity.current = null;
});

describe('accountApi', () => {
  it('signs up with a password: POST /api/accounts {name, password}, no CSRF header while signed out', async () => {
    const { sent, fetchImpl } = stubFetch([{ status: 201, body: ME }]);
    const r = await accountApi('http://h', fetchImpl).signUp('Ann', 'correct horse');
    expect(r).toEqual({ ok: true, value: ME });
    expect(sent).toEqual([
      {
        url: 'http://h/api/accounts',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: { name: 'Ann', password: 'correct horse' },
      },
    ]);
  });

  it('repeats the CSRF token on every write when signed in, never on a read', async () => {
    identity.current = ME;
    const { sent, fetchImpl } = stubFetch([
      { status: 200, body: { passkeys: [] } },
      { status: 204 },
      { status: 200, body: { ended: 2 } },
      { status: 204 },
      { status: 204 },
      { status: 200, body: { claimed: 1 } },
    ]);
    const api = accountApi('', fetchImpl);
    expect(await api.passkeys()).toEqual({ ok: true, value: [] });
    expect(await api.removePasskey('a/b')).toEqual({ ok: true, value: undefined });
    expect(await api.signOutEverywhere()).toEqual({ ok: true, value: { ended: 2 } });
    await api.deleteAccount({ confirm: 'Ann' });
    await api.signOut();
    await api.claim([{ game: 'g1', token: 't1' }]);
    expect(sent.map((s) => [s.method, s.url, s.headers['x-csrf-token']])).toEqual([
      ['GET', '/api/passkeys', undefined],
      ['DELETE', '/api/passkeys/a%2Fb', 'csrf-ann'],
      ['DELETE', '/api/sessions', 'csrf-ann'],
      ['DELETE', '/api/account', 'csrf-ann'],
      ['DELETE', '/api/session', 'csrf-ann'],
      ['POST', '/api/account/claim', 'csrf-ann'],
    ]);
    expect(sent[3]?.body).toEqual({ confirm: 'Ann' });
    expect(sent[5]?.body).toEqual({ seats: [{ game: 'g1', token: 't1' }] });
  });

  it('maps the server’s refusals to players’ words, keeping code, status and detail', async () => {
    const { fetchImpl } = stubFetch([
      { status: 401, body: { code: 'auth/bad-credentials', message: 'wrong name or password' } },
      { status: 409, body: { code: 'auth/name-taken', message: 'taken' } },
      { status: 400, body: { code: 'auth/bad-name', message: 'reserved', path: 'name' } },
      { status: 429, body: { code: 'auth/too-many-attempts', message: 'slow down' } },
      { status: 502, raw: '<html>bad gateway</html>' },
    ]);
    const api = accountApi('', fetchImpl);
    const errors = [
      await api.signIn('Ann', 'nope'),
      await api.signUp('Ann', 'whatever1'),
      await api.signUp('admin', 'whatever1'),
      await api.signIn('Ann', 'again'),
      await api.signIn('Ann', 'again'),
      await api.signIn('Ann', 'offline'),
    ].map((r) => (r.ok ? undefined : r.error));
    expect(errors.map((e) => [e?.code, e?.status, e?.words.key])).toEqual([
      ['auth/bad-credentials', 401, 'account.errorBadCredentials'],
      ['auth/name-taken', 409, 'account.errorNameTaken'],
      ['auth/bad-name', 400, 'account.errorBadName'],
      ['auth/too-many-attempts', 429, 'account.errorTooManyAttempts'],
      ['net/bad-answer', 502, 'app.problemBadAnswer'],
      ['net/unreachable', 0, 'app.problemUnreachable'],
    ]);
    expect(errors[0]?.detail).toBe('wrong name or password');
    expect(errors[2]?.path).toBe('name');
    expect(errors[0]?.message).toBe(ENGLISH_CATALOG['account.errorBadCredentials']);
    // Every word the client can say exists in the English catalog.
    for (const e of errors) expect(ENGLISH_CATALOG[e?.words.key ?? '']).toBeTypeOf('string');
  });

  it('a signed-out session is a value (null), not an error', async () => {
    const { fetchImpl } = stubFetch([
      { status: 401, body: { code: 'auth/signed-out', message: 'not signed in' } },
      { status: 200, body: ME },
    ]);
    const api = accountApi('', fetchImpl);
    expect(await api.session()).toEqual({ ok: true, value: null });
    expect(await api.session()).toEqual({ ok: true, value: ME });
  });

  it('claims at most 100 seats in one call', async () => {
    const { sent, fetchImpl } = stubFetch([{ status: 200, body: { claimed: 100 } }]);
    const seats = Array.from({ length: 150 }, (_, i) => ({ game: `g${i}`, token: `t${i}` }));
    await accountApi('', fetchImpl).claim(seats);
    expect((sent[0]?.body as { seats: SeatClaim[] }).seats).toHaveLength(CLAIM_CAP);
  });
});

describe('seatsHeldHere', () => {
  it('reads the seats app/seats.ts keeps, skipping anything that is not a seat', () => {
    const stored = JSON.stringify({
      g1: { seat: 0, token: 't1' },
      g2: { seat: 1 },
      g3: null,
      g4: { token: 't4' },
    });
    const storage = { getItem: (key: string) => (key === 'carcassonne.seats' ? stored : null) };
    expect(seatsHeldHere(storage)).toEqual([
      { game: 'g1', token: 't1' },
      { game: 'g4', token: 't4' },
    ]);
    expect(seatsHeldHere({ getItem: () => 'not json' })).toEqual([]);
    expect(seatsHeldHere(undefined)).toEqual([]);
  });
});

describe('accountFlows', () => {
  /** An authenticator that answers with `response`, or throws `error`. */
  const fakeAuthenticator = (error?: Error): Authenticator => ({
    supported: () => true,
    register: () => (error === undefined ? Promise.resolve({ id: 'cred' } as never) : Promise.reject(error)),
    authenticate: () =>
      error === undefined ? Promise.resolve({ id: 'cred' } as never) : Promise.reject(error),
  });

  it('a password sign-up signs in everywhere at once and claims this browser’s seats with the new CSRF token', async () => {
    const { sent, fetchImpl } = stubFetch([
      { status: 201, body: ME },
      { status: 200, body: { claimed: 2 } },
    ]);
    const seats = [
      { game: 'g1', token: 't1' },
      { game: 'g2', token: 't2' },
    ];
    const flows = accountFlows(accountApi('', fetchImpl), fakeAuthenticator(), () => seats);
    const r = await flows.signUpWithPassword('Ann', 'correct horse');
    expect(r.ok).toBe(true);
    expect(identity.current).toEqual(ME);
    expect(sent[1]).toMatchObject({
      method: 'POST',
      url: '/api/account/claim',
      headers: { 'x-csrf-token': 'csrf-ann' },
      body: { seats },
    });
  });

  it('no seats held: nothing to claim; a refused sign-in leaves the page signed out', async () => {
    const { sent, fetchImpl } = stubFetch([
      { status: 200, body: ME },
      { status: 401, body: { code: 'auth/bad-credentials', message: 'no' } },
    ]);
    const flows = accountFlows(accountApi('', fetchImpl), fakeAuthenticator(), () => []);
    expect((await flows.signInWithPassword('Ann', 'pw')).ok).toBe(true);
    expect(sent).toHaveLength(1);
    identity.current = null;
    const r = await flows.signInWithPassword('Ann', 'wrong');
    expect(r.ok).toBe(false);
    expect(identity.current).toBeNull();
  });

  it('a passkey sign-up: options for the name, the ceremony, then the answer sent back with its challenge', async () => {
    const options = {
      challenge: 'c',
      rp: { name: 'Carcassonne' },
      user: { id: 'u', name: 'Bo', displayName: 'Bo' },
    };
    const { sent, fetchImpl } = stubFetch([
      { status: 200, body: { challengeId: 'ch1', options } },
      { status: 201, body: { name: 'Bo', csrf: 'csrf-bo' } },
    ]);
    let given: unknown;
    const authenticator: Authenticator = {
      supported: () => true,
      register: (o) => {
        given = o;
        return Promise.resolve({ id: 'cred-1' } as never);
      },
      authenticate: () => Promise.reject(new Error('not this one')),
    };
    const flows = accountFlows(accountApi('', fetchImpl), authenticator, () => []);
    const r = await flows.signUpWithPasskey('Bo');
    expect(r).toEqual({ ok: true, value: { name: 'Bo', csrf: 'csrf-bo' } });
    expect(given).toEqual(options);
    expect(sent.map((s) => [s.url, s.body])).toEqual([
      ['/api/passkeys/register/options', { name: 'Bo' }],
      ['/api/passkeys/register', { challengeId: 'ch1', response: { id: 'cred-1' } }],
    ]);
    expect(identity.current).toEqual({ name: 'Bo', csrf: 'csrf-bo' });
  });

  it('a cancelled passkey ceremony is a coded failure; a browser without WebAuthn is told so before any request', async () => {
    const cancelled = Object.assign(new Error('The operation either timed out or was not allowed.'), {
      name: 'NotAllowedError',
    });
    const { sent, fetchImpl } = stubFetch([{ status: 200, body: { challengeId: 'ch', options: {} } }]);
    const flows = accountFlows(accountApi('', fetchImpl), fakeAuthenticator(cancelled), () => []);
    const r = await flows.signInWithPasskey();
    expect(r.ok ? undefined : [r.error.code, r.error.words.key]).toEqual([
      'passkey/cancelled',
      'account.errorPasskeyCancelled',
    ]);
    expect(sent.map((s) => s.url)).toEqual(['/api/passkeys/sign-in/options']);
    expect(identity.current).toBeNull();

    const none = accountFlows(accountApi('', fetchImpl), { ...fakeAuthenticator(), supported: () => false });
    const u = await none.signUpWithPasskey('Bo');
    expect(u.ok ? undefined : u.error.code).toBe('passkey/unsupported');
    expect(sent).toHaveLength(1);
  });

  it('restore fills the identity from the cookie; signing out, everywhere or by deletion, clears it', async () => {
    const { fetchImpl } = stubFetch([
      { status: 200, body: ME },
      { status: 204 },
      { status: 200, body: ME },
      { status: 403, body: { code: 'auth/csrf', message: 'x-csrf-token' } },
      { status: 200, body: { ended: 3 } },
      { status: 200, body: ME },
      { status: 401, body: { code: 'auth/bad-credentials', message: 'no' } },
      { status: 204 },
    ]);
    const flows = accountFlows(accountApi('', fetchImpl), fakeAuthenticator(), () => []);
    await flows.restore();
    expect(identity.current).toEqual(ME);
    await flows.signOut();
    expect(identity.current).toBeNull();
    await flows.restore();
    // Refused (CSRF): still signed in, as the server says.
    expect((await flows.signOutEverywhere()).ok).toBe(false);
    expect(identity.current).toEqual(ME);
    expect(await flows.signOutEverywhere()).toEqual({ ok: true, value: { ended: 3 } });
    expect(identity.current).toBeNull();
    await flows.restore();
    expect((await flows.deleteAccount({ password: 'wrong' })).ok).toBe(false);
    expect(identity.current).toEqual(ME);
    expect((await flows.deleteAccount({ password: 'right' })).ok).toBe(true);
    expect(identity.current).toBeNull();
  });

  it('asks who is signed in only when this browser signed in before (no refused request on a first visit)', async () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
      removeItem: (k: string) => void kept.delete(k),
    };
    const { sent, fetchImpl } = stubFetch([
      { status: 200, body: ME },
      { status: 200, body: ME },
      { status: 204 },
    ]);
    const flows = accountFlows(accountApi('', fetchImpl), fakeAuthenticator(), () => [], storage);
    await flows.restore();
    expect(sent).toHaveLength(0);
    await flows.signInWithPassword('Ann', 'pw');
    expect(kept.size).toBe(1);
    identity.current = null;
    await flows.restore();
    expect(identity.current).toEqual(ME);
    await flows.signOut();
    expect(kept.size).toBe(0);
    await flows.restore();
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/session',
      'GET /api/session',
      'DELETE /api/session',
    ]);
  });
});
