/**
 * The web client's side of the shared presentation (@carc/art, present/): every action and event
 * phrased by the presentation of its expansion, with players named as the client names them
 * ("Ada (A)"), tiles drawn as pictures and rules as small links (Log.svelte renders the parts).
 * Phrases read only what every player may see: the events, and the public table.
 */
import type { Action, GameEvent, MatchResult, MatchStep } from '@carc/engine';
import { BUILTIN } from '@carc/engine';
import type { Part, Phrase, PointsBreakdown, PublicTable } from '@carc/art';
import { PRESENTATIONS, outcomePhrase, phraseText, playersPhrase, tileWords as wordsOf } from '@carc/art';
import { playerLabel, playerName } from './players.js';

type Names = readonly string[];

/** How the log names a seat: "Ada (A)". */
const seat =
  (names: Names) =>
  (p: number): Part => ({ player: p, name: playerLabel(names, p) });

const context = (names: Names, table: PublicTable = {}, phase?: string) =>
  PRESENTATIONS.context({ who: seat(names), tiles: BUILTIN.catalog(), table, ...(phase ? { phase } : {}) });

/** What a tile shows, in words (never its id); undefined for a tile the client does not know. */
export const tileWords = (id: string): string | undefined => wordsOf(BUILTIN.catalog(), id);

/** "Ada (A)", "Ada (A) and Bo (B)", "Ada (A), Bo (B) and Cy (C)". */
export const listPlayers = (names: Names, seats: readonly number[]): string =>
  phraseText(playersPhrase(seat(names), seats));

/** An event as a phrase. */
export const eventPhrase = (e: GameEvent, names: Names): Phrase => PRESENTATIONS.event(e, context(names));

/** An action in words, for buttons ("no meeple", "pay Bo (B) 3 points to free a meeple"). */
export function describeAction(a: Action, names: Names, table: PublicTable = {}, phase?: string): string {
  return phraseText(PRESENTATIONS.action(a, context(names, table, phase)));
}

/** An action type's explanation from the engine (a button's tooltip), without its rule id. */
export function actionDoc(type: string): string {
  return BUILTIN.actions.get(type as Action['type'])?.doc ?? type;
}

/** One step of a match: who acted and what they did, then every event it caused. */
export interface StepLines {
  version: number;
  player: number;
  /** "Ada (A)". */
  who: string;
  /** "Ada (A): no meeple": told when the step caused no event. */
  action: Phrase;
  events: { type: string; phrase: Phrase; score?: number }[];
}

export function describeStep(step: MatchStep, names: Names): StepLines {
  const ctx = context(names);
  return {
    version: step.version,
    player: step.player,
    who: playerLabel(names, step.player),
    action: [ctx.who(step.player), { text: ': ' }, ...PRESENTATIONS.action(step.action, ctx)],
    events: step.events.map((e) => ({
      type: e.type,
      phrase: PRESENTATIONS.event(e, ctx),
      ...(e.type === 'score' ? { score: e.points } : {}),
    })),
  };
}

/** Points by source per player, from the events, with the sources in words ("fairy bonus"). */
export const pointsBreakdown = (events: Iterable<GameEvent>, players: number): PointsBreakdown =>
  PRESENTATIONS.points(events, players);

/**
 * A message that names rules as "(rule B-3)" (the server's and the engine's refusals), with each
 * such mention as a rule reference, to be shown as a small link rather than as a code.
 */
export function linkRules(message: string): Phrase {
  return message
    .split(/ ?\(rule ([A-Z]-\d+)\)/)
    .map((piece, i): Part => (i % 2 === 1 ? { rule: piece as `${string}-${string}` } : { text: piece }))
    .filter((p) => !('text' in p) || p.text !== '');
}

/** How a match ended early, in a sentence ("Ann resigned."); empty for a game played to its end. */
export const outcomeText = (result: Pick<MatchResult, 'status' | 'outcome'>, names: Names): string =>
  phraseText(outcomePhrase(result, (p) => ({ player: p, name: playerName(names, p) })));
