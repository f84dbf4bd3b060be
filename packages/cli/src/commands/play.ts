/**
 * `carcassonne play --bots mcts`: a person plays against bots in the terminal.
 *
 * The person sees only their own view (`viewOf(game, seat)`): the board, the tile in hand, scores,
 * supplies, the expansions' public pieces and their own triangles (H-3), never the order of the
 * pile or another player's hand. Each decision lists the legal actions, numbered; the person types
 * a number, coordinates (`3 -1 90`), words naming an action (`city`, `pass`, `north`) or a command.
 * A wrong entry gets a one-line reason (from the engine's checked door, with its rule) and the
 * question again; the game changes only through a legal action. Bots' actions are printed as they
 * are taken, with the points they score. Decisions that fall to the person out of turn (a dragon
 * step, the draft, a crop circle) are asked like any other. A decision with a single legal action (a
 * forced dragon step, a phase 2 with only "pass") is taken for the person and told in one line,
 * unless `--no-auto`. The board is drawn again only when it looks different from the last drawing.
 *
 * The game can be saved as a record (docs/record-format.md) when it ends or the person quits, with
 * the scores at that point as its expectations, so `carcassonne replay FILE --check` verifies it.
 */
import type { Locale } from '@carc/art';
import type { Bot, BotName } from '@carc/bots';
import { BOT_NAMES, createBot, isBotName, mixSeed, seatOf } from '@carc/bots';
import type { Action, ExpansionId, GameConfig, GameView, Options, RuleError, Game, Seed } from '@carc/engine';
import { MAX_PLAYERS, createGame, makeRecord, parseSeed, seedWords, viewOf } from '@carc/engine';
import type { Io } from '../io.js';
import { CliError, fileErrorMessage } from '../io.js';
import { formatJson } from '../json.js';
import type { Table } from '../play/describe.js';
import {
  actionKeys,
  actionPhrase,
  cellName,
  cornerOf,
  eventLines,
  tileName,
  toldByEvents,
  who,
} from '../play/describe.js';
import type { Command } from '../play/entry.js';
import { phraseWords, readEntry, wordsMatch } from '../play/entry.js';
import type { CellMark } from '../render/text.js';
import { boardLegend, renderBoardText, renderTileRow, styled } from '../render/text.js';
import { checkMctsFlags, mctsBudget } from './mcts.js';

export interface PlayOptions {
  /** The bots, one seat each (a name may repeat). */
  bots: string[];
  /** The person's seat, counted from 0 (as in records and `--viewer`). */
  seat?: number;
  /** Seed of the tile bag; the bots' generators are derived from it. */
  seed: Seed;
  expansions?: ExpansionId[];
  /** Options (after a preset), as the engine takes them. */
  options?: Partial<Options>;
  /** Extra tile definitions (H-0), already read from `--tiles`. */
  tiles?: unknown[];
  /** Let `tiles` replace built-in tiles of the same id (`--replace-tiles`). */
  replaceTiles?: boolean;
  mctsIterations?: number;
  mctsMs?: number;
  /** Where to write the game record when the game ends or the person quits. */
  record?: string;
  /** ANSI colours; false for plain text (they are used only on a terminal anyway). */
  color?: boolean;
  /** The person's name in the record and on the table (default "You"). */
  name?: string;
  /** Take a decision with a single legal action without asking (default true; `--no-auto`). */
  auto?: boolean;
  /** The language of the moves and events told (`--lang`; the prompts and help stay English). */
  lang?: Locale;
}

/** One numbered entry of the menu of a decision. */
interface MenuItem {
  action: Action;
  phrase: string;
  words: string[];
  keys: string[];
}

const RULE = '-'.repeat(100);

const HELP = `What you can type:
  a number        the action with that number in the list
  x y rotation    place the tile in hand at (x,y) turned clockwise by 0, 90, 180 or 270 degrees:
                  "3 -1 90", "3,-1 r90", "(3,-1) 90"; without a rotation when only one fits there
  [tile] x y nw   Halflings: a triangle from your hand at (x,y), its right angle at nw, ne, se or sw
                  (or 0, 90, 180, 270); name the tile (e.g. H1-03) when several of yours fit there
  words           an action of the list by its words: "city", "pass", "north", "field south 1 0"
  board           show the board again          moves    show the list of actions again
  scores          show the scores               legend   what the characters of the board mean
  help            this text                     quit     stop (the record is saved with --record)
Coordinates: x grows to the east, y to the south; the start tile is at (0,0). Seats count from 0.
`;

/** Checks the options; returns the bot names and the number of players. Throws CliError. */
export function checkPlayOptions(o: PlayOptions): { bots: BotName[]; players: number; seat: number } {
  const bots: BotName[] = [];
  for (const b of o.bots) {
    if (!isBotName(b)) throw new CliError(`--bots: unknown bot "${b}" (${BOT_NAMES.join(', ')})`);
    bots.push(b);
  }
  if (bots.length === 0) throw new CliError('--bots: name at least one bot');
  const players = bots.length + 1;
  if (players > MAX_PLAYERS) {
    throw new CliError(
      `--bots: at most ${MAX_PLAYERS - 1} bots (you and they make at most ${MAX_PLAYERS} players)`,
    );
  }
  const seat = o.seat ?? 0;
  if (!Number.isInteger(seat) || seat < 0 || seat >= players) {
    throw new CliError(`--seat must be a seat from 0 to ${players - 1} (seats count from 0, as in records)`);
  }
  checkMctsFlags(o);
  const seed = parseSeed(o.seed);
  if (!seed.ok) throw new CliError(`--seed ${String(o.seed)}: ${seed.error}`);
  return { bots, players, seat };
}

/** Runs the command; returns the exit code. Throws CliError on bad options. */
export async function runPlay(opts: PlayOptions, io: Io): Promise<number> {
  const { bots: botNames, players, seat } = checkPlayOptions(opts);
  // The record is written at the end: find out now, before anything is played, if it cannot be.
  if (opts.record !== undefined) {
    try {
      io.checkWritable(opts.record);
    } catch (e) {
      throw new CliError(`--record: cannot write ${opts.record}: ${fileErrorMessage(e)}`);
    }
  }
  const config: GameConfig = {
    players,
    seed: opts.seed,
    ...(opts.expansions && opts.expansions.length > 0 ? { expansions: opts.expansions } : {}),
    ...(opts.options ? { options: opts.options } : {}),
    ...(opts.tiles ? { tiles: opts.tiles } : {}),
    ...(opts.tiles && opts.replaceTiles ? { replaceTiles: true } : {}),
  };
  const created = createGame({ ...config, recordEvents: true });
  if (!created.ok) throw new CliError(created.error.message);
  const budget = botNames.includes('mcts') ? mctsBudget(opts) : undefined;
  const names: string[] = [];
  const bots: (Bot | undefined)[] = [];
  let next = 0;
  for (let p = 0; p < players; p++) {
    if (p === seat) {
      names.push(opts.name ?? 'You');
      bots.push(undefined);
      continue;
    }
    const name = botNames[next++] ?? 'random';
    // Seat-numbered names tell two bots of one kind apart in the log and the record.
    names.push(botNames.filter((b) => b === name).length > 1 ? `${name}-${p}` : name);
    bots.push(createBot(name, mixSeed(...seedWords(opts.seed), p), { mcts: budget }));
  }
  const session = new Session(io, created.value, config, names, bots, seat, opts);
  try {
    return await session.run();
  } finally {
    io.closeInput();
  }
}

class Session {
  private readonly actions: { player: number; action: Action }[] = [];
  /** Events already told. */
  private seen = 0;
  /** H-13: the action the crop circle named, for the words of the choices that follow. */
  private cropMode: 'add' | 'remove' | undefined;
  private legendShown = false;
  /** The board as last drawn: an unchanged board is not drawn again (it is still on the screen). */
  private lastBoard: string | undefined;
  private readonly color: boolean;

  constructor(
    private readonly io: Io,
    private readonly game: Game,
    private readonly config: GameConfig,
    private readonly names: readonly string[],
    private readonly bots: readonly (Bot | undefined)[],
    private readonly human: number,
    private readonly opts: PlayOptions,
  ) {
    this.color = opts.color !== false && io.colorOut();
  }

  async run(): Promise<number> {
    const g = this.game;
    const { io } = this;
    const expansions =
      g.expansionIds.length === 0 ? 'base game' : `base game + ${g.expansionIds.join(' + ')}`;
    io.out(
      `Carcassonne, ${expansions}: ${this.names.map((_, p) => who(this.namesTable, p)).join(', ')}. ` +
        `You are ${who(this.namesTable, this.human)}. Seed ${this.opts.seed}.\n` +
        'Type help at the prompt for what you can enter.\n',
    );
    this.tellEvents();
    let quit = false;
    while (!g.isOver && !quit) {
      const p = g.toAct;
      if (p === this.human) quit = !(await this.humanDecision());
      else this.botDecision(p);
    }
    if (quit) {
      io.out(`\nYou left the game. Scores so far:\n${this.scoreTable(viewOf(g, this.human))}`);
    } else {
      this.finalSummary();
    }
    this.saveRecord();
    return 0;
  }

  /** The table as the phrases see it: the person's view (only what they may know). */
  private table(view: GameView = viewOf(this.game, this.human)): Table {
    return {
      view,
      tiles: this.game.catalog,
      names: this.names,
      ...(this.opts.lang ? { locale: this.opts.lang } : {}),
    };
  }

  private get namesTable(): Pick<Table, 'names'> {
    return { names: this.names };
  }

  private botDecision(p: number): void {
    const g = this.game;
    const bot = this.bots[p];
    if (!bot) throw new Error(`invariant: no bot in seat ${p}`);
    const legal = new Int32Array(g.maxMoves);
    const n = g.legalMoves(legal);
    const move = bot.choose(seatOf(g, p));
    if (!legal.subarray(0, n).includes(move)) {
      throw new Error(`bot ${bot.name} (player ${p}) chose an illegal move ${move} in phase ${g.phaseName}`);
    }
    const action = g.toAction(move);
    const line = this.logLine(p, action);
    g.play(move);
    this.actions.push({ player: p, action });
    if (action.type === 'crop-circle') this.cropMode = action.mode;
    if (line) this.io.out(`${line}\n`);
    this.tellEvents();
  }

  /** "P1 greedy: a city cap with a road at (1,0), turned 90°", told before the action is played (it names the drawn tile). */
  private logLine(p: number, action: Action): string | undefined {
    if (toldByEvents(action)) return undefined;
    const phrase = actionPhrase(this.table(), action, this.game.phaseName, this.cropMode);
    return `${styled(who(this.namesTable, p), 'meeple', this.color, p)}: ${phrase}`;
  }

  /** Prints what happened since the last call (points, the dragon, captures…). */
  private tellEvents(): void {
    const events = this.game.events;
    const t = this.table();
    for (; this.seen < events.length; this.seen++) {
      const e = events[this.seen];
      if (!e) continue;
      for (const line of eventLines(t, e)) this.io.out(`    ${line}\n`);
    }
  }

  /** Asks the person for one decision; false when they quit (or the input ends). */
  private async humanDecision(): Promise<boolean> {
    const g = this.game;
    const { io } = this;
    const view = viewOf(g, this.human);
    const menu = this.menu(view);
    if (menu.length === 0)
      throw new Error(`invariant: player ${this.human} must act but has no legal action`);
    const only = menu[0];
    if (menu.length === 1 && only && this.opts.auto !== false) {
      this.autoTake(view, only);
      return true;
    }
    this.showDecision(view, menu);
    const prompt = `${who(this.namesTable, this.human)}> `;
    for (;;) {
      const line = await io.readLine(prompt);
      if (line === null) {
        io.out('\n(end of input)\n');
        return false;
      }
      const entry = readEntry(line);
      let chosen: Action | undefined;
      switch (entry.kind) {
        case 'empty':
          io.out('Type a number from the list, coordinates, or help.\n');
          continue;
        case 'bad':
          io.out(`${entry.message}\n`);
          continue;
        case 'command':
          if (entry.command === 'quit') return false;
          this.command(entry.command, view, menu);
          continue;
        case 'number': {
          const item = menu[entry.n - 1];
          if (!item) {
            const range = menu.length === 1 ? 'type 1' : `type a number from 1 to ${menu.length}`;
            io.out(`${entry.n} is not in the list: ${range} (or help).\n`);
            continue;
          }
          chosen = item.action;
          break;
        }
        case 'coords': {
          const r = this.fromCoords(entry, view, menu);
          if (typeof r === 'string') {
            io.out(`${r}\n`);
            continue;
          }
          chosen = r;
          break;
        }
        case 'words': {
          const r = this.fromWords(entry.words, menu);
          if (typeof r === 'string') {
            io.out(`${r}\n`);
            continue;
          }
          chosen = r;
          break;
        }
      }
      // The checked door has the last word: a refused action changes nothing.
      const line2 = this.logLine(this.human, chosen);
      const applied = g.apply(chosen, this.human);
      if (!applied.ok) {
        io.out(`Not possible: ${ruleText(applied.error)}\n`);
        continue;
      }
      this.actions.push({ player: this.human, action: chosen });
      if (chosen.type === 'crop-circle') this.cropMode = chosen.mode;
      if (line2) io.out(`${line2}\n`);
      this.tellEvents();
      return true;
    }
  }

  /**
   * Plays the one legal action without asking, in one line with the reason. There is nothing to
   * undo (play has no undo), and each call plays an action, so the game always moves on.
   */
  private autoTake(view: GameView, item: MenuItem): void {
    const g = this.game;
    const action = item.action;
    const applied = g.apply(action, this.human);
    if (!applied.ok)
      throw new Error(`invariant: the only legal action was refused: ${ruleText(applied.error)}`);
    this.actions.push({ player: this.human, action });
    if (action.type === 'crop-circle') this.cropMode = action.mode;
    const name = styled(who(this.namesTable, this.human), 'meeple', this.color, this.human);
    this.io.out(`${name}: ${item.phrase} (auto: ${onlyReason(action, view.phase)})\n`);
    this.tellEvents();
  }

  private command(c: Exclude<Command, 'quit'>, view: GameView, menu: readonly MenuItem[]): void {
    const { io } = this;
    switch (c) {
      case 'help':
        io.out(HELP);
        return;
      case 'board':
        this.lastBoard = this.board(view);
        io.out(this.lastBoard);
        return;
      case 'moves':
        io.out(this.menuText(menu));
        return;
      case 'scores':
        io.out(this.scoreTable(view));
        return;
      case 'legend':
        io.out(boardLegend(this.game.expansionIds));
        return;
    }
  }

  /** The legal actions of the person, numbered in the order the menu shows them. */
  private menu(view: GameView): MenuItem[] {
    const t = this.table(view);
    const phase = view.phase;
    const actions = [...view.legalActions];
    // Pass and draw first, then placements by row and column (triangles by tile first), then the rest.
    const key = (a: Action): [number, string, number, number, number] => {
      switch (a.type) {
        case 'pass':
        case 'draw':
          return [0, '', 0, 0, 0];
        case 'place':
          return [1, '', a.y, a.x, a.rotation];
        case 'triangle':
          return [1, a.tile, a.y, a.x, a.rotation];
        case 'draft':
          return [1, a.tile, 0, 0, 0];
        default:
          return [2, '', 0, 0, 0];
      }
    };
    const order = actions.map((a, i) => ({ a, i, k: key(a) }));
    order.sort((p, q) => {
      for (let j = 0; j < p.k.length; j++) {
        const x = p.k[j] ?? 0;
        const y = q.k[j] ?? 0;
        if (x !== y) return x < y ? -1 : 1;
      }
      return p.i - q.i;
    });
    return order.map(({ a }) => {
      const phrase = actionPhrase(t, a, phase, this.cropMode);
      return { action: a, phrase, words: phraseWords(phrase), keys: actionKeys(a) };
    });
  }

  /** The board as the person sees it, with the cells where the tile in hand fits marked. */
  private board(view: GameView): string {
    const marks: CellMark[] = [];
    const seen = new Set<string>();
    for (const a of view.legalActions) {
      if (a.type !== 'place' && a.type !== 'triangle') continue;
      const occupied = view.tiles.some((t) => t.x === a.x && t.y === a.y);
      const corner = a.type === 'triangle' && occupied ? cornerOf(a.rotation) : undefined;
      const key = `${a.x},${a.y},${corner ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      marks.push({ x: a.x, y: a.y, ...(corner ? { corner } : {}) });
    }
    const last = [...this.actions]
      .reverse()
      .find((s) => s.action.type === 'place' || s.action.type === 'triangle');
    const highlight =
      last && (last.action.type === 'place' || last.action.type === 'triangle')
        ? [{ x: last.action.x, y: last.action.y }]
        : [];
    return renderBoardText(view, this.game.catalog, { color: this.color, marks, highlight });
  }

  private showDecision(view: GameView, menu: readonly MenuItem[]): void {
    const { io } = this;
    const g = this.game;
    io.out(`\n${RULE}\n`);
    const board = this.board(view);
    if (board === this.lastBoard) io.out('The board is as drawn above (type board to see it again).\n');
    else io.out(board);
    this.lastBoard = board;
    if (!this.legendShown) {
      io.out(boardLegend(g.expansionIds));
      this.legendShown = true;
    }
    io.out(this.scoreTable(view));
    const drawn = view.drawnTile;
    if (view.phase === 'place' && drawn !== null) {
      const kind = g.catalog.kindOf(drawn);
      if (kind !== undefined) {
        const def = g.catalog.def(kind);
        io.out(
          `\nYour tile: ${tileName(g.catalog, drawn, this.opts.lang)}${tileNotes(def)}, turned clockwise:\n`,
        );
        io.out(
          renderTileRow(
            [0, 1, 2, 3].map((q) => ({ def, q, caption: `r${q * 90}` })),
            { color: this.color },
          ),
        );
      }
    }
    this.showTriangles(view, menu);
    io.out(`\n${this.question(view)}\n`);
    io.out(this.menuText(menu));
  }

  /**
   * Halflings: the person's own triangles (H-3): in all four corners when they may play one now
   * (H-4), else as a reminder; and the face-up draft pool, captioned with the menu's numbers.
   */
  private showTriangles(view: GameView, menu: readonly MenuItem[]): void {
    const g = this.game;
    const { io } = this;
    const defOf = (id: string) => {
      const kind = g.catalog.kindOf(id);
      return kind === undefined ? undefined : g.catalog.def(kind);
    };
    const ids = view.hands?.[this.human];
    if (ids) {
      if (ids.length === 0) io.out('\nYour triangles: none left.\n');
      else if (view.phase === 'turn') {
        io.out('\nYour triangles, with the right angle in each corner (type a triangle by its name):\n');
        for (const id of ids) {
          const def = defOf(id);
          if (!def) continue;
          const corners = [0, 1, 2, 3].map((q) => ({ def, q, caption: `${id} ${cornerOf(q * 90)}` }));
          io.out(renderTileRow(corners, { color: this.color }));
        }
      } else {
        const items = ids.flatMap((id) => {
          const def = defOf(id);
          return def ? [{ def, q: 0, caption: id }] : [];
        });
        io.out('\nYour triangles:\n');
        io.out(renderTileRow(items, { color: this.color }));
      }
    }
    if (view.phase === 'draft') {
      const items = menu.flatMap((m, i) => {
        const def = m.action.type === 'draft' ? defOf(m.action.tile) : undefined;
        return def && m.action.type === 'draft' ? [{ def, q: 0, caption: `[${i + 1}]` }] : [];
      });
      io.out('\nFace-up triangles to draft:\n');
      io.out(renderTileRow(items, { color: this.color }));
    }
  }

  /** What the decision in front of the person is, in one or two lines. */
  private question(view: GameView): string {
    const g = this.game;
    const t = this.table(view);
    const example = (() => {
      const a = view.legalActions.find((x) => x.type === 'place' || x.type === 'triangle');
      if (a?.type === 'place') return `"${a.x} ${a.y} ${a.rotation}"`;
      if (a?.type === 'triangle') return `"${a.tile} ${a.x} ${a.y} ${cornerOf(a.rotation)}"`;
      return '';
    })();
    const last = [...this.actions]
      .reverse()
      .find((s) => s.action.type === 'place' || s.action.type === 'triangle');
    switch (view.phase) {
      case 'place':
        return `Place your tile: type a number, or x y rotation (e.g. ${example}).`;
      case 'turn':
        return (
          `Play a triangle from your hand instead of drawing, or draw a tile: type a number, or ` +
          `tile x y corner (e.g. ${example}).`
        );
      case 'action': {
        const where =
          last && (last.action.type === 'place' || last.action.type === 'triangle')
            ? ` for the tile at ${cellName(last.action.x, last.action.y)}`
            : '';
        return `Your meeple${where}: type a number, or words such as "city", "road", "none".`;
      }
      case 'dragon': {
        return (
          `The dragon hunts: step ${view.hunt?.step ?? '?'} of 6 is yours ` +
          `(${who(t, g.current)} placed the dragon tile). Type a number or n, e, s, w.`
        );
      }
      case 'capture':
        return 'Your tower may capture a meeple within its range: type a number.';
      case 'crop-circle':
        return this.cropMode === undefined || view.legalActions.some((a) => a.type === 'crop-circle')
          ? 'Crop circle: name a kind of meeple and what every player does: type a number.'
          : `Crop circle: every player ${this.cropMode === 'add' ? 'may add' : 'must remove'} a meeple; your choice: type a number.`;
      case 'draft':
        return 'Draft: take one of the face-up triangles: type a number or its name.';
      default:
        return 'Choose: type a number.';
    }
  }

  /** The numbered menu; placements grouped by cell, several cells to a line. */
  private menuText(menu: readonly MenuItem[]): string {
    const groups: string[] = [];
    const singles: string[] = [];
    const num = (i: number) => `[${i + 1}]`;
    let i = 0;
    while (i < menu.length) {
      const item = menu[i];
      if (!item) break;
      const a = item.action;
      if (a.type === 'place' || a.type === 'triangle') {
        const head = a.type === 'place' ? cellName(a.x, a.y) : `${a.tile} ${cellName(a.x, a.y)}`;
        const parts: string[] = [];
        let j = i;
        for (; j < menu.length; j++) {
          const b = menu[j]?.action;
          if (!b || b.type !== a.type || b.x !== a.x || b.y !== a.y) break;
          if (b.type === 'triangle' && a.type === 'triangle' && b.tile !== a.tile) break;
          parts.push(`${num(j)} ${b.type === 'triangle' ? cornerOf(b.rotation) : `r${b.rotation}`}`);
        }
        groups.push(`${head}: ${parts.join(' ')}`);
        i = j;
        continue;
      }
      singles.push(`  ${num(i)} ${item.phrase}`);
      i++;
    }
    const lines: string[] = [];
    // Singles (pass, draw…) first when they come first in the menu, then the placements.
    const grouped = (a: Action | undefined) => a?.type === 'place' || a?.type === 'triangle';
    const firstIsSingle = menu[0] !== undefined && !grouped(menu[0].action);
    const before = firstIsSingle ? singles.splice(0, 1) : [];
    lines.push(...before);
    if (groups.length > 0) {
      const width = Math.max(...groups.map((s) => s.length)) + 3;
      const perLine = Math.max(1, Math.floor(96 / width));
      for (let k = 0; k < groups.length; k += perLine) {
        lines.push(
          '  ' +
            groups
              .slice(k, k + perLine)
              .map((s) => s.padEnd(width))
              .join('')
              .trimEnd(),
        );
      }
    }
    lines.push(...singles);
    return lines.join('\n') + '\n';
  }

  /** A placement typed as coordinates: the action it names, or why it cannot be played. */
  private fromCoords(
    e: { x: number; y: number; rotation?: 0 | 90 | 180 | 270; tile?: string },
    view: GameView,
    menu: readonly MenuItem[],
  ): Action | string {
    const g = this.game;
    const at = cellName(e.x, e.y);
    if (view.phase === 'place') {
      if (e.tile !== undefined && e.tile !== view.drawnTile) {
        return `Your tile is ${view.drawnTile ?? 'none'}, not ${e.tile}.`;
      }
      const here = menu.flatMap((m) =>
        m.action.type === 'place' && m.action.x === e.x && m.action.y === e.y ? [m.action] : [],
      );
      if (e.rotation !== undefined) {
        const action: Action = { type: 'place', x: e.x, y: e.y, rotation: e.rotation };
        const r = g.encode(action, this.human);
        return r.ok ? action : `Not possible: ${ruleText(r.error)}`;
      }
      if (here.length === 1 && here[0]) return here[0];
      if (here.length > 1) {
        const rs = here.map((a) => (a.type === 'place' ? `r${a.rotation}` : '')).join(', ');
        return `${view.drawnTile ?? 'The tile'} fits ${at} turned ${rs}: add the rotation, e.g. "${e.x} ${e.y} ${here[0]?.type === 'place' ? here[0].rotation : 0}".`;
      }
      const r = g.encode({ type: 'place', x: e.x, y: e.y, rotation: 0 }, this.human);
      return r.ok
        ? `Not possible at ${at}.`
        : `Not possible: ${view.drawnTile ?? 'the tile'} fits ${at} in no rotation; at r0: ${ruleText(r.error)}`;
    }
    if (view.phase === 'turn') {
      const hand = [...new Set(view.hands?.[this.human] ?? [])];
      if (e.tile !== undefined && !hand.includes(e.tile)) {
        return `${e.tile} is not in your hand (${hand.join(', ') || 'empty'}).`;
      }
      const tiles = e.tile !== undefined ? [e.tile] : hand;
      const rotations: (0 | 90 | 180 | 270)[] = e.rotation !== undefined ? [e.rotation] : [0, 90, 180, 270];
      const fits = menu.flatMap((m) =>
        m.action.type === 'triangle' &&
        m.action.x === e.x &&
        m.action.y === e.y &&
        tiles.includes(m.action.tile) &&
        rotations.includes(m.action.rotation)
          ? [m.action]
          : [],
      );
      if (fits.length === 1 && fits[0]) return fits[0];
      if (fits.length > 1) {
        const list = fits
          .map((a) => (a.type === 'triangle' ? `${a.tile} ${cornerOf(a.rotation)}` : ''))
          .join(', ');
        return `Several of your triangles fit ${at}: ${list}; type one of them, e.g. "${list.split(', ')[0]?.split(' ')[0] ?? ''} ${e.x} ${e.y} ${list.split(', ')[0]?.split(' ')[1] ?? ''}".`;
      }
      const tile = tiles[0];
      if (tile === undefined) return 'You have no triangle to play: type "draw" or its number.';
      const r = g.encode({ type: 'triangle', tile, x: e.x, y: e.y, rotation: rotations[0] ?? 0 }, this.human);
      const how = e.rotation !== undefined ? `${tile} ${cornerOf(e.rotation)}` : `${tile} (any corner)`;
      return r.ok
        ? `Not possible at ${at}.`
        : `Not possible: ${how} does not fit ${at}: ${ruleText(r.error)}`;
    }
    if (view.phase === 'action') {
      const r = g.encode({ type: 'place', x: e.x, y: e.y, rotation: e.rotation ?? 0 }, this.human);
      if (!r.ok) return `Not possible: ${ruleText(r.error)}; choose from the list.`;
    }
    return `There is no tile to place now (${view.phase}): choose from the list.`;
  }

  /** An action typed as words: the one menu entry they name, or why not. */
  private fromWords(words: readonly string[], menu: readonly MenuItem[]): Action | string {
    const hits = menu.map((m, i) => ({ m, i })).filter(({ m }) => wordsMatch(words, m.words, m.keys));
    const typed = words.join(' ');
    const only = hits[0];
    if (hits.length === 1 && only) return only.m.action;
    if (hits.length === 0) {
      return `"${typed}" is not a command, a number from the list, coordinates or an action of the list: type help.`;
    }
    const numbers = hits.slice(0, 8).map(({ i }) => i + 1);
    const more = hits.length > 8 ? ', …' : '';
    return `"${typed}" matches ${hits.length} actions (${numbers.join(', ')}${more}): type its number or more words.`;
  }

  private scoreTable(view: GameView): string {
    const towers = view.towerPieces;
    const prisoners = view.prisoners;
    const handSizes = view.handSizes;
    const head = ['', 'player', 'score', 'meeples'];
    if (towers) head.push('tower pieces', 'prisoners held');
    if (handSizes) head.push('triangles');
    const rows = [head];
    for (let p = 0; p < view.players; p++) {
      const mark = p === view.toAct ? '>' : '';
      const row = [
        mark,
        `${who(this.namesTable, p)}${p === this.human ? ' (you)' : ''}`,
        String(view.scores[p] ?? 0),
        String(view.supply[p] ?? 0),
      ];
      if (towers) {
        row.push(String(towers[p] ?? 0));
        const held = prisoners?.[p];
        row.push(held && held.length > 0 ? held.map((o) => `P${o}`).join(' ') : '-');
      }
      if (handSizes) row.push(String(handSizes[p] ?? 0));
      rows.push(row);
    }
    const widths = head.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
    const lines = rows.map((r) =>
      r
        .map((cell, c) => (c <= 1 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
        .join('  ')
        .trimEnd(),
    );
    const extra: string[] = [`tiles left in the pile: ${view.bag.size}`];
    const { dragon, fairy } = view;
    if (view.expansions.includes('princess-and-dragon')) {
      extra.push(dragon ? `dragon at ${cellName(dragon.x, dragon.y)}` : 'dragon not in play yet');
      extra.push(fairy ? `fairy at ${cellName(fairy.x, fairy.y)}` : 'fairy off the board');
    }
    return `${lines.map((l) => `  ${l}`).join('\n')}\n  ${extra.join(', ')}\n`;
  }

  private finalSummary(): void {
    const { io } = this;
    const view = viewOf(this.game, this.human);
    io.out(`\n${RULE}\nGame over.\n`);
    io.out(renderBoardText(view, this.game.catalog, { color: this.color }));
    io.out(`\nFinal scores:\n${this.scoreTable(view)}`);
    const best = Math.max(...view.scores);
    const winners = view.scores.flatMap((s, p) => (s === best ? [p] : []));
    const names = winners.map((p) => who(this.namesTable, p)).join(' and ');
    io.out(
      winners.length === 1
        ? `Winner: ${names} with ${best} points.${winners[0] === this.human ? ' Well played!' : ''}\n`
        : `Shared win: ${names} with ${best} points each.\n`,
    );
  }

  private saveRecord(): void {
    const file = this.opts.record;
    if (file === undefined) return;
    const g = this.game;
    const view = viewOf(g, -1);
    const rec = makeRecord(this.config, this.actions, this.names);
    // The position it ends in, so `replay --check` has something to verify.
    rec.expect = g.isOver
      ? { scores: view.scores, phase: 'over' }
      : { scores: view.scores, phase: view.phase, toAct: view.toAct };
    try {
      this.io.writeFile(file, formatJson(rec));
    } catch (e) {
      throw new CliError(`cannot write ${file}: ${fileErrorMessage(e)}`);
    }
    this.io.out(`Game record written to ${file} (check it with: carcassonne replay ${file} --check).\n`);
  }
}

/** The engine's reason, and the rule that gives it: "… its west side does not match … (rule B-4)". */
export function ruleText(e: RuleError): string {
  return `${e.message}${e.rule ? ` (rule ${e.rule})` : ''}`;
}

/** Why an action is the only one the person may take, as the auto line tells it. */
export function onlyReason(a: Action, phase: string): string {
  switch (a.type) {
    case 'dragon':
      return 'the only legal step';
    case 'place':
      return 'the only legal placement';
    case 'triangle':
      return 'the only legal placement';
    case 'draw':
      return 'no triangle of yours fits';
    case 'draft':
      return 'the only triangle left to draft';
    case 'pass':
      if (phase === 'action') return 'nothing else is possible';
      if (phase === 'capture') return "no meeple within your tower's range";
      if (phase === 'crop-circle') return 'no meeple can be added';
      return 'the only legal action';
    case 'crop':
      return 'the only choice';
    default:
      return 'the only legal action';
  }
}

/** Notes on the tile in hand: the printed symbols that do something (D-3, D-5, D-10, D-13, H-12, H-13), in words. */
function tileNotes(def: { symbols: readonly string[]; features: readonly { princess?: boolean }[] }): string {
  const notes: string[] = [];
  if (def.symbols.includes('volcano')) notes.push('volcano: the dragon lands here, no meeple on it');
  if (def.symbols.includes('dragon')) notes.push('dragon symbol: the dragon hunts after this turn');
  if (def.symbols.includes('portal')) notes.push('magic portal: a meeple may go on any tile');
  if (def.features.some((f) => f.princess)) notes.push('princess: may send a knight of this city home');
  if (def.symbols.includes('vineyard'))
    notes.push('vineyard: 3 more points for a monastery finished beside it');
  if (def.symbols.includes('cropCircle')) notes.push('crop circle: every player adds or removes a meeple');
  return notes.length > 0 ? ` (${notes.join('; ')})` : '';
}
