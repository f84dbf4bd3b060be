/**
 * The sentence of the turn panel: what the player in front of the screen is to do now, in words a
 * player reads (no tile ids, no rule ids), from the view's phase and legal actions.
 */
import type { Action, GameView } from '@carc/engine';
import type { MessageKey } from '../i18n/catalog.js';
import type { Speech } from './players.js';
import { ENGLISH, playerName } from './players.js';

export interface TurnContext {
  view: GameView;
  names: readonly string[];
  /** Whether it is this page's seat to act (and the game is not over). */
  myTurn: boolean;
  /** An action of ours is on its way to the server. */
  sending?: boolean;
  /** A placement is previewed on the board (↻ and ✓ are shown). */
  previewing?: boolean;
  /** How many ways the previewed cell takes the tile. */
  ways?: number;
  /** A touch screen: a piece on the board takes two taps (the first lights its feature). */
  touch?: boolean;
  /** The language (English by default). */
  speech?: Speech;
}

/** "a, b, or c" as the language says it ("a, b of c"). */
const orList = (parts: readonly string[], speech: Speech): string =>
  parts.reduce((done, part, i) =>
    i === 0
      ? part
      : i === parts.length - 1
        ? speech.t('game.orLast', { rest: done, last: part })
        : speech.t('game.listNext', { rest: done, next: part }),
  );

/** What the player may do after placing a tile, by action type, in the order they are offered. */
const OPTIONS: readonly (readonly [Action['type'], MessageKey])[] = [
  ['meeple', 'game.optionMeeple'],
  ['tower', 'game.optionTower'],
  ['tower-meeple', 'game.optionTowerMeeple'],
  ['fairy', 'game.optionFairy'],
  ['princess', 'game.optionPrincess'],
  ['ransom', 'game.optionRansom'],
];

/** One sentence saying what to do now (or whom we wait for). */
export function turnSentence({
  view,
  names,
  myTurn,
  sending = false,
  previewing = false,
  ways = 2,
  touch = false,
  speech = ENGLISH,
}: TurnContext): string {
  const t = speech.t;
  /** The sentence, and on a touch screen how to pick a piece on the board. */
  const tapping = (sentence: string): string =>
    touch ? t('game.withTwoTaps', { sentence, taps: t('game.twoTaps') }) : sentence;
  if (view.toAct < 0) return t('game.over');
  if (sending) return t('game.turnSending');
  if (!myTurn) return t('game.turnWaiting', { name: playerName(names, view.toAct, speech) });
  const types = new Set(view.legalActions.map((a) => a.type));
  switch (view.phase) {
    case 'place':
      if (previewing && ways < 2) return t('game.placeOneWay');
      if (previewing) return t('game.placePreviewing');
      return t('game.place');
    case 'turn':
      if (types.has('triangle') && types.has('draw'))
        return previewing ? t('game.halflingsPreviewing') : t('game.halflings');
      if (types.has('triangle')) return t('game.halflingsTriangle');
      return t('game.halflingsDraw');
    case 'draft':
      return t('game.draft');
    case 'dragon':
      return tapping(t('game.dragon'));
    case 'capture':
      return tapping(t('game.capture'));
    case 'crop-circle':
      return types.has('crop-circle') ? t('game.cropCircle') : t('game.cropChoice');
    default: {
      const options = OPTIONS.filter(([type]) => types.has(type)).map(([, key]) => t(key));
      if (options.length === 0) return types.has('pass') ? t('game.noMeeple') : t('game.yourMoveSentence');
      if (types.has('pass')) options.push(t('game.optionPass'));
      const s = orList(options, speech);
      return tapping(t('game.options', { options: `${s[0]!.toUpperCase()}${s.slice(1)}` }));
    }
  }
}
