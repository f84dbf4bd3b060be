/** The Princess & the Dragon's words: the dragon, the fairy, the princess and the portal (D-3..D-19). */
import { at, featureName, meepleNumber, rule, tile } from './common.js';
import { joinPhrases, say } from './phrase.js';
import type { Presentation } from './types.js';
import { DIRECTION_WORDS, plural } from './words.js';

const STEP: Readonly<Record<string, readonly [number, number]>> = {
  n: [0, -1],
  e: [1, 0],
  s: [0, 1],
  w: [-1, 0],
};

export const PRINCESS_DRAGON_PRESENTATION: Presentation = {
  id: 'princess-and-dragon',
  pieces: {
    dragon: 'dragon',
    fairy: 'fairy',
    princess: 'princess',
    volcano: 'volcano',
    portal: 'magic portal',
  },
  bonuses: { 'D-15': 'fairy point', 'D-17': 'fairy bonus' },
  removals: {
    'D-7': (meeple) => say`the dragon ate ${meeple}`,
    'D-10': (meeple) => say`the princess sent ${meeple} home`,
  },
  actions: {
    fairy: (a, ctx) =>
      a.feature === undefined
        ? say`the fairy onto the tile at ${at(a)}`
        : say`the fairy next to the meeple${meepleNumber(a.meeple)} on ${featureName(ctx, { ...a, feature: a.feature })}`,
    princess: (a, ctx) =>
      say`the princess sends ${ctx.who(a.owner)}’s knight${meepleNumber(a.meeple)} on ${featureName(ctx, a)} home`,
    dragon: (a, ctx) => {
      const d = ctx.table.dragon;
      const step = STEP[a.direction];
      const to = d && step ? ` to ${at({ x: d.x + step[0], y: d.y + step[1] })}` : '';
      return say`the dragon ${DIRECTION_WORDS[a.direction] ?? a.direction}${to}`;
    },
  },
  events: {
    'set-aside': (e, ctx) =>
      say`${ctx.who(e.player)} drew ${tile(ctx, e.tile)}: the dragon is not in play yet, so it is set aside${rule(e.rule)}`,
    'returned-to-pile': (e, ctx) =>
      say`${plural(e.tiles.length, 'set-aside tile')} went back into the pile: ${joinPhrases(e.tiles.map((t) => [tile(ctx, t)]))}${rule(e.rule)}`,
    dragon: (e, ctx) =>
      e.player === undefined
        ? say`The dragon appeared on the volcano at ${at(e)}${rule(e.rule)}`
        : say`${ctx.who(e.player)} moved the dragon to ${at(e)}${e.step !== undefined ? ` (step ${e.step})` : ''}${rule(e.rule)}`,
    fairy: (e, ctx) =>
      say`${ctx.who(e.player)} moved the fairy to ${at(e)}${e.feature === undefined ? ' (onto the tile)' : ''}${rule(e.rule)}`,
  },
};
