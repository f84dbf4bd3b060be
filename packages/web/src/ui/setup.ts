/**
 * The set-up screen's data: the engine's registry (option specs with their explanations and rule
 * ids, presets, expansions) and the protocol's schema (GameSettings), named for players with the words
 * of setupWords.ts (messages, in the language of the `Say` given: the screen passes `t`), and the
 * last choice kept in localStorage.
 */
import type { OptionSpec, Options, Registry } from '@carc/engine';
import { BUILTIN, MAX_PLAYERS, MIN_PLAYERS } from '@carc/engine';
import { BOT_NAMES, botSeatNames, isBotName } from '@carc/bots';
import type { ClockSettings, GameSettings, SeatSpec } from '@carc/protocol';
import { gameSettingsSchema } from '@carc/protocol';
import type { Say } from './setupWords.js';
import {
  english,
  isMessageKey,
  optionValueWords,
  optionWords,
  presetSource,
  presetWords,
} from './setupWords.js';

/** The lobby's game settings, as the protocol checks them. */
export const settingsSchema = gameSettingsSchema;
export type { ClockSettings, GameSettings, SeatSpec };
export type BotLevel = (typeof BOT_NAMES)[number];
export const BOT_LEVELS: readonly BotLevel[] = BOT_NAMES;

/** The options of the base game (null) and of each expansion, in registry order. */
export interface OptionGroup {
  expansion: string | null;
  specs: readonly OptionSpec[];
}

export function optionGroups(registry: Registry = BUILTIN): OptionGroup[] {
  const owned = new Set(registry.defs.flatMap((d) => d.options ?? []));
  return [
    { expansion: null, specs: registry.optionSpecs.filter((s) => !owned.has(s)) },
    ...registry.defs.map((d) => ({ expansion: d.id, specs: d.options ?? [] })),
  ];
}

/**
 * The expansion's name as printed on the box in the language of `say` ("The Princess & the Dragon",
 * "De Draak, de Fee en de Jonkvrouw"), else the engine's title, else its id.
 */
export function expansionTitle(id: string, say: Say = english, registry: Registry = BUILTIN): string {
  const key = `setup.expansion.${id}`;
  if (isMessageKey(key)) return say(key);
  return registry.defs.find((d) => d.id === id)?.title ?? id;
}

/** Every rule id an option governs: its rule, then the others. */
export const optionRules = (s: OptionSpec): string[] => [s.rule, ...(s.also ?? [])];

/** What a preset sets, as option ids and values with their rules (hig: the defaults). */
export function presetSettings(
  name: string,
  registry: Registry = BUILTIN,
): { id: string; value: string | number; rules: string[] }[] {
  const values = registry.presets[name] ?? {};
  return registry.optionSpecs.flatMap((s) => {
    const v = (values as Record<string, string | number | undefined>)[s.key];
    return v === undefined ? [] : [{ id: s.id, value: v, rules: optionRules(s) }];
  });
}

/** One line about a preset, from what it sets, in words. */
export function presetDoc(name: string, say: Say = english, registry: Registry = BUILTIN): string {
  const set = presetSettings(name, registry);
  const source = presetSource(name, say);
  if (set.length === 0)
    return source === undefined ? say('setup.presetAllDefaults') : say('setup.presetFrom', { source });
  const changes = set
    .map((x) =>
      say('setup.presetChange', {
        option: optionTitle(x.id, say),
        value: valueWords(x.id, x.value, say).toLowerCase(),
      }),
    )
    .join('; ');
  return source === undefined
    ? say('setup.presetChanges', { changes })
    : say('setup.presetFromAndChanges', { source, changes });
}

/** A preset's name for players ("Z-Man Games edition"). */
export const presetTitle = (name: string, say: Say = english): string => presetWords(name, say);

/**
 * The presets worth offering with these expansions: the standard rules, and each preset that changes
 * an option of the game in play (the Z-Man edition only with the Princess & the Dragon…).
 */
export function presetsFor(expansions: readonly string[], registry: Registry = BUILTIN): string[] {
  const inPlay = new Set(
    optionGroups(registry)
      .filter((g) => g.expansion === null || expansions.includes(g.expansion))
      .flatMap((g) => g.specs.map((s) => s.id)),
  );
  return Object.keys(registry.presets).filter(
    (name) => name === 'hig' || presetSettings(name, registry).some((x) => inPlay.has(x.id)),
  );
}

/** An option's name for players ("When the dragon moves"). */
export const optionTitle = (id: string, say: Say = english): string => optionWords(id, say);

/** An option's value in words ("After the turn’s scoring"). */
export const valueWords = (id: string, value: string | number, say: Say = english): string =>
  optionValueWords(id, value, say);

/**
 * The names bots get at a table of this device, by seat (undefined for humans): "Medium bot",
 * numbered ("Medium bot 2") when two share a level, as @carc/bots' `botSeatNames` names them for
 * the server, but in the language of `say` (a local game keeps the names it started with).
 */
export function botNames(seats: readonly SeatSpec[], say: Say = english): (string | undefined)[] {
  const seen = new Map<BotLevel, number>();
  return seats.map((s) => {
    if (s.kind !== 'bot') return undefined;
    const n = (seen.get(s.level) ?? 0) + 1;
    seen.set(s.level, n);
    const name = say(`setup.botName.${s.level}`);
    const shared = seats.filter((x) => x.kind === 'bot' && x.level === s.level).length > 1;
    return shared ? say('setup.botNameNumbered', { name, n }) : name;
  });
}

/**
 * A table's names as shown: the names the server gave its bots ("Medium bot": it speaks English)
 * in the words of `say`; every other name as given.
 */
export function spokenNames(
  players: readonly { name: string; kind: string; level?: string | undefined }[],
  say: Say = english,
): string[] {
  const seats = players.map((p): SeatSpec =>
    p.kind === 'bot' && p.level !== undefined && isBotName(p.level)
      ? { kind: 'bot', level: p.level }
      : { kind: 'human' },
  );
  const given = botSeatNames(players.map((p) => (p.kind === 'bot' ? p.level : undefined)));
  const spoken = botNames(seats, say);
  return players.map((p, i) => (p.name === given[i] ? (spoken[i] ?? p.name) : p.name));
}

/** The players' names as the table shows them: the names typed, bots named by level, '' for "Player n". */
export function seatNames(
  seats: readonly SeatSpec[],
  typed: readonly string[],
  say: Say = english,
): string[] {
  const bots = botNames(seats, say);
  return seats.map((_, i) => bots[i] ?? (typed[i] ?? '').trim().slice(0, 40));
}

/** Option values by id under a preset (the defaults and the preset's values). */
export function presetValues(name: string, registry: Registry = BUILTIN): Record<string, string | number> {
  const options: Options = { ...registry.defaults, ...(registry.presets[name] ?? {}) };
  const out: Record<string, string | number> = {};
  for (const s of registry.optionSpecs) out[s.id] = options[s.key] as string | number;
  return out;
}

/** The seats a game may have: 2 (a server game needs two) to the engine's most. */
export const MIN_SEATS = Math.max(2, MIN_PLAYERS);
export const MAX_SEATS = MAX_PLAYERS;

export interface SetupChoice {
  expansions: readonly string[];
  preset: string;
  /** Every option's chosen value, by id. */
  values: Readonly<Record<string, string | number>>;
  seats: readonly SeatSpec[];
  clock?: ClockSettings;
}

/**
 * The settings for a choice: the options that differ from the preset's, only for the base game and
 * the expansions in play, checked by the server's schema and by the engine's option reader.
 */
export function buildSettings(
  c: SetupChoice,
  say: Say = english,
  registry: Registry = BUILTIN,
): { ok: true; settings: GameSettings } | { ok: false; message: string } {
  const base = presetValues(c.preset, registry);
  const inPlay = new Set(
    optionGroups(registry)
      .filter((g) => g.expansion === null || c.expansions.includes(g.expansion))
      .flatMap((g) => g.specs.map((s) => s.id)),
  );
  const options: Record<string, string | number> = {};
  for (const [id, v] of Object.entries(c.values)) if (inPlay.has(id) && base[id] !== v) options[id] = v;
  const raw: Record<string, unknown> = {
    expansions: registry.ids.filter((id) => c.expansions.includes(id)),
    options,
    seats: c.seats.map((s) => ({ ...s })),
  };
  if (c.preset !== 'hig') raw.preset = c.preset;
  if (c.clock !== undefined) raw.clock = { ...c.clock };
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // The schema's and the engine's reasons are in English (the screen offers no choice they refuse).
    const path = issue?.path.join('.') ?? 'settings';
    return { ok: false, message: say('setup.settingsError', { path, reason: issue?.message ?? 'invalid' }) };
  }
  const checked = registry.parseOptions(parsed.data.options, 'options', parsed.data.preset);
  if (!checked.ok)
    return { ok: false, message: say('setup.settingsRefused', { reason: checked.error.message }) };
  return { ok: true, settings: parsed.data };
}

/** What the set-up screen remembers between visits: the last game started. */
export interface SavedSetup {
  expansions: string[];
  preset: string;
  values: Record<string, string | number>;
  seats: SeatSpec[];
  /** The names typed for human seats ('' for none), by seat. */
  names: string[];
}

export const SETUP_STORAGE_KEY = 'carc.setup.v1';

/** The first visit's game: you against a Medium bot, the base game alone, the standard rules. */
export function defaultSetup(registry: Registry = BUILTIN): SavedSetup {
  return {
    expansions: [],
    preset: 'hig',
    values: presetValues('hig', registry),
    seats: [{ kind: 'human' }, { kind: 'bot', level: 'greedy' }],
    names: ['', ''],
  };
}

/**
 * A remembered set-up read back, anything unknown or out of range dropped for the default (a saved
 * choice may predate an engine change): never a choice the server would refuse for its shape.
 */
export function readSavedSetup(raw: string | null, registry: Registry = BUILTIN): SavedSetup {
  const fallback = defaultSetup(registry);
  if (raw === null) return fallback;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return fallback;
  }
  if (typeof data !== 'object' || data === null) return fallback;
  const d = data as Record<string, unknown>;
  const expansions = Array.isArray(d.expansions)
    ? registry.ids.filter((id) => (d.expansions as unknown[]).includes(id))
    : fallback.expansions;
  const preset = typeof d.preset === 'string' && Object.hasOwn(registry.presets, d.preset) ? d.preset : 'hig';
  const values = presetValues(preset, registry);
  if (typeof d.values === 'object' && d.values !== null) {
    const given = d.values as Record<string, unknown>;
    for (const spec of registry.optionSpecs) {
      const v = Object.hasOwn(given, spec.id) ? given[spec.id] : undefined;
      const known = spec.values.find((x) => x === v);
      if (known !== undefined) values[spec.id] = known as string | number;
    }
  }
  const seats: SeatSpec[] = [];
  if (Array.isArray(d.seats)) {
    for (const s of d.seats as unknown[]) {
      const parsed = settingsSchema.shape.seats.element.safeParse(s);
      if (parsed.success) seats.push(parsed.data);
    }
  }
  const okSeats = seats.length >= MIN_SEATS && seats.length <= MAX_SEATS ? seats : fallback.seats;
  const names = okSeats.map((_, i) => {
    const n = Array.isArray(d.names) ? (d.names as unknown[])[i] : undefined;
    return typeof n === 'string' ? n.slice(0, 40) : '';
  });
  return { expansions, preset, values, seats: okSeats, names };
}

/** The part of the Web Storage API used here (typed here too: Node tests compile without the DOM). */
export interface SetupStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The remembered set-up, or the default (no storage, or nothing saved yet). */
export function loadSetup(storage: SetupStorage | undefined = pageStorage()): SavedSetup {
  try {
    return readSavedSetup(storage?.getItem(SETUP_STORAGE_KEY) ?? null);
  } catch {
    return defaultSetup();
  }
}

/** Remembers a set-up for the next visit; a full or forbidden storage only forgets it. */
export function saveSetup(setup: SavedSetup, storage: SetupStorage | undefined = pageStorage()): void {
  try {
    storage?.setItem(SETUP_STORAGE_KEY, JSON.stringify(setup));
  } catch {
    // Private browsing or a full quota: the next visit starts from the default.
  }
}

/** The page's localStorage; reading it throws where storage is forbidden. */
function pageStorage(): SetupStorage | undefined {
  try {
    return (globalThis as { localStorage?: SetupStorage }).localStorage;
  } catch {
    return undefined;
  }
}
