/**
 * The board's camera, end to end: a whole game against a bot in the browser (all three
 * expansions), at a desktop size and at a phone size, never pressing Fit and never panning or
 * zooming. At the start of every own placement, at least one legal cell must lie wholly inside the
 * part of the board the player can see (the board's box, clipped to the window), and the picture of
 * the tile to place wholly inside the window.
 */
import type { ExpectStatic } from 'vitest';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ServerProcess } from '../../server/test/harness.js';
import { FAST, startServerProcess, tempDatabase } from '../../server/test/harness.js';
import { join } from 'node:path';
import { buildApp, launchChromium, tempDir } from './ui-build.js';
import { decide, statusOf, stepsOf } from './ui-play.js';

const SEED = '0123456789abcdef0123456789abcdef';
const shots = process.env.CARC_SHOT_DIR ?? tempDir('carc-camera-shots-');

interface Sight {
  /** Legal cells offered. */
  cells: number;
  /** Of which wholly in sight. */
  inView: number;
  /** Whether the tile to place (the drawn tile, or the Halflings triangles) is wholly in the window. */
  tileInView: boolean;
}

/** The picture of the tile to place, as the turn panel names it: the drawn tile or a triangle. */
const TILE_PICTURE = /^(the drawn tile|your triangle):/;

/** Whether the first picture of the tile to place lies wholly in the window. */
async function tileInSight(page: Page): Promise<boolean> {
  const picture = page.getByRole('img', { name: TILE_PICTURE }).first();
  if ((await picture.count()) === 0) return false;
  const box = await picture.boundingBox();
  const view = page.viewportSize();
  if (box === null || view === null) return false;
  return (
    box.width > 20 &&
    box.x >= -0.5 &&
    box.y >= -0.5 &&
    box.x + box.width <= view.width + 0.5 &&
    box.y + box.height <= view.height + 0.5
  );
}

/** A legal cell, as assistive technology sees it: a button named for placing the tile there. */
const LEGAL_CELL = '[role="button"][aria-label^="Place the tile at"]';
/** The board itself, as assistive technology sees it. */
const BOARD = '[aria-roledescription="board"]';

/**
 * How many legal cells the board offers, and how many lie wholly in the part of the board in the
 * window. (In-page scripts are strings: this project's tests are typed without the DOM.)
 */
const cellsInSight = async (page: Page): Promise<Omit<Sight, 'tileInView'>> =>
  JSON.parse(
    String(
      await page.evaluate(`(() => {
        const board = document.querySelector(${JSON.stringify(BOARD)});
        if (!board) return JSON.stringify({ cells: 0, inView: 0 });
        const b = board.getBoundingClientRect();
        const left = Math.max(b.left, 0);
        const top = Math.max(b.top, 0);
        const right = Math.min(b.right, window.innerWidth);
        const bottom = Math.min(b.bottom, window.innerHeight);
        const rects = [...document.querySelectorAll(${JSON.stringify(LEGAL_CELL)})].map((e) =>
          e.getBoundingClientRect(),
        );
        const inView = rects.filter(
          (r) => r.left >= left - 0.5 && r.top >= top - 0.5 && r.right <= right + 0.5 && r.bottom <= bottom + 0.5,
        ).length;
        return JSON.stringify({ cells: rects.length, inView });
      })()`),
    ),
  ) as Omit<Sight, 'tileInView'>;

/**
 * Waits until the view is at rest, as a player would before aiming: the legal cells have not moved
 * on screen for REST_MS (the camera glides for 350 ms, without a pause).
 */
const REST_MS = 120;
const viewAtRest = (page: Page): Promise<unknown> =>
  page.evaluate(`new Promise((resolve) => {
    let last = '';
    let since = 0;
    const tick = (now) => {
      const where = JSON.stringify(
        [...document.querySelectorAll(${JSON.stringify(LEGAL_CELL)})].slice(0, 4).map((e) => {
          const r = e.getBoundingClientRect();
          return [r.x, r.y, r.width];
        }),
      );
      if (where !== last || since === 0) [last, since] = [where, now];
      if (now - since >= ${REST_MS}) resolve(true);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`);

/**
 * Places the tile without moving the camera: the first legal cell is activated by a synthetic
 * click (no focus, no scroll, no pan), then the board's ✓ confirms.
 */
async function placeBlind(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const cell = document.querySelector(${JSON.stringify(LEGAL_CELL)});
    cell?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.querySelector('button[aria-label="Confirm placement"]')?.click();
  })()`);
}

/**
 * Plays a game to its end; returns, for each own placement, what was in sight at its start. (`expect`
 * is the test's own: the two sizes run at once.)
 */
async function playWatching(page: Page, errors: string[], expect: ExpectStatic): Promise<Sight[]> {
  const turns: Sight[] = [];
  for (;;) {
    const status = await statusOf(page);
    if (status.startsWith('game over')) {
      console.log(`${status} after ${await stepsOf(page)} steps`);
      await page.screenshot({ path: join(shots, `camera-${page.viewportSize()?.width}-end.png`) });
      return turns;
    }
    if (status !== 'your move') {
      await page.waitForTimeout(30);
      continue;
    }
    const before = await stepsOf(page);
    if ((await page.locator(LEGAL_CELL).count()) > 0) {
      await viewAtRest(page);
      const seen: Sight = { ...(await cellsInSight(page)), tileInView: await tileInSight(page) };
      turns.push(seen);
      const width = page.viewportSize()?.width ?? 0;
      if (turns.length === 12) await page.screenshot({ path: join(shots, `camera-${width}.png`) });
      if (seen.inView === 0 || !seen.tileInView)
        await page.screenshot({ path: join(shots, `camera-${width}-missed-${turns.length}.png`) });
      await placeBlind(page);
    } else if (!(await decide(page, 'keyboard'))) {
      continue;
    }
    await expect
      .poll(async () => (await stepsOf(page)) > before || (await statusOf(page)).startsWith('game over'), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(errors).toEqual([]);
  }
}

describe('the board camera follows the game', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    const web = tempDir('carc-web-camera-');
    await buildApp(web);
    server = await startServerProcess(tempDatabase(), { ...FAST, WEB_ROOT: web, BOT_BUDGET_MS: '50' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  // The two sizes play at once: each game is mostly waiting on its own page.
  it.concurrent.for([
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ])(
    'at $width×$height, a legal cell is in sight at the start of every own placement, without Fit or panning',
    { timeout: 150_000 },
    async (viewport, { expect }) => {
      const browser = await launchChromium({ viewport });
      try {
        const page = await browser.context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        page.on('console', (m) => {
          if (m.type() === 'error') errors.push(m.text());
        });
        await page.goto(`${server.url}/?botDelay=0&seed=${SEED}#/local`);
        for (const expansion of [/Princess & the Dragon/, /The Tower/, /Halflings/]) {
          await page.getByRole('checkbox', { name: expansion }).check();
        }
        await page.getByRole('button', { name: 'Start the game' }).click();
        const turns = await playWatching(page, errors, expect);
        const some = turns.filter((t) => t.inView > 0).length;
        const share = turns.reduce((s, t) => s + t.inView / t.cells, 0) / turns.length;
        const all = turns.filter((t) => t.inView === t.cells).length;
        console.log(
          `camera ${viewport.width}×${viewport.height}: ${turns.length} placements, ` +
            `a cell in sight in ${some}, all in sight in ${all}, mean share in sight ${(share * 100).toFixed(0)}%`,
        );
        expect(turns.length).toBeGreaterThan(20);
        const numbered = turns.map((t, i) => ({ turn: i + 1, ...t }));
        expect(
          numbered.filter((t) => t.inView === 0),
          'placements with no legal cell in sight',
        ).toEqual([]);
        expect(
          numbered.filter((t) => !t.tileInView),
          'placements with the tile to place out of sight',
        ).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );
});
