/**
 * This process's sockets' sessions, wherever their games' owners run: each attaches to its game's
 * owner, sends it the socket's actions, and gets every version once and in order; a session whose
 * owner changed, or that missed versions, attaches again from the last version it was sent.
 */
import type { Action } from '@carc/engine';
import type { HubRequest } from '../cluster/requests.js';
import type { EncodedStep, Outgoing } from '../wire.js';
import { stepVersion } from '../wire.js';
import type { Router } from './routing.js';
import type { Rooms } from './rooms.js';
import type { SessionHost, SessionRecord } from './socketSession.js';
import { SocketSession } from './socketSession.js';
import type { Delivery, HubResult, RevokeCode } from './types.js';
import { ok } from './types.js';

export class Sessions implements SessionHost {
  /** By listener id. */
  private readonly records = new Map<string, SessionRecord>();

  constructor(
    private readonly router: Router,
    private readonly rooms: Pick<Rooms, 'has'>,
  ) {}

  private get self(): string {
    return this.router.self;
  }

  /**
   * Opens a session on a game: as the seat `token` holds, or as a spectator without one. `send` is
   * given a `welcome` (the view, and the steps after `since` when given and few enough), then every
   * later message for its viewer, wherever the game's owner runs. `end` cuts the connection when
   * its seat changes hands (given back, taken over): the session is over, the transport closes.
   */
  async connect(
    game: string,
    token: string | undefined,
    since: number | undefined,
    send: (message: Outgoing) => void,
    end: (code: RevokeCode, message: string) => void,
  ): Promise<HubResult<SocketSession>> {
    const rec: SessionRecord = {
      lid: newListenerId(),
      game,
      ...(token === undefined ? {} : { token }),
      send,
      end,
      // A client coming back has every version up to `since`: whatever attaches this session
      // (this call, or a catch-up while it waits for an owner) sends only the steps after it.
      version: since !== undefined && Number.isInteger(since) && since >= 0 ? since : -1,
      seen: -1,
      owner: '',
      welcomed: false,
      // Until this first attach answers, no catch-up starts another one.
      busy: true,
      again: false,
    };
    this.records.set(rec.lid, rec);
    const r = await this.attach(rec, since);
    if (!r.ok) {
      this.records.delete(rec.lid);
      return r;
    }
    this.attached(rec);
    return ok(new SocketSession(this, rec));
  }

  /** An action from the session's seat. */
  async act(rec: SessionRecord, id: string, version: number, action: Action): Promise<void> {
    await this.request(
      rec,
      { op: 'act', game: rec.game, from: this.self, listener: rec.lid, id, version, action },
      id,
    );
  }

  /** The session's player resigns. */
  async resign(rec: SessionRecord, id: string): Promise<void> {
    await this.request(rec, { op: 'resign', game: rec.game, from: this.self, listener: rec.lid, id }, id);
  }

  /** The client's copy of its view went wrong: it is welcomed again, as after a missed version. */
  resync(rec: SessionRecord): void {
    this.catchUp(rec);
  }

  /** The socket is gone. */
  async disconnect(rec: SessionRecord): Promise<void> {
    this.records.delete(rec.lid);
    if (rec.owner === '') return;
    await this.router
      .route({ op: 'detach', game: rec.game, from: this.self, listener: rec.lid })
      .catch(() => undefined);
  }

  /** Game `id` left this process's memory: its sessions attach again on their next request. */
  forgetOwner(id: string): void {
    for (const rec of this.records.values()) if (rec.game === id) rec.owner = '';
  }

  /** Back after an outage of the cluster: every session of a game owned elsewhere catches up. */
  reconnected(): void {
    for (const rec of this.records.values()) if (rec.owner !== this.self) this.catchUp(rec);
  }

  /** (Re)attaches a session to its game's owner, catching up from `since`. */
  private async attach(rec: SessionRecord, since: number | undefined): Promise<HubResult<null>> {
    const request: HubRequest = {
      op: 'attach',
      game: rec.game,
      ...(rec.token === undefined ? {} : { token: rec.token }),
      ...(since === undefined || since < 0 ? {} : { since }),
      from: this.self,
      listener: rec.lid,
    };
    let owner = '';
    const r = await this.router.route<null>(request, (o) => (owner = o));
    if (r.ok) rec.owner = owner;
    return r;
  }

  /** Sends a session's request to the owner; a session the owner does not know (it changed) attaches again first. */
  private async request(rec: SessionRecord, request: HubRequest, id: string): Promise<void> {
    let r = await this.router.route<null>(request);
    if (!r.ok && r.error.code === 'session/detached') {
      const again = await this.attach(rec, rec.version);
      this.endIfGone(rec, again);
      if (again.ok) r = await this.router.route<null>(request);
    }
    if (!r.ok) rec.send({ type: 'error', id, code: r.error.code, message: r.error.message });
  }

  /** A message for a socket of this process: note its version (to catch up after a move), pass it on. */
  deliver(lid: string, message: Delivery | EncodedStep): void {
    const rec = this.records.get(lid);
    if (rec === undefined) return;
    if (message.type === 'revoke') {
      // The owner has detached it already: this session is over, whatever the socket does next.
      this.records.delete(lid);
      rec.owner = '';
      return rec.end(message.code, message.message);
    }
    if (message.type === 'resync') {
      rec.owner = '';
      return this.catchUp(rec);
    }
    // Each version reaches a socket once and in order, whatever way it came (a second welcome while
    // a game changes owner, deliveries lost while Redis was down): repeats are dropped, a gap is
    // filled by attaching again from the last version sent.
    let out: Outgoing = message;
    let version: number | undefined;
    if (message.type === 'step') {
      version = stepVersion(message);
      if (version <= rec.version) return;
      rec.seen = Math.max(rec.seen, version);
      if (rec.version >= 0 && version > rec.version + 1) return this.catchUp(rec);
    } else if (message.type === 'welcome') {
      // The first welcome always goes (a `since` beyond the game's version came from a broken client).
      if (rec.welcomed && message.version < rec.version) return;
      if (!rec.welcomed) {
        rec.welcomed = true;
        rec.version = Math.min(rec.version, message.version);
      }
      if (message.steps !== undefined) {
        const after = rec.version;
        out = { ...message, steps: message.steps.filter((step) => step.version > after) };
      }
    }
    if (message.type === 'welcome' || message.type === 'ended') version = message.version;
    if (version !== undefined) rec.version = Math.max(rec.version, version);
    rec.send(out);
  }

  /** A session that missed versions attaches again from the last one it was sent. */
  private catchUp(rec: SessionRecord): void {
    if (rec.busy) {
      rec.again = true;
      return;
    }
    rec.busy = true;
    rec.again = false;
    void this.attach(rec, rec.version)
      .then((r) => this.endIfGone(rec, r))
      .finally(() => this.attached(rec));
  }

  /**
   * An attach of `rec` is over. Asked to catch up meanwhile (its owner dropped the game), or sent
   * versions dropped as gaps and not in the welcome: it attaches again.
   */
  private attached(rec: SessionRecord): void {
    rec.busy = false;
    if ((rec.again || rec.seen > rec.version) && this.records.has(rec.lid)) this.catchUp(rec);
  }

  /** A session whose seat or game is gone for good (its token no longer valid, the game removed) ends. */
  private endIfGone(rec: SessionRecord, r: HubResult<unknown>): void {
    if (r.ok || !this.records.has(rec.lid)) return;
    if (r.error.code === 'auth/bad-token' || r.error.code === 'lobby/no-game') {
      this.records.delete(rec.lid);
      rec.end(r.error.code === 'auth/bad-token' ? 'seat/revoked' : 'lobby/expired', r.error.message);
    }
  }

  /** Sessions whose game changed owner (the owner died or moved it) attach to the new owner. */
  async watch(): Promise<void> {
    for (const rec of [...this.records.values()]) {
      if (rec.busy) continue;
      if (rec.owner === this.self && this.rooms.has(rec.game)) continue;
      const now = await this.router.ownerOf(rec.game);
      if (now === rec.owner) continue;
      rec.busy = true;
      rec.again = false;
      const r = await this.attach(rec, rec.version).finally(() => this.attached(rec));
      this.endIfGone(rec, r);
    }
  }
}

let listeners = 0;
const newListenerId = (): string => (++listeners).toString(36);
