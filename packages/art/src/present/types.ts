/**
 * The presentation part of an expansion (or of the base game): how players read its actions and
 * events, what its pieces and features are called, what its bonuses and removals are, and which
 * points its events give, in each language its messages speak. Registered beside the expansion
 * (index.ts), used by every client.
 */
import type { Action, FeatureKind, GameEvent, GameView, RuleId } from '@carc/engine';
import type { Part, Phrase } from './phrase.js';
import type { Catalog, Locale, Translator } from './translate.js';
import type { TileLookup } from '../model.js';

export type ActionOf<T extends Action['type']> = Extract<Action, { type: T }>;
export type EventOf<T extends GameEvent['type']> = Extract<GameEvent, { type: T }>;

/**
 * The public part of a view a phrase may read: the board, the tile on show, the dragon, the fairy,
 * the towers. Nothing hidden (no hand, no pile order) is in it, so no phrase can leak it.
 */
export type PublicTable = Partial<Pick<GameView, 'tiles' | 'drawnTile' | 'dragon' | 'fairy' | 'towers'>>;

/** What phrases are told with. */
export interface PresentContext {
  /** A seat, as a part (each client names seats its own way: "Ada (A)", "P0 Ada"). */
  who(seat: number): Part;
  /** The game's tiles (the engine's Catalog fits). */
  readonly tiles: TileLookup;
  /** The table the phrase is read against (for an action: before it is taken). */
  readonly table: PublicTable;
  /** The phase an action is taken in (a pass means different things in different phases). */
  readonly phase?: string;
  /** H-13: what the crop circle named, for each player's choice that follows. */
  readonly cropMode?: 'add' | 'remove';
  /** The messages of every presentation in play, in the language asked for (English by default). */
  readonly t: Translator;
  /** The words of every presentation in play (to name another's features, bonuses, removals), in that language. */
  readonly words: Words;
}

/** A source of points in the end table: its key, its words, and how many points to whom. */
export interface PointsEntry {
  readonly player: number;
  /** The column: a stable key ("city", "bonus:D-17", "ransom-paid"). */
  readonly key: string;
  /** The column's heading in words ("cities", "fairy bonus", "ransoms paid"). */
  readonly label: string;
  readonly points: number;
}

/** Nouns: one and many. */
export interface Noun {
  readonly one: string;
  readonly many: string;
}

/**
 * A feature's noun in a language: one and many, with its definite article ("the city", "de stad",
 * "orașul": Romanian puts it at the end) and its grammatical gender, for the messages that agree
 * with it (Dutch "de"/"het", Romanian "m"/"f"/"n").
 */
export interface FeatureNoun extends Noun {
  readonly the: string;
  readonly gender: string;
}

/** The words that presentations share (merged over every presentation of a registry). */
export interface Words {
  /** Feature kinds ("city"/"cities"/"the city"). */
  feature(kind: FeatureKind | string): FeatureNoun;
  /** The meeple's role on a feature kind ("knight" in a city). */
  role(kind: FeatureKind | string): string;
  /** A piece or figure ("meeple", "dragon", "tower piece"). */
  piece(id: string): string;
  /** The name of bonus points by rule ("fairy bonus"). */
  bonus(rule: RuleId): string;
  /** What happened to a meeple removed by a rule ("the dragon ate Ada's meeple at (1,0)"). */
  removal(rule: RuleId, meeple: Phrase): Phrase;
}

/**
 * A part's messages, in ICU MessageFormat, keyed "<part id>.<key>": English always (what a language
 * lacks falls back to), the other languages as far as they are translated. Besides the phrases its
 * actions and events look up, keys of these forms give the part's words (as the fields below do):
 * `<id>.feature.<kind>.one|many|the|gender|role`, `<id>.piece.<piece>`, `<id>.bonus.<rule>`,
 * `<id>.removal.<rule>` (with the argument `meeple`).
 */
export type Messages = { readonly en: Catalog } & Partial<Record<Locale, Catalog>>;

/** How one expansion (or the base game) is told. Every field is optional. */
export interface Presentation {
  /** The expansion's id (`base` for the base game's). */
  readonly id: string;
  /** Its messages in each language (the words below may be given here instead, for every language). */
  readonly messages?: Messages;
  /** Phrases of its action types: short, to follow "Ada:" in a log or stand alone in a menu. */
  readonly actions?: { readonly [T in Action['type']]?: (a: ActionOf<T>, ctx: PresentContext) => Phrase };
  /** Phrases of its event types: whole sentences without the final stop. */
  readonly events?: { readonly [T in GameEvent['type']]?: (e: EventOf<T>, ctx: PresentContext) => Phrase };
  /** Its pieces and figures by id (English only; `messages` say them in every language). */
  readonly pieces?: Readonly<Record<string, string>>;
  /** Its feature kinds, and a meeple's role on each. */
  readonly features?: Readonly<Record<string, Noun & { readonly role?: string }>>;
  /** Its bonus points by rule. */
  readonly bonuses?: Readonly<Record<RuleId, string>>;
  /** Its rules that remove meeples, and how such a removal is told. */
  readonly removals?: Readonly<Record<RuleId, (meeple: Phrase) => Phrase>>;
  /** The points its events give, by source, for the end table (labels in the language of `t`). */
  readonly points?: {
    readonly [T in GameEvent['type']]?: (
      e: EventOf<T>,
      words: Words,
      t: Translator,
    ) => readonly PointsEntry[];
  };
}
