/**
 * The client's look (src/theme.css), in the built client in Debian's Chromium: the theme follows the
 * system's light or dark preference on home, set-up and lobby (the page dark and its text light, or
 * the reverse), and a player's chip is one component everywhere (set-up, the game's panels, the home
 * page's saved games): the same disc, colour and letter for a seat, the same size within a size.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBuiltApp } from './ui-build.js';

/** WCAG relative luminance of a computed CSS colour (`rgb(…)`/`rgba(…)`), 0 (black) to 1 (white). */
function luminance(css: string): number {
  const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const lin = (c: number): number => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The page's background (the body's, else the root's) and the colour of its first heading's text. */
function colours(page: Page): Promise<{ background: string; text: string; body: string }> {
  return page.evaluate(() => {
    const bg = (e: Element): string => getComputedStyle(e).backgroundColor;
    const transparent = (c: string): boolean => c === 'transparent' || c === 'rgba(0, 0, 0, 0)';
    const body = bg(document.body);
    const heading = document.querySelector('main h1, main h2') ?? document.body;
    return {
      background: transparent(body) ? bg(document.documentElement) : body,
      text: getComputedStyle(heading).color,
      body: getComputedStyle(document.body).color,
    };
  });
}

interface Chip {
  seat: number;
  letter: string;
  background: string;
  width: number;
  size: string;
}

/** Every player chip under `scope`. */
function chips(page: Page, scope: string): Promise<Chip[]> {
  return page.locator(`${scope} [data-player-chip]`).evaluateAll((all) =>
    all.map((e) => {
      const style = getComputedStyle(e);
      return {
        seat: Number(e.getAttribute('data-player-chip')),
        letter: e.textContent?.trim() ?? '',
        background: style.backgroundColor,
        width: e.getBoundingClientRect().width,
        size: [...e.classList].find((c) => ['small', 'medium', 'large'].includes(c)) ?? '',
      };
    }),
  );
}

describe('the theme (light and dark) and the players’ chips', () => {
  const app = useBuiltApp('carc-theme-', { viewport: { width: 1440, height: 900 } });

  const SCREENS = [
    ['home', '#/'],
    ['setup', '#/local'],
    ['lobby', '#/lobby'],
  ] as const;

  for (const scheme of ['light', 'dark'] as const) {
    it(`follows the system's ${scheme} theme on home, set-up and lobby`, async () => {
      const page = await app.context().newPage();
      await page.emulateMedia({ colorScheme: scheme });
      for (const [name, hash] of SCREENS) {
        await page.goto(`${app.url()}${hash}`);
        await page.locator('main h1, main h2').first().waitFor();
        const c = await colours(page);
        const bg = luminance(c.background);
        const text = luminance(c.text);
        const body = luminance(c.body);
        const where = `${name} (${scheme}): background ${c.background}, text ${c.text}`;
        if (scheme === 'dark') {
          expect(bg, where).toBeLessThan(0.05);
          expect(text, where).toBeGreaterThan(0.6);
          expect(body, where).toBeGreaterThan(0.6);
        } else {
          expect(bg, where).toBeGreaterThan(0.75);
          expect(text, where).toBeLessThan(0.05);
          expect(body, where).toBeLessThan(0.05);
        }
        // Text on the page well above AA, whatever the theme.
        expect((Math.max(bg, text) + 0.05) / (Math.min(bg, text) + 0.05), where).toBeGreaterThan(7);
      }
      await page.close();
    }, 60_000);
  }

  it('shows a seat with one chip on the set-up, in the game and on the home page', async () => {
    const page = await app.context().newPage();
    await page.goto(`${app.url()}?botDelay=0#/local`);
    const start = page.getByRole('button', { name: 'Start the game' });
    await start.waitFor();
    await page.getByRole('textbox', { name: 'Name of player 1' }).fill('Ada');
    const setup = await chips(page, 'form.setup');
    expect(setup.map((c) => c.seat)).toEqual([0, 1]);
    expect(new Set(setup.map((c) => c.size))).toEqual(new Set(['large']));

    await start.click();
    await page.locator('.panels [data-player-chip]').first().waitFor();
    const panels = await chips(page, '.panels tbody th');
    // The same letter and colour for each seat as on the set-up.
    expect(panels.map(({ seat, letter, background }) => ({ seat, letter, background }))).toEqual(
      setup.map(({ seat, letter, background }) => ({ seat, letter, background })),
    );
    expect(panels[0]?.letter).toBe('A');

    // The game is saved as it goes: the home page lists it with the same chips, the same size as the panels'.
    await page.goto(`${app.url()}#/`);
    await page.getByRole('heading', { name: 'Unfinished games' }).waitFor();
    const saved = await chips(page, '.saves');
    expect(saved.map(({ seat, letter, background }) => ({ seat, letter, background }))).toEqual(
      setup.map(({ seat, letter, background }) => ({ seat, letter, background })),
    );
    expect(saved.map((c) => [c.size, c.width])).toEqual(panels.map((c) => [c.size, c.width]));
    await page.close();
  }, 60_000);

  // "Player 1" and two "Medium bot n" once got P, 2 and 3 (playerLetters, packages/art/src/palette.ts).
  it('gives bots and people the same kind of letter (no "P" beside "2")', async () => {
    const page = await app.context().newPage();
    await page.goto(`${app.url()}#/local`);
    await page.getByRole('button', { name: 'Start the game' }).waitFor();
    await page.getByRole('textbox', { name: 'Name of player 1' }).fill('');
    await page.getByRole('button', { name: '+ Add a player' }).click();
    const letters = (await chips(page, 'form.setup')).map((c) => c.letter);
    expect(letters).toHaveLength(3);
    const digits = letters.filter((l) => /^\d$/.test(l)).length;
    expect([0, letters.length], letters.join(' ')).toContain(digits);
    await page.close();
  }, 30_000);
});
