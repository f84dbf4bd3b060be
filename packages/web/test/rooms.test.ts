/**
 * Rooms and states, through the browser client against a real `carcassonne serve` (SQLite) in
 * Debian's Chromium:
 *
 * 1. The waiting room of an open game: its seats (Ann, two free seats, a bot), a link to share
 *    that copies, no Resign and no board; Bob opens the link, takes a seat, leaves it (his seat is
 *    free again for Ann to see, and forgotten by his browser), takes it again; Cy takes the last
 *    seat and the three pages turn into the game by themselves.
 * 2. Ann resigns: nobody is shown to act, her row says she resigned, no clock runs, and the final
 *    scores show on both pages.
 * 3. A seat token the server no longer knows (given back elsewhere) is forgotten: the game is
 *    watched.
 * 4. Friendly pages, each with a sentence and a way on: an unknown game id; the lobby while offline
 *    (no "Failed to fetch"); a server answering 502; a server whose WebSocket never answers.
 *
 * Screenshots at 1440x900 and 390x844 go to CARC_SHOT_DIR, else /tmp (rooms-*.png).
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../server/test/harness.js';
import { api, FAST, startServerProcess, tempDatabase } from '../../server/test/harness.js';
import { buildApp, launchBrowser, tempDir } from './ui-build.js';
import { statusOf } from './ui-play.js';

const SHOTS = process.env.CARC_SHOT_DIR ?? '/tmp';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** The seat tokens a context holds, by game (the client keeps them in localStorage). */
async function seatsOf(context: BrowserContext): Promise<Record<string, { seat: number; token: string }>> {
  const { origins } = await context.storageState();
  const held = origins.flatMap((o) => o.localStorage).find((e) => e.name === 'carcassonne.seats');
  return JSON.parse(held?.value ?? '{}') as Record<string, { seat: number; token: string }>;
}

/** The seats of the waiting room as the page shows them, one line each. */
const seatLines = (page: Page): Promise<string[]> =>
  page
    .locator('ol.seats li')
    .evaluateAll((items) => items.map((li) => (li.textContent ?? '').replace(/\s+/g, ' ').trim()));

describe('rooms and states in Chromium: the waiting room, a resignation, and friendly error pages', () => {
  let server: ServerProcess;
  let browser: Browser;
  let ann: { context: BrowserContext; page: Page };
  let bob: { context: BrowserContext; page: Page };
  let game = '';
  const errors: string[] = [];

  const person = async (viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({ viewport });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    return { context, page };
  };

  beforeAll(async () => {
    const web = tempDir('carc-web-rooms-');
    await buildApp(web);
    server = await startServerProcess(tempDatabase(), { ...FAST, WEB_ROOT: web });
    browser = await launchBrowser();
    // Ann created the game elsewhere (the lobby's create is app-online's): her browser holds her seat.
    const created = await api<{ id: string; seat: number; token: string }>(server.url, 'POST', '/api/games', {
      settings: {
        seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }, { kind: 'bot', level: 'random' }],
        clock: { initialMs: 600_000, incrementMs: 5_000, onTimeout: 'forfeit' },
      },
      join: { name: 'Ann' },
    });
    expect(created.status).toBe(201);
    game = created.body.id;
    ann = await person();
    // (Page code as a string: this file is type-checked without the DOM's types.)
    const held = JSON.stringify({ [game]: { seat: created.body.seat, token: created.body.token } });
    await ann.context.addInitScript(
      `if (localStorage.getItem('carcassonne.seats') === null) localStorage.setItem('carcassonne.seats', ${JSON.stringify(held)});`,
    );
    bob = await person(PHONE);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the seats, a link to share and no Resign; Bob joins by the link, leaves, and joins again', async () => {
    await ann.page.goto(`${server.url}/#/game/${game}`);
    const room = ann.page.getByRole('region', { name: 'Waiting for players' });
    await expect.poll(() => room.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => seatLines(ann.page))
      .toEqual(['1 Ann you here', '2 Free seat', '3 Free seat', '4 Easy bot bot']);
    expect(await ann.page.locator('.what').innerText()).toBe(
      'Base game, 10 min each + 5 s a turn (out of time loses)',
    );
    expect(await ann.page.getByRole('button', { name: /resign/i }).count()).toBe(0);
    expect(await ann.page.locator('.carc-board').isVisible()).toBe(false);

    const link = await ann.page.getByLabel('Invite friends: send them this link').inputValue();
    expect(link).toBe(`${server.url}/#/game/${game}`);
    await ann.page.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => ann.page.getByText('Link copied.').isVisible()).toBe(true);
    expect(await ann.page.evaluate('navigator.clipboard.readText()')).toBe(link);
    await ann.page.screenshot({ path: join(SHOTS, 'rooms-waiting-1440.png') });

    // Bob follows the link: he watches until he takes the free seat.
    await bob.page.goto(link);
    await expect.poll(() => bob.page.getByRole('button', { name: 'Take a seat' }).isVisible()).toBe(true);
    expect(await bob.page.getByRole('button', { name: 'Leave this game' }).count()).toBe(0);
    await bob.page.getByLabel('Your name').fill('Bob');
    await bob.page.screenshot({ path: join(SHOTS, 'rooms-waiting-link-390.png') });

    // Seated, then leaving: Ann sees the seat taken, then free again; Bob's browser forgets it.
    await bob.page.getByRole('button', { name: 'Take a seat' }).click();
    await expect.poll(() => seatLines(ann.page)).toContain('2 Bob here');
    expect(await statusOf(ann.page)).toBe('waiting for players…');
    await expect.poll(() => seatLines(bob.page)).toContain('2 Bob you here');
    await bob.page.screenshot({ path: join(SHOTS, 'rooms-waiting-seated-390.png') });
    expect(Object.keys(await seatsOf(bob.context))).toEqual([game]);
    await bob.page.getByRole('button', { name: 'Leave this game' }).click();
    await expect.poll(() => bob.page.url()).toMatch(/#\/lobby$/);
    await expect.poll(() => seatLines(ann.page)).toContain('2 Free seat');
    expect(await seatsOf(bob.context)).toEqual({});
    await ann.page.setViewportSize(PHONE);
    await ann.page.screenshot({ path: join(SHOTS, 'rooms-waiting-390.png') });
    await ann.page.setViewportSize(DESKTOP);

    // Bob comes back by the link and sits; Cy takes the last seat: the game starts on every page.
    await bob.page.goto(link);
    await bob.page.getByRole('button', { name: 'Take a seat' }).click();
    await expect.poll(() => seatLines(ann.page)).toContain('2 Bob here');
    const cy = await person(PHONE);
    await cy.page.goto(link);
    await cy.page.getByLabel('Your name').fill('Cy');
    await cy.page.getByRole('button', { name: 'Take a seat' }).click();
    await expect.poll(() => statusOf(ann.page), { timeout: 15_000 }).toBe('your move');
    await expect.poll(() => statusOf(bob.page), { timeout: 15_000 }).toBe('Ann to act');
    await expect.poll(() => statusOf(cy.page), { timeout: 15_000 }).toBe('Ann to act');
    await cy.context.close();
    expect(await room.count()).toBe(0);
    expect(await ann.page.locator('.carc-board').isVisible()).toBe(true);
    expect(await ann.page.getByRole('button', { name: 'Resign' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  }, 60_000);

  it('after Ann resigns nobody is to act, her row says she resigned, and the final scores show', async () => {
    await ann.page.getByRole('button', { name: 'Resign' }).click();
    await ann.page.getByRole('button', { name: 'Really resign?' }).click();
    for (const { page } of [ann, bob]) {
      await expect.poll(() => statusOf(page)).toMatch(/^game over\b.*Bob/);
      expect(await page.locator('.panels .tag.act').count()).toBe(0);
      expect(await page.locator('.panels tr.acting').count()).toBe(0);
      expect(await page.locator('.panels td.clock.running').count()).toBe(0);
      expect(await page.locator('.panels tbody tr').first().innerText()).toMatch(/resigned/);
      expect(await page.locator('.panels p.status').innerText()).toMatch(/^The game is over: Ann resigned\./);
      expect(await page.getByRole('region', { name: 'Final scores' }).isVisible()).toBe(true);
    }
    await ann.page.screenshot({ path: join(SHOTS, 'rooms-resigned-1440.png') });
    await bob.page.screenshot({ path: join(SHOTS, 'rooms-resigned-390.png'), fullPage: true });
    expect(errors).toEqual([]);
  }, 30_000);

  it('an unknown game gets a page that says so and leads to the lobby', async () => {
    const { context, page } = await person(PHONE);
    await page.goto(`${server.url}/#/game/nosuchgame00`);
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.innerText(), { timeout: 10_000 }).toContain('This game does not exist');
    expect(await page.locator('.carc-board').count()).toBe(0);
    expect(await page.locator('main').innerText()).not.toMatch(/disconnected|no game nosuchgame00/);
    await page.screenshot({ path: join(SHOTS, 'rooms-unknown-390.png') });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: join(SHOTS, 'rooms-unknown-1440.png') });
    await page.getByRole('link', { name: 'See the online games' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Play online' }).isVisible()).toBe(true);
    await context.close();
  }, 30_000);

  it('a seat this browser holds but the server no longer knows is forgotten: the game is watched', async () => {
    const { context, page } = await person(PHONE);
    const stale = JSON.stringify({ [game]: { seat: 1, token: 'x'.repeat(43) } });
    await context.addInitScript(
      `if (localStorage.getItem('carcassonne.seats') === null) localStorage.setItem('carcassonne.seats', ${JSON.stringify(stale)});`,
    );
    await page.goto(`${server.url}/#/game/${game}`);
    await expect.poll(() => statusOf(page), { timeout: 15_000 }).toMatch(/^game over.* · watching$/);
    expect(await seatsOf(context)).toEqual({});
    await context.close();
  }, 30_000);

  it('the lobby offline says so in words, and comes back when the network does', async () => {
    const { context, page } = await person(PHONE);
    await page.goto(`${server.url}/#/lobby`);
    await expect.poll(() => page.getByRole('tab', { name: 'Waiting for players' }).isVisible()).toBe(true);
    await context.setOffline(true);
    await page.getByRole('tab', { name: 'Being played' }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.innerText(), { timeout: 10_000 }).toContain('You are offline');
    expect(await page.locator('main').innerText()).not.toMatch(/TypeError|Failed to fetch/);
    expect(await page.getByRole('link', { name: 'Play on this device' }).isVisible()).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'rooms-offline-390.png') });
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Being played' }).isVisible()).toBe(true);
    expect(await page.getByText('You are offline').count()).toBe(0);
    await context.close();
  }, 30_000);

  it('a server answering 502, or whose WebSocket never answers, gets a page with Try again', async () => {
    const { context, page } = await person();
    // A proxy in front of a server that is down: every API call is a 502 page, no socket opens.
    await page.route('**/api/**', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' }),
    );
    let socketsDown = true;
    await page.routeWebSocket('**/ws', (ws) => {
      if (socketsDown) ws.close({ code: 1011, reason: 'down' });
      else ws.connectToServer();
    });
    await page.goto(`${server.url}/#/lobby`);
    const alert = page.getByRole('alert');
    await expect
      .poll(() => alert.innerText(), { timeout: 10_000 })
      .toContain('The game server is not answering');
    await page.screenshot({ path: join(SHOTS, 'rooms-server-down-1440.png') });
    await page.goto(`${server.url}/#/game/${game}`);
    await expect
      .poll(() => alert.innerText(), { timeout: 10_000 })
      .toContain('The game server is not answering');
    expect(await page.locator('.carc-board').count()).toBe(0);

    // The lobby answers again but the socket still does not: the same page, for that reason.
    await page.unroute('**/api/**');
    // (The page goes, the game screen tries, and the page comes back: a new one, not the old.)
    const before = await page.$('[data-problem]');
    expect(before).not.toBeNull();
    await page.getByRole('button', { name: 'Try again' }).click();
    await before?.waitForElementState('hidden');
    await expect
      .poll(() => alert.innerText(), { timeout: 10_000 })
      .toContain('The game server is not answering');

    // Everything is back: Try again opens the game (over: Bob won).
    socketsDown = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => statusOf(page), { timeout: 15_000 }).toMatch(/^game over/);
    await context.close();
    expect(errors).toEqual([]);
  }, 40_000);
});
