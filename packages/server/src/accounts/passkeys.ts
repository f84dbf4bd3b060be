/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): claim a name with a passkey, sign in with
 * one (discoverable credentials: the browser offers the passkeys it has for this site, no name
 * typed), add one to an account (a password account, say), list and remove them. A sign-in opens
 * the same session as a password's (accounts.ts). Transport-free: http/passkeys.ts carries it.
 *
 * Every ceremony answers a challenge the server issued: kept 5 minutes, used once (taken from the
 * store in the same step as it is read), bound to its purpose and, for adding, to its account.
 * Issuing one counts as an attempt in the same per-address (and per-name) buckets as passwords':
 * that bounds both the challenges outstanding and the answers (each needs its own challenge). A
 * credential nobody registered and a signature that does not verify are answered alike.
 */
import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AccountError, AccountErrorCode, Accounts, SignedIn } from './accounts.js';
import { checkName } from './accounts.js';
import { legacyNameKey, nameKey } from './names.js';
import type { AccountRow, AccountStore, ChallengeRow, PasskeyRow, PasskeyStore } from '../store/store.js';

export type PasskeyErrorCode =
  | AccountErrorCode
  | 'auth/bad-challenge'
  | 'auth/passkey-refused'
  | 'auth/last-credential'
  | 'auth/no-passkey'
  | 'auth/too-many-passkeys';

export interface PasskeyError extends Omit<AccountError, 'code'> {
  code: PasskeyErrorCode;
}

export type PasskeyResult<T> = { ok: true; value: T } | { ok: false; error: PasskeyError };

/** Where a ceremony happens: the relying party id (a domain) and the origins a browser may report. */
export interface RelyingParty {
  rpID: string;
  origins: string[];
}

/** What the browser is given to start a ceremony, and the id of the challenge to answer with. */
export interface Ceremony<O> {
  challengeId: string;
  options: O;
}

/** A passkey as its owner sees it listed (never its key). */
export interface PasskeyInfo {
  id: string;
  createdAt: number;
  lastUsedAt?: number;
}

export const CHALLENGE_MS = 5 * 60_000;
/** Passkeys one account may have. */
export const MAX_PASSKEYS = 10;
/** EdDSA, ES256, RS256: what browsers' authenticators make. */
const ALGORITHMS = [-8, -7, -257];
const RP_NAME = 'Carcassonne';
const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

const fail = <T>(code: PasskeyErrorCode, message: string, path?: string): PasskeyResult<T> => ({
  ok: false,
  error: { code, message, ...(path === undefined ? {} : { path }) },
});
const badChallenge = <T>(): PasskeyResult<T> =>
  fail('auth/bad-challenge', 'that challenge is unknown, used or expired: start again', 'challengeId');
const refused = <T>(why: string): PasskeyResult<T> =>
  fail('auth/passkey-refused', `the passkey was refused: ${why}`, 'response');
const badCredentials = <T>(): PasskeyResult<T> =>
  fail('auth/bad-credentials', 'that passkey does not sign in here');
const tooMany = <T>(): PasskeyResult<T> =>
  fail('auth/too-many-attempts', 'too many attempts: wait a minute and try again');

const randomId = (bytes: number): string => randomBytes(bytes).toString('base64url');
const bytesOf = (base64url: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(Buffer.from(base64url, 'base64url'));
/** The WebAuthn user handle of an account: its id's bytes. */
const userHandle = (account: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(account, 'utf8'));

export class Passkeys {
  private readonly now: () => number;

  constructor(
    private readonly store: AccountStore & PasskeyStore,
    private readonly accounts: Accounts,
    options: { now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Starts claiming `name` with a new passkey (the name is checked as a password sign-up checks it). */
  async registerOptions(
    rawName: string,
    rp: RelyingParty,
    address: string,
  ): Promise<PasskeyResult<Ceremony<PublicKeyCredentialCreationOptionsJSON>>> {
    const checked = checkName(rawName);
    if (!checked.ok) return checked;
    const name = checked.value;
    if (!this.accounts.attempt(address, nameKey(name))) return tooMany();
    if (await this.nameTaken(name)) return fail('auth/name-taken', 'that name is taken', 'name');
    const account = randomId(12);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rp.rpID,
      userName: name,
      userDisplayName: name,
      userID: userHandle(account),
      timeout: CHALLENGE_MS,
      attestationType: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    const challengeId = await this.issue(options.challenge, 'register', { account, name });
    return { ok: true, value: { challengeId, options } };
  }

  /** Creates the account with its first passkey and signs in. */
  async register(
    challengeId: string,
    response: RegistrationResponseJSON,
    rp: RelyingParty,
    address: string,
  ): Promise<PasskeyResult<SignedIn>> {
    const challenge = await this.store.takeChallenge(challengeId, this.now());
    if (
      challenge?.purpose !== 'register' ||
      challenge.account === undefined ||
      challenge.name === undefined
    ) {
      return badChallenge();
    }
    const verified = await this.verifyNew(challenge, response, rp);
    if (!verified.ok) return verified;
    // The name was free when the challenge was issued; checked again (and by the unique key) now.
    const checked = checkName(challenge.name);
    if (!checked.ok) return checked;
    if (!this.accounts.newAccountAllowed(address)) {
      return fail('auth/too-many-accounts', 'too many new accounts from this address: try again later');
    }
    const row: AccountRow = {
      id: challenge.account,
      name: checked.value,
      nameKey: nameKey(checked.value),
      passwordHash: '',
      createdAt: this.now(),
    };
    if (await this.nameTaken(row.name)) return fail('auth/name-taken', 'that name is taken', 'name');
    const passkey = { ...verified.value, account: row.id };
    if ((await this.store.createAccountWithPasskey(row, passkey)) === 'name-taken') {
      return fail('auth/name-taken', 'that name is taken', 'name');
    }
    return { ok: true, value: await this.accounts.signInAs(row) };
  }

  /** Starts a sign-in: any passkey of this site the browser holds may answer. */
  async signInOptions(
    rp: RelyingParty,
    address: string,
  ): Promise<PasskeyResult<Ceremony<PublicKeyCredentialRequestOptionsJSON>>> {
    if (!this.accounts.attempt(address)) return tooMany();
    const options = await generateAuthenticationOptions({
      rpID: rp.rpID,
      timeout: CHALLENGE_MS,
      userVerification: 'preferred',
    });
    const challengeId = await this.issue(options.challenge, 'sign-in', {});
    return { ok: true, value: { challengeId, options } };
  }

  /** Signs in with a passkey's signature; an unknown passkey and a bad signature answered alike. */
  async signIn(
    challengeId: string,
    response: AuthenticationResponseJSON,
    rp: RelyingParty,
  ): Promise<PasskeyResult<SignedIn>> {
    const challenge = await this.store.takeChallenge(challengeId, this.now());
    if (challenge?.purpose !== 'sign-in') return badChallenge();
    const passkey = await this.store.passkey(response.id);
    const account = passkey === undefined ? undefined : await this.store.accountById(passkey.account);
    if (passkey === undefined || account === undefined) return badCredentials();
    // A discoverable credential names its account: it must be the one the passkey was made for.
    const handle = response.response.userHandle;
    if (handle !== undefined && handle !== Buffer.from(account.id, 'utf8').toString('base64url')) {
      return badCredentials();
    }
    let newCounter: number;
    try {
      const r = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.rpID,
        credential: {
          id: passkey.id,
          publicKey: bytesOf(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: false,
      });
      // A counter that did not grow (a cloned authenticator) throws above; `verified` false is a bad signature.
      if (!r.verified) return badCredentials();
      newCounter = r.authenticationInfo.newCounter;
    } catch {
      return badCredentials();
    }
    await this.store.usePasskey(passkey.id, newCounter, this.now());
    return { ok: true, value: await this.accounts.signInAs(account) };
  }

  /** Starts adding a passkey to a signed-in account (its passkeys excluded: one per authenticator). */
  async addOptions(
    account: { id: string; name: string },
    rp: RelyingParty,
    address: string,
  ): Promise<PasskeyResult<Ceremony<PublicKeyCredentialCreationOptionsJSON>>> {
    if (!this.accounts.attempt(address)) return tooMany();
    const existing = await this.store.passkeysOf(account.id);
    if (existing.length >= MAX_PASSKEYS) return tooManyPasskeys();
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rp.rpID,
      userName: account.name,
      userDisplayName: account.name,
      userID: userHandle(account.id),
      timeout: CHALLENGE_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    const challengeId = await this.issue(options.challenge, 'add', { account: account.id });
    return { ok: true, value: { challengeId, options } };
  }

  /** Adds the new passkey to the signed-in account that asked for the challenge. */
  async add(
    account: { id: string },
    challengeId: string,
    response: RegistrationResponseJSON,
    rp: RelyingParty,
  ): Promise<PasskeyResult<PasskeyInfo>> {
    const challenge = await this.store.takeChallenge(challengeId, this.now());
    if (challenge?.purpose !== 'add' || challenge.account !== account.id) return badChallenge();
    const verified = await this.verifyNew(challenge, response, rp);
    if (!verified.ok) return verified;
    if ((await this.store.passkeysOf(account.id)).length >= MAX_PASSKEYS) return tooManyPasskeys();
    const row = { ...verified.value, account: account.id };
    await this.store.addPasskey(row);
    return { ok: true, value: info(row) };
  }

  /** The account's passkeys, oldest first. */
  async list(account: string): Promise<PasskeyInfo[]> {
    return (await this.store.passkeysOf(account)).map(info);
  }

  /** Removes one of the account's passkeys, unless it is the only way left to sign in. */
  async remove(account: string, id: string): Promise<PasskeyResult<null>> {
    const row = await this.store.accountById(account);
    const passkeys = await this.store.passkeysOf(account);
    if (row === undefined || !passkeys.some((p) => p.id === id)) {
      return fail('auth/no-passkey', 'this account has no such passkey', 'id');
    }
    if (row.passwordHash === '' && passkeys.length === 1) {
      return fail(
        'auth/last-credential',
        'this passkey is the only way to sign in to this account: add another first',
        'id',
      );
    }
    if (!(await this.store.deletePasskey(account, id))) {
      return fail('auth/no-passkey', 'this account has no such passkey', 'id');
    }
    return { ok: true, value: null };
  }

  /** Is the name (or a look-alike of it) an account's already? */
  private async nameTaken(name: string): Promise<boolean> {
    return (
      (await this.store.accountByKey(nameKey(name))) !== undefined ||
      (await this.store.accountByKey(legacyNameKey(name))) !== undefined
    );
  }

  private async issue(
    challenge: string,
    purpose: ChallengeRow['purpose'],
    about: { account?: string; name?: string },
  ): Promise<string> {
    const id = randomId(18);
    await this.store.saveChallenge({
      id,
      challenge,
      purpose,
      ...about,
      expiresAt: this.now() + CHALLENGE_MS,
    });
    return id;
  }

  /** A new credential's attestation checked against its challenge: the passkey to store (without its account). */
  private async verifyNew(
    challenge: ChallengeRow,
    response: RegistrationResponseJSON,
    rp: RelyingParty,
  ): Promise<PasskeyResult<Omit<PasskeyRow, 'account'>>> {
    let credential;
    try {
      const r = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.rpID,
        requireUserVerification: false,
        supportedAlgorithmIDs: ALGORITHMS,
      });
      if (!r.verified) return refused('its attestation does not verify');
      credential = r.registrationInfo.credential;
    } catch (e) {
      return refused(e instanceof Error ? e.message : 'its attestation does not verify');
    }
    // A credential is one account's: registering it twice (here or elsewhere) is refused.
    if ((await this.store.passkey(credential.id)) !== undefined) return refused('it is registered already');
    return {
      ok: true,
      value: {
        id: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (response.response.transports ?? []).filter((t) => TRANSPORTS.has(t)),
        createdAt: this.now(),
      },
    };
  }
}

const tooManyPasskeys = <T>(): PasskeyResult<T> =>
  fail('auth/too-many-passkeys', `an account has at most ${MAX_PASSKEYS} passkeys: remove one first`);

const info = (p: PasskeyRow): PasskeyInfo => ({
  id: p.id,
  createdAt: p.createdAt,
  ...(p.lastUsedAt === undefined ? {} : { lastUsedAt: p.lastUsedAt }),
});
