/**
 * Issue 30 end to end in Chromium, against the real server process serving the built client:
 * Ann and Bob, each in a browser context of their own with a virtual authenticator (CDP
 * `WebAuthn.addVirtualAuthenticator`), create accounts with passkeys, press "Play now" for a rated
 * base-game duel, are paired into one game and play it to the end through the board; both end
 * screens show their rating change (the winner's up, the loser's down, as the server stored
 * them), the game is in each profile's history with that change, and its replay opens from there.
 * Anonymous play (no account) is exercised by ui-play.test.ts and app-online.test.ts.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../../server/test/harness.js';
import { decide, statusOf, stepsOf } from './ui-play.js';
import { tempDir } from './ui-build.js';
import { addPasskeyAuthenticator, useServedApp } from './ui-served.js';

/** Screenshots for a person to look at: in CARC_SHOT_DIR when set, else in a temporary folder. */
const shots = process.env.CARC_SHOT_DIR ?? tempDir('carc-web-rated-shots-');

interface Person {
  name: string;
  context: BrowserContext;
  page: Page;
  errors: string[];
}

const DESKTOP = { width: 1280, height: 900 };

describe('rated play with passkeys in Chromium: sign up, Play now, a whole game, the rating change, history, replay', () => {
  const served = useServedApp('carc-web-rated-');
  /** WebAuthn needs a domain for its relying party: localhost, not 127.0.0.1. */
  const base = (): string => served.server.url.replace('127.0.0.1', 'localhost').replace(/\/$/, '');

  const person = async (name: string): Promise<Person> => {
    const context = await served.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const p: Person = { name, context, page, errors: [] };
    page.on('pageerror', (e) => p.errors.push(e.message));
    await addPasskeyAuthenticator(page);
    return p;
  };

  const signUp = async (p: Person): Promise<void> => {
    await p.page.goto(`${base()}/#/account`);
    const create = p.page.getByRole('group', { name: 'Create an account' });
    await create.getByLabel('Choose a name').fill(p.name);
    await create.getByRole('button', { name: 'Create with a passkey' }).click();
    try {
      await expect
        .poll(() => p.page.locator('header a.me').getAttribute('aria-label'))
        .toBe(`Your account (${p.name})`);
    } catch (e) {
      await p.page.screenshot({ path: `${shots}/sign-up-${p.name}.png` });
      throw new Error(`${p.name} not signed up; the page says: ${await p.page.locator('main').innerText()}`, {
        cause: e,
      });
    }
  };

  const playNowRated = async (p: Person): Promise<void> => {
    await p.page.goto(`${base()}/#/play`);
    await p.page.getByRole('radio', { name: 'Base game', exact: true }).check();
    await p.page.getByRole('radio', { name: '2', exact: true }).check();
    await p.page.getByRole('radio', { name: 'None', exact: true }).check();
    await p.page.getByRole('radio', { name: 'Anyone', exact: true }).check();
    await p.page.getByRole('checkbox', { name: /Rated game/ }).check();
    await p.page.getByRole('button', { name: 'Play now', exact: true }).click();
  };

  /** Both play every decision offered to them until the game is over on both screens. */
  const playToTheEnd = async (people: Person[]): Promise<number> => {
    let decisions = 0;
    for (let idle = 0; idle < 2_000;) {
      const statuses = await Promise.all(people.map((p) => statusOf(p.page)));
      if (statuses.every((s) => s.startsWith('game over'))) return decisions;
      const mover = people.find((_, i) => statuses[i] === 'your move');
      if (mover === undefined) {
        await people[0]!.page.waitForTimeout(50);
        idle++;
        continue;
      }
      idle = 0;
      const before = await stepsOf(mover.page);
      if (!(await decide(mover.page))) continue;
      decisions++;
      await expect
        .poll(
          async () =>
            (await stepsOf(mover.page)) > before || (await statusOf(mover.page)).startsWith('game over'),
          { timeout: 15_000 },
        )
        .toBe(true);
      for (const p of people) expect(p.errors, `page errors of ${p.name}`).toEqual([]);
    }
    throw new Error('nobody had a move for 100 s and the game is not over');
  };

  it('two passkey accounts pair, play a rated base game to the end, see their ratings move and the game in their history', async () => {
    const [ann, bob] = await Promise.all([person('Ann'), person('Bob')]);
    try {
      await signUp(ann);
      await signUp(bob);
      await playNowRated(ann);
      await expect.poll(() => ann.page.getByText('Looking for players…').isVisible()).toBe(true);
      await playNowRated(bob);
      await Promise.all([
        ann.page.waitForURL(/#\/game\//, { timeout: 20_000 }),
        bob.page.waitForURL(/#\/game\//, { timeout: 20_000 }),
      ]);
      const game = /#\/game\/([^/?#]+)/.exec(ann.page.url())![1]!;
      expect(bob.page.url()).toContain(`#/game/${game}`);

      const decisions = await playToTheEnd([ann, bob]);
      expect(decisions).toBeGreaterThan(60); // 71 tiles in the base game, a figure decision after most

      // What the server stored: the finished game's players with their ratings before and after.
      type Item = {
        game: string;
        rated: boolean;
        you: { place: number; ratingBefore?: number; ratingAfter?: number };
      };
      const stored = async (name: string) => {
        const r = await api<{ games: Item[] }>(served.server.url, 'GET', `/api/players/${name}/games`);
        return r.body.games.find((g) => g.game === game)!;
      };
      const [annRow, bobRow] = await Promise.all([stored('Ann'), stored('Bob')]);
      for (const row of [annRow, bobRow]) {
        expect(row.rated).toBe(true);
        expect(row.you.ratingBefore).toBe(1500);
      }
      const change = (r: Item) => Math.round(r.you.ratingAfter!) - 1500;
      if (annRow.you.place === bobRow.you.place) expect(change(annRow)).toBe(0);
      else {
        const [winner, loser] = annRow.you.place === 1 ? [annRow, bobRow] : [bobRow, annRow];
        expect(change(winner)).toBeGreaterThan(0);
        expect(change(loser)).toBeLessThan(0);
      }

      // Each end screen says the player's own change, as stored.
      for (const [p, row] of [
        [ann, annRow],
        [bob, bobRow],
      ] as const) {
        const after = Math.round(row.you.ratingAfter!);
        await expect
          .poll(() => p.page.getByText(/^Your rating: 1500 → /).innerText(), { timeout: 15_000 })
          .toContain(`1500 → ${after}`);
      }
      await ann.page.screenshot({ path: `${shots}/rated-end.png` });

      // The game in Ann's history with the change, and its replay opened from there.
      await ann.page.goto(`${base()}/#/player/Ann`);
      const item = ann.page.locator('li', { hasText: 'Bob' }).filter({ hasText: '1500 →' }).first();
      await item.waitFor({ timeout: 15_000 });
      expect(await item.innerText()).toContain(`1500 → ${Math.round(annRow.you.ratingAfter!)}`);
      await ann.page.screenshot({ path: `${shots}/rated-history.png` });
      await item.getByRole('link', { name: /Replay/ }).click();
      await ann.page.waitForURL(new RegExp(`#/replay/${game}`));
      // The replay of the whole game: every accepted action, from the first to the last.
      const at = ann.page.locator('.replay .at, .at').first();
      await at.waitFor({ timeout: 15_000 });
      const last = Number(/\/\s*(\d+)/.exec(await at.innerText())?.[1] ?? NaN);
      expect(last).toBeGreaterThanOrEqual(decisions);
      expect(ann.errors).toEqual([]);
    } finally {
      await ann.context.close();
      await bob.context.close();
    }
  }, 600_000);
});
