/**
 * Screenshots of the UI's dev page in Chromium, at desktop and phone sizes, for a person to look
 * at (CARC_UI_SCREENSHOTS=dir). Also checks that no page scrolls sideways on a phone and that the
 * page logs no errors.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDevPage } from './ui-build.js';

const out = process.env.CARC_UI_SCREENSHOTS;

describe.skipIf(out === undefined || out === '')('UI screenshots', () => {
  const dev = useDevPage('carc-ui-dev-');

  const sizes = [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ];
  for (const section of ['setup', 'panels', 'final', 'game', 'replay']) {
    for (const size of sizes) {
      it(`${section} at ${size.name}`, async () => {
        const page = await dev.context().newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.goto(`${dev.url()}#${section}`);
        await page.waitForSelector(`#${section}`);
        await page.waitForTimeout(section === 'game' ? 1500 : 300);
        await page.screenshot({ path: join(out ?? '.', `${section}-${size.name}.png`), fullPage: true });
        await page.screenshot({ path: join(out ?? '.', `${section}-${size.name}-top.png`) });
        const scroll = Number(
          await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'),
        );
        await page.close();
        expect(errors).toEqual([]);
        expect(scroll, 'horizontal scroll').toBeLessThanOrEqual(0);
      }, 60_000);
    }
  }
});
