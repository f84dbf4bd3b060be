/** The terminal drawing of tiles (render/text.ts): every feature of a tile shows, at every turn (H-1). */
import { BUILTIN, CORNER_NAMES } from '@carc/engine';
import { describe, expect, it } from 'vitest';
import { tileGlyph } from '../src/render/text.js';

const catalog = BUILTIN.catalog();
const triangles = catalog.defs.filter((d) => d.shape === 'triangle');

describe('tileGlyph', () => {
  it.each(triangles.map((d) => [d.id, d] as const))(
    '%s shows each of its cities and fields with the right angle at each corner',
    (_id, def) => {
      CORNER_NAMES.forEach((corner, q) => {
        const glyph = tileGlyph(def, q);
        def.features.forEach((f, k) => {
          if (f.kind !== 'city' && f.kind !== 'field') return;
          const styles = f.kind === 'city' ? ['city', 'pennant'] : ['field', 'symbol'];
          const shown = glyph.px.some((g) => g !== null && g.feature === k && styles.includes(g.style));
          expect(shown, `${def.id} at ${corner}: ${f.kind} ${k}`).toBe(true);
        });
      });
    },
  );
});
