/**
 * `carcassonne options`: every game option and preset, read from the registry's option specs (never
 * written by hand), as a text table, Markdown (the table in docs/rules.md, section O) or JSON.
 */
import type { OptionSpec, Options, Registry } from '@carc/engine';
import { BUILTIN } from '@carc/engine';
import type { Io } from '../io.js';
import { CliError, fileErrorMessage } from '../io.js';
import { formatJson } from '../json.js';

export interface OptionsCommandOptions {
  /** Print Markdown tables (what docs/rules.md holds between its `options` markers). */
  markdown?: boolean;
  /** Print JSON. */
  json?: boolean;
  /** Rewrite the Markdown tables between the options markers of this file instead of printing. */
  update?: string;
  /** The options to list: the built-in ones and those of any expansion loaded with `--expansion`. */
  registry?: Registry;
}

/** One option as listed: where it comes from, its values (the first is the default) and its rule. */
export interface OptionRow {
  id: string;
  key: string;
  /** `base` for the base game's options, otherwise the expansion's id. */
  expansion: string;
  values: (string | number)[];
  default: string | number;
  /** The rule the option chiefly sets. */
  rule: string;
  /** Every rule it governs: `rule` first, then the spec's `also` (fairy-bonus: D-17, D-15). */
  rules: string[];
  doc: string;
}

/** One preset: its name and the options it sets, by option id (`hig`, the defaults, sets none). */
export interface PresetRow {
  name: string;
  options: Record<string, string | number>;
}

export interface OptionsListing {
  options: OptionRow[];
  presets: PresetRow[];
}

/** The options and presets of a registry, in registry order (base game first). */
export function listOptions(registry: Registry = BUILTIN): OptionsListing {
  const origin = new Map<string, string>();
  for (const def of registry.defs) for (const spec of def.options ?? []) origin.set(spec.id, def.id);
  const specs: readonly OptionSpec[] = registry.optionSpecs;
  const options = specs.map((s): OptionRow => ({
    id: s.id,
    key: s.key,
    expansion: origin.get(s.id) ?? 'base',
    values: [...(s.values as readonly (string | number)[])],
    default: s.values[0] as string | number,
    rule: s.rule,
    rules: [s.rule, ...(s.also ?? [])],
    doc: s.doc,
  }));
  const presets = Object.entries(registry.presets).map(([name, values]): PresetRow => {
    const set: Record<string, string | number> = {};
    for (const spec of specs) {
      const v = (values as Partial<Record<keyof Options, unknown>>)[spec.key];
      if (typeof v === 'string' || typeof v === 'number') set[spec.id] = v;
    }
    return { name, options: set };
  });
  return { options, presets };
}

/**
 * The allowed values: words in the spec's order (the default first when it is a word), then numbers
 * in increasing order, runs of three or more consecutive integers shortened to `a–b`
 * (`halflings-hand` allows 1 to 12, `tower-pieces` 1 to 30). `quote` wraps each value (backticks in
 * Markdown).
 */
export function formatValues(values: readonly (string | number)[], quote = (s: string) => s): string {
  const parts = values.filter((v): v is string => typeof v === 'string').map(quote);
  const numbers = values.filter((v): v is number => typeof v === 'number').sort((a, b) => a - b);
  let i = 0;
  while (i < numbers.length) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === (numbers[j] as number) + 1) j++;
    const a = numbers[i] as number;
    const b = numbers[j] as number;
    if (j - i >= 2) parts.push(`${quote(String(a))}–${quote(String(b))}`);
    else for (let k = i; k <= j; k++) parts.push(quote(String(numbers[k])));
    i = j + 1;
  }
  return parts.join(', ');
}

const code = (s: string) => `\`${s}\``;

/** A preset's settings in words: `id value` pairs, or that it keeps the defaults. */
function presetSettings(p: PresetRow, quote: (s: string) => string): string {
  const set = Object.entries(p.options);
  if (set.length === 0) return 'the defaults';
  return set.map(([id, v]) => quote(`${id} ${v}`)).join(', ');
}

/** A Markdown table padded as prettier pads it, so docs/rules.md stays as printed. */
function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const escape = (s: string) => s.replace(/\|/g, '\\|');
  const cells = [header, ...rows].map((r) => r.map(escape));
  const widths = header.map((_, c) => Math.max(3, ...cells.map((r) => [...(r[c] ?? '')].length)));
  const line = (r: readonly string[]) =>
    `| ${r.map((cell, c) => cell + ' '.repeat((widths[c] as number) - [...cell].length)).join(' | ')} |`;
  const rule = `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`;
  const [head, ...body] = cells;
  return [line(head ?? []), rule, ...body.map(line)].join('\n') + '\n';
}

/** A plain text table: columns separated by two spaces, the last one not padded. */
function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((r) => [...(r[c] ?? '')].length)));
  const last = header.length - 1;
  return (
    all
      .map((r) =>
        r
          .map((cell, c) => (c === last ? cell : cell + ' '.repeat((widths[c] as number) - [...cell].length)))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

/** The options and presets as Markdown: two tables (what `carcassonne options --markdown` prints). */
export function optionsMarkdown(listing: OptionsListing): string {
  const options = markdownTable(
    ['option', 'expansion', 'values', 'default', 'rules', 'what it sets'],
    listing.options.map((o) => [
      code(o.id),
      o.expansion,
      formatValues(o.values, code),
      code(String(o.default)),
      o.rules.join(', '),
      o.doc,
    ]),
  );
  const presets = markdownTable(
    ['preset', 'sets'],
    listing.presets.map((p) => [code(p.name), presetSettings(p, code)]),
  );
  return `${options}\n${presets}`;
}

/** The options and presets as text tables for a terminal. */
export function optionsText(listing: OptionsListing): string {
  const options = textTable(
    ['option', 'expansion', 'values', 'default', 'rules', 'what it sets'],
    listing.options.map((o) => [
      o.id,
      o.expansion,
      formatValues(o.values),
      String(o.default),
      o.rules.join(', '),
      o.doc,
    ]),
  );
  const presets = textTable(
    ['preset', 'sets'],
    listing.presets.map((p) => [p.name, presetSettings(p, (s) => s)]),
  );
  return (
    `${options}\n${presets}\n` +
    'Set an option with -o id=value and a preset with --preset name (simulate, tournament, play).\n'
  );
}

/** The markers around the generated tables in docs/rules.md. */
export const OPTIONS_BEGIN = '<!-- options:begin -->';
export const OPTIONS_END = '<!-- options:end -->';

/** What a document holds between its options markers (trimmed), or undefined without both markers. */
export function tablesInDoc(doc: string): string | undefined {
  const begin = doc.indexOf(OPTIONS_BEGIN);
  const end = doc.indexOf(OPTIONS_END, begin + 1);
  if (begin < 0 || end < 0) return undefined;
  return doc.slice(begin + OPTIONS_BEGIN.length, end).trim();
}

/** The document with `markdown` between its options markers, or undefined without both markers. */
export function withTables(doc: string, markdown: string): string | undefined {
  const begin = doc.indexOf(OPTIONS_BEGIN);
  const end = doc.indexOf(OPTIONS_END, begin + 1);
  if (begin < 0 || end < 0) return undefined;
  return `${doc.slice(0, begin + OPTIONS_BEGIN.length)}\n\n${markdown.trim()}\n\n${doc.slice(end)}`;
}

/** Prints the listing, or rewrites the tables of `opts.update`; exit code 0 (2 when the file cannot be updated). */
export function runOptions(opts: OptionsCommandOptions, io: Io): number {
  const listing = listOptions(opts.registry);
  if (opts.update !== undefined) {
    const file = opts.update;
    let doc: string;
    try {
      doc = io.readFile(file);
    } catch (e) {
      throw new CliError(`cannot read ${file}: ${fileErrorMessage(e)}`);
    }
    const updated = withTables(doc, optionsMarkdown(listing));
    if (updated === undefined) {
      throw new CliError(
        `${file}: no "${OPTIONS_BEGIN}" … "${OPTIONS_END}" markers to write the tables between`,
      );
    }
    if (updated !== doc) {
      try {
        io.writeFile(file, updated);
      } catch (e) {
        throw new CliError(`cannot write ${file}: ${fileErrorMessage(e)}`);
      }
    }
    io.err(`${file}: option tables ${updated === doc ? 'already up to date' : 'updated'}\n`);
    return 0;
  }
  if (opts.json) io.out(formatJson(listing));
  else if (opts.markdown) io.out(optionsMarkdown(listing));
  else io.out(optionsText(listing));
  return 0;
}
