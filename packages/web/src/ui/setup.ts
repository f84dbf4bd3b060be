/**
 * The set-up screen's data, all from the engine's registry (option specs with their explanations
 * and rule ids, presets, expansions) and the server's schema (GameSettings): nothing hand-written.
 */
import type { OptionSpec, Options, Registry } from '@carc/engine';
import { BUILTIN } from '@carc/engine';
import { BOT_NAMES } from '@carc/bots';
import { createGameBody } from '@carc/server/protocol';

/**
 * The lobby's game settings: the server's `gameSettingsSchema` (server/src/settings.ts), reached
 * through the protocol's create-game body since @carc/server/protocol does not export it by name.
 */
export const settingsSchema = createGameBody.shape.settings;
export type GameSettings = ReturnType<typeof settingsSchema.parse>;
export type SeatSpec = GameSettings['seats'][number];
export type ClockSettings = NonNullable<GameSettings['clock']>;
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

/** The expansion's name as printed on the box ("The Princess & the Dragon"), else its id. */
export function expansionTitle(id: string, registry: Registry = BUILTIN): string {
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

/** One line about a preset, from what it sets. */
export function presetDoc(name: string, registry: Registry = BUILTIN): string {
  const set = presetSettings(name, registry);
  if (set.length === 0) return 'every option at its default';
  return set.map((x) => `${x.id} ${x.value} (${x.rules.join(', ')})`).join('; ');
}

/** Option values by id under a preset (the defaults and the preset's values). */
export function presetValues(name: string, registry: Registry = BUILTIN): Record<string, string | number> {
  const options: Options = { ...registry.defaults, ...(registry.presets[name] ?? {}) };
  const out: Record<string, string | number> = {};
  for (const s of registry.optionSpecs) out[s.id] = options[s.key] as string | number;
  return out;
}

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
    return { ok: false, message: `${issue?.path.join('.') ?? 'settings'}: ${issue?.message ?? 'invalid'}` };
  }
  const checked = registry.parseOptions(parsed.data.options, 'options', parsed.data.preset);
  if (!checked.ok) return { ok: false, message: checked.error.message };
  return { ok: true, settings: parsed.data };
}
