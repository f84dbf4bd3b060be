/**
 * The terminal's side of the shared presentation (@carc/art, present/): actions as short phrases
 * (the menu and the log share them) and the events that follow an action (points, the dragon,
 * captures…), phrased by each expansion's presentation and said as plain text: tiles in words,
 * players as "P1 greedy", a rule named only where it explains points ("(rule B-7)").
 *
 * Everything here reads the game only through what the player may see (tiles, meeples, the drawn
 * tile, the expansions' public fields): no phrase can leak a hidden hand or the order of the pile.
 */
import type { Action, GameEvent, GameView } from '@carc/engine';
import type { Locale, Part, Presenter, TileLookup } from '@carc/art';
import { PRESENTATIONS, cellName, cornerOf, phraseText, ruleText, tileWords } from '@carc/art';

export { cellName, cornerOf };

/** What the phrases need: the view and a tile lookup (the engine's Catalog fits). */
export interface Table {
  view: GameView;
  tiles: TileLookup;
  /** Player names by seat. */
  names: readonly string[];
  /** The presentations in play (a plug-in expansion's added with `PRESENTATIONS.with`). */
  presenter?: Presenter;
  /** The language the phrases are told in (`--lang`; English by default). */
  locale?: Locale;
}

/** What a tile shows, in words ("a city cap with a road"); its id only for a tile no one describes. */
export const tileName = (tiles: TileLookup, id: string, locale?: Locale): string =>
  tileWords(tiles, id, locale) ?? id;

/** "P1 greedy": seat number (from 0, as in records) and name. */
export const who = (t: Pick<Table, 'names'>, p: number): string => `P${p} ${t.names[p] ?? ''}`.trimEnd();

const seat =
  (t: Table) =>
  (p: number): Part => ({ player: p, name: who(t, p) });

/**
 * An action as a short phrase, as the menu lists it and the log tells it. `phase` is the phase it is
 * taken in (a pass means different things), `cropMode` the crop circle's named action (H-13).
 */
export function actionPhrase(t: Table, a: Action, phase: string, cropMode?: 'add' | 'remove'): string {
  const presenter = t.presenter ?? PRESENTATIONS;
  const ctx = presenter.context({
    who: seat(t),
    tiles: t.tiles,
    table: t.view,
    phase,
    ...(cropMode ? { cropMode } : {}),
    ...(t.locale ? { locale: t.locale } : {}),
  });
  return phraseText(presenter.action(a, ctx));
}

/** Extra words a menu entry answers to when typed (besides the words of its phrase). */
export function actionKeys(a: Action): string[] {
  switch (a.type) {
    case 'pass':
      return ['pass', 'none', 'no', 'skip', 'nothing', 'nobody'];
    case 'dragon':
      return [a.direction];
    case 'draw':
      return ['draw'];
    case 'crop-circle':
      return [a.meeple, { knight: 'city', thief: 'road', farmer: 'field' }[a.meeple], a.mode];
    default:
      return [];
  }
}

/** Events the action's own line already tells (who placed what, where; a meeple; the fairy). */
const TOLD_BY_ACTION: ReadonlySet<string> = new Set(['draw', 'place', 'meeple', 'return', 'fairy', 'end']);

/** What an event tells the table beyond the action's own line: none, or one line in words. */
export function eventLines(t: Table, e: GameEvent): string[] {
  if (TOLD_BY_ACTION.has(e.type)) return [];
  const presenter = t.presenter ?? PRESENTATIONS;
  const ctx = presenter.context({
    who: seat(t),
    tiles: t.tiles,
    table: t.view,
    ...(t.locale ? { locale: t.locale } : {}),
  });
  return [phraseText(presenter.event(e, ctx), { rules: 'points', rule: ruleText(t.locale) })];
}

/** Whether an action's own line is left out of the log because its events tell it (with the cell). */
export const toldByEvents = (a: Action): boolean => a.type === 'dragon' || a.type === 'ransom';
