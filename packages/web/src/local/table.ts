/**
 * The browser's own authority for offline play (hotseat, games against bots): a `LocalTable` holds
 * a `Match` and speaks exactly the server's protocol (docs/protocol.md), so the UI talks to it
 * through the same `Connection` as to a server, and answers through the protocol's `Session`, as
 * the server's game rooms do: `hello` with `welcome` (view, hints, the steps after `since`,
 * players, status), `act` with a `step` frame carrying its ack and the change to the view, or an
 * `error` (the server's codes: `match/stale`, `match/not-your-turn`, `match/rule` with the engine's
 * code and rule id…; a repeated id gets its original answer), `resign` with `ended` then `ack`,
 * `resync` with a new `welcome`, `ping` with `pong`. After each accepted action, a bot whose turn
 * it is moves like a player would, one decision per timer tick so the page (or the worker's message
 * queue) stays responsive.
 *
 * **Clocks are left out offline**: the settings' `clock` is accepted and ignored, and no message
 * carries `clocks` (nobody to race against a server's time on one device).
 *
 * **Hotseat** (`handle(message, 'hotseat')`): one client plays every human seat. What it is sent is
 * what the *human seat to act* sees (`view` and `hints` of that seat), so a player sees another's
 * hand (Halflings triangles) only on that player's turn; while a bot is to act, or once the game is
 * over, it is the view of the last human seat that was to act (a spectator's before any was).
 * `view.viewer` says whose view it is: when it changes, the UI should hide the board until the next
 * player has the device. Acting (and resigning) is allowed for whichever human seat is to act
 * (resigning while a bot is to act: the only human seat, when there is one, else refused).
 * With a seat number instead, the client is that seat only, as on the server.
 *
 * **Saving**: after every accepted action or resignation the table hands its progress, with the
 * whole record (seed included), to `onchange` for the device to keep (`progress()` gives it at any
 * time); a table created with that `record` replays it and carries on from there (local/saves.ts).
 */
import type { Action, Game, GameConfig, MatchOutcome, MatchStatus, MatchStep, Viewer } from '@carc/engine';
import { Match, createGame, randomSeed, readRecord, seedWords } from '@carc/engine';
import type { BotName } from '@carc/bots';
import { botSeatNames, createBot, seatOf } from '@carc/bots';
import type { ClientMessage, GameSettings, PlayerInfo, ServerMessage } from '@carc/protocol';
import { PROTOCOL_VERSION, Session, gameConfig, refusal } from '@carc/protocol';
import type { Locale } from '@carc/art';
import type { Say } from '../board/words.js';
import { wordsOf } from '../board/words.js';

export type { GameSettings };
/** The same, with the fields that have defaults optional (as a setup screen fills them). */
export type LocalSettings = Omit<GameSettings, 'expansions' | 'options'> &
  Partial<Pick<GameSettings, 'expansions' | 'options'>>;

/** Who a client message comes from: one seat, or the hotseat client playing every human seat. */
export type LocalSpeaker = number | 'hotseat';

export interface LocalTableOptions {
  settings: LocalSettings;
  /** Display names, one per seat (bot seats default to their level: "Medium bot"). */
  names?: readonly (string | undefined)[];
  /**
   * The players' language (default English): of the sentences the table itself says to them
   * (a refusal only a table on this device makes, a saved game it cannot carry on) and of the
   * names it gives unnamed seats. The protocol's codes say the same in any language.
   */
  locale?: Locale;
  /** The game's seed (default `randomSeed()`): the order of the pile. */
  seed?: string;
  /**
   * A saved game to carry on: its record (as `LocalProgress.record` gave it), whose seed and actions
   * are replayed (its seed wins over `seed`).
   */
  record?: Record<string, unknown>;
  /** Called with the table's progress after every accepted action or resignation (to save it). */
  onchange?: (progress: LocalProgress) => void;
  /** Where the table's messages go. */
  send: (message: ServerMessage) => void;
  /** The game id the table answers to in `hello` (default `local`). */
  game?: string;
  /** Thinking time per MCTS decision (ms, default 1000); random and greedy answer at once. */
  botBudgetMs?: number;
  /** Pause before each bot move (ms, default 400), so a human can watch the moves. */
  botDelayMs?: number;
  /** The bots' randomness (default Math.random). */
  random?: () => number;
  /** Client message ids remembered (to answer repeats), per table. */
  rememberedIds?: number;
  now?: () => number;
}

/** How a local game stands, for the device to save and to list it without replaying it. */
export interface LocalProgress {
  /** Accepted actions so far. */
  version: number;
  status: MatchStatus;
  over: boolean;
  scores: number[];
  winners: number[];
  /** The seat to act (-1 once over). */
  toAct: number;
  /** Tiles on the board (the start tile included) and left in the pile. */
  tilesPlaced: number;
  tilesLeft: number;
  /** The whole game so far (record-format.md, with the seed): this device's to keep, never to show. */
  record: Record<string, unknown>;
}

export interface LocalSetupError {
  /** `local/bad-save`: a saved game that could not be replayed (another version's, or damaged). */
  code: 'lobby/invalid-settings' | 'local/bad-save';
  message: string;
  path?: string;
}

const badSave = (say: Say, why: string): { ok: false; error: LocalSetupError } => ({
  ok: false,
  error: { code: 'local/bad-save', message: say('localBadSave', { why }) },
});

/** The engine configuration for settings and a seed, as the server builds it (the protocol's). */
export function localConfig(
  settings: LocalSettings,
  seed: string,
): { ok: true; value: GameConfig } | { ok: false; error: LocalSetupError } {
  return gameConfig(
    { ...settings, expansions: settings.expansions ?? [], options: settings.options ?? {} },
    seed,
  );
}

export class LocalTable {
  /** The protocol's side of the match: answers, refusals, welcome and step frames. */
  private readonly session: Session;
  /** The listener's mode, set by its hello (undefined before it). */
  private listener: LocalSpeaker | undefined;
  /** Hotseat: the last human seat that was to act (whose view is shown while a bot thinks). */
  private lastHuman: number | undefined;
  private botTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  /** The players' words (see `LocalTableOptions.locale`). */
  private say: Say;

  private constructor(
    private readonly match: Match,
    /** The same game as the match's, for the bots (the match does not expose its own). */
    private readonly mirror: Game,
    private readonly settings: LocalSettings,
    private readonly names: string[],
    private readonly options: LocalTableOptions,
  ) {
    this.say = wordsOf(options.locale ?? 'en');
    this.session = new Session(match, { rememberedIds: options.rememberedIds ?? 256 });
  }

  /** Speaks `locale` from now on (the players changed their language). */
  setLocale(locale: Locale): void {
    this.say = wordsOf(locale);
  }

  /** A new table (the game starts at once: every seat is here), or why the settings are refused. */
  static create(
    options: LocalTableOptions,
  ): { ok: true; value: LocalTable } | { ok: false; error: LocalSetupError } {
    const { settings } = options;
    const say = wordsOf(options.locale ?? 'en');
    if (settings.seats.length === 0) {
      return { ok: false, error: { code: 'lobby/invalid-settings', path: 'seats', message: 'seats: none' } };
    }
    const saved = options.record === undefined ? undefined : readRecord(options.record);
    if (saved !== undefined && !saved.ok) return badSave(say, saved.error.message);
    const seedOfSave = saved?.value.seed;
    if (saved !== undefined && typeof seedOfSave !== 'string') return badSave(say, 'no seed');
    const savedSeed = typeof seedOfSave === 'string' ? seedOfSave : undefined;
    const config = localConfig(settings, savedSeed ?? options.seed ?? randomSeed());
    if (!config.ok) return config;
    const bots = botSeatNames(settings.seats.map((s) => (s.kind === 'bot' ? s.level : undefined)));
    const names = settings.seats.map((_, i) => {
      const given = options.names?.[i]?.trim();
      if (given !== undefined && given !== '') return given;
      return bots[i] ?? say('player', { n: i + 1 });
    });
    const match = Match.create(config.value, names);
    if (!match.ok) {
      const e = match.error;
      return {
        ok: false,
        error: {
          code: 'lobby/invalid-settings',
          message: e.message,
          ...('path' in e ? { path: e.path } : {}),
        },
      };
    }
    const mirror = createGame({ ...config.value, recordEvents: false });
    if (!mirror.ok)
      return { ok: false, error: { code: 'lobby/invalid-settings', message: mirror.error.message } };
    const table = new LocalTable(match.value, mirror.value, settings, names, {
      ...options,
      // The bots of a resumed game play on from its own seed (see botSeed).
      ...(savedSeed === undefined ? {} : { seed: savedSeed }),
    });
    if (saved !== undefined) {
      const replayed = table.replay(saved.value.actions, saved.value.outcome);
      if (replayed !== undefined) return badSave(say, replayed);
    }
    return { ok: true, value: table };
  }

  /** The saved actions (and resignation) played again, silently; why not, when one is refused. */
  private replay(
    actions: readonly { player: number; action: Action }[],
    outcome: MatchOutcome | undefined,
  ): string | undefined {
    for (const { player, action } of actions) {
      const r = this.match.submit(player, action, this.match.version);
      if (!r.ok) return `action ${this.match.version + 1}: ${r.error.message}`;
      const mirrored = this.mirror.apply(r.value.action, r.value.player);
      if (!mirrored.ok) return `action ${this.match.version}: ${mirrored.error.message}`;
    }
    if (outcome?.status === 'resigned' && outcome.player !== undefined) {
      const r = this.match.resign(outcome.player, outcome.at, outcome.reason);
      if (!r.ok) return `resignation: ${r.error.message}`;
    }
    return undefined;
  }

  /** How the game stands, with its whole record (see `LocalProgress`). */
  progress(): LocalProgress {
    const m = this.match;
    const view = m.view('spectator');
    const result = m.result;
    return {
      version: m.version,
      status: m.status,
      over: m.isOver,
      scores: result.scores,
      winners: result.winners,
      toAct: m.toAct,
      tilesPlaced: view.tiles.length,
      tilesLeft: view.bag.size,
      record: m.recordFile(),
    };
  }

  get game(): string {
    return this.options.game ?? 'local';
  }

  get version(): number {
    return this.match.version;
  }

  /** The match's full record (record-format.md): for the device that holds the game. */
  recordFile(): Record<string, unknown> {
    return this.match.recordFile();
  }

  /** The record once the game is over (it holds the seed, so the pile's order), else undefined. */
  finishedRecord(): Record<string, unknown> | undefined {
    return this.match.recordIsPublic ? this.match.recordFile() : undefined;
  }

  /** Stops the bots; the table answers nothing more. */
  close(): void {
    this.closed = true;
    this.stopBot();
  }

  /** One client message from `from` (a seat, or the hotseat client). */
  handle(message: ClientMessage, from: LocalSpeaker): void {
    if (this.closed) return;
    switch (message.type) {
      case 'ping':
        return this.send({ type: 'pong' });
      case 'hello':
        if (message.protocol !== PROTOCOL_VERSION) {
          return this.refuse(
            undefined,
            'protocol/outdated',
            `this table speaks protocol ${PROTOCOL_VERSION}`,
          );
        }
        return this.hello(message.game, message.since, from);
      case 'resync':
        if (this.listener === undefined) return this.refuse(undefined, 'ws/hello-first', 'say hello first');
        return this.hello(this.game, undefined, this.listener);
      case 'act':
        if (this.listener === undefined)
          return this.refuse(message.id, 'ws/hello-first', 'say hello before acting');
        return this.act(from, message.id, message.version, message.action as unknown as Action);
      case 'resign':
        if (this.listener === undefined)
          return this.refuse(message.id, 'ws/hello-first', 'say hello before resigning');
        return this.resign(from, message.id);
      default: {
        const type = (message as { type?: unknown }).type;
        return this.refuse(
          undefined,
          'ws/unknown-type',
          `unknown message type ${JSON.stringify(type ?? null).slice(0, 40)}: hello, act, resign, resync or ping`,
        );
      }
    }
  }

  // ---------------------------------------------------------------- messages

  private hello(game: string, since: number | undefined, from: LocalSpeaker): void {
    if (game !== this.game) return this.refuse(undefined, 'lobby/no-game', `no game ${game}`);
    if (typeof from === 'number' && !this.isSeat(from)) {
      return this.refuse(undefined, 'auth/bad-token', `no seat ${from} in this game`);
    }
    const first = this.listener === undefined;
    if (this.listener !== undefined && this.listener !== from) this.session.forget(this.listener);
    this.listener = from;
    const m = this.match;
    const facts = { game: this.game, status: m.status, players: this.players() };
    this.send(this.session.welcome(from, this.viewer(), facts, since));
    this.send({ type: 'presence', players: this.players() });
    if (first) this.wakeBot();
  }

  private act(from: LocalSpeaker, id: string, version: number, action: Action): void {
    const known = this.session.answered(from, id);
    if (known !== undefined) return this.send(known);
    this.play(this.actor(from), { from, id }, version, action);
  }

  private resign(from: LocalSpeaker, id: string): void {
    const known = this.session.answered(from, id);
    if (known !== undefined) return this.send(known);
    const reply = (answer: ServerMessage): void => {
      this.session.remember(from, id, answer);
      this.send(answer);
    };
    const m = this.match;
    const who = this.resigner(from);
    if (who === undefined) {
      return reply(refusal(id, 'match/not-your-turn', this.say('localBotToAct'), { version: m.version }));
    }
    const r = m.resign(who, new Date(this.now()).toISOString());
    if (!r.ok) return reply(refusal(id, r.error.code, r.error.message, { version: m.version }));
    this.stopBot();
    this.changed();
    this.send({ type: 'ended', version: m.version, status: r.value.status, result: r.value });
    reply({ type: 'ack', id, version: m.version });
  }

  /**
   * Plays `action` for `player`: for a client's message, its speaker and id (the ack is folded
   * into the step frame it is sent, and remembered); the table's own bots pass none.
   */
  private play(
    player: Viewer,
    by: { from: LocalSpeaker; id: string } | undefined,
    version: number,
    action: Action,
  ): void {
    const r = this.session.submit(player, by?.id, version, action);
    if (!r.ok) {
      if (by === undefined) throw new Error(`invariant: the bot's move was refused: ${r.error.message}`);
      this.session.remember(by.from, by.id, r.error);
      return this.send(r.error);
    }
    const step = r.step;
    const mirrored = this.mirror.apply(step.action, step.player);
    if (!mirrored.ok)
      throw new Error(`invariant: the bots' copy refused step ${step.version}: ${mirrored.error.message}`);
    this.changed();
    if (by !== undefined) this.session.remember(by.from, by.id, this.session.ack(by.id));
    this.broadcast(step, by?.id);
    this.wakeBot();
  }

  /** The step frame for the listener (the ack folded in when it was the listener's action). */
  private broadcast(step: MatchStep, ack: string | undefined): void {
    if (this.listener === undefined) return;
    const m = this.match;
    const frame = this.session.frame(this.listener, this.viewer(), step, {
      status: m.status,
      ...(m.isOver ? { result: m.result } : {}),
    });
    this.send(ack === undefined ? frame : { ...frame, ack });
  }

  // ---------------------------------------------------------------- bots

  /** When a bot is to act (and the client has said hello), it moves after a pause. */
  private wakeBot(): void {
    if (this.closed || this.botTimer !== undefined || this.listener === undefined) return;
    const m = this.match;
    if (m.isOver) return;
    const player = m.toAct;
    const seat = this.settings.seats[player];
    if (seat?.kind !== 'bot') return;
    const version = m.version;
    this.botTimer = setTimeout(() => {
      this.botTimer = undefined;
      if (this.closed || m.isOver || m.version !== version || m.toAct !== player) return;
      let action: Action;
      try {
        action = this.decide(player, seat.level);
      } catch (e) {
        // A bot that fails still moves (its first legal action), so the game never stalls.
        const first = m.view(player).legalActions[0];
        if (first === undefined) throw e;
        action = first;
      }
      this.play(player, undefined, version, action);
    }, this.options.botDelayMs ?? 400);
  }

  private decide(player: number, level: BotName): Action {
    const bot = createBot(level, this.botSeed(), {
      mcts: { ms: this.options.botBudgetMs ?? 1_000 },
    });
    return this.mirror.toAction(bot.choose(seatOf(this.mirror, player)));
  }

  /**
   * A bot decision's seed: from `random`, or, when the game's seed was given and no `random`, from
   * that seed and the version, so the same seed and the same human moves give the same game.
   */
  private botSeed(): number {
    const { seed, random } = this.options;
    if (seed === undefined || random !== undefined) return ((random ?? Math.random)() * 2 ** 32) >>> 0;
    return (seedWords(seed).reduce((a, w) => a ^ w, 0) + this.match.version) >>> 0;
  }

  private stopBot(): void {
    if (this.botTimer !== undefined) clearTimeout(this.botTimer);
    this.botTimer = undefined;
  }

  // ---------------------------------------------------------------- who is who

  private isSeat(seat: number): boolean {
    return Number.isInteger(seat) && seat >= 0 && seat < this.settings.seats.length;
  }

  private isHuman(seat: number): boolean {
    return this.settings.seats[seat]?.kind === 'human';
  }

  /** Whose view the listener is sent now (see the hotseat rules above). */
  private viewer(): Viewer {
    const l = this.listener;
    if (l === undefined) return 'spectator';
    if (l !== 'hotseat') return l;
    const toAct = this.match.toAct;
    if (toAct >= 0 && this.isHuman(toAct)) this.lastHuman = toAct;
    return this.lastHuman ?? 'spectator';
  }

  /**
   * The seat an `act` is submitted for: the speaker's own, or in hotseat the human seat to act
   * (when a bot is to act, a human seat that is not: the match refuses it as out of turn, after
   * its version check, as the server would).
   */
  private actor(from: LocalSpeaker): Viewer {
    if (from !== 'hotseat') return from;
    const toAct = this.match.toAct;
    if (toAct >= 0 && this.isHuman(toAct)) return toAct;
    const human = this.settings.seats.findIndex((s, i) => s.kind === 'human' && i !== toAct);
    return human >= 0 ? human : 'spectator';
  }

  /**
   * The seat a `resign` is for: in hotseat, the human to act, or the only human seat; undefined
   * when a bot is to act and several humans play (who resigns would be a guess).
   */
  private resigner(from: LocalSpeaker): Viewer | undefined {
    if (from !== 'hotseat') return from;
    const toAct = this.match.toAct;
    if (toAct >= 0 && this.isHuman(toAct)) return toAct;
    const humans = this.settings.seats.flatMap((s, i) => (s.kind === 'human' ? [i] : []));
    if (humans.length === 0) return 'spectator';
    return humans.length === 1 ? humans[0] : undefined;
  }

  private players(): PlayerInfo[] {
    return this.settings.seats.map((s, seat) => ({
      seat,
      name: this.names[seat] ?? '',
      kind: s.kind,
      ...(s.kind === 'bot' ? { level: s.level } : {}),
      connected: s.kind === 'bot' || this.listener === 'hotseat' || this.listener === seat,
    }));
  }

  // ---------------------------------------------------------------- plumbing

  private refuse(id: string | undefined, code: string, message: string): void {
    this.send(refusal(id, code, message));
  }

  private changed(): void {
    this.options.onchange?.(this.progress());
  }

  private send(message: ServerMessage): void {
    this.options.send(message);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
