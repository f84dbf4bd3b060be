/**
 * "The turn in front of you": the panel that shows what the player drew (a picture of the tile,
 * turning with the preview on the board) or, on a Halflings turn, their triangles beside the option
 * to draw, and one sentence saying what to do now. Played as a player sees it (roles, labels, text)
 * in a local game against a bot, served by a real server process, in Debian's Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ServerProcess } from '../../server/test/harness.js';
import { FAST, startServerProcess, tempDatabase } from '../../server/test/harness.js';
import { join } from 'node:path';
import { buildApp, launchChromium, tempDir } from './ui-build.js';
import { statusOf, tappable } from './ui-play.js';

const SEED = '0123456789abcdef0123456789abcdef';

/** Screenshots for a person to look at: in CARC_SHOT_DIR when set, else in a temporary folder. */
const shots = process.env.CARC_SHOT_DIR ?? tempDir('carc-web-shots-');
const shot = (page: Page, name: string): Promise<Buffer> =>
  page.screenshot({ path: join(shots, `${name}.png`) });

/** The turn panel, as a region named for what it is. */
const panel = (page: Page): Locator => page.getByRole('region', { name: 'The turn' });
/** The panel's sentence saying what to do. */
const sentence = (page: Page): Promise<string> => panel(page).getByRole('status').innerText();
const drawnTile = (page: Page): Locator => panel(page).getByRole('img', { name: /^the drawn tile: / });
const nameOf = async (l: Locator): Promise<string> => (await l.getAttribute('aria-label')) ?? '';

/** No internal codes: tile ids (BA/L, DG/CRr.d, H2-12) and rule ids (B-6, H-3). */
const CODE = /\b[A-Z]{1,3}\/[A-Za-z.]+|\bH\d-\d+|\b[A-Z]-\d+\b/;

describe('the turn panel, in Chromium', () => {
  let server: ServerProcess;
  let desktop: Awaited<ReturnType<typeof launchChromium>>;
  let phone: Awaited<ReturnType<typeof launchChromium>>;

  beforeAll(async () => {
    const web = tempDir('carc-web-turn-');
    await buildApp(web);
    server = await startServerProcess(tempDatabase(), { ...FAST, WEB_ROOT: web, BOT_BUDGET_MS: '50' });
    desktop = await launchChromium({ viewport: { width: 1440, height: 900 } });
    phone = await launchChromium({ viewport: { width: 390, height: 844 }, hasTouch: true });
  }, 120_000);
  afterAll(async () => {
    await desktop?.close();
    await phone?.close();
    await server?.stop();
  });

  const open = async (device: 'desktop' | 'phone') => {
    const page = await (device === 'phone' ? phone : desktop).context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    return { page, errors };
  };

  it('shows the drawn tile as a picture and what to do before any click; the picture turns with the preview', async () => {
    const { page, errors } = await open('desktop');
    await page.goto(`${server.url}/?botDelay=0&seed=${SEED}#/local`);
    // Without the Halflings the turn starts with a drawn tile.
    await page.locator('[data-expansion="halflings"] input').uncheck();
    await page.getByRole('button', { name: 'Start the game' }).click();
    await expect.poll(() => statusOf(page), { timeout: 15_000 }).toBe('your move');

    await expect.poll(() => drawnTile(page).isVisible()).toBe(true);
    const drawn = await nameOf(drawnTile(page));
    expect(drawn).toMatch(/^the drawn tile: (a|an|two|three|four|fields) /);
    expect(await sentence(page)).toMatch(/^Place the tile: .*highlighted cell.*↻.*✓/);
    expect(await panel(page).innerText()).not.toMatch(CODE);
    // Nor anywhere in the players' panel: the drawn tile is not given by its code there.
    expect(await page.getByRole('region', { name: 'Players' }).innerText()).not.toMatch(CODE);
    await shot(page, 'turn-desktop');

    // Preview on a cell that takes the tile more than one way, then ↻: the panel's tile turns.
    let turned = false;
    const cells = page.locator('.carc-board .cell');
    for (let i = 0; i < (await cells.count()) && !turned; i++) {
      await cells.nth(i).click();
      const rotate = page.getByRole('button', { name: 'Next legal rotation' });
      if (!(await rotate.isVisible())) continue;
      const before = await nameOf(drawnTile(page));
      await rotate.click();
      await expect.poll(() => nameOf(drawnTile(page))).not.toBe(before);
      expect(await nameOf(drawnTile(page))).toMatch(/turned (90|180|270)°|as drawn/);
      turned = true;
    }
    expect(turned, 'some cell takes the tile in two ways').toBe(true);
    expect(await sentence(page)).toMatch(/✓/);
    await shot(page, 'turn-desktop-preview');
    await page.getByRole('button', { name: 'Confirm placement' }).click();
    // Then the meeple step (or the bot's turn): the sentence follows.
    await expect
      .poll(() => sentence(page), { timeout: 15_000 })
      .toMatch(/^(Put a meeple on the tile you just placed|Waiting for|Place the tile)/);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('on a phone, a Halflings turn shows the hand and the draw option, compact above the board', async () => {
    const { page, errors } = await open('phone');
    await page.goto(`${server.url}/?botDelay=0&seed=${SEED}#/local`);
    // The Halflings in play, whatever the set-up offers first.
    await page.locator('[data-expansion="halflings"] input').check();
    await page.getByRole('button', { name: 'Start the game' }).click();
    await expect.poll(() => statusOf(page), { timeout: 15_000 }).toBe('your move');

    // The hand is dealt: the turn is the Halflings' choice, said in words.
    await expect.poll(() => sentence(page)).toMatch(/triangles.*dashed cell.*draw a tile/i);
    const triangles = panel(page).getByRole('img', { name: /^your triangle: / });
    expect(await triangles.count()).toBeGreaterThan(0);
    const draw = panel(page).getByRole('button', { name: /^Draw a tile instead/ });
    expect(await draw.isVisible()).toBe(true);
    const box = await draw.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    expect(await panel(page).innerText()).not.toMatch(CODE);
    // Compact: the panel and most of the board fit on the screen.
    const p = await panel(page).boundingBox();
    const b = await page.locator('.carc-board').boundingBox();
    expect(p?.height ?? 999).toBeLessThanOrEqual(140);
    expect((b?.y ?? 999) + (b?.height ?? 0) / 2).toBeLessThan(844);
    const scroll = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
    expect(scroll).toBeLessThanOrEqual(0);
    await shot(page, 'turn-phone-halflings');

    // Drawing instead: the drawn tile is shown, with what to do with it.
    await draw.tap();
    await expect.poll(() => drawnTile(page).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await sentence(page)).toMatch(/^Place the tile: /);
    const cell = await tappable(page, '.carc-board .cell');
    if (cell !== undefined) await cell.tap();
    await shot(page, 'turn-phone');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
