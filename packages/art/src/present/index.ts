/**
 * How the game is told to players, one presentation part per expansion beside the base game's
 * (base.ts, princessDragon.ts, tower.ts, halflings.ts): the names of pieces and features, the
 * phrases of actions and events, the bonuses and the sources of points. The web client and the
 * terminal both read them here; each renders a phrase its own way (phrase.ts).
 *
 * A presenter holds the presentations a program knows, like the engine's registry holds
 * expansions: `PRESENTATIONS` has the built-in ones, `PRESENTATIONS.with(part)` adds a plug-in
 * expansion's. An action or event no presentation tells is shown by its type and fields.
 */
import type { Action, GameEvent, MatchResult, RuleId } from '@carc/engine';
import { BASE_PRESENTATION, players } from './base.js';
import { HALFLINGS_PRESENTATION } from './halflings.js';
import type { Part, Phrase } from './phrase.js';
import { say } from './phrase.js';
import { PRINCESS_DRAGON_PRESENTATION } from './princessDragon.js';
import { TOWER_PRESENTATION } from './tower.js';
import type { TileLookup } from '../model.js';
import type { Noun, PointsEntry, Presentation, PresentContext, PublicTable, Words } from './types.js';

export * from './phrase.js';
export * from './tiles.js';
export type * from './types.js';
export { cornerOf } from './corners.js';
export { featureWords } from './base.js';
export { andList, article, cellName, plural, some, turned } from './words.js';
export { BASE_PRESENTATION, HALFLINGS_PRESENTATION, PRINCESS_DRAGON_PRESENTATION, TOWER_PRESENTATION };

type AnyPhrase<T> = (x: T, ctx: PresentContext) => Phrase;

/** What a client gives to tell something: how it names seats, the tiles, the table it shows. */
export interface ContextInput {
  who(seat: number): Part;
  tiles: TileLookup;
  table?: PublicTable;
  phase?: string;
  cropMode?: 'add' | 'remove';
}

/** Points by source per player, for the end table. */
export interface PointsBreakdown {
  /** The columns, features first (in the base game's order), then the others as they came. */
  sources: { key: string; label: string }[];
  /** points[player][key]. */
  points: Record<string, number>[];
  /** The sum per player (the score, when the events are the whole game's). */
  totals: number[];
}

/** The fields of an action or event no presentation knows: "odd n 1". */
function fallback(x: object): Phrase {
  const words = Object.entries(x).map(([k, v]) => (k === 'type' ? String(v) : `${k} ${String(v)}`));
  return say`${words.join(' ')}`;
}

export class Presenter {
  readonly parts: readonly Presentation[];
  readonly words: Words;
  private readonly actionPhrases = new Map<string, AnyPhrase<Action>>();
  private readonly eventPhrases = new Map<string, AnyPhrase<GameEvent>>();
  private readonly pointSources = new Map<string, (e: GameEvent, words: Words) => readonly PointsEntry[]>();

  /** Gathers `parts`; throws for an id given twice or an action or event told twice. */
  constructor(parts: readonly Presentation[]) {
    const ids = new Set<string>();
    const features = new Map<string, Noun & { readonly role?: string }>();
    const pieces = new Map<string, string>();
    const bonuses = new Map<string, string>();
    const removals = new Map<string, (meeple: Phrase) => Phrase>();
    const claim = <T>(what: string, into: Map<string, T>, from: Readonly<Record<string, T>> | undefined) => {
      for (const [k, v] of Object.entries(from ?? {})) {
        if (into.has(k)) throw new Error(`presentations: ${what} "${k}" told twice`);
        into.set(k, v);
      }
    };
    for (const p of parts) {
      if (ids.has(p.id)) throw new Error(`presentations: "${p.id}" given twice`);
      ids.add(p.id);
      // Each table is typed by its key in Presentation; here they are looked up by type at run time.
      claim(
        'action',
        this.actionPhrases,
        p.actions as Readonly<Record<string, AnyPhrase<Action>>> | undefined,
      );
      claim(
        'event',
        this.eventPhrases,
        p.events as Readonly<Record<string, AnyPhrase<GameEvent>>> | undefined,
      );
      claim(
        'points of event',
        this.pointSources,
        p.points as
          Readonly<Record<string, (e: GameEvent, words: Words) => readonly PointsEntry[]>> | undefined,
      );
      claim('feature', features, p.features);
      claim('piece', pieces, p.pieces);
      claim('bonus', bonuses, p.bonuses);
      claim('removal', removals, p.removals);
    }
    this.parts = [...parts];
    this.words = {
      feature: (kind) => features.get(kind) ?? { one: kind, many: `${kind}s` },
      role: (kind) => features.get(kind)?.role ?? 'meeple',
      piece: (id) => pieces.get(id) ?? id,
      bonus: (r: RuleId) => bonuses.get(r) ?? 'bonus points',
      removal: (r: RuleId, meeple) => removals.get(r)?.(meeple) ?? say`${meeple} was removed from the board`,
    };
  }

  /** These presentations and more after them (a plug-in expansion's). */
  with(...parts: readonly Presentation[]): Presenter {
    return new Presenter([...this.parts, ...parts]);
  }

  get(id: string): Presentation | undefined {
    return this.parts.find((p) => p.id === id);
  }

  /** Whether some presentation tells actions of this type / events of this type. */
  tellsAction(type: string): boolean {
    return this.actionPhrases.has(type);
  }
  tellsEvent(type: string): boolean {
    return this.eventPhrases.has(type);
  }

  context(input: ContextInput): PresentContext {
    return { table: {}, ...input, words: this.words };
  }

  /** An action as a short phrase (after "Ada:" in a log, or alone on a button or in a menu). */
  action(a: Action, ctx: PresentContext): Phrase {
    const f = this.actionPhrases.get(a.type);
    return f === undefined ? fallback(a) : f(a, ctx);
  }

  /** An event as a sentence (without its final stop). */
  event(e: GameEvent, ctx: PresentContext): Phrase {
    const f = this.eventPhrases.get(e.type);
    return f === undefined ? fallback(e) : f(e, ctx);
  }

  /** Points by source per player, from a game's events. */
  points(events: Iterable<GameEvent>, playerCount: number): PointsBreakdown {
    const sources: { key: string; label: string }[] = [];
    const points = Array.from({ length: playerCount }, (): Record<string, number> => ({}));
    for (const e of events) {
      for (const entry of this.pointSources.get(e.type)?.(e, this.words) ?? []) {
        const row = points[entry.player];
        if (row === undefined || entry.points === 0) continue;
        if (!sources.some((s) => s.key === entry.key)) sources.push({ key: entry.key, label: entry.label });
        row[entry.key] = (row[entry.key] ?? 0) + entry.points;
      }
    }
    const featureOrder = Object.keys(BASE_PRESENTATION.features ?? {});
    const rank = (key: string) => {
      const i = featureOrder.indexOf(key);
      return i >= 0 ? i : featureOrder.length;
    };
    sources.sort((a, b) => rank(a.key) - rank(b.key));
    const totals = points.map((row) => Object.values(row).reduce((a, b) => a + b, 0));
    return { sources, points, totals };
  }
}

/** Every built-in presentation, in the engine registry's order. */
export const PRESENTATIONS = new Presenter([
  BASE_PRESENTATION,
  HALFLINGS_PRESENTATION,
  TOWER_PRESENTATION,
  PRINCESS_DRAGON_PRESENTATION,
]);

/**
 * How a match ended, as a sentence: "Ann resigned.", "Bo ran out of time.", "The game was
 * stopped." ; empty for a game played to its end.
 */
export function outcomePhrase(
  result: Pick<MatchResult, 'status' | 'outcome'>,
  who: (seat: number) => Part,
): Phrase {
  const seat = result.outcome?.player;
  const name = seat === undefined ? 'A player' : who(seat);
  switch (result.status) {
    case 'resigned':
      return say`${name} resigned.`;
    case 'timeout':
      return say`${name} ran out of time.`;
    case 'aborted':
      return say`The game was stopped before its end.`;
    default:
      return [];
  }
}

/** Several seats: "Ada (A), Bo (B) and Cy (C)". */
export function playersPhrase(who: (seat: number) => Part, seats: readonly number[]): Phrase {
  return players(who, seats);
}
