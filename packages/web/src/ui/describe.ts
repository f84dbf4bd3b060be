/**
 * The web client's side of the shared presentation (@carc/art, present/): every action and event
 * phrased by the presentation of its expansion, with players named as the client names them
 * ("Ada (A)"), tiles drawn as pictures and rules as small links (Log.svelte renders the parts).
 * Phrases read only what every player may see: the events, and the public table.
 *
 * Every phrase is in the language of the `Speech` given (players.ts): the page's, passed by the
 * components (`i18n`), so that what they derive from it follows a change of language; English
 * without one.
 */
import type { Action, GameEvent, MatchResult, MatchStep } from '@carc/engine';
import { BUILTIN } from '@carc/engine';
import type { Part, Phrase, PointsBreakdown, PublicTable } from '@carc/art';
import { PRESENTATIONS, outcomePhrase, phraseText, playersPhrase, tileWords as wordsOf } from '@carc/art';
import type { Speech } from './players.js';
import { ENGLISH, playerLabel, playerName } from './players.js';

type Names = readonly string[];

/**
 * How the log names a seat: "Ada" (its chip is beside the line); "Ada (A)" when two seats share a
 * name, so the letter of the chip tells them apart.
 */
function logName(names: Names, p: number, speech: Speech): string {
  const shown = names.map((_, q) => playerName(names, q, speech));
  return new Set(shown).size === shown.length ? playerName(names, p, speech) : playerLabel(names, p, speech);
}

const seat =
  (names: Names, speech: Speech) =>
  (p: number): Part => ({ player: p, name: logName(names, p, speech) });

const context = (names: Names, speech: Speech, table: PublicTable = {}, phase?: string) =>
  PRESENTATIONS.context({
    who: seat(names, speech),
    tiles: BUILTIN.catalog(),
    table,
    locale: speech.locale(),
    ...(phase ? { phase } : {}),
  });

/** What a tile shows, in words (never its id); undefined for a tile the client does not know. */
export const tileWords = (id: string, speech: Speech = ENGLISH): string | undefined =>
  wordsOf(BUILTIN.catalog(), id, speech.locale());

/** "Ada (A)", "Ada (A) and Bo (B)", "Ada (A), Bo (B) and Cy (C)". */
export const listPlayers = (names: Names, seats: readonly number[], speech: Speech = ENGLISH): string =>
  phraseText(playersPhrase(seat(names, speech), seats, speech.locale()));

/** An event as a phrase. */
export const eventPhrase = (e: GameEvent, names: Names, speech: Speech = ENGLISH): Phrase =>
  PRESENTATIONS.event(e, context(names, speech));

/** An action in words, for buttons ("no meeple", "pay Bo (B) 3 points to free a meeple"). */
export function describeAction(
  a: Action,
  names: Names,
  table: PublicTable = {},
  phase?: string,
  speech: Speech = ENGLISH,
): string {
  return phraseText(PRESENTATIONS.action(a, context(names, speech, table, phase)));
}

/**
 * An action type's explanation (a button's tooltip), without its rule id: the client's words for
 * the built-in actions, the engine's for a plug-in expansion's.
 */
export function actionDoc(type: string, speech: Speech = ENGLISH): string {
  const words = speech.t('game.actionDoc', { type: type.replace(/\W+/g, '_') });
  return words !== '' ? words : (BUILTIN.actions.get(type as Action['type'])?.doc ?? type);
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

export function describeStep(step: MatchStep, names: Names, speech: Speech = ENGLISH): StepLines {
  const ctx = context(names, speech);
  return {
    version: step.version,
    player: step.player,
    who: logName(names, step.player, speech),
    action: speech.tPhrase('game.stepAction', {
      who: ctx.who(step.player),
      action: PRESENTATIONS.action(step.action, ctx),
    }),
    events: step.events.map((e) => ({
      type: e.type,
      phrase: PRESENTATIONS.event(e, ctx),
      ...(e.type === 'score' ? { score: e.points } : {}),
    })),
  };
}

/** Points by source per player, from the events, with the sources in words ("fairy bonus"). */
export const pointsBreakdown = (
  events: Iterable<GameEvent>,
  players: number,
  speech: Speech = ENGLISH,
): PointsBreakdown => PRESENTATIONS.points(events, players, speech.locale());

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
export const outcomeText = (
  result: Pick<MatchResult, 'status' | 'outcome'>,
  names: Names,
  speech: Speech = ENGLISH,
): string =>
  phraseText(
    outcomePhrase(result, (p) => ({ player: p, name: playerName(names, p, speech) }), speech.locale()),
  );
