/**
 * The replay viewer in Chromium (the dev page's replay of a four-player game with every expansion):
 * it opens with the whole game in view, plays by itself and pauses, goes to a chosen player's next
 * turn, and charts the scores, one line per player ending on the final scores; on a phone nothing
 * scrolls sideways. The turn helpers of replay.ts in Node.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { jumpToTurn, turnVersions } from '../src/ui/replay.js';
import { useDevPage } from './ui-build.js';

describe('turns in a replay', () => {
  // Player 0 acts twice in a row (a tile then a meeple), then 1, then 0 again.
  const steps = [{ player: 0 }, { player: 0 }, { player: 1 }, { player: 0 }, { player: 1 }];
  it('start where a player takes over from another', () => {
    expect(turnVersions(steps, 0)).toEqual([1, 4]);
    expect(turnVersions(steps, 1)).toEqual([3, 5]);
    expect(jumpToTurn(steps, 0, 1, 'next')).toBe(4);
    expect(jumpToTurn(steps, 0, 4, 'next')).toBeUndefined();
    expect(jumpToTurn(steps, 1, 5, 'previous')).toBe(3);
    expect(jumpToTurn(steps, 0, 1, 'previous')).toBeUndefined();
  });
});

const moveAt = async (page: Page): Promise<number> =>
  Number((await page.locator('#replay .at').innerText()).match(/^move (\d+)/)?.[1] ?? NaN);

/** Whether every tile on the board lies inside the board's frame. */
async function allTilesInView(page: Page): Promise<boolean> {
  const frame = await page.locator('#replay .board').boundingBox();
  const tiles = await page.locator('#replay .carc-board g.tiles').boundingBox();
  if (frame === null || tiles === null) return false;
  return (
    tiles.x >= frame.x - 1 &&
    tiles.y >= frame.y - 1 &&
    tiles.x + tiles.width <= frame.x + frame.width + 1 &&
    tiles.y + tiles.height <= frame.y + frame.height + 1
  );
}

describe('the replay viewer in Chromium', () => {
  const dev = useDevPage('carc-ui-replay-');

  it('opens framed, plays and pauses, goes to a player’s turns, and charts the scores', async () => {
    const page = await dev.context().newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${dev.url()}#replay`);
    const at = page.locator('#replay .at');
    await expect.poll(() => at.innerText(), { timeout: 10_000 }).toMatch(/^move 0 \/ \d+$/);
    const last = Number((await at.innerText()).split('/ ')[1]);
    await page.locator('#replay').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/replay-desktop-start.png' });

    // Framed on the whole game: at the end every tile is still in view, without touching the camera.
    await page.getByRole('button', { name: 'to the end' }).click();
    expect(await allTilesInView(page)).toBe(true);
    await page.getByRole('button', { name: 'to the start' }).click();

    // Stepping forward shows on the board what a step scored (item 7), as in play.
    let badge = false;
    for (let v = 0; v < last && !badge; v++) {
      await page.getByRole('button', { name: 'forward one move' }).click();
      badge = (await page.locator('#replay .score-badge').count()) > 0;
    }
    expect(badge, 'a "+N" badge while stepping through the game').toBe(true);
    await page.getByRole('button', { name: 'to the start' }).click();

    // Autoplay at 4×: it moves on by itself; paused, it stays.
    await page.getByLabel('Speed').selectOption('4');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => moveAt(page), { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    const paused = await moveAt(page);
    await page.waitForTimeout(800);
    expect(await moveAt(page)).toBe(paused);
    // Space plays too (the focus off the buttons), and again pauses.
    await page.locator('#replay .at').click();
    await page.keyboard.press('Space');
    await expect.poll(() => moveAt(page), { timeout: 5_000 }).toBeGreaterThan(paused);
    await page.keyboard.press('Space');
    const pausedAgain = await moveAt(page);
    await page.waitForTimeout(600);
    expect(await moveAt(page)).toBe(pausedAgain);

    // The second player's next turn: the move shown is theirs, and the one before it someone else's.
    const names = await page.getByLabel('Turns of').locator('option').allInnerTexts();
    expect(names.length).toBe(4);
    await page.getByLabel('Turns of').selectOption({ index: 1 });
    const from = await moveAt(page);
    await page.getByRole('button', { name: `next turn of ${names[1]}` }).click();
    const landed = await moveAt(page);
    expect(landed).toBeGreaterThan(from);
    expect(await page.locator('#replay .who').getAttribute('data-player')).toBe('1');
    expect(await page.locator('#replay .log li.here').innerText()).toContain(names[1]);
    await page.getByRole('button', { name: 'back one move' }).click();
    expect(await page.locator('#replay .who').getAttribute('data-player')).not.toBe('1');
    await page.keyboard.press(']');
    expect(await moveAt(page)).toBe(landed);

    // The chart: one line per player; a click on it goes to that move.
    const chart = page.getByRole('slider', { name: /Scores over the game/ });
    expect(await page.locator('#replay polyline.line').count()).toBe(4);
    const box = await chart.boundingBox();
    if (box === null) throw new Error('no chart');
    await chart.click({ position: { x: box.width - 24, y: box.height / 2 } });
    const clicked = await moveAt(page);
    expect(clicked).toBeGreaterThan(last - 3);
    // Focused, the chart is a slider: one move back with the arrow, once.
    await page.keyboard.press('ArrowLeft');
    expect(await moveAt(page)).toBe(clicked - 1);
    await page.screenshot({ path: '/tmp/replay-desktop.png' });
    // Its lines end on the final scores.
    await page.keyboard.press('End');
    const ends = await page
      .locator('#replay circle.end')
      .evaluateAll((c) => c.map((x) => Number(x.getAttribute('data-score'))));
    const totals = (await page.locator('#replay .final tbody .total').allInnerTexts()).map(Number);
    expect([...ends].sort((a, b) => a - b)).toEqual([...totals].sort((a, b) => a - b));
    expect(Math.max(...ends)).toBeGreaterThan(0);
    await page.close();
    expect(errors).toEqual([]);
  }, 60_000);

  it('on a phone: controls of a finger’s size, nothing sideways', async () => {
    const page = await dev.context().newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${dev.url()}#replay`);
    await expect.poll(() => page.locator('#replay .at').innerText(), { timeout: 10_000 }).toMatch(/^move 0/);
    await page.locator('#replay').scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForTimeout(1500);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.screenshot({ path: '/tmp/replay-phone.png' });
    await page.getByRole('slider', { name: /Scores over the game/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/replay-phone-chart.png' });
    const small: unknown = await page.evaluate(`(() => {
      const small = [];
      for (const el of document.querySelectorAll('#replay .transport :is(button, select, input)')) {
        const b = el.getBoundingClientRect();
        if (b.width < 44 || b.height < 44) small.push((el.getAttribute('aria-label') ?? el.textContent) + ' ' + b.width + '×' + b.height);
      }
      return small;
    })()`);
    expect(small).toEqual([]);
    const scroll = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
    expect(scroll).toBeLessThanOrEqual(0);
    await page.close();
  }, 60_000);
});
