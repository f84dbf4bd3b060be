/**
 * Quick pairing as a service, transport-free (docs/protocol.md, "Quick pairing"). Every process
 * keeps its own sockets' seeks ("seekers"); one process in a cluster, the holder of the 'pairing'
 * lease, keeps the queue (queue.ts) and makes the games. A seek travels to the queue's owner and is
 * sent again every `refreshMs` while it waits, so that a new owner (the old one died) is filled
 * again within seconds; the owner forgets seeks not refreshed for `staleMs`.
 *
 * A table found by the queue is made in three steps, so that no seek ever starts two games and no
 * game is made for somebody who left: the owner first **claims** each seek from its seeker's
 * process (which says yes only if that very seek still waits on an open socket, and then refuses
 * to change it), then creates the game through the lobby and seats each seeker, then hands each
 * their seat (`paired`). A table whose claims do not all succeed is given back: the claimed seeks
 * return to the queue, the others are forgotten. A game the store could not create gives its seeks
 * back to the queue, to be tried again.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Match, randomSeed } from '@carc/engine';
import type { GameSettings, PairingClientMessage, PairingServerMessage, SeekListing } from '@carc/protocol';
import type { SeekSettings } from '@carc/protocol';
import { gameConfig } from '@carc/protocol';
import type { Cluster } from '../cluster/cluster.js';
import { CallTimeout, NotOwner } from '../cluster/cluster.js';
import type { PairingRequest } from '../cluster/requests.js';
import { PAIRING_LEASE } from '../cluster/requests.js';
import type { HubResult, Logger } from '../hub/types.js';
import { NEWCOMER, PROVISIONAL_DEVIATION } from '../ratings/glicko2.js';
import type { PoolId } from '../ratings/pools.js';
import { poolOf } from '../ratings/pools.js';
import { PairingQueue, variantKey } from './queue.js';

export interface SeekerAccount {
  id: string;
  name: string;
}

/** A seek as the queue's owner keeps it (plain data: it travels between processes). */
export interface SeekEntry {
  /** This seek's id (a new one each time its socket seeks): its claims name it, the list shows it. */
  ticket: string;
  /** The seeker's process and socket. */
  from: string;
  listener: string;
  name: string;
  account?: SeekerAccount;
  /** A hash of the seeker's address (the per-address cap), never the address. */
  address: string;
  settings: SeekSettings;
  /** The queue's keys: the game (variant and rated), the clock. */
  variant: string;
  clock: string;
  rating: number;
  provisional?: boolean;
  range: number | null;
  since: number;
}

/** What the service asks of the lobby: a game of these settings, a seat of it for a seeker. */
export interface PairingGames {
  /** A game whose seat i only the join giving `reserved[i]` may take (for a while). */
  create(settings: GameSettings, reserved: readonly string[]): Promise<HubResult<{ id: string }>>;
  join(
    game: string,
    seat: number,
    name: string,
    account: SeekerAccount | undefined,
    reservation: string,
  ): Promise<HubResult<{ seat: number; token: string }>>;
}

/** An account's rating in a pool, when it has one. */
export type RatingLookup = (
  account: string,
  pool: PoolId,
) => Promise<{ rating: number; deviation: number } | undefined>;

export interface PairingOptions {
  cluster: Cluster;
  games: PairingGames;
  /** Signed-in seekers' ratings (without: everyone at the newcomer's 1500). */
  ratingOf?: RatingLookup;
  log: Logger;
  now?: () => number;
  /** Seeks in the queue at most, and per address (a hash of it). */
  maxSeeks?: number;
  seeksPerAddress?: number;
  /** How often a waiting seek is sent to the queue's owner again, and when the owner forgets it (ms). */
  refreshMs?: number;
  staleMs?: number;
  /** How often the owner looks for tables besides each new seek (ranges widen meanwhile). */
  matchEveryMs?: number;
  /** The queue's widening (queue.ts). */
  widenPerSecond?: number;
  maxRange?: number;
}

/** A refusal of a seek: `{ code, message, path? }` as the socket sends it. */
export interface PairingError {
  code: string;
  message: string;
  path?: string;
}

type Answer = { ok: true } | { ok: false; error: PairingError };

/** What the service needs of a seeker's socket. */
export interface SeekerSocket {
  /** The client's address (hashed here before it goes anywhere). */
  address: string;
  /** The signed-in account, for a socket that came with a session cookie. */
  account?: SeekerAccount;
  send(message: PairingServerMessage): void;
  /** The seeker has its seat: the socket closes normally. */
  finish(): void;
}

/** One socket's seek, on its own process. */
interface LocalSeeker {
  lid: string;
  socket: SeekerSocket;
  /** The seek it waits with (or waited with last). */
  entry?: SeekEntry;
  /** Waiting; claimed by a table being made (it may not change meanwhile); seated. */
  state: 'idle' | 'seeking' | 'claimed' | 'done';
  claimedAt: number;
  /** Counts its seeks and withdrawals: an answer to an older one is dropped. */
  generation: number;
}

/** The queue, on the process that holds the lease. */
interface Owned {
  queue: PairingQueue;
  /** Waiting seeks by `from:listener`, with when each was last sent. */
  waiting: Map<string, { entry: SeekEntry; refreshedAt: number }>;
  /** Seeks of tables being made. */
  inFlight: Map<string, SeekEntry>;
  /** Tickets seated lately (a refresh sent before its seat was handed out is ignored). */
  seated: Map<string, number>;
}

/** A seeker's state as it is now (it changes while a seek awaits its answers). */
const stateOf = (rec: LocalSeeker): LocalSeeker['state'] => rec.state;
const keyOf = (e: { from: string; listener: string }): string => `${e.from}:${e.listener}`;
const hashAddress = (address: string): string =>
  createHash('sha256').update(`pairing:${address}`).digest('hex').slice(0, 32);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The game a seek wants, as the lobby takes it: every seat human. */
export function gameSettingsOf(s: SeekSettings): GameSettings {
  return {
    expansions: s.expansions,
    options: s.options,
    ...(s.preset === undefined ? {} : { preset: s.preset }),
    seats: Array.from({ length: s.players }, () => ({ kind: 'human' as const })),
    ...(s.clock === undefined ? {} : { clock: s.clock }),
    ...(s.rated ? { rated: true } : {}),
  };
}

/** The queue's keys of a seek's settings, or why the engine refuses them. */
export function seekKeys(
  s: SeekSettings,
): { ok: true; variant: string; clock: string } | { ok: false; error: PairingError } {
  const refuse = (path: string, message: string) => ({
    ok: false as const,
    error: { code: 'pairing/invalid-settings', message, path: `settings.${path}`.replace(/\.$/, '') },
  });
  const config = gameConfig(gameSettingsOf(s), randomSeed());
  if (!config.ok) return refuse(config.error.path, config.error.message);
  const probe = Match.create(config.value);
  if (!probe.ok) return refuse(probe.error.path ?? '', probe.error.message);
  const key = variantKey(s);
  if (key === undefined) return refuse('options', 'options: not options the engine knows');
  const clock =
    s.clock === undefined ? 'none' : `${s.clock.initialMs}+${s.clock.incrementMs}:${s.clock.onTimeout}`;
  return { ok: true, variant: `${key}|${s.rated ? 'rated' : 'casual'}`, clock };
}

export class PairingService {
  private readonly cluster: Cluster;
  private readonly games: PairingGames;
  private readonly ratingOf: RatingLookup | undefined;
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly maxSeeks: number;
  private readonly seeksPerAddress: number;
  private readonly refreshMs: number;
  private readonly staleMs: number;
  private readonly matchEveryMs: number;
  private readonly queueOptions: { widenPerSecond?: number; maxRange?: number };

  private readonly seekers = new Map<string, LocalSeeker>();
  private owned: Owned | undefined;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly tables = new Set<Promise<void>>();
  private matchQueued = false;
  /** After the store failed to create a game, tables wait until then. */
  private pausedUntil = 0;
  private nextListener = 0;
  private closed = false;

  constructor(options: PairingOptions) {
    this.cluster = options.cluster;
    this.games = options.games;
    this.ratingOf = options.ratingOf;
    this.log = options.log;
    this.now = options.now ?? Date.now;
    this.maxSeeks = options.maxSeeks ?? 10_000;
    this.seeksPerAddress = options.seeksPerAddress ?? 3;
    this.refreshMs = options.refreshMs ?? 10_000;
    this.staleMs = options.staleMs ?? 30_000;
    this.matchEveryMs = options.matchEveryMs ?? 1_000;
    this.queueOptions = {
      ...(options.widenPerSecond === undefined ? {} : { widenPerSecond: options.widenPerSecond }),
      ...(options.maxRange === undefined ? {} : { maxRange: options.maxRange }),
    };
  }

  /** Starts the timers: refreshing this process's seeks, matching, renewing the lease. */
  start(): void {
    const every = (ms: number, fn: () => Promise<void> | void) => {
      const timer = setInterval(() => {
        void Promise.resolve(fn()).catch((e: unknown) =>
          this.log.error({ err: String(e) }, 'pairing: background task failed'),
        );
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.refreshMs, () => this.refresh());
    every(this.matchEveryMs, () => this.matchNow());
    if (Number.isFinite(this.cluster.leaseMs)) every(this.cluster.leaseMs / 3, () => this.renew());
  }

  /** Stops: no new tables; tables being made finish; the queue's lease is given up. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    await Promise.allSettled([...this.tables]);
    if (this.owned !== undefined) {
      this.owned = undefined;
      await this.cluster.release(PAIRING_LEASE).catch(() => undefined);
    }
  }

  // ---------------------------------------------------------------- a socket's side

  /** A socket that may seek: its messages go to the returned handle, and `close` when it closes. */
  open(socket: SeekerSocket): {
    message(m: PairingClientMessage): void;
    close(): void;
  } {
    const rec: LocalSeeker = {
      lid: (++this.nextListener).toString(36),
      socket,
      state: 'idle',
      claimedAt: 0,
      generation: 0,
    };
    this.seekers.set(rec.lid, rec);
    return {
      message: (m) => {
        if (m.type === 'ping') return socket.send({ type: 'pong' });
        if (m.type === 'unseek') return this.unseek(rec);
        void this.seek(rec, m).catch((e: unknown) => {
          this.log.error({ err: String(e) }, 'pairing: a seek failed');
          socket.send({ type: 'error', code: 'server/busy', message: 'the seek failed; try again' });
        });
      },
      close: () => {
        this.seekers.delete(rec.lid);
        if (rec.state === 'seeking') this.withdraw(rec);
        rec.state = 'done';
      },
    };
  }

  /** Hello, queue: this socket waits for a game like that (in place of its earlier seek). */
  private async seek(rec: LocalSeeker, m: Extract<PairingClientMessage, { type: 'seek' }>): Promise<void> {
    const error = (e: PairingError) => rec.socket.send({ type: 'error', ...e });
    if (rec.state === 'done') return;
    if (rec.state === 'claimed') {
      return error({
        code: 'pairing/busy',
        message: 'a game is being made for your seek; it comes in a moment',
      });
    }
    const generation = ++rec.generation;
    const { account } = rec.socket;
    const settings = m.settings;
    if (settings.rated && account === undefined) {
      return error({
        code: 'pairing/rated-needs-account',
        message: 'a rated game needs a signed-in account: sign in, or seek a casual game',
        path: 'settings.rated',
      });
    }
    const name = account?.name ?? m.name;
    if (name === undefined) {
      return error({
        code: 'pairing/name-required',
        message: 'name: a name to play under (or sign in)',
        path: 'name',
      });
    }
    const keys = seekKeys(settings);
    if (!keys.ok) return error(keys.error);
    let rating = NEWCOMER.rating;
    let provisional: boolean | undefined;
    if (account !== undefined) {
      const pool = poolOf({ seats: gameSettingsOf(settings).seats, expansions: settings.expansions });
      try {
        const r = await this.ratingOf?.(account.id, pool);
        rating = r?.rating ?? NEWCOMER.rating;
        provisional = (r?.deviation ?? NEWCOMER.deviation) > PROVISIONAL_DEVIATION;
      } catch (e) {
        this.log.warn({ err: String(e) }, 'pairing: a rating could not be read');
        return error({ code: 'server/storage', message: 'your rating could not be read; try again' });
      }
    }
    // Seeking again, or leaving, while the rating was read: this seek is no longer wanted.
    const now = stateOf(rec);
    if (generation !== rec.generation || now === 'done' || now === 'claimed') return;
    const entry: SeekEntry = {
      ticket: randomBytes(9).toString('base64url'),
      from: this.cluster.self,
      listener: rec.lid,
      name,
      ...(account === undefined ? {} : { account }),
      address: hashAddress(rec.socket.address),
      settings,
      variant: keys.variant,
      clock: keys.clock,
      rating,
      ...(provisional === undefined ? {} : { provisional }),
      range: m.range,
      since: this.now(),
    };
    rec.entry = entry;
    rec.state = 'seeking';
    const answer = await this.toOwner<Answer>({ op: 'seek', seek: entry }).catch((e: unknown) => {
      this.log.warn({ err: String(e) }, 'pairing: the queue did not answer a seek');
      return {
        ok: false,
        error: { code: 'server/busy', message: 'the pairing queue does not answer; try again' },
      } satisfies Answer;
    });
    if (rec.entry !== entry || stateOf(rec) === 'done') return;
    if (!answer.ok) {
      if (rec.state === 'seeking') rec.state = 'idle';
      return error(answer.error);
    }
    rec.socket.send({
      type: 'seeking',
      since: entry.since,
      ...(account === undefined ? {} : { rating }),
      range: entry.range,
    });
  }

  /** The socket leaves the queue (it may seek again). A seek being seated cannot leave any more. */
  private unseek(rec: LocalSeeker): void {
    if (rec.state === 'claimed') {
      rec.socket.send({
        type: 'error',
        code: 'pairing/busy',
        message: 'a game is being made for your seek; it comes in a moment',
      });
      return;
    }
    rec.generation++;
    if (rec.state === 'seeking') this.withdraw(rec);
    if (rec.state !== 'done') rec.state = 'idle';
  }

  private withdraw(rec: LocalSeeker): void {
    const entry = rec.entry;
    if (entry === undefined || this.closed) return;
    void this.toOwner({
      op: 'unseek',
      from: entry.from,
      listener: entry.listener,
      ticket: entry.ticket,
    }).catch(
      // Not told: the owner forgets it when it is no longer refreshed, and its claim fails meanwhile.
      () => undefined,
    );
  }

  /** This process's waiting seeks, to the queue's owner again (a new owner learns them so). */
  private async refresh(): Promise<void> {
    const now = this.now();
    for (const rec of [...this.seekers.values()]) {
      if (this.closed) return;
      // Claimed by an owner that never came back (it died while making the table): waiting again.
      if (rec.state === 'claimed' && now - rec.claimedAt > this.staleMs) rec.state = 'seeking';
      const entry = rec.entry;
      if (rec.state !== 'seeking' || entry === undefined) continue;
      const answer = await this.toOwner<Answer>({ op: 'seek', seek: entry }).catch(() => undefined);
      // Refused by a new owner (its caps): the socket is told, and waits no more.
      if (answer !== undefined && !answer.ok && rec.entry === entry && rec.state === 'seeking') {
        rec.state = 'idle';
        rec.socket.send({ type: 'error', ...answer.error });
      }
    }
  }

  /** A step of a table being made, for one of this process's seekers: whether it was taken. */
  private seekerStep(request: Extract<PairingRequest, { op: 'seeker' }>): boolean {
    const rec = this.seekers.get(request.listener);
    if (rec === undefined || rec.entry?.ticket !== request.ticket) return false;
    switch (request.step) {
      case 'claim':
        if (rec.state !== 'seeking') return false;
        rec.state = 'claimed';
        rec.claimedAt = this.now();
        return true;
      case 'release':
        if (rec.state !== 'claimed') return false;
        rec.state = 'seeking';
        return true;
      case 'paired': {
        if (rec.state !== 'claimed' || request.paired === undefined) return false;
        rec.state = 'done';
        this.seekers.delete(rec.lid);
        rec.socket.send({ type: 'paired', ...request.paired });
        rec.socket.finish();
        return true;
      }
    }
  }

  // ---------------------------------------------------------------- between processes

  /** A request from another process (the hub's handler passes pairing's here). */
  async handle(request: PairingRequest): Promise<unknown> {
    if (request.op === 'seeker') return this.seekerStep(request);
    const owned = await this.ownQueue();
    if (owned === undefined) throw new NotOwner(PAIRING_LEASE);
    return this.asOwner(owned, request);
  }

  /** The open seeks, oldest first, as anyone may see them (from the queue's owner). */
  async list(): Promise<SeekListing[]> {
    return this.toOwner<SeekListing[]>({ op: 'seeks' });
  }

  /** Runs a request on the queue's owner: here when this process holds (or takes) the lease. */
  private async toOwner<T>(request: Exclude<PairingRequest, { op: 'seeker' }>): Promise<T> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const owned = await this.ownQueue();
      if (owned !== undefined) return this.asOwner(owned, request) as T;
      try {
        return (await this.cluster.call(this.ownerId, request)) as T;
      } catch (e) {
        if (!(e instanceof CallTimeout) && !(e instanceof NotOwner)) throw e;
        await sleep(200);
      }
    }
    throw new CallTimeout(PAIRING_LEASE);
  }

  /** The process that held the lease when last asked. */
  private ownerId = '';

  /** The queue when this process owns it (taking the lease when nobody holds it). */
  private async ownQueue(): Promise<Owned | undefined> {
    if (this.owned !== undefined) return this.owned;
    const owner = await this.cluster.acquire(PAIRING_LEASE);
    if (owner !== 'self') {
      this.ownerId = owner;
      return undefined;
    }
    // Taken meanwhile by another call of this process.
    if (this.owned !== undefined) return this.owned;
    this.owned = {
      queue: new PairingQueue({ ...this.queueOptions, now: this.now }),
      waiting: new Map(),
      inFlight: new Map(),
      seated: new Map(),
    };
    this.log.info({ event: 'pairing-owner', owner: this.cluster.self }, 'pairing queue held here');
    return this.owned;
  }

  /** Keeps the lease; a lost one gives the queue up (its seekers' processes send their seeks to the new owner). */
  private async renew(): Promise<void> {
    if (this.owned === undefined || this.closed) return;
    let lost: string[];
    try {
      lost = await this.cluster.renew([PAIRING_LEASE]);
    } catch (e) {
      this.log.warn({ err: String(e) }, 'pairing: lease not renewed: the cluster does not answer');
      return;
    }
    if (lost.length > 0) {
      this.log.warn({ event: 'pairing-lease-lost', owner: this.cluster.self }, 'pairing queue lost');
      this.owned = undefined;
    }
  }

  // ---------------------------------------------------------------- the queue's owner

  private asOwner(owned: Owned, request: Exclude<PairingRequest, { op: 'seeker' }>): unknown {
    switch (request.op) {
      case 'seek':
        return this.accept(owned, request.seek);
      case 'unseek': {
        const key = keyOf(request);
        if (owned.waiting.get(key)?.entry.ticket === request.ticket) {
          owned.waiting.delete(key);
          owned.queue.leave(key);
        }
        return { ok: true };
      }
      case 'seeks':
        return this.listing(owned);
    }
  }

  /** A seek into the queue (or its refresh), within the caps. */
  private accept(owned: Owned, entry: SeekEntry): Answer {
    const key = keyOf(entry);
    const now = this.now();
    // Sent before its table was made: nothing to do.
    if (owned.seated.has(entry.ticket) || owned.inFlight.get(key)?.ticket === entry.ticket)
      return { ok: true };
    const waiting = owned.waiting.get(key);
    if (waiting?.entry.ticket === entry.ticket) {
      waiting.refreshedAt = now;
      return { ok: true };
    }
    const others = [...owned.waiting.values()].map((w) => w.entry).filter((e) => keyOf(e) !== key);
    const all = [...others, ...owned.inFlight.values()];
    if (entry.account !== undefined && all.some((e) => e.account?.id === entry.account?.id)) {
      return refuse(
        'pairing/already-seeking',
        'you seek a game from another window already; leave that seek first',
      );
    }
    if (all.filter((e) => e.address === entry.address).length >= this.seeksPerAddress) {
      return refuse(
        'pairing/too-many-seeks',
        `at most ${this.seeksPerAddress} seeks from one address at once`,
      );
    }
    if (waiting === undefined && all.length >= this.maxSeeks) {
      return refuse('pairing/full', 'the pairing queue is full; try again in a minute');
    }
    owned.waiting.set(key, { entry, refreshedAt: now });
    owned.queue.join({
      id: key,
      variant: entry.variant,
      players: entry.settings.players,
      clock: entry.clock,
      rating: entry.rating,
      range: entry.range ?? Infinity,
      since: entry.since,
    });
    this.scheduleMatch();
    return { ok: true };
  }

  private listing(owned: Owned): SeekListing[] {
    return [...owned.waiting.values()]
      .map(({ entry: e }): SeekListing => {
        const s = e.settings;
        return {
          id: e.ticket,
          name: e.name,
          ...(e.account === undefined
            ? {}
            : { rating: Math.round(e.rating), provisional: e.provisional ?? true }),
          settings: {
            expansions: s.expansions,
            options: s.options,
            ...(s.preset === undefined ? {} : { preset: s.preset }),
            players: s.players,
            ...(s.clock === undefined ? {} : { clock: s.clock }),
            rated: s.rated,
          },
          range: e.range,
          since: e.since,
        };
      })
      .sort((a, b) => a.since - b.since)
      .slice(0, 200);
  }

  private scheduleMatch(): void {
    if (this.matchQueued) return;
    this.matchQueued = true;
    setImmediate(() => {
      this.matchQueued = false;
      this.matchNow();
    });
  }

  /** Forgets stale seeks, and makes the tables the queue finds. */
  private matchNow(): void {
    const owned = this.owned;
    if (owned === undefined || this.closed) return;
    const now = this.now();
    for (const [key, w] of owned.waiting) {
      if (now - w.refreshedAt <= this.staleMs) continue;
      owned.waiting.delete(key);
      owned.queue.leave(key);
    }
    for (const [ticket, at] of owned.seated) if (now - at > 2 * this.staleMs) owned.seated.delete(ticket);
    if (now < this.pausedUntil) return;
    for (const table of owned.queue.match()) {
      const entries = table.flatMap((s) => {
        const w = owned.waiting.get(s.id);
        if (w === undefined) return [];
        owned.waiting.delete(s.id);
        owned.inFlight.set(s.id, w.entry);
        return [w.entry];
      });
      const made = this.makeTable(owned, entries)
        .catch((e: unknown) => this.log.error({ err: String(e) }, 'pairing: a table failed'))
        .finally(() => this.tables.delete(made));
      this.tables.add(made);
    }
  }

  /** Claims, creates, seats, hands out: one table. */
  private async makeTable(owned: Owned, entries: SeekEntry[]): Promise<void> {
    const claims = await Promise.all(entries.map((e) => this.toSeeker(e, 'claim')));
    if (!claims.every(Boolean) || entries.length < (entries[0]?.settings.players ?? 0)) {
      // Somebody left (or sought again) meanwhile: the others wait on.
      await Promise.all(
        entries.map(async (e, i) => {
          if (claims[i]) await this.putBack(owned, e);
          else owned.inFlight.delete(keyOf(e));
        }),
      );
      this.scheduleMatch();
      return;
    }
    const settings = gameSettingsOf(entries[0]!.settings);
    const reserved = entries.map(() => randomBytes(18).toString('base64url'));
    const created = await this.games.create(settings, reserved);
    if (!created.ok) {
      this.log.warn(
        { err: created.error.message, code: created.error.code },
        'pairing: a game could not be created',
      );
      this.pausedUntil = this.now() + 2_000;
      await Promise.all(entries.map((e) => this.putBack(owned, e)));
      return;
    }
    const game = created.value.id;
    // Who starts is drawn, not the oldest seek's.
    const order = [...entries];
    for (let i = order.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const [seat, e] of order.entries()) {
      const joined = await this.seat(game, seat, e, reserved[seat]!);
      if (!joined.ok) {
        // The game stays open for the seats it could not fill (listed once their hold ends); this seeker waits on.
        this.log.warn({ game, seat, code: joined.error.code }, 'pairing: a seeker could not be seated');
        await this.putBack(owned, e);
        continue;
      }
      owned.inFlight.delete(keyOf(e));
      owned.seated.set(e.ticket, this.now());
      const reached = await this.toSeeker(e, 'paired', { game, ...joined.value });
      if (!reached) this.log.warn({ game, seat }, 'pairing: a seat was made for a seeker who had left');
    }
    this.log.info({ event: 'paired', game, players: entries.length }, 'pairing: a game was made');
  }

  /** Seats a seeker, asking again while storage or the game's owner is briefly away. */
  private async seat(
    game: string,
    seat: number,
    e: SeekEntry,
    reservation: string,
  ): Promise<HubResult<{ seat: number; token: string }>> {
    let joined = await this.games.join(game, seat, e.name, e.account, reservation);
    for (let attempt = 1; attempt < 3 && !joined.ok; attempt++) {
      if (joined.error.code !== 'server/storage' && joined.error.code !== 'server/busy') break;
      await sleep(300 * attempt);
      joined = await this.games.join(game, seat, e.name, e.account, reservation);
    }
    return joined;
  }

  /** A claimed seek back into the queue, released on its process (unless sought again meanwhile). */
  private async putBack(owned: Owned, e: SeekEntry): Promise<void> {
    const key = keyOf(e);
    const released = await this.toSeeker(e, 'release');
    owned.inFlight.delete(key);
    if (!released || owned.waiting.has(key)) return;
    owned.waiting.set(key, { entry: e, refreshedAt: this.now() });
    owned.queue.join({
      id: key,
      variant: e.variant,
      players: e.settings.players,
      clock: e.clock,
      rating: e.rating,
      range: e.range ?? Infinity,
      since: e.since,
    });
  }

  /** A step for a seeker, on its process; false when it did not take (gone, sought again, unreachable). */
  private async toSeeker(
    e: SeekEntry,
    step: 'claim' | 'release' | 'paired',
    paired?: { game: string; seat: number; token: string },
  ): Promise<boolean> {
    const request: PairingRequest = {
      op: 'seeker',
      listener: e.listener,
      ticket: e.ticket,
      step,
      ...(paired === undefined ? {} : { paired }),
    };
    if (e.from === this.cluster.self) return this.seekerStep(request);
    try {
      return (await this.cluster.call(e.from, request)) === true;
    } catch (err) {
      this.log.warn({ step, err: String(err) }, 'pairing: a seeker’s process did not answer');
      return false;
    }
  }
}

const refuse = (code: string, message: string): Answer => ({ ok: false, error: { code, message } });
