/**
 * Accounts over HTTP (docs/protocol.md, "Accounts" and "Passkeys"), typed like the lobby
 * (net/lobby.ts): every call resolves to `{ ok: true, value }` or `{ ok: false, error }` with the
 * server's code and words for players, never throws. The sign-in itself is the httpOnly cookie the
 * browser sends; every write repeats the session's CSRF token (`authHeaders()`).
 *
 * The flows on top (`restoreSession`, `signUpWithPasskey`…) keep the shared `identity` up to date
 * and, after a sign-up or sign-in, hand this browser's anonymous seats to the account (claim), so
 * that the games played here before count as the player's.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { Words } from '../app/problems.js';
import { problemWords } from '../app/problems.js';
import type { MessageKey } from '../i18n/catalog.js';
import type { Fetch, LobbyError, LobbyResult, Method } from './http.js';
import { callApi, failure } from './http.js';
import type { Identity } from './identity.svelte.js';
import { identity } from './identity.svelte.js';

export type { LobbyError as ApiError, LobbyResult as ApiResult };

/** The account's own refusals, in players' words (the lobby's codes keep app/problems.ts's). */
const ACCOUNT_SENTENCES: Readonly<Record<string, MessageKey>> = {
  'auth/bad-name': 'account.errorBadName',
  'auth/name-taken': 'account.errorNameTaken',
  'auth/bad-password': 'account.errorBadPassword',
  'auth/bad-credentials': 'account.errorBadCredentials',
  'auth/too-many-attempts': 'account.errorTooManyAttempts',
  'auth/too-many-accounts': 'account.errorTooManyAccounts',
  'auth/signed-out': 'account.errorSignedOut',
  'auth/csrf': 'account.errorSignedOut',
  'auth/bad-challenge': 'account.errorPasskeyExpired',
  'auth/passkey-refused': 'account.errorPasskeyRefused',
  'auth/last-credential': 'account.errorLastCredential',
  'auth/in-game': 'account.errorInGame',
  'auth/bad-confirmation': 'account.errorBadConfirmation',
  'player/not-found': 'account.errorNoPlayer',
  'passkey/cancelled': 'account.errorPasskeyCancelled',
  'passkey/unsupported': 'account.errorPasskeyUnsupported',
  'passkey/failed': 'account.errorPasskeyFailed',
};

/** Words for `code` (the account's own, else the lobby's: offline, server down, rate limited…). */
export function accountWords(code: string, status: number, detail = '', path = ''): Words {
  const key = ACCOUNT_SENTENCES[code];
  return key === undefined ? problemWords(code, status, detail, path) : { key };
}

/** A failure as the lobby's clients give them, in the account's words. */
export const apiFailure = (
  code: string,
  status: number,
  detail: string,
  path?: string,
): { ok: false; error: LobbyError } => failure(accountWords, code, status, detail, path);

/** One call to `${base}/api${path}` (net/http.ts), refusals in the account's words. */
export const apiCall = <T>(
  doFetch: Fetch,
  base: string,
  method: Method,
  path: string,
  body?: unknown,
): Promise<LobbyResult<T>> => callApi<T>(doFetch, accountWords, base, method, path, body);

/** A passkey of the signed-in account (dates in ms since the epoch, or ISO strings). */
export interface PasskeyInfo {
  id: string;
  createdAt: number | string;
  lastUsedAt: number | string | null;
}

export interface Challenge<O> {
  challengeId: string;
  options: O;
}

/** A seat this browser took anonymously, to hand to the account. */
export interface SeatClaim {
  game: string;
  token: string;
}

/** The server takes at most this many seats in one claim. */
export const CLAIM_CAP = 100;

/** Proof for deleting the account: its password, or (passkey-only) its name typed again. */
export type DeletionProof = { password: string } | { confirm: string };

export interface AccountApi {
  /** Who the cookie signs in: an identity, or null when signed out (401 `auth/signed-out`). */
  session(): Promise<LobbyResult<Identity | null>>;
  signUp(name: string, password: string): Promise<LobbyResult<Identity>>;
  signIn(name: string, password: string): Promise<LobbyResult<Identity>>;
  signOut(): Promise<LobbyResult<void>>;
  signOutEverywhere(): Promise<LobbyResult<{ ended: number }>>;
  deleteAccount(proof: DeletionProof): Promise<LobbyResult<void>>;
  registerOptions(name: string): Promise<LobbyResult<Challenge<PublicKeyCredentialCreationOptionsJSON>>>;
  register(challengeId: string, response: RegistrationResponseJSON): Promise<LobbyResult<Identity>>;
  signInOptions(): Promise<LobbyResult<Challenge<PublicKeyCredentialRequestOptionsJSON>>>;
  passkeySignIn(challengeId: string, response: AuthenticationResponseJSON): Promise<LobbyResult<Identity>>;
  addOptions(): Promise<LobbyResult<Challenge<PublicKeyCredentialCreationOptionsJSON>>>;
  add(challengeId: string, response: RegistrationResponseJSON): Promise<LobbyResult<unknown>>;
  passkeys(): Promise<LobbyResult<PasskeyInfo[]>>;
  removePasskey(id: string): Promise<LobbyResult<void>>;
  /** Hands anonymous seats to the account (the first `CLAIM_CAP`). */
  claim(seats: readonly SeatClaim[]): Promise<LobbyResult<{ claimed: number }>>;
}

/** The account routes of the server at `base` (`''`: the page's own origin). */
export function accountApi(base = '', fetchImpl?: Fetch): AccountApi {
  const doFetch: Fetch = fetchImpl ?? ((input, init) => fetch(input, init));
  const call = <T>(method: Method, path: string, body?: unknown) =>
    apiCall<T>(doFetch, base, method, path, body);
  return {
    session: async () => {
      const r = await call<Identity>('GET', '/session');
      if (!r.ok && r.error.code === 'auth/signed-out') return { ok: true, value: null };
      return r;
    },
    signUp: (name, password) => call('POST', '/accounts', { name, password }),
    signIn: (name, password) => call('POST', '/session', { name, password }),
    signOut: () => call('DELETE', '/session'),
    signOutEverywhere: () => call('DELETE', '/sessions'),
    deleteAccount: (proof) => call('DELETE', '/account', proof),
    registerOptions: (name) => call('POST', '/passkeys/register/options', { name }),
    register: (challengeId, response) => call('POST', '/passkeys/register', { challengeId, response }),
    signInOptions: () => call('POST', '/passkeys/sign-in/options', {}),
    passkeySignIn: (challengeId, response) => call('POST', '/passkeys/sign-in', { challengeId, response }),
    addOptions: () => call('POST', '/passkeys/add/options', {}),
    add: (challengeId, response) => call('POST', '/passkeys/add', { challengeId, response }),
    passkeys: async () => {
      const r = await call<{ passkeys: PasskeyInfo[] }>('GET', '/passkeys');
      return r.ok ? { ok: true, value: r.value.passkeys } : r;
    },
    removePasskey: (id) => call('DELETE', `/passkeys/${encodeURIComponent(id)}`),
    claim: (seats) => call('POST', '/account/claim', { seats: seats.slice(0, CLAIM_CAP) }),
  };
}

// ---- the flows the screens use

/** The browser's passkey ceremonies (@simplewebauthn/browser), replaceable in tests. */
export interface Authenticator {
  supported(): boolean;
  register(options: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON>;
  authenticate(options: PublicKeyCredentialRequestOptionsJSON): Promise<AuthenticationResponseJSON>;
}

/** The real one, loaded when first used (the page that never signs in never loads it). */
export const browserAuthenticator: Authenticator = {
  supported: () =>
    typeof window !== 'undefined' &&
    typeof window.PublicKeyCredential === 'function' &&
    typeof navigator.credentials?.create === 'function',
  register: async (optionsJSON) =>
    (await import('@simplewebauthn/browser')).startRegistration({ optionsJSON }),
  authenticate: async (optionsJSON) =>
    (await import('@simplewebauthn/browser')).startAuthentication({ optionsJSON }),
};

/**
 * A ceremony that did not finish, as a coded failure: the player closed the browser's window (or
 * let it time out) — `passkey/cancelled`; this browser cannot — `passkey/unsupported`; anything
 * else (a passkey already registered here, a broken authenticator) — `passkey/failed`.
 */
function ceremonyFailure(e: unknown): { ok: false; error: LobbyError } {
  const name = e instanceof Error ? e.name : '';
  const code = (e as { code?: unknown } | null)?.code;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return apiFailure('passkey/cancelled', 0, String(e));
  if (name === 'NotSupportedError') return apiFailure('passkey/unsupported', 0, String(e));
  return apiFailure('passkey/failed', 0, String(e));
}

async function ceremony<T>(run: () => Promise<T>): Promise<LobbyResult<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (e) {
    return ceremonyFailure(e);
  }
}

/** Where app/seats.ts keeps this browser's seats (game → {seat, token}). */
const SEATS_KEY = 'carcassonne.seats';

/** The seats this browser holds (anonymously, or already claimed: claiming twice changes nothing). */
export function seatsHeldHere(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): SeatClaim[] {
  try {
    const data: unknown = JSON.parse(storage?.getItem(SEATS_KEY) ?? '{}');
    if (typeof data !== 'object' || data === null) return [];
    return Object.entries(data as Record<string, unknown>).flatMap(([game, held]) => {
      const token = (held as { token?: unknown } | null)?.token;
      return typeof token === 'string' ? [{ game, token }] : [];
    });
  } catch {
    return [];
  }
}

/**
 * Whether this browser signed in (and did not sign out) since: the cookie is httpOnly, so the page
 * keeps this hint to ask `GET /api/session` only when it may answer someone. A page that never
 * signed in sends no request that would be refused (a 401 the browser's console reports as an error).
 */
const SIGNED_IN_KEY = 'carcassonne.signedIn';

type HintStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): HintStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function setHint(storage: HintStorage | undefined, signedIn: boolean): void {
  try {
    if (signedIn) storage?.setItem(SIGNED_IN_KEY, '1');
    else storage?.removeItem(SIGNED_IN_KEY);
  } catch {
    // Storage refused (private mode): the next visit asks the server anyway.
  }
}

function hint(storage: HintStorage | undefined): boolean {
  try {
    // Without storage to remember, ask: better a refused request than a player shown signed out.
    return storage === undefined || storage.getItem(SIGNED_IN_KEY) !== null;
  } catch {
    return true;
  }
}

/** Signed in as `who`: shown everywhere at once, and this browser's seats handed to the account. */
async function signedIn(
  api: AccountApi,
  who: Identity,
  seats: () => SeatClaim[],
  storage: HintStorage | undefined,
): Promise<void> {
  identity.current = { name: who.name, csrf: who.csrf };
  setHint(storage, true);
  const held = seats();
  // The newest seats are the likeliest to matter; a failed claim leaves them anonymous, nothing more.
  if (held.length > 0) await api.claim(held.slice(-CLAIM_CAP));
}

/** The screens' account actions: each keeps `identity` in step with the server. */
export interface AccountFlows {
  readonly api: AccountApi;
  readonly authenticator: Authenticator;
  /**
   * At start: who the cookie signs in, asked only if this browser signed in before (a failure
   * leaves the page signed out).
   */
  restore(): Promise<void>;
  signUpWithPassword(name: string, password: string): Promise<LobbyResult<Identity>>;
  signInWithPassword(name: string, password: string): Promise<LobbyResult<Identity>>;
  signUpWithPasskey(name: string): Promise<LobbyResult<Identity>>;
  signInWithPasskey(): Promise<LobbyResult<Identity>>;
  addPasskey(): Promise<LobbyResult<unknown>>;
  signOut(): Promise<LobbyResult<void>>;
  signOutEverywhere(): Promise<LobbyResult<{ ended: number }>>;
  deleteAccount(proof: DeletionProof): Promise<LobbyResult<void>>;
}

export function accountFlows(
  api: AccountApi = accountApi(),
  authenticator: Authenticator = browserAuthenticator,
  seats: () => SeatClaim[] = () => seatsHeldHere(),
  storage: HintStorage | undefined = browserStorage(),
): AccountFlows {
  const done = async (r: LobbyResult<Identity>): Promise<LobbyResult<Identity>> => {
    if (r.ok) await signedIn(api, r.value, seats, storage);
    return r;
  };
  /** The session is over on the server (signed out, deleted, or ended elsewhere): over here too. */
  const ended = <T>(r: LobbyResult<T>): LobbyResult<T> => {
    if (r.ok || r.error.code === 'auth/signed-out') {
      identity.current = null;
      setHint(storage, false);
    }
    return r;
  };
  return {
    api,
    authenticator,
    restore: async () => {
      if (!hint(storage)) return;
      const r = await api.session();
      if (!r.ok) return;
      identity.current = r.value;
      setHint(storage, r.value !== null);
    },
    signUpWithPassword: async (name, password) => done(await api.signUp(name, password)),
    signInWithPassword: async (name, password) => done(await api.signIn(name, password)),
    signUpWithPasskey: async (name) => {
      if (!authenticator.supported()) return apiFailure('passkey/unsupported', 0, 'no WebAuthn');
      const options = await api.registerOptions(name);
      if (!options.ok) return options;
      const response = await ceremony(() => authenticator.register(options.value.options));
      if (!response.ok) return response;
      return done(await api.register(options.value.challengeId, response.value));
    },
    signInWithPasskey: async () => {
      if (!authenticator.supported()) return apiFailure('passkey/unsupported', 0, 'no WebAuthn');
      const options = await api.signInOptions();
      if (!options.ok) return options;
      const response = await ceremony(() => authenticator.authenticate(options.value.options));
      if (!response.ok) return response;
      return done(await api.passkeySignIn(options.value.challengeId, response.value));
    },
    addPasskey: async () => {
      if (!authenticator.supported()) return apiFailure('passkey/unsupported', 0, 'no WebAuthn');
      const options = await api.addOptions();
      if (!options.ok) return options;
      const response = await ceremony(() => authenticator.register(options.value.options));
      if (!response.ok) return response;
      return api.add(options.value.challengeId, response.value);
    },
    signOut: async () => ended(await api.signOut()),
    signOutEverywhere: async () => ended(await api.signOutEverywhere()),
    deleteAccount: async (proof) => ended(await api.deleteAccount(proof)),
  };
}
