import { describe, expect, test } from 'vitest';
import type { StateFields } from './state.js';
import { copyFieldByField, copyState } from './state.js';

class Sample {
  count = 0;
  flag = false;
  readonly all = new Int32Array(8);
  readonly used = new Int16Array(8).fill(-1);
  constructor(seed = 0) {
    for (let i = 0; i < 8; i++) this.all[i] = seed * 10 + i;
  }
}

const SAMPLE: StateFields<Sample> = {
  arrays: [{ key: 'all' }, { key: 'used', span: (d, s) => [0, Math.max(d.count, s.count)] }],
  scalars: ['count', 'flag'],
};

describe('state declared once (util/state.ts)', () => {
  test('the compiled copy and the field-by-field walk copy exactly the declared fields and spans', () => {
    for (const copy of [copyState, copyFieldByField]) {
      const src = new Sample(3);
      src.count = 3;
      src.flag = true;
      src.used.set([7, 8, 9], 0);
      src.used[6] = 42; // past both counts: outside the span, never copied
      const dst = new Sample(1);
      dst.count = 5;
      dst.used.set([1, 2, 3, 4, 5], 0);
      copy(SAMPLE, dst, src);
      expect(Array.from(dst.all)).toEqual(Array.from(src.all));
      expect(Array.from(dst.used)).toEqual([7, 8, 9, -1, -1, -1, -1, -1]);
      expect([dst.count, dst.flag]).toEqual([3, true]);
    }
  });
});
