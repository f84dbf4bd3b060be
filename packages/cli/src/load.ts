/** Reading and replaying a record file, with every failure turned into a one-line CliError. */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import type { ExpansionDef, GameRecord, RecordError, Registry, Replay } from '@carc/engine';
import { BUILTIN, MAX_EXTRA_TILES, parseJson, parseRecord, replayRecord } from '@carc/engine';
import type { Io } from './io.js';
import { CliError, fileErrorMessage } from './io.js';

/** Reads and validates a record file (plus extra tile definitions from `tilesFile`). Throws CliError (exit 2) when it cannot. */
export function loadRecord(
  file: string,
  io: Io,
  tilesFile?: string,
  registry: Registry = BUILTIN,
  replaceTiles = false,
): GameRecord {
  let text: string;
  try {
    text = io.readFile(file);
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${fileErrorMessage(e)}`);
  }
  const parsed = parseRecord(text, registry);
  if (!parsed.ok) throw new CliError(recordErrorMessage(file, parsed.error));
  if (tilesFile === undefined) return parsed.value;
  return {
    ...parsed.value,
    tiles: [...(parsed.value.tiles ?? []), ...loadTiles(tilesFile, io, replaceTiles)],
    // The engine refuses built-in ids in extra tiles unless told they replace those tiles (H-0).
    ...(replaceTiles ? { replaceTiles: true } : {}),
  };
}

/** Largest tile file read (1 MiB): far above the 256 definitions a file may hold. */
export const MAX_TILE_FILE_CHARS = 1 << 20;

/**
 * Reads a file of tile definitions (H-0: a player's own Halflings faces, or any extra tiles): a JSON
 * array in the catalog format, validated before any game starts. Throws CliError naming the file,
 * the tile and the field. A definition with a built-in tile's id replaces that tile only with
 * `replace` (`--replace-tiles`): otherwise it is refused, since a typo or a copied id would
 * silently change a tile of the game.
 */
export function loadTiles(file: string, io: Io, replace = false): unknown[] {
  let text: string;
  try {
    text = io.readFile(file);
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${fileErrorMessage(e)}`);
  }
  if (text.length > MAX_TILE_FILE_CHARS) {
    throw new CliError(
      `${file}: a tile file holds at most ${MAX_TILE_FILE_CHARS} characters (${MAX_EXTRA_TILES} definitions); this one has ${text.length}`,
    );
  }
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const { line, column, message } = parsed.error;
    throw new CliError(`${file}:${line}:${column}: not valid JSON (${message})`);
  }
  const data = parsed.value;
  if (!Array.isArray(data)) throw new CliError(`${file}: a tile file is a JSON array of tile definitions`);
  // Validated with leave to replace: a built-in id is refused below, with the CLI's own advice.
  const checked = BUILTIN.catalog().withExtra(data, file, true);
  if (!checked.ok) throw new CliError(`${file}: ${checked.error.message}`);
  if (!replace) {
    const builtin = BUILTIN.catalog();
    for (const [i, t] of data.entries()) {
      const id: unknown = typeof t === 'object' && t !== null && 'id' in t ? t.id : undefined;
      if (typeof id === 'string' && builtin.kindOf(id) !== undefined) {
        throw new CliError(
          `${file}: [${i}]: tile "${id}" is a built-in tile; give yours another id, or pass --replace-tiles to replace the built-in one (H-0: your own faces of the Halflings triangles)`,
        );
      }
    }
  }
  return data;
}

/** Replays a record (checking expectations when asked). Throws CliError (exit code 2) on an illegal action. */
export function replay(file: string, rec: GameRecord, check = false, registry: Registry = BUILTIN): Replay {
  const r = replayRecord(rec, check, registry);
  if (!r.ok) throw new CliError(recordErrorMessage(file, r.error, rec));
  return r.value;
}

/** `file: where: what`, one line, for any record error. */
export function recordErrorMessage(file: string, e: RecordError, rec?: GameRecord): string {
  const reason = e.message.startsWith(`${e.path}: `) ? e.message.slice(e.path.length + 2) : e.message;
  switch (e.code) {
    case 'record/syntax': {
      // The engine's path reads "line L, column C (parser message)".
      const m = /^line (\d+), column (\d+)(?: \((.*)\))?$/s.exec(e.path);
      if (!m) return `${file}: not valid JSON: ${e.path}`;
      const detail = (m[3] ?? '').replace(/ in JSON at position \d+.*$/s, '').replace(/\s+/g, ' ');
      return `${file}:${m[1]}:${m[2]}: not valid JSON${detail ? ` (${detail})` : ''}`;
    }
    case 'record/invalid':
      return `${file}: invalid record: ${e.path}: ${reason}`;
    case 'record/setup':
      return `${file}: invalid game setup: ${e.path}: ${reason}`;
    case 'record/illegal-action': {
      const i = /^actions\[(\d+)\]$/.exec(e.path);
      const step = i && rec ? rec.actions[Number(i[1])] : undefined;
      const what = step ? ` ${JSON.stringify({ player: step.player, ...step.action })}` : '';
      return `${file}: ${e.path}: illegal action${what}: ${reason}`;
    }
    case 'record/mismatch':
      return `${file}: ${e.path}: ${reason}`;
  }
}

/**
 * The built-in registry extended with expansions from modules (`--expansion FILE`): each module's
 * default export is an expansion definition. Throws CliError naming the module when it is not one.
 */
export async function loadExpansions(files: readonly string[]): Promise<Registry> {
  const defs: ExpansionDef[] = [];
  for (const file of files) {
    let mod: { default?: unknown };
    try {
      mod = (await import(pathToFileURL(resolve(file)).href)) as { default?: unknown };
    } catch (e) {
      throw new CliError(`cannot load expansion ${file}: ${e instanceof Error ? e.message : String(e)}`);
    }
    const def = mod.default as Partial<ExpansionDef> | undefined;
    if (
      typeof def !== 'object' ||
      def === null ||
      typeof def.id !== 'string' ||
      typeof def.create !== 'function' ||
      (def.actions !== undefined && !Array.isArray(def.actions))
    ) {
      throw new CliError(`${file}: its default export is not an expansion definition (id, create, actions)`);
    }
    if (BUILTIN.get(def.id) !== undefined || defs.some((d) => d.id === def.id)) {
      throw new CliError(`${file}: expansion "${def.id}" is already known`);
    }
    defs.push(def as ExpansionDef);
  }
  return BUILTIN.with(...defs);
}
