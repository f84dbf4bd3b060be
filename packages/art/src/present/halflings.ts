/** The Halflings' words: triangles in hand, the draft, vineyards and crop circles (H-0..H-14). */
import { at, featureName, meepleNumber, tile } from './common.js';
import { cornerOf } from './corners.js';
import { HALFLINGS_MESSAGES } from './messages/halflings.js';
import type { Presentation } from './types.js';

export const HALFLINGS_PRESENTATION: Presentation = {
  id: 'halflings',
  messages: HALFLINGS_MESSAGES,
  actions: {
    draw: (_a, ctx) => ctx.t.phrase('halflings.action.draw'),
    triangle: (a, ctx) =>
      ctx.t.phrase('halflings.action.triangle', {
        tile: tile(ctx, a.tile),
        cell: at(ctx, a),
        corner: cornerOf(a.rotation),
      }),
    draft: (a, ctx) => ctx.t.phrase('halflings.action.draft', { tile: tile(ctx, a.tile) }),
    'crop-circle': (a, ctx) =>
      ctx.t.phrase('halflings.action.crop-circle', { meeple: a.meeple, mode: a.mode }),
    crop: (a, ctx) =>
      ctx.t.phrase('halflings.action.crop', {
        mode: ctx.cropMode === 'remove' ? 'remove' : 'add',
        n: meepleNumber(a.meeple),
        ...featureName(ctx, a),
      }),
  },
};
