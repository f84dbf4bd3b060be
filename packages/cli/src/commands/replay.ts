/** `carcassonne replay <record> [--check]`: the final state of a recorded game, and its expectations. */
import type {
  Action,
  ExpansionViews,
  Game,
  GameRecord,
  MeepleView,
  PlacedTileView,
  Phase,
  Registry,
  ScoreEvent,
} from '@carc/engine';
import { BUILTIN, expansionViews, redactRecord, scoreEvents, viewOf } from '@carc/engine';
import type { Io } from '../io.js';
import { CliError } from '../io.js';
import { formatJson } from '../json.js';
import { loadRecord, recordErrorMessage, replay } from '../load.js';

export interface ReplayOptions {
  /** Verify the expectations embedded in the record. */
  check?: boolean;
  /** Do not print the final state. */
  quiet?: boolean;
  /** A file of extra tile definitions (H-0). */
  tiles?: string;
  /** Let the tile file replace built-in tiles of the same id (`--replace-tiles`). */
  replaceTiles?: boolean;
  /** Print only what this player may see (H-3): their view and the record as shown to them. */
  viewer?: number;
  /** The expansions records may name: the built-in ones and any loaded with `--expansion`. */
  registry?: Registry;
}

/**
 * The final state of a replayed game, as printed: after these fields, the expansions' slices of the
 * spectator's view (the dragon, the fairy, towers, prisoners, hand sizes…), then the winners.
 */
export interface ReplayReport extends Partial<ExpansionViews> {
  players: string[];
  actions: number;
  phase: Phase;
  /** The player to act, or -1 when the game is over. */
  toAct: number;
  /** The drawn tile waiting to be placed, if any. */
  drawnTile: string | null;
  scores: number[];
  /** The winners, once the game is over. */
  winners?: number[];
  /** Every scored feature, in order (B-7 during the game, B-9 at the end). */
  scoreEvents: Omit<ScoreEvent, 'type'>[];
  meeples: { supply: number[]; board: MeepleView[] };
  tilesLeft: { size: number; counts: Record<string, number> };
  /** The legal actions of the player to act. */
  legalActions: Action[];
  tiles: PlacedTileView[];
  /** Expansions in play. */
  expansions: string[];
  /** The player whose turn it is (during the dragon's hunt `toAct` is someone else), or -1. */
  current: number;
}

const withoutType = (e: ScoreEvent): Omit<ScoreEvent, 'type'> => {
  const copy: Partial<ScoreEvent> = { ...e };
  delete copy.type;
  return copy as Omit<ScoreEvent, 'type'>;
};

/** Builds the report of a replayed game. */
export function replayReport(rec: GameRecord, game: Game): ReplayReport {
  const view = viewOf(game, -1);
  const end = [...game.events].reverse().find((e) => e.type === 'end');
  const report: ReplayReport = {
    players: rec.players,
    actions: rec.actions.length,
    phase: view.phase,
    toAct: view.toAct,
    drawnTile: view.drawnTile,
    scores: view.scores,
    scoreEvents: scoreEvents(game.events).map(withoutType),
    meeples: { supply: view.supply, board: view.meeples },
    tilesLeft: view.bag,
    legalActions: game.legalActions(),
    tiles: view.tiles,
    expansions: view.expansions,
    current: view.current,
    ...expansionViews(game, -1),
  };
  if (end?.type === 'end') report.winners = end.winners;
  return report;
}

/** How many expectations a record embeds (each key of each `expect` object counts once). */
export function countExpectations(rec: GameRecord): number {
  let n = rec.expect ? Object.keys(rec.expect).length : 0;
  for (const a of rec.actions) if (a.expect) n += Object.keys(a.expect).length;
  return n;
}

/** Runs the command; returns the exit code (0 ok, 1 expectation mismatch). Throws CliError on bad input. */
export function runReplay(file: string, opts: ReplayOptions, io: Io): number {
  const registry = opts.registry ?? BUILTIN;
  const rec = loadRecord(file, io, opts.tiles, registry, opts.replaceTiles);
  const { game, mismatches } = replay(file, rec, opts.check === true, registry);
  if (opts.viewer !== undefined) {
    if (opts.viewer >= game.players)
      throw new CliError(`--viewer must be a player from 0 to ${game.players - 1}`);
    const shown = redactRecord(rec, opts.viewer, registry);
    if (!shown.ok) throw new CliError(recordErrorMessage(file, shown.error, rec));
    if (!opts.quiet) io.out(formatJson({ view: viewOf(game, opts.viewer), record: shown.value }));
  } else if (!opts.quiet) io.out(formatJson(replayReport(rec, game)));
  if (!opts.check) return 0;
  const total = countExpectations(rec);
  if (mismatches.length > 0) {
    for (const m of mismatches) io.err(`mismatch: ${recordErrorMessage(file, m)}\n`);
    io.err(
      `FAILED: ${mismatches.length} of ${total} expectation${total === 1 ? '' : 's'} did not hold (${file})\n`,
    );
    return 1;
  }
  const none = total === 0 ? ' (the record embeds none)' : '';
  io.err(`ok: ${total} expectation${total === 1 ? '' : 's'} checked${none} (${file})\n`);
  return 0;
}
