/**
 * The lobby: creating games (within each creator's limits), taking and giving back seats, rematches,
 * the lists, a finished game's record, and removing open games nobody came to. What concerns one
 * game runs in its room's queue, on the game's owner (`route`).
 */
import { Match, randomSeed } from '@carc/engine';
import { botSeatNames } from '@carc/bots';
import type { GameSettings } from '@carc/protocol';
import { gameConfig } from '@carc/protocol';
import { hashToken, newGameId, newToken } from '../ids.js';
import type { HubRequest } from '../cluster/requests.js';
import type { GameListing, GameRow, GameStatus, SeatRow } from '../store/store.js';
import { listing } from '../store/store.js';
import * as frames from './frames.js';
import type { GameRoom } from './room.js';
import type { GameSummary, HubContext, HubResult, LobbyLimits, SeatAccount } from './types.js';
import { fail, ok } from './types.js';

export const NO_LIMITS: LobbyLimits = {
  openGamesPerAddress: Infinity,
  gamesPerAddress: Infinity,
  botGamesPerAddress: Infinity,
  botGamesTotal: Infinity,
  openGameTtlMs: Infinity,
  rematchHoldMs: 2 * 60_000,
  listPerCreator: 3,
};

type Created = { id: string; seat?: number; token?: string };
/** Who takes a seat: the name given, or a signed-in account (whose name it takes). */
type Joiner = { name: string; account?: SeatAccount };

export class Lobby {
  /** Creations run one at a time, so that two at once cannot both pass a limit. */
  private creating: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly ctx: HubContext,
    readonly limits: LobbyLimits,
    /** Runs a request on its game's owner. */
    private readonly route: <T>(request: HubRequest) => Promise<HubResult<T>>,
    /** A room leaves memory (its game was removed). */
    private readonly drop: (room: GameRoom) => void,
  ) {}

  /**
   * A new game. `creator` (a hash of the requester's address) is held to the lobby's limits: open
   * games, games in all, games of bots only; a rematch (`rematchOf`) is not, and keeps the old
   * players' seats for them a while.
   */
  createGame(
    settings: GameSettings,
    join?: Joiner,
    creator?: string,
    reserved?: readonly string[],
  ): Promise<HubResult<Created>> {
    // A table formed by quick pairing keeps each seat for its seeker (`reserved[i]`, the
    // reservation its join gives): nobody from the open list can slip in before they sit down.
    const held =
      reserved === undefined
        ? undefined
        : {
            seats: settings.seats.map((_, i): SeatRow => ({
              kind: 'human',
              name: '',
              reservedFor: reserved[i]!,
              reservedUntil: this.ctx.now() + this.limits.rematchHoldMs,
            })),
          };
    const run = this.creating.then(() => this.createNow(settings, join, creator, held));
    this.creating = run.catch(() => undefined);
    return run;
  }

  private async createNow(
    settings: GameSettings,
    join: Joiner | undefined,
    creator: string | undefined,
    rematch?: { seats: SeatRow[] },
  ): Promise<HubResult<Created>> {
    const seed = randomSeed();
    const config = gameConfig(settings, seed);
    if (!config.ok) return fail(config.error.code, config.error.message, config.error.path);
    const probe = Match.create(config.value);
    if (!probe.ok) return fail('lobby/invalid-settings', probe.error.message, probe.error.path);
    const botsOnly = settings.seats.every((s) => s.kind === 'bot');
    if (join !== undefined && botsOnly) {
      const message = 'join: every seat is a bot; create without join and watch';
      return fail('lobby/invalid-settings', message, 'join');
    }
    if (settings.rated === true) {
      if (botsOnly) {
        const message = 'rated: a game of bots only moves nobody’s rating; give it a human seat';
        return fail('lobby/invalid-settings', message, 'settings.rated');
      }
      if (join !== undefined && join.account === undefined) return ratedNeedsAccount('join');
    }
    if (rematch === undefined) {
      const refused = await this.overLimits(botsOnly, creator).catch((e: unknown) => {
        this.ctx.log.error({ err: String(e) }, 'storage did not answer a count');
        return fail<never>('server/storage', 'the game could not be created; try again');
      });
      if (refused !== undefined) return refused;
    }
    const row = this.newRow(settings, seed, botsOnly, creator, rematch?.seats);
    try {
      await this.ctx.store.createGame(row);
    } catch (e) {
      this.ctx.log.error({ err: String(e) }, 'storage refused a new game');
      return fail('server/storage', 'the game could not be stored; try again');
    }
    if (botsOnly) {
      const started = await this.route<null>({ op: 'start', game: row.id });
      if (!started.ok) return started;
    }
    if (join === undefined) return ok({ id: row.id });
    const joined = await this.joinGame(row.id, join.name, undefined, undefined, join.account);
    if (!joined.ok) return joined;
    return ok({ id: row.id, ...joined.value });
  }

  /** A new open game's row; a rematch's is listed once the old players' seats are no longer kept. */
  private newRow(
    settings: GameSettings,
    seed: GameRow['seed'],
    botsOnly: boolean,
    creator: string | undefined,
    rematchSeats: SeatRow[] | undefined,
  ): GameRow {
    const now = this.ctx.now();
    return {
      id: newGameId(),
      createdAt: now,
      updatedAt: now,
      status: 'open',
      settings,
      seed,
      seats:
        rematchSeats ??
        settings.seats.map((s, i): SeatRow =>
          s.kind === 'bot'
            ? { kind: 'bot', level: s.level, name: botNamesOf(settings)[i]! }
            : { kind: 'human', name: '' },
        ),
      version: 0,
      toAct: -1,
      ...(creator === undefined ? {} : { creator }),
      listedAt: rematchSeats === undefined ? now : now + this.limits.rematchHoldMs,
      botsOnly,
    };
  }

  /** Why `creator` may not create another game now, if a limit stands in the way. */
  private async overLimits(
    botsOnly: boolean,
    creator: string | undefined,
  ): Promise<HubResult<never> | undefined> {
    const l = this.limits;
    const count = (statuses: GameStatus[], more: { creator?: string; botsOnly?: boolean } = {}) =>
      this.ctx.store.countGames({ statuses, ...more });
    if (botsOnly) {
      if ((await count(['open', 'playing'], { botsOnly: true })) >= l.botGamesTotal) {
        return fail(
          'lobby/too-many-bot-games',
          `the server runs ${l.botGamesTotal} games of bots only already; watch one of them or try later`,
        );
      }
    }
    if (creator === undefined) return undefined;
    if (botsOnly && (await count(['open', 'playing'], { creator, botsOnly: true })) >= l.botGamesPerAddress) {
      return fail(
        'lobby/too-many-bot-games',
        `you have ${l.botGamesPerAddress} games of bots only being played; wait until one ends`,
      );
    }
    if (!botsOnly && (await count(['open'], { creator })) >= l.openGamesPerAddress) {
      return fail(
        'lobby/too-many-open',
        `you have ${l.openGamesPerAddress} open games waiting for players; wait for them to start or leave them`,
      );
    }
    if ((await count(['open', 'playing'], { creator })) >= l.gamesPerAddress) {
      return fail('lobby/too-many-games', `you have ${l.gamesPerAddress} games open or being played`);
    }
    return undefined;
  }

  /** Takes a seat of game `id`, on its owner. */
  joinGame(
    id: string,
    name: string,
    seat?: number,
    reservation?: string,
    account?: SeatAccount,
  ): Promise<HubResult<{ seat: number; token: string }>> {
    return this.route({
      op: 'join',
      game: id,
      name,
      ...(seat === undefined ? {} : { seat }),
      ...(reservation === undefined ? {} : { reservation }),
      ...(account === undefined ? {} : { account: { id: account.id, name: account.name } }),
    });
  }

  /** A page of the games with this status, newest first, at most a few of each creator. */
  list(status: 'open' | 'playing' | 'over', limit: number, offset: number): Promise<GameListing[]> {
    const statuses: GameStatus[] =
      status === 'over' ? ['finished', 'resigned', 'timeout', 'aborted'] : [status];
    return this.ctx.store.listGames({
      statuses,
      limit,
      offset,
      perCreator: this.limits.listPerCreator,
      listedBy: this.ctx.now(),
    });
  }

  /** Open games untouched for `openGameTtlMs` are removed, by their owner. */
  async expireOpenGames(): Promise<void> {
    for (const id of await this.ctx.store.staleOpenGames(this.ctx.now() - this.limits.openGameTtlMs)) {
      if (this.ctx.closed) return;
      await this.route({ op: 'expire', game: id });
    }
  }

  // ---------------------------------------------------------------- in a game's room (its queue)

  /** The game as the lobby shows it, with who is connected. */
  summary(room: GameRoom): HubResult<GameSummary> {
    return ok({
      ...listing(room.row),
      players: frames.players(room),
      ...(room.row.rematch === undefined ? {} : { rematch: room.row.rematch }),
      ...(room.rated === undefined ? {} : { rated: room.rated }),
    });
  }

  record(room: GameRoom): HubResult<unknown> {
    if (room.match === undefined || !room.match.recordIsPublic) {
      return fail('record/not-public', `game ${room.id} is not over: its record would show the pile`);
    }
    return ok(room.match.recordFile());
  }

  async join(
    room: GameRoom,
    name: string,
    seat?: number,
    reservation?: string,
    account?: SeatAccount,
  ): Promise<HubResult<{ seat: number; token: string }>> {
    const { id, row } = room;
    if (row.status !== 'open') return fail('lobby/started', `game ${id} has started`);
    if (row.settings.rated === true) {
      if (account === undefined) return ratedNeedsAccount();
      if (row.seats.some((s) => s.account === account.id)) {
        return fail(
          'lobby/already-seated',
          `you hold a seat of game ${id} already: a rated game is one seat each`,
        );
      }
    }
    const now = this.ctx.now();
    const reserved = (s: SeatRow) =>
      s.reservedFor !== undefined && s.reservedFor !== reservation && now < (s.reservedUntil ?? 0);
    const free = row.seats.findIndex((s) => s.kind === 'human' && s.tokenHash === undefined && !reserved(s));
    const chosen = seat ?? free;
    const s = row.seats[chosen];
    if (seat !== undefined && s === undefined)
      return fail('lobby/not-a-seat', `no seat ${seat} in game ${id}`, 'seat');
    if (s === undefined) {
      if (seat === undefined && row.seats.some(reserved)) {
        return fail(
          'lobby/seat-reserved',
          `game ${id}: its free seats are kept for the players of the last game`,
        );
      }
      return fail('lobby/no-free-seat', `game ${id} has no free seat`);
    }
    if (s.kind !== 'human' || s.tokenHash !== undefined) {
      return fail('lobby/seat-taken', `seat ${chosen} of game ${id} is taken`, 'seat');
    }
    if (reserved(s)) {
      const wait = Math.ceil(((s.reservedUntil ?? now) - now) / 1000);
      return fail(
        'lobby/seat-reserved',
        `seat ${chosen} of game ${id} is kept for its player of the last game for ${wait} s more`,
        'seat',
      );
    }
    const token = newToken();
    const seats = row.seats.map((x, i): SeatRow => {
      if (i !== chosen) return x;
      const taken: SeatRow = {
        ...x,
        name: account?.name ?? name,
        tokenHash: hashToken(token),
        ...(account === undefined ? {} : { account: account.id }),
      };
      delete taken.reservedFor;
      delete taken.reservedUntil;
      return taken;
    });
    await this.ctx.store.updateGame(id, { seats }, row.version);
    row.seats = seats;
    await room.env.results.seated(room, chosen);
    if (seats.every((x) => x.kind === 'bot' || x.tokenHash !== undefined)) await room.start();
    else frames.broadcastPresence(room);
    return ok({ seat: chosen, token });
  }

  /** Gives a seat of a game that has not started back. */
  async leave(room: GameRoom, token: string): Promise<HubResult<{ seat: number }>> {
    const id = room.id;
    const seat = room.seatOf(token);
    if (seat === undefined) return fail('auth/bad-token', `that token holds no seat in game ${id}`);
    if (room.row.status !== 'open') return fail('lobby/started', `game ${id} has started: resign instead`);
    const seats = room.row.seats.map((x, i): SeatRow => (i === seat ? { kind: 'human', name: '' } : x));
    await this.ctx.store.updateGame(id, { seats }, room.row.version);
    room.row.seats = seats;
    room.revokeSeat(seat, 'seat/revoked', `you left seat ${seat}; its token is no longer valid`);
    frames.broadcastPresence(room);
    return ok({ seat });
  }

  /** Removes an open game nobody joined or left for `openGameTtlMs`; its sockets are told and cut. */
  async expire(room: GameRoom): Promise<boolean> {
    const cutoff = this.ctx.now() - this.limits.openGameTtlMs;
    // The store removes it only if nobody joined or left since the cutoff.
    if (room.row.status !== 'open') return false;
    if (!(await this.ctx.store.deleteOpenGame(room.id, cutoff))) return false;
    for (const [key, l] of [...room.listeners]) {
      room.listeners.delete(key);
      l.revoke('lobby/expired', `game ${room.id} waited for players too long and was removed`);
    }
    this.drop(room);
    this.ctx.log.info({ game: room.id }, 'open game expired');
    return true;
  }

  /**
   * A new game with the same settings, seats shifted by one (another player starts); the asking
   * player takes the seat that keeps their turn order and their name. Asked again, the same game.
   */
  async rematch(room: GameRoom, token: string): Promise<HubResult<Created>> {
    const { id, row } = room;
    const seat = room.seatOf(token);
    if (seat === undefined) return fail('auth/bad-token', `that token holds no seat in game ${id}`);
    if (room.match === undefined || !room.match.isOver)
      return fail('lobby/not-over', `game ${id} is not over`);
    const n = row.seats.length;
    const name = row.seats[seat]!.name;
    let target = row.rematch;
    if (target === undefined) {
      const created = await this.createNow(rematchSettings(row), undefined, row.creator, {
        seats: this.rematchSeats(row),
      });
      if (!created.ok) return created;
      target = created.value.id;
      await this.ctx.store.updateGame(id, { rematch: target }, row.version);
      row.rematch = target;
      frames.broadcastRematch(room, target);
    }
    // The seat's account (a rated game's seats all have one) goes on to the rematch's seat.
    const owner = row.seats[seat]!.account;
    const joined = await this.joinGame(
      target,
      name,
      (seat - 1 + n) % n,
      row.seats[seat]!.tokenHash,
      owner === undefined ? undefined : { id: owner, name },
    );
    if (!joined.ok) return joined.error.code === 'lobby/seat-taken' ? ok({ id: target }) : joined;
    return ok({ id: target, ...joined.value });
  }

  /**
   * The seat `token` holds becomes `account`'s (its player played it anonymously, then signed in):
   * true if claimed; false if the seat has an account already, or the account another seat of the
   * game (one account, one seat: its history counts each game once).
   */
  async claim(room: GameRoom, token: string, account: string): Promise<HubResult<boolean>> {
    const seat = room.seatOf(token);
    if (seat === undefined) return fail('auth/bad-token', `that token holds no seat in game ${room.id}`);
    const seats = room.row.seats;
    if (seats[seat]!.account !== undefined || seats.some((s) => s.account === account)) return ok(false);
    const claimed = seats.map((s, i): SeatRow => (i === seat ? { ...s, account } : s));
    if (!(await this.ctx.store.claimSeat(room.id, seat, account, claimed))) return ok(false);
    room.row.seats = claimed;
    return ok(true);
  }

  /** A rematch's seats: shifted by one, each old player's seat kept for them a while. */
  private rematchSeats(row: GameRow): SeatRow[] {
    const settings = rematchSettings(row);
    const until = this.ctx.now() + this.limits.rematchHoldMs;
    const bots = botNamesOf(settings);
    return settings.seats.map((spec, i): SeatRow => {
      if (spec.kind === 'bot') return { kind: 'bot', level: spec.level, name: bots[i]! };
      const old = row.seats[shifted(i, row.seats.length)]!;
      return old.tokenHash === undefined
        ? { kind: 'human', name: '' }
        : { kind: 'human', name: '', reservedFor: old.tokenHash, reservedUntil: until };
    });
  }
}

const ratedNeedsAccount = <T>(path?: string): HubResult<T> =>
  fail(
    'lobby/rated-needs-account',
    'a rated game’s seats are for signed-in players: sign in to play it',
    path,
  );

/** Seat `i` of a rematch is seat `i + 1` of the game before (another player starts). */
const shifted = (i: number, n: number) => (i + 1) % n;

const rematchSettings = (row: GameRow): GameSettings => ({
  ...row.settings,
  seats: row.settings.seats.map((_, i) => row.settings.seats[shifted(i, row.seats.length)]!),
});

/** The bots' names by seat: "Medium bot", numbered when two share a level. */
const botNamesOf = (settings: GameSettings): (string | undefined)[] =>
  botSeatNames(settings.seats.map((s) => (s.kind === 'bot' ? s.level : undefined)));
