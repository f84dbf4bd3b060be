/**
 * Optional accounts: a player claims a name with a password (argon2id) and signs in from any
 * browser; a sign-in is a session whose random token lives in an httpOnly cookie (the database
 * keeps its hash) and whose CSRF token every cookie-authenticated write must repeat. Transport-free:
 * http/accounts.ts carries it. Anonymous play does not need any of it.
 *
 * Against guessing: attempts are limited per address and per name; a wrong password and an
 * unknown name get the same answer after the same work (a password is checked against a fixed hash
 * when the name is nobody's), so the answers do not tell which names exist.
 */
import { hash, verify } from '@node-rs/argon2';
import { createHash, randomBytes } from 'node:crypto';
import { normaliseName } from '@carc/protocol';
import { BOT_NAMES } from '@carc/bots';
import { TokenBucket } from '../http/limits.js';
import { legacyNameKey, mixesScripts, nameKey } from './names.js';
import type { AccountRow, AccountStore } from '../store/store.js';

export type AccountErrorCode =
  | 'auth/bad-name'
  | 'auth/name-taken'
  | 'auth/bad-password'
  | 'auth/bad-credentials'
  | 'auth/too-many-attempts'
  | 'auth/too-many-accounts'
  | 'auth/in-game';

export interface AccountError {
  code: AccountErrorCode;
  message: string;
  path?: string;
}

export type AccountResult<T> = { ok: true; value: T } | { ok: false; error: AccountError };

/** A signed-in browser: the token for its cookie (shown once), the CSRF token, who it is. */
export interface SignedIn {
  token: string;
  csrf: string;
  account: { id: string; name: string };
}

/** How long a sign-in lasts (the cookie's age too). */
export const SESSION_MS = 30 * 24 * 3600 * 1000;
export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 200;

/** Names nobody may claim: they would pass for the server, a bot or a deleted player. */
const RESERVED_WORDS = [
  'admin',
  'administrator',
  'moderator',
  'server',
  'system',
  'deleted',
  'anonymous',
  'bot',
  ...BOT_NAMES,
];
/** Their keys: a look-alike of a reserved word is reserved too. */
const RESERVED = new Set(RESERVED_WORDS.map(nameKey));

export { nameKey };

const fail = <T>(code: AccountErrorCode, message: string, path?: string): AccountResult<T> => ({
  ok: false,
  error: { code, message, ...(path === undefined ? {} : { path }) },
});

const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface AccountsOptions {
  /** Sign-up and sign-in attempts per address per minute, and per name per minute. */
  attemptsPerAddressPerMinute?: number;
  attemptsPerNamePerMinute?: number;
  /** Accounts one address may create per hour. */
  accountsPerAddressPerHour?: number;
  now?: () => number;
  /**
   * After an account's deletion: the games whose stored seats now say "deleted", so that their
   * rooms in memory (which still show the old name) are reloaded.
   */
  seatsRenamed?: (games: readonly string[]) => Promise<void>;
}

export class Accounts {
  private readonly byAddress = new Map<string, TokenBucket>();
  private readonly byName = new Map<string, TokenBucket>();
  private readonly signUps = new Map<string, TokenBucket>();
  /** A hash of nothing anyone knows, checked when a name is nobody's (same work as a real check). */
  private readonly decoy: Promise<string>;
  private readonly now: () => number;

  constructor(
    private readonly store: AccountStore,
    private readonly options: AccountsOptions = {},
  ) {
    this.decoy = hash(randomBytes(32).toString('base64url'));
    this.now = options.now ?? Date.now;
  }

  /** Claims `name` with `password` and signs in. */
  async signUp(name: string, password: string, address: string): Promise<AccountResult<SignedIn>> {
    const checked = checkName(name);
    if (!checked.ok) return checked;
    const key = nameKey(checked.value);
    if (!this.attempt(address, key)) return tooMany();
    if (password.length < MIN_PASSWORD || password.length > MAX_PASSWORD) {
      return fail(
        'auth/bad-password',
        `a password of ${MIN_PASSWORD} to ${MAX_PASSWORD} characters`,
        'password',
      );
    }
    // Accounts are a resource like games: an address tries to create a few an hour, not thousands
    // (a name already taken counts: it was a try).
    if (!this.newAccountAllowed(address)) {
      return fail('auth/too-many-accounts', 'too many new accounts from this address: try again later');
    }
    const row: AccountRow = {
      id: randomBytes(12).toString('base64url'),
      name: checked.value,
      nameKey: key,
      passwordHash: await hash(password),
      createdAt: this.now(),
    };
    if ((await this.store.createAccount(row)) === 'name-taken') {
      return fail('auth/name-taken', 'that name is taken', 'name');
    }
    return { ok: true, value: await this.signInAs(row) };
  }

  /** Signs in; a wrong password and an unknown name are answered alike. */
  async signIn(name: string, password: string, address: string): Promise<AccountResult<SignedIn>> {
    const key = nameKey(name.trim());
    if (!this.attempt(address, key)) return tooMany();
    // An account named before look-alikes were folded keeps its key of then.
    const account =
      (await this.store.accountByKey(key)) ?? (await this.store.accountByKey(legacyNameKey(name.trim())));
    const stored = account?.passwordHash ?? (await this.decoy);
    const right = await verify(stored, password.slice(0, MAX_PASSWORD)).catch(() => false);
    if (account === undefined || !right)
      return fail('auth/bad-credentials', 'that name and password do not match');
    return { ok: true, value: await this.signInAs(account) };
  }

  /** Who a cookie's token signs in, with the session's CSRF token; undefined if nobody. */
  async session(
    token: string,
  ): Promise<{ account: { id: string; name: string }; csrf: string; idHash: string } | undefined> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const s = await this.store.authSession(tokenHash(token));
    if (s === undefined) return undefined;
    // As old as the cookie may be, and no older, whatever the browser sends.
    if (this.now() - s.createdAt > SESSION_MS) {
      await this.store.deleteAuthSession(s.idHash);
      return undefined;
    }
    const account = await this.store.accountById(s.account);
    if (account === undefined) return undefined;
    return { account: { id: account.id, name: account.name }, csrf: s.csrf, idHash: s.idHash };
  }

  /** Ends one sign-in. */
  async signOut(idHash: string): Promise<void> {
    await this.store.deleteAuthSession(idHash);
  }

  /** Ends every sign-in of the account, on every device. */
  async signOutEverywhere(account: string): Promise<number> {
    return this.store.deleteAuthSessionsOf(account);
  }

  /**
   * Deletes the account of a signed-in player who proves it is them again: its password, or, for
   * an account with passkeys only (no password), its name typed out (`confirm`). The account, its
   * sign-ins, passkeys and ratings go (its name is free again); its finished games stay, its seats
   * shown as "deleted". Refused while it has a seat in a game open or being played.
   */
  async deleteAccount(
    account: string,
    proof: { password: string } | { confirm: string },
    address: string,
  ): Promise<AccountResult<null>> {
    const row = await this.store.accountById(account);
    if (row === undefined) return fail('auth/bad-credentials', 'that name and password do not match');
    if (!this.attempt(address, row.nameKey)) return tooMany();
    if (row.passwordHash === '') {
      if (!('confirm' in proof) || nameKey(proof.confirm.trim()) !== row.nameKey) {
        return fail('auth/bad-credentials', 'confirm: type your name to delete your account', 'confirm');
      }
    } else {
      const password = 'password' in proof ? proof.password : '';
      const right = await verify(row.passwordHash, password.slice(0, MAX_PASSWORD)).catch(() => false);
      if (!right) return fail('auth/bad-credentials', 'that name and password do not match', 'password');
    }
    const deleted = await this.store.deleteAccount(account);
    if (deleted === 'in-game') {
      return fail(
        'auth/in-game',
        'you have a seat in a game open or being played: finish or resign it first',
      );
    }
    await this.options.seatsRenamed?.(deleted.games);
    return { ok: true, value: null };
  }

  /** Opens a sign-in for an account whose owner proved it is them (a password here, a passkey: passkeys.ts). */
  async signInAs(account: AccountRow): Promise<SignedIn> {
    const token = randomBytes(32).toString('base64url');
    const csrf = randomBytes(24).toString('base64url');
    await this.store.createAuthSession({
      idHash: tokenHash(token),
      account: account.id,
      csrf,
      createdAt: this.now(),
    });
    return { token, csrf, account: { id: account.id, name: account.name } };
  }

  /** One more new account from this address this hour, if it still has some. */
  newAccountAllowed(address: string): boolean {
    return this.bucket(this.signUps, address, this.options.accountsPerAddressPerHour ?? 5, 3600).take();
  }

  /** One more attempt from this address (on this name, when there is one), if both still have some. */
  attempt(address: string, key?: string): boolean {
    const a = this.bucket(this.byAddress, address, this.options.attemptsPerAddressPerMinute ?? 20, 60).take();
    if (key === undefined) return a;
    const n = this.bucket(this.byName, key, this.options.attemptsPerNamePerMinute ?? 10, 60).take();
    return a && n;
  }

  /** The bucket of `key`: `count` per `seconds`, all at once at most. */
  private bucket(map: Map<string, TokenBucket>, key: string, count: number, seconds: number): TokenBucket {
    let b = map.get(key);
    if (b === undefined) {
      // Bounded memory: a full map forgets its oldest buckets.
      if (map.size >= 10_000) map.delete(map.keys().next().value as string);
      b = new TokenBucket(count / seconds, count, this.now);
      map.set(key, b);
    }
    return b;
  }
}

const tooMany = <T>(): AccountResult<T> =>
  fail('auth/too-many-attempts', 'too many attempts: wait a minute and try again');

/**
 * A name one may claim: a player's name (protocol's names.ts) that is nobody's reserved word nor a
 * look-alike of one, and writes its letters in one script (names.ts).
 */
export function checkName(raw: string): AccountResult<string> {
  const r = normaliseName(raw);
  if (!r.ok) return fail('auth/bad-name', `a name with ${r.message}`, 'name');
  const key = nameKey(r.name);
  if (RESERVED.has(key) || /\bbot\b/.test(key)) return fail('auth/bad-name', 'that name is reserved', 'name');
  if (mixesScripts(r.name)) {
    return fail('auth/bad-name', 'a name with letters of one script (not Latin and Cyrillic, say)', 'name');
  }
  return { ok: true, value: r.name };
}
