/** `carcassonne render <record> --svg <file>`: the final board of a recorded game as SVG. */
import type { Game, GameRecord } from '@carc/engine';
import { viewOf } from '@carc/engine';
import type { Io } from '../io.js';
import { CliError, fileErrorMessage } from '../io.js';
import { loadRecord, replay } from '../load.js';
import type { Locale } from '@carc/art';
import { counted, meeplesAtEnd, renderSvg } from '@carc/art';

export interface RenderCommandOptions {
  /** Output file, or '-' for standard output. */
  svg: string;
  /** Cell size in pixels. */
  cell?: number;
  labels?: boolean;
  legend?: boolean;
  title?: string;
  /** Draw the board as this player sees it, with their hand of triangles (H-3). */
  viewer?: number;
  /** A file of extra tile definitions (H-0). */
  tiles?: string;
  /** Let the tile file replace built-in tiles of the same id (`--replace-tiles`). */
  replaceTiles?: boolean;
  /** The language of the picture's titles and legend (`--lang`; English by default). */
  lang?: Locale;
}

/** The SVG of a replayed game's board. */
export function renderGame(
  rec: GameRecord,
  game: Game,
  opts: Omit<RenderCommandOptions, 'svg'> = {},
): string {
  const viewer = opts.viewer ?? -1;
  if (viewer >= game.players) throw new CliError(`--viewer must be a player from 0 to ${game.players - 1}`);
  const view = viewOf(game, viewer);
  // H-3: only the viewer's own hand is in their view (a spectator's shows none).
  const own = viewer >= 0 ? view.hands?.[viewer] : undefined;
  return renderSvg(view, game.catalog, {
    ...(own ? { hand: { player: viewer, tiles: own } } : {}),
    cell: opts.cell ?? 64,
    labels: opts.labels ?? true,
    legend: opts.legend ?? true,
    playerNames: rec.players,
    // B-9: a finished game shows its meeples where they stood before final scoring.
    events: game.events,
    ...(opts.title !== undefined ? { title: opts.title } : {}),
    ...(opts.lang !== undefined ? { locale: opts.lang } : {}),
  });
}

/** Runs the command; returns the exit code. Throws CliError on bad input. */
export function runRender(file: string, opts: RenderCommandOptions, io: Io): number {
  const rec = loadRecord(file, io, opts.tiles, undefined, opts.replaceTiles);
  const { game } = replay(file, rec);
  const svg = renderGame(rec, game, opts);
  if (opts.svg === '-') {
    io.out(svg);
    return 0;
  }
  try {
    io.writeFile(opts.svg, svg);
  } catch (e) {
    throw new CliError(`cannot write ${opts.svg}: ${fileErrorMessage(e)}`);
  }
  const size = /width="(\d+)" height="(\d+)"/.exec(svg);
  const view = viewOf(game, -1);
  // B-9: after the end the board holds no meeple, but the picture shows those final scoring returned.
  const returned = meeplesAtEnd(game.events, view, game.catalog).length;
  io.err(
    `wrote ${opts.svg}: ${counted(view.tiles.length, 'tile')}, ${counted(view.meeples.length, 'meeple')}` +
      (returned > 0 ? `, ${returned} returned at final scoring (B-9) drawn where they stood` : '') +
      (size ? `, ${size[1]}x${size[2]} px\n` : '\n'),
  );
  return 0;
}
