/** The Tower's words: tower pieces, captures, prisoners and ransoms (T-0..T-8). */
import { at, featureName, meepleNumber, rule } from './common.js';
import { say } from './phrase.js';
import type { Presentation } from './types.js';
import { plural } from './words.js';

/** The price of freeing a prisoner (T-6). */
const RANSOM = 3;

export const TOWER_PRESENTATION: Presentation = {
  id: 'tower',
  pieces: { 'tower-piece': 'tower piece', prisoner: 'prisoner' },
  features: { tower: { one: 'tower', many: 'towers', role: 'meeple' } },
  removals: { 'T-3': (meeple) => say`${meeple} was taken prisoner` },
  actions: {
    tower: (a, ctx) => {
      const h =
        ctx.table.towers?.find((t) => t.x === a.x && t.y === a.y && t.corner === a.corner)?.height ?? 0;
      return say`a tower piece at ${at(a)} (height ${h} to ${h + 1})`;
    },
    'tower-meeple': (a) => say`a meeple on top of the tower at ${at(a)} (closes it)`,
    capture: (a, ctx) =>
      say`capture ${ctx.who(a.owner)}’s meeple${meepleNumber(a.meeple)} on ${featureName(ctx, a)}`,
    ransom: (a, ctx) => say`pay ${ctx.who(a.captor)} ${plural(RANSOM, 'point')} to free a meeple`,
  },
  events: {
    tower: (e, ctx) =>
      say`${ctx.who(e.player)} built a tower piece at ${at(e)}: height ${e.height}${rule(e.rule)}`,
    prisoner: (e, ctx) =>
      say`${ctx.who(e.captor)} took a meeple of ${ctx.who(e.owner)} prisoner${rule(e.rule)}`,
    exchange: (e, ctx) =>
      say`${ctx.who(e.players[0])} and ${ctx.who(e.players[1])} exchanged prisoners${rule(e.rule)}`,
    ransom: (e, ctx) =>
      say`${ctx.who(e.player)} paid ${ctx.who(e.captor)} ${plural(e.points, 'point')} to free a meeple${rule(e.rule, true)}`,
  },
  points: {
    ransom: (e) => [
      { player: e.player, key: 'ransom-paid', label: 'ransoms paid', points: -e.points },
      { player: e.captor, key: 'ransom-received', label: 'ransoms received', points: e.points },
    ],
  },
};
