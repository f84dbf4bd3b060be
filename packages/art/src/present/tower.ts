/** The Tower's words: tower pieces, captures, prisoners and ransoms (T-0..T-8). */
import { at, featureName, meepleNumber, rule } from './common.js';
import { TOWER_MESSAGES } from './messages/tower.js';
import type { Presentation } from './types.js';

/** The price of freeing a prisoner (T-6). */
const RANSOM = 3;

export const TOWER_PRESENTATION: Presentation = {
  id: 'tower',
  messages: TOWER_MESSAGES,
  actions: {
    tower: (a, ctx) => {
      const h =
        ctx.table.towers?.find((t) => t.x === a.x && t.y === a.y && t.corner === a.corner)?.height ?? 0;
      return ctx.t.phrase('tower.action.tower', { cell: at(ctx, a), height: h, next: h + 1 });
    },
    'tower-meeple': (a, ctx) => ctx.t.phrase('tower.action.tower-meeple', { cell: at(ctx, a) }),
    capture: (a, ctx) =>
      ctx.t.phrase('tower.action.capture', {
        owner: ctx.who(a.owner),
        n: meepleNumber(a.meeple),
        ...featureName(ctx, a),
      }),
    ransom: (a, ctx) => ctx.t.phrase('tower.action.ransom', { captor: ctx.who(a.captor), points: RANSOM }),
  },
  events: {
    tower: (e, ctx) =>
      ctx.t.phrase('tower.event.tower', {
        player: ctx.who(e.player),
        cell: at(ctx, e),
        height: e.height,
        rule: rule(e.rule),
      }),
    prisoner: (e, ctx) =>
      ctx.t.phrase('tower.event.prisoner', {
        captor: ctx.who(e.captor),
        owner: ctx.who(e.owner),
        rule: rule(e.rule),
      }),
    exchange: (e, ctx) =>
      ctx.t.phrase('tower.event.exchange', {
        first: ctx.who(e.players[0]),
        second: ctx.who(e.players[1]),
        rule: rule(e.rule),
      }),
    ransom: (e, ctx) =>
      ctx.t.phrase('tower.event.ransom', {
        player: ctx.who(e.player),
        captor: ctx.who(e.captor),
        points: e.points,
        rule: rule(e.rule, true),
      }),
  },
  points: {
    ransom: (e, _words, t) => [
      { player: e.player, key: 'ransom-paid', label: t.text('tower.points.ransom-paid'), points: -e.points },
      {
        player: e.captor,
        key: 'ransom-received',
        label: t.text('tower.points.ransom-received'),
        points: e.points,
      },
    ],
  },
};
