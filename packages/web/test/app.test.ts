/**
 * The web client end to end, as a user runs it: `carcassonne serve` (a real server process on a
 * SQLite file) serving the built client, driven through the page in Debian's Chromium: a hotseat
 * game played to the end through the board and the action bar, and a game against a bot (the
 * engine and the bot in the page’s worker) with all three expansions, on a touch phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ServerProcess } from '../../server/test/harness.js';
import { FAST, startServerProcess, tempDatabase } from '../../server/test/harness.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp, launchChromium, tempDir } from './ui-build.js';
import { decide, statusOf, stepsOf } from './ui-play.js';

const SEED = '0123456789abcdef0123456789abcdef';

/** Screenshots for a person to look at: in CARC_SHOT_DIR when set, else in a temporary folder. */
const shots = process.env.CARC_SHOT_DIR ?? tempDir('carc-web-shots-');
const shot = (page: Page, name: string): Promise<Buffer> =>
  page.screenshot({ path: join(shots, `${name}.png`) });

/**
 * Plays every decision offered to this page until the game is over. At a hotseat hand-off screen,
 * checks that no hand is shown, then says "it is me"; returns the decisions and hand-offs.
 */
async function playToTheEnd(
  page: Page,
  input: 'keyboard' | 'touch',
  errors: string[],
  onDecision: (decisions: number) => Promise<void> = async () => {},
): Promise<{ decisions: number; handoffs: number }> {
  let decisions = 0;
  let handoffs = 0;
  const handoff = page.getByRole('dialog');
  for (;;) {
    if (await handoff.isVisible()) {
      expect(await page.locator('.hand').count(), 'a hand shown behind the hand-off screen').toBe(0);
      expect(
        await page.locator('.carc-board .cell').count(),
        'cells offered behind the hand-off screen',
      ).toBe(0);
      if (handoffs === 1) await shot(page, 'handoff-desktop');
      await handoff.getByRole('button').click();
      await expect.poll(() => page.locator('.hand li.mine').count()).toBe(1);
      handoffs++;
    }
    const status = await statusOf(page);
    if (status.startsWith('game over')) return { decisions, handoffs };
    if (status !== 'your move') {
      await page.waitForTimeout(50);
      continue;
    }
    const before = await stepsOf(page);
    if (!(await decide(page, input))) continue;
    decisions++;
    await onDecision(decisions);
    try {
      await expect
        .poll(async () => (await stepsOf(page)) > before || (await statusOf(page)).startsWith('game over'), {
          timeout: 15_000,
        })
        .toBe(true);
    } catch (e) {
      await shot(page, 'stuck');
      throw e;
    }
    expect(errors).toEqual([]);
  }
}

describe('the web client, served by the server, in Chromium', () => {
  let server: ServerProcess;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  /** A phone: 390×844 with a touch screen. */
  let phone: Awaited<ReturnType<typeof launchChromium>>;

  beforeAll(async () => {
    const web = tempDir('carc-web-');
    await buildApp(web);
    server = await startServerProcess(tempDatabase(), { ...FAST, WEB_ROOT: web, BOT_BUDGET_MS: '50' });
    chromium = await launchChromium();
    phone = await launchChromium({ viewport: { width: 390, height: 844 }, hasTouch: true });
  }, 120_000);
  afterAll(async () => {
    await chromium?.close();
    await phone?.close();
    await server?.stop();
  });

  const open = async (device: 'desktop' | 'phone' = 'desktop') => {
    const page = await (device === 'phone' ? phone : chromium).context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    return { page, errors };
  };

  it('hotseat: two players on one device play the Halflings to the end, hands hidden at each hand-off', async () => {
    const { page, errors } = await open();
    await page.goto(`${server.url}/#/local`);
    await page.locator('[data-expansion="halflings"] input').check();
    await page.getByLabel('seat 2', { exact: true }).selectOption('human');
    await page.getByRole('button', { name: 'Start the game' }).click();
    const { decisions, handoffs } = await playToTheEnd(page, 'keyboard', errors);
    expect(decisions).toBeGreaterThan(60);
    // One hand-off per change of player: about one per turn.
    expect(handoffs).toBeGreaterThan(decisions / 4);
    expect(await statusOf(page)).toMatch(/^game over/);
    expect(await page.locator('.final').count()).toBe(1);
    await page.close();
  }, 240_000);

  it('against a bot in the browser, all three expansions, on a touch phone, to the end', async () => {
    const { page, errors } = await open('phone');
    // A fixed deal (the bot is seeded from it too) in which a dragon step, a capture and a triangle happen.
    await page.goto(`${server.url}/?botDelay=0&seed=${SEED}#/local`);
    for (const id of ['halflings', 'tower', 'princess-and-dragon'])
      await page.locator(`[data-expansion="${id}"] input`).check();
    await shot(page, 'setup-phone');
    await page.getByRole('button', { name: 'Start the game' }).click();
    const { decisions, handoffs } = await playToTheEnd(page, 'touch', errors, async (n) => {
      if (n === 30) await shot(page, 'game-phone');
    });
    expect(decisions).toBeGreaterThan(40);
    expect(handoffs, 'no hand-off screen with one person at the device').toBe(0);
    const log = await page.locator('.game .log ol > li').allInnerTexts();
    expect(log.some((l) => /moved the dragon/.test(l))).toBe(true);
    expect(log.some((l) => /prisoner/.test(l))).toBe(true);
    expect(log.some((l) => /^Player 1 paid .* to free a meeple/m.test(l))).toBe(true);
    // The Halflings' triangles, drawn in the log as pictures named in words (never by their ids).
    expect(
      await page.locator('.game .log li.place .pic svg[aria-label^="a triangle"]').count(),
    ).toBeGreaterThan(0);
    const scroll = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
    expect(scroll).toBeLessThanOrEqual(0);
    await shot(page, 'final-phone');
    const scores = await page.locator('.final tbody .total').allInnerTexts();

    // The record, saved as a file: the whole game, its seed included now that it is over.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Save the record' }).click(),
    ]);
    const record = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      seed: unknown;
      actions: unknown[];
    };
    expect(record.seed).toBe(SEED);
    expect(record.actions.length).toBe(log.length);

    // The replay viewer: stepped forward and back, to the end, where the scores are the game's.
    await page.getByRole('button', { name: 'Watch the replay' }).tap();
    const at = page.locator('.replay .at');
    await expect.poll(() => at.innerText()).toBe(`move 0 / ${log.length}`);
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'forward one move' }).tap();
    await page.getByRole('button', { name: 'back one move' }).tap();
    expect(await at.innerText()).toBe(`move 2 / ${log.length}`);
    await page.locator('.replay input[type="range"]').fill(String(Math.floor(log.length / 2)));
    await shot(page, 'replay-phone');
    await page.getByRole('button', { name: 'to the end' }).tap();
    expect(await page.locator('.replay .final tbody .total').allInnerTexts()).toEqual(scores);
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});
