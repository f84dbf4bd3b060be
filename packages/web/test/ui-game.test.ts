/**
 * The game screen in Chromium on the dev page (the real board; a connection to a match in the page
 * with random bots): a few turns played with the keyboard only — Tab to a legal cell or a figure
 * target, Enter to preview and Enter to confirm, r to rotate, p to pass, arrows to pan — the moves
 * sent and answered, the log growing, nothing scrolling sideways on a phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useDevPage } from './ui-build.js';

/** Presses Tab until the focus is on one of the board's legal cells or targets (its class), or gives up. */
async function tabToBoard(page: Page): Promise<string> {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    // A string, evaluated in the page (the tests are compiled without the DOM's types).
    const cls = String(
      await page.evaluate(`(() => {
        const a = document.activeElement;
        return a !== null && a.closest('#game .carc-board') !== null ? (a.getAttribute('class') ?? '') : '';
      })()`),
    );
    if (/\b(cell|target)\b/.test(cls)) return cls;
  }
  return '';
}

describe('the game screen in Chromium', () => {
  const dev = useDevPage('carc-ui-game-');

  it('plays turns with the keyboard only and logs them', async () => {
    const page = await dev.context().newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${dev.url()}#game`);
    const status = page.locator('#game .game > .status');
    const steps = () => page.locator('#game .log ol > li').count();
    const transform = () => page.locator('#game .carc-board g.world').getAttribute('transform');
    let placed = 0;
    let rotated = false;
    let panned = false;
    for (let decision = 0; decision < 8; decision++) {
      await expect.poll(() => status.innerText(), { timeout: 15_000 }).toBe('your move');
      const n = await steps();
      const pass = page.locator('#game [role="toolbar"] button[data-action="pass"]');
      const boardChoices = await page.locator('#game .carc-board .cell, #game .carc-board .target').count();
      if (boardChoices === 0 && (await pass.count()) > 0) {
        await page.keyboard.press('p');
      } else {
        const cls = await tabToBoard(page);
        expect(cls, 'Tab reaches a legal cell or a target').not.toBe('');
        if (!panned) {
          // Arrows pan the board (the focus stays where it is).
          const before = await transform();
          await page.keyboard.press('ArrowLeft');
          await expect.poll(transform).not.toBe(before);
          panned = true;
        }
        await page.keyboard.press('Enter');
        if (/\bcell\b/.test(cls)) {
          // A preview of the tile on the cell: r shows the next legal way when there is one, Enter confirms.
          await expect.poll(() => page.locator('#game .carc-board .preview').count()).toBeGreaterThan(0);
          if (!rotated) {
            await page.keyboard.press('r');
            rotated = true;
          }
          await page.keyboard.press('Enter');
          placed++;
        }
      }
      await expect.poll(steps, { timeout: 10_000 }).toBeGreaterThan(n);
    }
    expect(placed).toBeGreaterThanOrEqual(2);
    expect(await page.locator('#game .error').count()).toBe(0);
    const scroll = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
    expect(scroll).toBeLessThanOrEqual(0);
    // Resign asks once more, then ends the game: the final scores show.
    await page.getByRole('button', { name: 'Resign' }).click();
    await page.getByRole('button', { name: 'Really resign?' }).click();
    await expect.poll(() => status.innerText(), { timeout: 10_000 }).toMatch(/^game over/);
    expect(await page.locator('#game .final').count()).toBe(1);
    await page.close();
    expect(errors).toEqual([]);
  }, 60_000);
  it('replays a record: steps, jumps, the slider and the final scores', async () => {
    const page = await dev.context().newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${dev.url()}#replay`);
    const at = page.locator('#replay .at');
    await expect.poll(() => at.innerText(), { timeout: 10_000 }).toMatch(/^move 0 \/ \d+$/);
    const last = Number((await at.innerText()).split('/ ')[1]);
    await page.getByRole('button', { name: 'forward one move' }).click();
    await page.keyboard.press('ArrowRight');
    expect(await at.innerText()).toBe(`move 2 / ${last}`);
    await page.locator('#replay .log li[data-version="10"] > button').click();
    expect(await at.innerText()).toBe(`move 10 / ${last}`);
    await page.locator('#replay input[type="range"]').fill('5');
    expect(await at.innerText()).toBe(`move 5 / ${last}`);
    expect(await page.locator('#replay .final').count()).toBe(0);
    await page.keyboard.press('End');
    expect(await at.innerText()).toBe(`move ${last} / ${last}`);
    expect(await page.locator('#replay .final').count()).toBe(1);
    const score = await page.locator('#replay .panels tbody tr .score').allInnerTexts();
    const final = await page.locator('#replay .final tbody .total').allInnerTexts();
    expect([...final].sort()).toEqual([...score].sort());
    await page.close();
    expect(errors).toEqual([]);
  }, 60_000);
});
