/**
 * The game screen in Chromium with the dev page's stand-ins (a board drawing the art package's SVG,
 * a connection to a match in the page with random bots): the keyboard confirms and passes, the
 * moves are sent and answered, the log grows and nothing scrolls sideways on a phone.
 */
import { describe, expect, it } from 'vitest';
import { useDevPage } from './ui-build.js';

describe('the game screen in Chromium', () => {
  const dev = useDevPage('carc-ui-game-');

  it('plays moves from the keyboard and logs them', async () => {
    const page = await dev.context().newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${dev.url()}#game`);
    const status = page.locator('#game .game > .status');
    await expect.poll(() => status.innerText(), { timeout: 10_000 }).toBe('your move');
    const steps = () => page.locator('#game .log ol > li').count();
    const before = await steps();
    // Enter confirms on the board: the stand-in board chooses the first hinted placement.
    await page.keyboard.press('Enter');
    await expect.poll(steps, { timeout: 10_000 }).toBeGreaterThan(before);
    // Then every turn of ours: pass when the bar offers it (p), else confirm (Enter).
    for (let turn = 0; turn < 4; turn++) {
      await expect.poll(() => status.innerText(), { timeout: 15_000 }).toBe('your move');
      const pass = page.locator('#game [role="toolbar"] button', { hasText: 'pass' });
      const n = await steps();
      await page.keyboard.press((await pass.count()) > 0 ? 'p' : 'Enter');
      await expect.poll(steps, { timeout: 10_000 }).toBeGreaterThan(n);
    }
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
