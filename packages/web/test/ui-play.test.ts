/**
 * "Play now" end to end in Chromium, against the real server process serving the built client:
 * Ann and Bob, each in a browser context of their own (their own seat storage), open #/play, choose
 * a casual base-game duel without a clock and press "Play now"; Ann waits ("Looking for players…")
 * and is listed among the players waiting on Bob's page; Bob's seek matches hers and both land in
 * the same game (#/game/<id>), each in their own seat, the game playing. Cancelling a seek takes
 * it off the list at once.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { stateOf } from './ui-play.js';
import { useServedApp } from './ui-served.js';

interface Person {
  name: string;
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** The game id in a page's address (`#/game/<id>`). */
const gameOf = (page: Page): string => /#\/game\/([^/?#]+)/.exec(page.url())?.[1] ?? '';

/** The seats a person's browser holds, by game (the client keeps them in localStorage). */
async function seatsOf(p: Person): Promise<Record<string, { seat: number; token: string }>> {
  const { origins } = await p.context.storageState();
  const held = origins.flatMap((o) => o.localStorage).find((e) => e.name === 'carcassonne.seats');
  return JSON.parse(held?.value ?? '{}') as Record<string, { seat: number; token: string }>;
}

describe('Play now in Chromium: two people seek a base duel and meet in one game', () => {
  const served = useServedApp('carc-web-play-');

  const person = async (name: string): Promise<Person> => {
    const context = await served.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const p: Person = { name, context, page, errors: [] };
    page.on('pageerror', (e) => p.errors.push(e.message));
    return p;
  };

  /** Opens #/play and chooses a casual base-game duel without a clock, under the person's name. */
  const choose = async (p: Person): Promise<void> => {
    await p.page.goto(`${served.server.url}/#/play`);
    await p.page.getByRole('radio', { name: 'Base game', exact: true }).check();
    await p.page.getByRole('radio', { name: '2', exact: true }).check();
    await p.page.getByRole('radio', { name: 'None', exact: true }).check();
    await p.page.getByRole('radio', { name: 'Anyone', exact: true }).check();
    await p.page.getByLabel('Your name').fill(p.name);
  };

  it('lists a waiting player, cancels in one click, and pairs two seekers into one game', async () => {
    const [ann, bob] = await Promise.all([person('Ann'), person('Bob')]);
    try {
      await choose(ann);
      await ann.page.getByRole('button', { name: 'Play now', exact: true }).click();
      await expect.poll(() => ann.page.getByText('Looking for players…').isVisible()).toBe(true);

      // Bob sees her waiting (the list is read again every few seconds).
      await choose(bob);
      const annListed = bob.page.locator('.seeks li', { hasText: 'Ann' });
      await annListed.waitFor({ timeout: 15_000 });
      expect(await annListed.innerText()).toContain('Base game');

      // Ann cancels: off the list; she seeks again.
      await ann.page.getByRole('button', { name: 'Cancel' }).click();
      await expect
        .poll(() => ann.page.getByRole('button', { name: 'Play now', exact: true }).isVisible())
        .toBe(true);
      await annListed.waitFor({ state: 'detached', timeout: 15_000 });
      await ann.page.getByRole('button', { name: 'Play now', exact: true }).click();
      await expect.poll(() => ann.page.getByText('Looking for players…').isVisible()).toBe(true);

      // Bob plays now too: both are seated in the same game.
      await bob.page.getByRole('button', { name: 'Play now', exact: true }).click();
      await Promise.all([
        ann.page.waitForURL(/#\/game\//, { timeout: 20_000 }),
        bob.page.waitForURL(/#\/game\//, { timeout: 20_000 }),
      ]);
      const game = gameOf(ann.page);
      expect(game).not.toBe('');
      expect(gameOf(bob.page)).toBe(game);
      const [annSeats, bobSeats] = await Promise.all([seatsOf(ann), seatsOf(bob)]);
      const seats = [annSeats[game]?.seat, bobSeats[game]?.seat].sort();
      expect(seats).toEqual([0, 1]);

      // Each plays their own seat: the game is under way, one of them to move, the panels naming both.
      await expect
        .poll(async () => (await Promise.all([ann, bob].map((p) => stateOf(p.page)))).sort().join(), {
          timeout: 15_000,
        })
        .toBe('others-move,your-move');
      for (const p of [ann, bob])
        expect(await p.page.locator('.game aside').innerText()).toMatch(/Ann[\s\S]*Bob/);
      expect([...ann.errors, ...bob.errors]).toEqual([]);
    } finally {
      await Promise.all([ann.context.close(), bob.context.close()]);
    }
  }, 120_000);
});
