/**
 * The `carcassonne` command line: commander wiring only. Every command lives in commands/ as a
 * function of its arguments and an `Io`, so tests run them in memory; `run()` turns errors into
 * exit codes: 0 success, 1 an expectation of `replay --check` failed, 2 bad input (usage, file,
 * record), 70 an internal error.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import type { ExpansionId, Options, Seed } from '@carc/engine';
import {
  EXPANSION_IDS,
  OPTION_SPECS,
  PRESETS,
  SEED_HEX_DIGITS,
  parseOptions,
  parseSeed,
  randomSeed,
} from '@carc/engine';
import type { Locale } from '@carc/art';
import { LANGUAGE_NAMES, LOCALES } from '@carc/art';
import { BOT_NAMES, DEFAULT_MCTS_BUDGET } from '@carc/bots';
import type { PlayOptions } from './commands/play.js';
import { runOptions } from './commands/options.js';
import { runPlay } from './commands/play.js';
import { runRender } from './commands/render.js';
import { runReplay } from './commands/replay.js';
import type { ServeOptions } from './commands/serve.js';
import { runServe } from './commands/serve.js';
import type { SimulateOptions } from './commands/simulate.js';
import { runSimulate } from './commands/simulate.js';
import type { TournamentOptions } from './commands/tournament.js';
import { runTournamentCommand } from './commands/tournament.js';
import { loadExpansions, loadTiles } from './load.js';
import type { Io } from './io.js';
import { CliError } from './io.js';

export const EXIT_OK = 0;
export const EXIT_MISMATCH = 1;
export const EXIT_USAGE = 2;
export const EXIT_INTERNAL = 70;

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

const integer =
  (what: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  (value: string): number => {
    const n = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      const range =
        max === Number.MAX_SAFE_INTEGER ? `an integer >= ${min}` : `an integer from ${min} to ${max}`;
      throw new InvalidArgumentError(`${what} must be ${range}.`);
    }
    return n;
  };

/**
 * `--seed`: what the engine and records accept (rules/rng.ts), a uint32 in decimal or 128 bits as
 * exactly 32 hex digits; anything else is refused naming the value and what is wrong with it.
 */
export function seedArg(value: string): Seed {
  const v = value.trim();
  const seed: Seed = /^\d+$/.test(v) && v.length !== SEED_HEX_DIGITS ? Number(v) : v;
  const parsed = parseSeed(seed);
  if (!parsed.ok) throw new InvalidArgumentError(`--seed ${JSON.stringify(value)}: ${parsed.error}.`);
  return seed;
}

/** `--lang`: the language of what a command tells in words (moves, events, a picture's legend). */
const langOption = (what: string): Option =>
  new Option(
    '--lang <code>',
    `the language of ${what}: ${LOCALES.map((l) => `${l} (${LANGUAGE_NAMES[l]})`).join(', ')}`,
  )
    .choices(LOCALES)
    .default('en');

/** How --seed is described in the help. */
const SEED_FORMS = `an integer from 0 to 4294967295, or ${SEED_HEX_DIGITS} hex digits (128 bits)`;

/** Builds the program; `setExit` receives each command's exit code. */
export function buildProgram(io: Io, setExit: (code: number) => void): Command {
  const program = new Command();
  program
    .name('carcassonne')
    .description(
      'Carcassonne rules engine on the command line: play against bots, replay and check game records, draw boards, simulate games, play bot tournaments, list the game options.',
    )
    .version(version(), '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .helpCommand('help [command]', 'show help for a command')
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) })
    .showHelpAfterError('(see carcassonne --help)')
    .exitOverride()
    .addHelpText(
      'after',
      `
Exit codes: 0 success, 1 an expectation of replay --check did not hold,
            2 bad usage or a bad record (missing file, invalid JSON, illegal action).

Examples:
  $ carcassonne play --bots mcts
  $ carcassonne replay game.json
  $ carcassonne replay game.json --check
  $ carcassonne render game.json --svg board.svg --cell 96
  $ carcassonne simulate --games 1000 --players 3 --seed 7
  $ carcassonne tournament --bots greedy,random --games 200 --seed 1
  $ carcassonne options

The rules, each with its id (B-7, D-14…): docs/rules.md.`,
    );

  const replay = program
    .command('replay')
    .summary('replay a game record and print its final state as JSON')
    .description(
      'Replay a game record and print the final state as JSON: scores, every score event, meeples on ' +
        'the board and in supply, tiles left, phase, the player to act and their legal actions, and the ' +
        'tiles on the board. With --check, also verify the expectations embedded in the record.',
    )
    .argument('<record>', 'game record (JSON, format "carcassonne-record")')
    .option('-c, --check', 'verify the expectations embedded in the record (exit 1 if one fails)')
    .option('-q, --quiet', 'do not print the final state')
    .option(
      '--viewer <player>',
      'print only what this player may see: their view and the record as shown to them (H-3)',
      integer('--viewer', 0, 5),
    )
    .option(
      '--expansion <module>',
      'also know the expansion a JavaScript module exports by default (repeatable)',
      (file: string, files: string[]) => [...files, file],
      [] as string[],
    );
  addTilesOption(replay)
    .addHelpText(
      'after',
      `
Exit codes: 0 ok, 1 an expectation did not hold (each mismatch is printed on stderr),
            2 the record cannot be read, is not valid JSON, is invalid or holds an illegal action.

Examples:
  $ carcassonne replay game.json > final.json
  $ carcassonne replay game.json --check --quiet`,
    )
    .action(
      async (
        record: string,
        opts: {
          check?: boolean;
          quiet?: boolean;
          tiles?: string;
          replaceTiles?: boolean;
          viewer?: number;
          expansion: string[];
        },
      ) => {
        const registry = await loadExpansions(opts.expansion);
        setExit(runReplay(record, { ...opts, registry }, io));
      },
    );

  const render = program
    .command('render')
    .summary('draw the final board of a game record as SVG')
    .description(
      'Replay a game record and draw its final board as SVG, from the tile definitions: fields, roads, ' +
        'cities, pennants, monasteries, tower foundations, and meeples in colour-blind safe player colours ' +
        '(vermillion, blue, yellow, black, purple, sky blue by seat), each marked with its player’s letter.',
    )
    .argument('<record>', 'game record (JSON)')
    .requiredOption('-o, --svg <file>', 'SVG file to write ("-" for standard output)')
    .option('--cell <px>', 'cell size in pixels (8 to 1024)', integer('--cell', 8, 1024), 64)
    .option('--title <text>', 'caption above the board')
    .option('--no-labels', 'leave out the coordinates along the edges')
    .option('--no-legend', 'leave out the players, scores and supply under the board')
    .option(
      '--viewer <player>',
      'draw the board as this player sees it, with their hand of triangles (H-3)',
      integer('--viewer', 0, 5),
    )
    .addOption(langOption('the titles and the legend'));
  addTilesOption(render)
    .addHelpText('after', '\nExample:\n  $ carcassonne render game.json --svg board.svg --cell 96')
    .action(
      (
        record: string,
        opts: {
          svg: string;
          cell: number;
          title?: string;
          labels: boolean;
          legend: boolean;
          viewer?: number;
          tiles?: string;
          replaceTiles?: boolean;
          lang: Locale;
        },
      ) => {
        setExit(runRender(record, opts, io));
      },
    );

  const simulate = program
    .command('simulate')
    .alias('sim')
    .summary('play random games and report speed and mean scores')
    .description(
      'Play random games (every move chosen uniformly among the legal ones) and print ' +
        'games per second, the mean score of each seat, wins, and the mean number of tiles placed and ' +
        'discarded. Game i shuffles its tile bag with seed S+i and draws its moves from a generator ' +
        'seeded from S+i, so runs repeat exactly.',
    )
    .addOption(new Option('-n, --games <n>', 'number of games').argParser(integer('--games', 1)).default(100))
    .addOption(
      new Option('-p, --players <n>', 'players per game (1 to 6)')
        .argParser(integer('--players', 1, 6))
        .default(2),
    )
    .addOption(
      new Option('-s, --seed <s>', `seed of the first game: ${SEED_FORMS}`).argParser(seedArg).default(1),
    )
    .option('--json', 'print the summary as JSON')
    .option(
      '-w, --workers <n>',
      'worker threads (results identical to one thread)',
      integer('--workers', 1, 64),
      1,
    );
  addRulesOptions(simulate)
    .addHelpText(
      'after',
      '\nExamples:\n  $ carcassonne simulate --games 1000 --players 4 --seed 42 --json\n' +
        '  $ carcassonne simulate -x princess-and-dragon --preset rgg -o fairy-bonus=5',
    )
    .action(async (opts: Flags<SimulateOptions> & { workers: number }) => {
      const { options, tiles } = rulesValues(opts, io);
      setExit(await runSimulate({ ...opts, options, tiles }, io));
    });

  const tournament = program
    .command('tournament')
    .summary('play bots against each other and report win rates')
    .description(
      'Play bots against each other in seat-rotated games: every line-up of --players bots (all ' +
        'combinations of the entries, or the entries repeated when there are fewer than seats) plays ' +
        'every seat rotation on the same deal, round r with seed S+r, until at least --games games are ' +
        'played. Prints per bot: games, wins (a shared win counts 1/k), win rate with its 95% Wilson ' +
        `interval, mean score and mean time per decision. Bots: ${BOT_NAMES.join(', ')}.`,
    )
    .requiredOption('-b, --bots <names>', `bots, comma-separated (${BOT_NAMES.join(', ')})`, botList)
    .addOption(
      new Option('-n, --games <n>', 'games to play at least (rounded up to whole rounds)')
        .argParser(integer('--games', 1))
        .default(100),
    )
    .addOption(
      new Option('-p, --players <n>', 'players per game (1 to 6)')
        .argParser(integer('--players', 1, 6))
        .default(2),
    )
    .addOption(
      new Option('-s, --seed <s>', `seed of the first deal: ${SEED_FORMS}`).argParser(seedArg).default(1),
    );
  addMctsOptions(tournament)
    .option('--json', 'print the summary as JSON')
    .option(
      '--ratings',
      'also print the pairwise results (each game as pairs of seats, with 95% Wilson intervals) and ' +
        'Glicko-scale ratings fitted from them (docs/ratings.md)',
    )
    .option(
      '--add-pairs <file>',
      'with --ratings: add the pairs of an earlier `tournament --ratings --json` output of the same ' +
        'player count and expansions to the fit (repeatable)',
      collect,
      [],
    )
    .option(
      '--anchor <bot=rating>',
      'with --ratings: place the scale so that this bot has this rating (default: the bots average 1500)',
    )
    .option(
      '-w, --workers <n>',
      'worker threads, each a range of rounds (the same games as one thread)',
      integer('--workers', 1, 64),
      1,
    );
  addRulesOptions(tournament)
    .addHelpText(
      'after',
      '\nWith --mcts-iterations alone the games repeat exactly from the seed; a time budget (--mcts-ms,\n' +
        'or the default) makes mcts depend on the machine.\n' +
        '\nExamples:\n  $ carcassonne tournament --bots greedy,random --games 200 --seed 1\n' +
        '  $ carcassonne tournament --bots mcts,greedy --games 40 --mcts-iterations 2000 --workers 2 --json\n' +
        '  $ carcassonne tournament -b greedy,random -x tower,princess-and-dragon --players 3\n' +
        '  $ carcassonne tournament -b random,greedy,mcts --games 60 --ratings',
    )
    .action(async (opts: Flags<TournamentOptions> & { workers: number }) => {
      const { options, tiles } = rulesValues(opts, io);
      setExit(await runTournamentCommand({ ...opts, options, tiles }, io));
    });

  const play = program
    .command('play')
    .summary('play against bots in the terminal')
    .description(
      'Play a game against bots in the terminal: you and one seat per bot. The board is drawn as text ' +
        '(coordinates along the edges, the cells where your tile fits marked), with your tile and its ' +
        'rotations, the scores and the numbered list of your legal actions. Type a number from the list, ' +
        'a placement as x y rotation ("3 -1 90"), words naming an action ("city", "pass", "north") or ' +
        'help, board, moves, scores, legend, quit. A wrong entry is explained (with the rule) and asked ' +
        "again; the bots' actions are printed as they play, with the points scored. A decision with a " +
        'single legal action is taken for you and told in one line (--no-auto asks anyway); the board is ' +
        'drawn again only when it changed. Seats count from 0, as in records and --viewer.',
    )
    .requiredOption(
      '-b, --bots <names>',
      `the bots you play against, comma-separated, one seat each (${BOT_NAMES.join(', ')})`,
      botList,
    )
    .option('--seat <n>', 'your seat, counted from 0 (0 plays first)', integer('--seat', 0, 5), 0)
    .option('--name <name>', 'your name on the table and in the record', 'You')
    .addOption(
      new Option(
        '-s, --seed <s>',
        `seed of the tile bag: ${SEED_FORMS} (default: a fresh random 128-bit one, printed at the start)`,
      ).argParser(seedArg),
    );
  addMctsOptions(addRulesOptions(play))
    .option(
      '--record <file>',
      'write the game record there when the game ends or you quit (replay --check verifies it)',
    )
    .option('--no-color', 'plain text without colours (colours are used only on a terminal anyway)')
    .option(
      '--no-auto',
      'ask even when a decision has a single legal action (by default it is taken for you and told ' +
        'in one line, e.g. a forced dragon step or a phase 2 with only "pass")',
    )
    .addOption(langOption('the moves, events and tiles told (the prompts and help stay English)'))
    .addHelpText(
      'after',
      '\nEnd of input (Ctrl-D) or Ctrl-C at the prompt quits like "quit".\n' +
        '\nExamples:\n  $ carcassonne play --bots mcts\n' +
        '  $ carcassonne play --bots greedy,mcts --seat 1 --seed 7 --record game.json\n' +
        '  $ carcassonne play -b mcts -x princess-and-dragon,tower,halflings --mcts-ms 500\n' +
        '  $ printf "1\\n1\\nquit\\n" | carcassonne play --bots random --seed 3 --no-color',
    )
    .action(
      async (
        opts: Flags<Omit<PlayOptions, 'seed'>> & {
          seed?: Seed;
          seat: number;
          name: string;
          color: boolean;
          auto: boolean;
          lang: Locale;
        },
      ) => {
        const { options, tiles } = rulesValues(opts, io);
        // A fresh deal each game unless asked; the seed is printed (and saved) so it can be replayed.
        // randomSeed: 128 bits from the platform's secure generator, not guessable from the draws.
        const seed = opts.seed ?? randomSeed();
        setExit(await runPlay({ ...opts, seed, options, tiles }, io));
      },
    );

  program
    .command('options')
    .summary('list the game options and presets')
    .description(
      'List every game option (id, expansion, allowed values, default, the rule ids it governs ' +
        'and what it sets) and every preset, as read from the engine; the rules they refer to are in ' +
        'docs/rules.md, whose option table is this command with --markdown.',
    )
    .addOption(new Option('--markdown', 'print Markdown tables (as in docs/rules.md)').conflicts('json'))
    .addOption(new Option('--json', 'print JSON').conflicts('update'))
    .addOption(
      new Option(
        '--update <file>',
        'write the Markdown tables between the options markers of this file (docs/rules.md) instead of printing them',
      ).conflicts('markdown'),
    )
    .option(
      '--expansion <module>',
      'also list the options of the expansion a JavaScript module exports by default (repeatable)',
      (file: string, files: string[]) => [...files, file],
      [] as string[],
    )
    .addHelpText(
      'after',
      '\nRegenerate the tables in docs/rules.md (between its options markers) with:\n' +
        '  $ carcassonne options --update docs/rules.md\n' +
        '\nExamples:\n  $ carcassonne options\n  $ carcassonne options --markdown\n  $ carcassonne options --json',
    )
    .action(async (opts: { markdown?: boolean; json?: boolean; update?: string; expansion: string[] }) => {
      const registry = await loadExpansions(opts.expansion);
      setExit(runOptions({ ...opts, registry }, io));
    });

  program
    .command('serve')
    .summary('run the multiplayer server (lobby, games over WebSocket, bots)')
    .description(
      'Run the authoritative multiplayer server until Ctrl-C: the lobby over HTTP (/api), games over a ' +
        'WebSocket (/ws, docs/protocol.md), bots in worker threads, the web client at / when built. ' +
        'With no settings it stores games in the SQLite file data/carcassonne.db; DATABASE_URL=postgres://… ' +
        'uses PostgreSQL. Every setting can also come from the environment (README, "Server").',
    )
    .option(
      '--port <n>',
      'port to listen on (PORT; default 8080, 0 picks a free one)',
      integer('--port', 0, 65535),
    )
    .option('--host <address>', 'address to listen on (HOST; default 127.0.0.1)')
    .option('--database <url>', 'a SQLite file path or a postgres:// URL (DATABASE_URL)')
    .option('--redis <url>', 'a redis:// URL, to share games between several server processes (REDIS_URL)')
    .option(
      '--web <dir>',
      "the built web client to serve at / (WEB_ROOT; default: the web package's dist, beside the server's)",
    )
    .option('--bot-threads <n>', 'worker threads for bots (BOT_THREADS)', integer('--bot-threads', 1, 64))
    .option(
      '--bot-budget <ms>',
      'thinking time per bot decision (BOT_BUDGET_MS)',
      integer('--bot-budget', 10, 60000),
    )
    .option(
      '--lease-ms <ms>',
      "with Redis: how long a dead process's games wait before another takes them over (LEASE_MS; default 5000)",
      integer('--lease-ms', 500, 600000),
    )
    .option(
      '--startup-timeout <ms>',
      'how long to wait for an unreachable PostgreSQL or Redis at start before exiting 69 (STARTUP_TIMEOUT_MS; default 30000)',
      integer('--startup-timeout', 0, 3600000),
    )
    .addHelpText(
      'after',
      '\nExit codes: 0 stopped by a signal, 2 bad flags, 69 PostgreSQL or Redis unreachable at start,\n' +
        '70 a bug (please report), 78 a configuration mistake (docs/operations.md, "Start-up").\n' +
        '\nExamples:\n  $ carcassonne serve\n' +
        "  $ DATABASE_URL='postgres://carc:PASSWORD@127.0.0.1:5432/carc' REDIS_URL=redis://127.0.0.1:6379 \\\n" +
        '      carcassonne serve --port 8081 --lease-ms 5000',
    )
    .action(async (opts: ServeOptions) => setExit(await runServe(opts, io)));

  return program;
}

/** `--tiles FILE`: extra tile definitions (H-0). */
function addTilesOption(cmd: Command): Command {
  return cmd
    .option('--tiles <file>', 'extra tile definitions (JSON array; H-0: your own Halflings faces)')
    .option('--replace-tiles', 'let --tiles redefine built-in tile ids (e.g. H1-01), replacing those tiles');
}

/** The options that choose the rules: `-x`, `--preset`, `--tiles`, `-o` (read by rulesValues). */
function addRulesOptions(cmd: Command): Command {
  cmd
    .option(
      '-x, --expansions <ids>',
      `expansions in play, comma-separated (${EXPANSION_IDS.join(', ')})`,
      expansionList,
      [] as ExpansionId[],
    )
    .option('--preset <name>', `rules preset (${Object.keys(PRESETS).join(', ')})`, 'hig');
  return addTilesOption(cmd).option(
    '-o, --option <id=value>',
    'a game option (carcassonne options lists them; docs/rules.md, section O), e.g. dragon-move=after-scoring (repeatable)',
    collect,
    [] as string[],
  );
}

/** What addRulesOptions parses. */
interface RulesFlags {
  expansions: ExpansionId[];
  preset: string;
  option: string[];
  tiles?: string;
  replaceTiles?: boolean;
}

/** A command's parsed flags: its options, with the rules given as flags (turned into values by rulesValues). */
type Flags<T> = Omit<T, 'expansions' | 'options' | 'tiles'> & RulesFlags;

/** The engine options (`-o` on top of `--preset`) and the extra tiles (`--tiles`) the flags ask for. */
function rulesValues(opts: RulesFlags, io: Io): { options: Options; tiles: unknown[] | undefined } {
  const options = optionValues(opts.option, opts.preset, opts.expansions);
  const tiles = opts.tiles === undefined ? undefined : loadTiles(opts.tiles, io, opts.replaceTiles);
  // H-1: a seeded game deals triangles only with the Halflings; without them the file would be ignored.
  const triangle = tiles?.find(
    (t) => typeof t === 'object' && t !== null && 'shape' in t && t.shape === 'triangle',
  );
  if (triangle !== undefined && !opts.expansions.includes('halflings')) {
    throw new CliError(
      `${opts.tiles}: triangle tiles come into play only with the Halflings (H-1): add -x halflings`,
    );
  }
  return { options, tiles };
}

/** The MCTS budget per decision: `--mcts-iterations`, `--mcts-ms` (checked by checkMctsFlags). */
function addMctsOptions(cmd: Command): Command {
  return cmd
    .option(
      '--mcts-iterations <k>',
      `mcts: iterations per decision (default ${DEFAULT_MCTS_BUDGET.iterations}, within ${DEFAULT_MCTS_BUDGET.ms} ms)`,
      integer('--mcts-iterations', 1),
    )
    .option('--mcts-ms <ms>', 'mcts: milliseconds per decision', integer('--mcts-ms', 1));
}

/** `-b a,b`: bot names, each checked (a name may repeat: two entries). */
function botList(value: string): string[] {
  const names = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (names.length === 0) throw new InvalidArgumentError('name at least one bot');
  for (const n of names) {
    if (!(BOT_NAMES as readonly string[]).includes(n)) {
      throw new InvalidArgumentError(`unknown bot "${n}" (${BOT_NAMES.join(', ')})`);
    }
  }
  return names;
}

/** `-x a,b`: expansion ids, each checked. */
function expansionList(value: string): ExpansionId[] {
  const ids = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const id of ids) {
    if (!(EXPANSION_IDS as readonly string[]).includes(id)) {
      throw new InvalidArgumentError(`unknown expansion "${id}" (${EXPANSION_IDS.join(', ')})`);
    }
  }
  return ids as ExpansionId[];
}

const collect = (value: string, previous: string[]): string[] => [...previous, value];

/**
 * `-o id=value` pairs on top of a preset, read like a record's options (numbers stay numbers). An
 * option of an expansion that is not in `expansions` would be ignored by the game: the engine's
 * option reader refuses it (as a record refuses it), and the message says which flag to add.
 */
function optionValues(pairs: readonly string[], preset: string, expansions: readonly ExpansionId[]): Options {
  // A map, made an object by its own entries: an id such as `__proto__` stays a key (and is refused
  // as an unknown option) instead of setting the object's prototype.
  const raw = new Map<string, string | number>();
  const pairOf = new Map<string, string>();
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq < 1) throw new CliError(`--option ${pair}: write it as id=value, e.g. dragon-move=after-scoring`);
    const id = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const numeric = OPTION_SPECS.find((o) => o.id === id)?.values.some((v) => typeof v === 'number');
    raw.set(id, numeric && /^\d+$/.test(value) ? Number(value) : value);
    pairOf.set(id, pair);
  }
  const r = parseOptions(Object.fromEntries(raw), 'option', preset, expansions);
  if (!r.ok) {
    const owner = r.error.expansion;
    if (owner !== undefined) {
      const id = r.error.path.replace(/^option\./, '');
      throw new CliError(
        `--option ${pairOf.get(id) ?? id}: option ${id} belongs to expansion ${owner}, which is not in play; add --expansions ${owner}`,
      );
    }
    throw new CliError(r.error.message.replace(/^option\./, '--option '));
  }
  return r.value;
}

/** Runs the program on `args` (without the node and script paths) and returns the exit code. */
export async function run(args: readonly string[], io: Io): Promise<number> {
  let code = EXIT_OK;
  const program = buildProgram(io, (c) => (code = c));
  if (args.length === 0) {
    program.outputHelp({ error: true });
    return EXIT_USAGE;
  }
  try {
    await program.parseAsync([...args], { from: 'user' });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    if (e instanceof CliError) {
      io.err(`error: ${e.message}\n`);
      return e.exitCode;
    }
    io.err(`internal error (please report): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return EXIT_INTERNAL;
  }
}
