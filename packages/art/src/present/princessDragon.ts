/** The Princess & the Dragon's words: the dragon, the fairy, the princess and the portal (D-3..D-19). */
import { at, featureName, meepleNumber, rule, tile } from './common.js';
import { PRINCESS_DRAGON_MESSAGES } from './messages/princessDragon.js';
import type { Presentation } from './types.js';

const STEP: Readonly<Record<string, readonly [number, number]>> = {
  n: [0, -1],
  e: [1, 0],
  s: [0, 1],
  w: [-1, 0],
};

export const PRINCESS_DRAGON_PRESENTATION: Presentation = {
  id: 'princess-and-dragon',
  messages: PRINCESS_DRAGON_MESSAGES,
  actions: {
    fairy: (a, ctx) =>
      a.feature === undefined
        ? ctx.t.phrase('princess-and-dragon.action.fairy', { onTile: 'yes', cell: at(ctx, a) })
        : ctx.t.phrase('princess-and-dragon.action.fairy', {
            onTile: 'no',
            n: meepleNumber(a.meeple),
            ...featureName(ctx, { ...a, feature: a.feature }),
          }),
    princess: (a, ctx) =>
      ctx.t.phrase('princess-and-dragon.action.princess', {
        owner: ctx.who(a.owner),
        n: meepleNumber(a.meeple),
        ...featureName(ctx, a),
      }),
    dragon: (a, ctx) => {
      const d = ctx.table.dragon;
      const step = STEP[a.direction];
      return ctx.t.phrase('princess-and-dragon.action.dragon', {
        direction: a.direction,
        to: d && step ? 'yes' : 'no',
        cell: d && step ? at(ctx, { x: d.x + step[0], y: d.y + step[1] }) : '',
      });
    },
  },
  events: {
    'set-aside': (e, ctx) =>
      ctx.t.phrase('princess-and-dragon.event.set-aside', {
        player: ctx.who(e.player),
        tile: tile(ctx, e.tile),
        rule: rule(e.rule),
      }),
    'returned-to-pile': (e, ctx) =>
      ctx.t.phrase('princess-and-dragon.event.returned-to-pile', {
        count: e.tiles.length,
        tiles: ctx.t.list(e.tiles.map((t) => [tile(ctx, t)])),
        rule: rule(e.rule),
      }),
    dragon: (e, ctx) =>
      ctx.t.phrase('princess-and-dragon.event.dragon', {
        moved: e.player === undefined ? 'no' : 'yes',
        player: e.player === undefined ? '' : ctx.who(e.player),
        cell: at(ctx, e),
        step: e.step ?? 'none',
        rule: rule(e.rule),
      }),
    fairy: (e, ctx) =>
      ctx.t.phrase('princess-and-dragon.event.fairy', {
        player: ctx.who(e.player),
        cell: at(ctx, e),
        onTile: e.feature === undefined ? 'yes' : 'no',
        rule: rule(e.rule),
      }),
  },
};
