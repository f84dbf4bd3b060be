/**
 * The web client end to end, as a user runs it: `carcassonne serve` (a real server process on a
 * SQLite file) serving the built client, driven through the page in Debian's Chromium: a hotseat
 * game played to the end through the board and the action bar, and a game against a bot (the
 * engine and the bot in the page's worker) with all three expansions, on a phone-sized page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ServerProcess } from '../../server/test/harness.js';
import { FAST, startServerProcess, tempDatabase } from '../../server/test/harness.js';
import { buildApp, launchChromium, tempDir } from './ui-build.js';
import { decide, statusOf, stepsOf } from './ui-play.js';

/** Plays every decision offered to this page until the game is over. */
async function playToTheEnd(page: Page, errors: string[]): Promise<number> {
  let decisions = 0;
  for (;;) {
    const status = await statusOf(page);
    if (status.startsWith('game over')) return decisions;
    if (status !== 'your move') {
      await page.waitForTimeout(50);
      continue;
    }
    const before = await stepsOf(page);
    await decide(page);
    decisions++;
    await expect
      .poll(async () => (await stepsOf(page)) > before || (await statusOf(page)).startsWith('game over'), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(errors).toEqual([]);
  }
}

describe('the web client, served by the server, in Chromium', () => {
  let server: ServerProcess;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;

  beforeAll(async () => {
    const web = tempDir('carc-web-');
    await buildApp(web);
    server = await startServerProcess(tempDatabase(), { ...FAST, WEB_ROOT: web, BOT_BUDGET_MS: '50' });
    chromium = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  const open = async (width = 1280, height = 800) => {
    const page = await chromium.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.setViewportSize({ width, height });
    return { page, errors };
  };

  it('hotseat: two players on one device play a base game to the end through the board', async () => {
    const { page, errors } = await open();
    await page.goto(`${server.url}/#/local`);
    for (const id of ['tower', 'halflings', 'princess-and-dragon']) {
      await page.locator(`[data-expansion="${id}"] input`).uncheck();
    }
    await page.getByLabel('seat 2', { exact: true }).selectOption('human');
    await page.getByRole('button', { name: 'Start the game' }).click();
    const decisions = await playToTheEnd(page, errors);
    expect(decisions).toBeGreaterThan(60);
    expect(await statusOf(page)).toMatch(/^game over/);
    expect(await page.locator('.final').count()).toBe(1);
    await page.close();
  }, 240_000);

  it('against a bot in the browser, all three expansions, on a phone, to the end', async () => {
    const { page, errors } = await open(390, 844);
    await page.goto(`${server.url}/?botDelay=0#/local`);
    await page.getByRole('button', { name: 'Start the game' }).click();
    const decisions = await playToTheEnd(page, errors);
    expect(decisions).toBeGreaterThan(40);
    const scroll = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
    expect(scroll).toBeLessThanOrEqual(0);
    await page.screenshot({ path: process.env.CARC_SHOT ?? `${tempDir('carc-web-shot-')}/phone-final.png` });
    await page.close();
  }, 240_000);
});
