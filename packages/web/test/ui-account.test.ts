/**
 * Accounts in Chromium against a real `carcassonne serve` process (SQLite): a password sign-up
 * that keeps the browser's anonymous seat, the name in the header, an empty profile, signing out
 * and in again (a reload stays signed in); a passkey sign-up and sign-in through a CDP virtual
 * authenticator, the passkey listed, the account deleted; a profile with finished games (a rated
 * one's rating change, its replay, head-to-head with the opponent) and the leaderboards.
 * Every account screen, in light and dark, desktop and phone: no sideways scrolling, no serious
 * axe-core violation, 44 px targets on a phone; with CARC_UI_SCREENSHOTS=dir, their pictures.
 */
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../server/test/harness.js';
import { addPasskeyAuthenticator, useServedApp } from './ui-served.js';

const shots = process.env.CARC_UI_SCREENSHOTS ?? '';
const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

describe('accounts in the browser (a real server, Chromium)', () => {
  const served = useServedApp('carc-ui-account-');
  /** WebAuthn needs a domain for its relying party: localhost, not 127.0.0.1. */
  const base = (): string => served.server.url.replace('127.0.0.1', 'localhost').replace(/\/$/, '');

  async function open(
    hash: string,
    options: { viewport?: typeof DESKTOP; dark?: boolean; context?: BrowserContext } = {},
  ): Promise<Page> {
    const context =
      options.context ??
      (await served.browser.newContext({
        viewport: options.viewport ?? DESKTOP,
        colorScheme: options.dark === true ? 'dark' : 'light',
      }));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base()}/${hash}`);
    (page as Page & { errors?: string[] }).errors = errors;
    return page;
  }
  const header = (page: Page) => page.locator('header a.me');

  async function signUpWithPassword(page: Page, name: string, password: string): Promise<void> {
    await page.goto(`${base()}/#/account`);
    const create = page.getByRole('group', { name: 'Create an account' });
    await create.getByRole('button', { name: 'Use a password instead' }).click();
    await create.getByLabel('Choose a name').fill(name);
    await create.getByLabel('Choose a password').fill(password);
    await create.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => header(page).getAttribute('aria-label')).toBe(`Your account (${name})`);
  }

  /** Runs `body` in the page with the session's CSRF token: a signed-in player's own request. */
  async function signedInFetch(page: Page, method: string, path: string, body?: unknown) {
    return page.evaluate(
      async ({ method, path, body }) => {
        const session = (await (await fetch('/api/session')).json()) as { csrf: string };
        const r = await fetch(path, {
          method,
          headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf },
          body: body === undefined ? null : JSON.stringify(body),
        });
        return { status: r.status, body: (await r.json()) as Record<string, unknown> };
      },
      { method, path, body },
    );
  }

  /** Resigns `token`'s seat in `game` over the page's own WebSocket, then waits for the game to end. */
  async function resign(page: Page, game: string, token: string): Promise<void> {
    await page.evaluate(
      ({ game, token }) =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(`ws://${location.host}/ws`);
          const seen: string[] = [];
          const timer = setTimeout(() => reject(new Error(`not over: ${seen.join(' | ')}`)), 10_000);
          ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', game, token, protocol: 2 }));
          ws.onmessage = (e) => {
            const m = JSON.parse(String(e.data)) as { type: string; status?: string };
            seen.push(String(e.data).slice(0, 200));
            if (m.type === 'welcome' && m.status === 'playing')
              ws.send(JSON.stringify({ type: 'resign', id: 'r1' }));
            if (m.type === 'welcome' && m.status !== 'playing' && m.status !== 'open') {
              clearTimeout(timer);
              ws.close();
              resolve();
            }
            if (m.type === 'ended') {
              clearTimeout(timer);
              setTimeout(() => {
                ws.close();
                resolve();
              }, 300);
            }
          };
        }),
      { game, token },
    );
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${base()}/api/games/${game}`)).json()) as { status: string }).status,
      )
      .not.toBe('playing');
  }

  it('password: sign up keeping this browser’s seat, the name in the header, an empty profile, sign out and in again', async () => {
    // A seat taken anonymously before signing up.
    const anonymous = await createGame(
      served.server,
      { seats: [{ kind: 'human' }, { kind: 'human' }] },
      'Ann',
    );
    const page = await open('#/account');
    await expect.poll(() => header(page).textContent()).toContain('Sign in');
    await page.evaluate((seats) => localStorage.setItem('carcassonne.seats', JSON.stringify(seats)), {
      [anonymous.id]: { seat: anonymous.seat, token: anonymous.token },
    });

    // A wrong sign-in first: said in words, nobody signed in.
    await page.getByRole('button', { name: 'Sign in with a password instead' }).click();
    const signIn = page.getByRole('group', { name: 'Sign in' });
    await signIn.getByLabel('Name').fill('Ann');
    await signIn.getByLabel('Password').fill('not the password');
    await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect
      .poll(() => signIn.getByRole('alert').textContent())
      .toBe('That name and password do not match an account.');

    const claimed = page.waitForResponse((r) => r.url().endsWith('/api/account/claim'));
    await signUpWithPassword(page, 'Ann', 'correct horse battery');
    const claim = await claimed;
    expect(claim.request().headers()['x-csrf-token']).toBeTruthy();
    expect(await claim.json()).toEqual({ claimed: 1 });
    await expect.poll(() => header(page).textContent()).toContain('Ann');
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Ann');

    // A reload asks the cookie: still signed in.
    await page.reload();
    await expect.poll(() => header(page).getAttribute('aria-label')).toBe('Your account (Ann)');

    await page.getByRole('link', { name: 'Your profile' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('Ann');
    expect(new URL(page.url()).hash).toBe('#/player/Ann');
    await expect.poll(() => page.getByText('No finished online games yet.').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('No rated games yet.').count()).toBe(1);

    // A name already taken, in words.
    const other = await open('#/account');
    const create = other.getByRole('group', { name: 'Create an account' });
    await create.getByRole('button', { name: 'Use a password instead' }).click();
    await create.getByLabel('Choose a name').fill('ANN');
    await create.getByLabel('Choose a password').fill('another password');
    await create.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => create.getByRole('alert').textContent())
      .toBe('That name is taken. Choose another.');
    await other.context().close();

    await page.goto(`${base()}/#/account`);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect.poll(() => header(page).textContent()).toContain('Sign in');
    await expect.poll(() => page.getByRole('status').textContent()).toBe('You are signed out.');
    expect((await (await page.request.get(`${base()}/api/session`)).json()) as unknown).toMatchObject({
      code: 'auth/signed-out',
    });

    await page.getByRole('button', { name: 'Sign in with a password instead' }).click();
    await signIn.getByLabel('Name').fill('ann');
    await signIn.getByLabel('Password').fill('correct horse battery');
    await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => header(page).getAttribute('aria-label')).toBe('Your account (Ann)');
    expect((page as Page & { errors?: string[] }).errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('passkey: sign up and sign in with a virtual authenticator, the passkey listed, the account deleted', async () => {
    const context = await served.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await addPasskeyAuthenticator(page);
    await page.goto(`${base()}/#/account`);
    const create = page.getByRole('group', { name: 'Create an account' });
    await create.getByLabel('Choose a name').fill('Cyra');
    await create.getByRole('button', { name: 'Create with a passkey' }).click();
    await expect.poll(() => header(page).getAttribute('aria-label')).toBe('Your account (Cyra)');
    await expect.poll(() => page.locator('.passkeys li').count()).toBe(1);
    expect(await page.locator('.passkeys li').textContent()).toContain('Passkey 1');

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect.poll(() => header(page).textContent()).toContain('Sign in');
    // No name needed: the authenticator offers the passkey it holds for this site.
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect.poll(() => header(page).getAttribute('aria-label')).toBe('Your account (Cyra)');

    // The only passkey of an account without a password cannot be removed.
    await page.getByRole('button', { name: 'Remove passkey 1' }).click();
    await expect
      .poll(() => page.getByRole('group', { name: 'Passkeys' }).getByRole('alert').textContent())
      .toContain('only way to sign in');

    // Deleted: confirmed by the name (no password), signed out, the profile gone.
    const zone = page.getByRole('group', { name: 'Delete your account' });
    await zone.getByRole('button', { name: 'Delete my account…' }).click();
    await zone.getByRole('button', { name: 'I have no password (passkeys only)' }).click();
    const confirm = zone.getByRole('button', { name: 'Delete my account for good' });
    expect(await confirm.isDisabled()).toBe(true);
    await zone.getByLabel('Type your name, Cyra, to confirm').fill('Cyra');
    await confirm.click();
    await expect.poll(() => header(page).textContent()).toContain('Sign in');
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Your account is deleted.');
    expect((await fetch(`${base()}/api/players/Cyra`)).status).toBe(404);
    await page.goto(`${base()}/#/player/Cyra`);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('There is no player by that name.');
    await context.close();
  }, 120_000);

  it('a profile with finished games: result, rating change, replay, head-to-head; the leaderboards', async () => {
    // Dana and Bo sign up (self-contained: an address may create 5 accounts an hour, this file 5).
    const dana = await open('#/account');
    await signUpWithPassword(dana, 'Dana', 'correct horse battery');
    const bo = await open('#/account');
    await signUpWithPassword(bo, 'Bo', 'another horse battery');

    const duel = await signedInFetch(dana, 'POST', '/api/games', {
      settings: { seats: [{ kind: 'human' }, { kind: 'human' }] },
      join: { name: 'Dana' },
    });
    expect(duel.status).toBe(201);
    const duelId = String(duel.body.id);
    expect((await signedInFetch(bo, 'POST', `/api/games/${duelId}/join`, { name: 'Bo' })).status).toBe(200);
    await resign(dana, duelId, String(duel.body.token));

    const rated = await signedInFetch(dana, 'POST', '/api/games', {
      settings: { seats: [{ kind: 'human' }, { kind: 'bot', level: 'greedy' }], rated: true },
      join: { name: 'Dana' },
    });
    expect(rated).toMatchObject({ status: 201 });
    await resign(dana, String(rated.body.id), String(rated.body.token));

    await dana.goto(`${base()}/#/player/Dana`);
    const games = dana.locator('ol.history > li');
    await expect.poll(() => games.count()).toBe(2);
    const newest = await games.nth(0).innerText();
    expect(newest).toContain('Lost');
    expect(newest).toMatch(/Duel, base game: \d+ → \d+ \(−\d+\)/);
    expect(await games.nth(1).textContent()).toContain('Casual game');
    // Ratings: one provisional duel rating.
    expect(await dana.locator('.ratings li').textContent()).toMatch(/\d+\?/);

    // Head-to-head: Bo's name in the list.
    await games.nth(1).getByRole('button', { name: 'Head-to-head with Bo' }).click();
    await expect
      .poll(() => dana.locator('.versus').textContent())
      .toContain('1 game: 0 wins, 0 draws, 1 loss.');
    await expect.poll(() => games.count()).toBe(1);
    await snap(dana, 'profile-versus-light-desktop');
    await dana.getByRole('button', { name: 'All opponents' }).click();
    await expect.poll(() => games.count()).toBe(2);
    // The result filter.
    await dana.getByLabel('Result').selectOption('win');
    await expect.poll(() => dana.getByText('No games match these filters.').count()).toBe(1);
    await dana.getByLabel('Result').selectOption('');
    await expect.poll(() => games.count()).toBe(2);

    // Bo's side: a win against Dana.
    await bo.goto(`${base()}/#/player/Bo`);
    await expect.poll(() => bo.locator('ol.history > li').first().textContent()).toContain('Won');

    {
      const state = await dana.context().storageState();
      for (const dark of [false, true]) {
        for (const [size, viewport] of [
          ['desktop', DESKTOP],
          ['phone', PHONE],
        ] as const) {
          const theme = dark ? 'dark' : 'light';
          const signedOut = await open('#/account', { viewport, dark });
          await signedOut.getByRole('heading', { name: 'Your account' }).waitFor();
          await snap(signedOut, `account-signed-out-${theme}-${size}`);
          await signedOut.context().close();
          const context = await served.browser.newContext({
            viewport,
            colorScheme: theme,
            storageState: state,
          });
          for (const [name, hash] of [
            ['account', '#/account'],
            ['profile', '#/player/Dana'],
            ['leaderboards', '#/leaderboards'],
          ]) {
            const page = await open(hash ?? '', { context });
            await page.waitForTimeout(600);
            await snap(page, `${name}-${theme}-${size}`);
            await page.close();
          }
          // A leaderboard as it looks once players have settled ratings (answered here: settling
          // takes many rated games).
          await context.route('**/api/leaderboards/duel-base?*', (route) =>
            route.fulfill({ json: sampleBoard('Dana') }),
          );
          const filled = await open('#/leaderboards/duel-base', { context });
          await filled.getByRole('table').waitFor();
          await snap(filled, `leaderboards-filled-${theme}-${size}`);
          await context.close();
        }
      }
    }

    // The replay of the newest game, from the profile.
    await games.nth(0).getByRole('link', { name: 'Replay' }).click();
    expect(new URL(dana.url()).hash).toBe(`#/replay/${String(rated.body.id)}`);

    await dana.goto(`${base()}/#/leaderboards`);
    await expect
      .poll(() => dana.getByRole('link', { name: 'Duel, base game' }).getAttribute('aria-current'))
      .toBe('page');
    // One provisional game: not on the board yet.
    await expect.poll(() => dana.getByText('Nobody is ranked in this pool yet').count()).toBe(1);
    await dana.context().close();
    await bo.context().close();
  }, 180_000);

  /** A first page of 50 of 60 ranked players, `me` among them. */
  const sampleBoard = (me: string) => ({
    pool: 'duel-base',
    title: 'Duel, base game',
    total: 60,
    players: Array.from({ length: 50 }, (_, i) => ({
      rank: i + 1,
      name: i === 3 ? me : `Player ${i + 1}`,
      rating: 2100 - i * 13.4,
      deviation: 60,
      games: 200 - i * 3,
      lastGameAt: Date.now(),
    })),
  });

  /**
   * Checks the screen as it is (no sideways scrolling; no serious or critical WCAG 2.1 A/AA
   * violation for axe-core; on a phone, every control at least 44×44 px) and, with
   * CARC_UI_SCREENSHOTS, takes its picture.
   */
  async function snap(page: Page, name: string): Promise<void> {
    if (shots !== '') {
      await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
      await page.screenshot({ path: join(shots, `${name}-top.png`) });
    }
    const scroll = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
    expect(scroll, `${name}: horizontal scroll`).toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${name}: ${v.id} ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, serious.join('\n')).toEqual([]);
    if (page.viewportSize()?.width === PHONE.width) {
      const small = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('main a[href], main button, main input, main select')]
          .filter((e) => {
            const box = e.getBoundingClientRect();
            return box.width > 0 && (box.width < 43.5 || box.height < 43.5);
          })
          .map((e) => `${e.tagName} "${(e.textContent ?? '').trim().slice(0, 30)}"`),
      );
      expect(small, `${name}: small targets`).toEqual([]);
    }
  }
});
