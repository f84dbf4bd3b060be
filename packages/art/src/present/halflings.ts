/** The Halflings' words: triangles in hand, the draft, vineyards and crop circles (H-0..H-14). */
import { at, featureName, meepleNumber, tile } from './common.js';
import { say } from './phrase.js';
import type { Presentation } from './types.js';
import { CORNER_WORDS } from './words.js';
import { cornerOf } from './corners.js';

const CROP_PLURALS: Readonly<Record<string, string>> = {
  knight: 'knights',
  thief: 'thieves',
  farmer: 'farmers',
};

export const HALFLINGS_PRESENTATION: Presentation = {
  id: 'halflings',
  pieces: { triangle: 'triangle', hand: 'hand' },
  bonuses: { 'H-12': 'vineyard bonus' },
  removals: { 'H-13': (meeple) => say`${meeple} went home (crop circle)` },
  actions: {
    draw: () => say`draw a tile from the pile`,
    triangle: (a, ctx) =>
      say`${tile(ctx, a.tile)} at ${at(a)}, right angle ${CORNER_WORDS[cornerOf(a.rotation)]}`,
    draft: (a, ctx) => say`take ${tile(ctx, a.tile)}`,
    'crop-circle': (a) =>
      say`crop circle: ${CROP_PLURALS[a.meeple] ?? a.meeple}, everyone ${a.mode === 'add' ? 'may add one' : 'must remove one'}`,
    crop: (a, ctx) =>
      ctx.cropMode === 'remove'
        ? say`remove the meeple${meepleNumber(a.meeple)} from ${featureName(ctx, a)}`
        : say`add a meeple beside the one on ${featureName(ctx, a)}`,
  },
};
