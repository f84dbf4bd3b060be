/**
 * Nothing lost: games on this device are saved at every action (IndexedDB) and carry on after a
 * reload, in the built client in Debian's Chromium, checked only through what a player sees: the
 * board, the scores, the log, the hand-off screen, the home screen's lists and the replay viewer.
 * When the browser keeps nothing (quota, private browsing), a sentence says so and play goes on.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { useBuiltApp } from './ui-build.js';
import { decide, statusOf, stepsOf } from './ui-play.js';

const shots = process.env.CARC_SHOT_DIR ?? '/tmp';
const shot = (page: Page, name: string): Promise<Buffer> =>
  page.screenshot({ path: join(shots, `saves-${name}.png`) });

/** What a player sees of a game's position: board, scores, whose turn, the log. */
async function position(page: Page): Promise<Record<string, unknown>> {
  return {
    board: await page.locator('.carc-board svg[role="application"]').getAttribute('aria-label'),
    scores: await page.locator('.panels .score').allInnerTexts(),
    toAct: await page.locator('.panels tr.acting .name').allInnerTexts(),
    log: await page.locator('.game .log ol > li').allInnerTexts(),
  };
}

/**
 * Takes one of this page's decisions and waits until the game has moved on; in hotseat, first says
 * "it is me" at a hand-off screen.
 */
async function playOne(page: Page): Promise<void> {
  // The status line can still say "your move" for the turn just ended when the next player's
  // hand-off screen comes up: then `decide` declines, and the device is handed over again.
  for (let tries = 0; tries < 3; tries++) {
    await handedOver(page);
    const before = await stepsOf(page);
    if (!(await decide(page))) continue;
    await expect.poll(() => stepsOf(page), { timeout: 15_000 }).toBeGreaterThan(before);
    return;
  }
  throw new Error('a hand-off screen came up at every try');
}

/** Waits until it is this page's move, past a hotseat hand-off screen (clicked through). */
async function handedOver(page: Page): Promise<void> {
  const handoff = page.getByRole('dialog');
  await expect
    .poll(
      async () => {
        if (await handoff.isVisible()) await handoff.getByRole('button').click();
        return (await handoff.count()) === 0 && (await statusOf(page)) === 'your move';
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** A new game's set-up, every choice made (the set-up remembers the last one). */
async function setUp(
  page: Page,
  expansions: readonly string[],
  seats: readonly ('human' | 'bot')[],
  firstName: string,
): Promise<void> {
  await page.goto(`${page.url().split('#')[0]}#/local`);
  for (const id of ['princess-and-dragon', 'tower', 'halflings']) {
    await page.locator(`[data-expansion="${id}"] input`).setChecked(expansions.includes(id));
  }
  for (const [i, kind] of seats.entries()) {
    await page.getByLabel(`seat ${i + 1}`, { exact: true }).selectOption(kind);
  }
  if (seats[0] === 'human') await page.getByLabel('Name of player 1').fill(firstName);
}

/** Waits until the game is saved (after the bots' moves too) and it is this page's move. */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => statusOf(page), { timeout: 15_000 }).toBe('your move');
  expect(await page.getByRole('dialog').count(), 'a hand-off screen').toBe(0);
  await expect
    .poll(() => page.locator('.autosave').innerText(), { timeout: 10_000 })
    .toBe('Saved on this device');
}

describe('games on this device are kept', () => {
  const app = useBuiltApp('carc-web-saves-', { viewport: { width: 1440, height: 900 } });

  const open = async () => {
    const page = await app.context().newPage();
    const errors: string[] = [];
    const dialogs: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void d.accept();
    });
    return { page, errors, dialogs };
  };

  it('against a bot with all three expansions: a reload carries the same game on, listed on the home screen', async () => {
    const { page, errors, dialogs } = await open();
    await page.goto(`${app.url()}?botDelay=0#/local`);
    await setUp(page, ['princess-and-dragon', 'tower', 'halflings'], ['human', 'bot'], 'Ada');
    await page.getByRole('button', { name: 'Start the game' }).click();
    await expect.poll(() => page.url()).toMatch(/#\/local\/[0-9a-f]{16}$/);
    const address = page.url();
    for (let i = 0; i < 4; i++) await playOne(page);
    await settled(page);
    const before = await position(page);
    expect((before.log as string[]).length).toBeGreaterThanOrEqual(8);

    await page.reload();
    expect(page.url()).toBe(address);
    await settled(page);
    expect(await position(page)).toEqual(before);
    // Leaving a saved game asks nothing.
    expect(dialogs).toEqual([]);
    await shot(page, 'resumed-desktop');
    // And it plays on.
    await playOne(page);
    await settled(page);
    const after = await position(page);

    // The home screen lists it, unfinished: who plays, with what, how far, when.
    await page.goto(`${app.url()}?botDelay=0#/`);
    const unfinished = page.getByRole('region', { name: 'Unfinished games', exact: true });
    const card = unfinished.getByRole('listitem', { name: /^Ada vs / }).first();
    await expect.poll(() => card.innerText()).toMatch(/Halflings, The Tower, The Princess & the Dragon/);
    const text = await card.innerText();
    expect(text).toMatch(/against bots/);
    expect(text).toMatch(/\d+ tiles placed, \d+ left/);
    expect(text).toMatch(/last played just now/);
    expect(text).not.toMatch(/[0-9a-f]{16}/);
    await shot(page, 'home-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'home-phone');
    await card.getByRole('link', { name: 'Resume' }).click();
    await settled(page);
    await shot(page, 'resumed-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(page.url()).toContain(address.slice(address.indexOf('#')));
    expect(await position(page)).toEqual(after);

    // An address of a game this device does not have says so.
    await page.goto(`${app.url()}#/local/0123456789abcdef`);
    await expect
      .poll(() => page.getByRole('alert').innerText())
      .toBe('This game is not saved on this device. Start a new game');
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 80_000);

  it('hotseat with the Halflings: after a reload the hand-off screen comes before any hand', async () => {
    const { page, errors } = await open();
    await page.goto(`${app.url()}#/local`);
    await setUp(page, ['halflings'], ['human', 'human'], 'Bea');
    await page.getByRole('button', { name: 'Start the game' }).click();
    const handoff = page.getByRole('dialog');
    for (let i = 0; i < 5; i++) await playOne(page);
    await handedOver(page);
    await settled(page);
    const hand = await page.locator('.hand li.mine').innerText();
    const before = await position(page);

    await page.reload();
    await expect(handoff.waitFor({ state: 'visible', timeout: 15_000 })).resolves.toBeUndefined();
    expect(await page.locator('.hand').count(), 'a hand shown behind the hand-off screen').toBe(0);
    expect(await page.locator('.carc-board .cell').count(), 'cells offered behind it').toBe(0);
    await shot(page, 'hotseat-handoff');
    await handoff.getByRole('button').click();
    await settled(page);
    expect(await page.locator('.hand li.mine').innerText()).toBe(hand);
    expect(await position(page)).toEqual(before);
    await playOne(page);
    await expect
      .poll(() => page.locator('.autosave').innerText(), { timeout: 10_000 })
      .toBe('Saved on this device');

    // Deleted from the home screen (asked twice), it is gone for good.
    await page.goto(`${app.url()}#/`);
    const unfinished = page.getByRole('region', { name: 'Unfinished games', exact: true });
    const card = unfinished.getByRole('listitem', { name: /^Bea vs / });
    await card.getByRole('button', { name: 'Delete' }).click();
    await card.getByRole('button', { name: 'Delete for good' }).click();
    await expect.poll(() => card.count()).toBe(0);
    await page.reload();
    await expect.poll(() => unfinished.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await card.count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 80_000);

  it('a finished game goes to the history, whose replay opens', async () => {
    const { page, errors } = await open();
    await page.goto(`${app.url()}?botDelay=0#/local`);
    // Two bots play it out at once; the device only watches.
    await setUp(page, [], ['bot', 'bot'], '');
    await page.getByRole('button', { name: 'Start the game' }).click();
    await expect.poll(() => statusOf(page), { timeout: 60_000 }).toMatch(/^game over/);
    await expect
      .poll(() => page.locator('.autosave').innerText(), { timeout: 10_000 })
      .toBe('Saved on this device');
    const scores = await page.locator('.final tbody .total').allInnerTexts();
    const moves = await stepsOf(page);

    await page.goto(`${app.url()}#/`);
    const finished = page.getByRole('region', { name: 'Finished games', exact: true });
    const card = finished.getByRole('listitem').first();
    await expect.poll(() => card.innerText()).toMatch(/won|tiles placed/);
    expect(await card.innerText()).toMatch(/Base game/);
    await shot(page, 'history-desktop');
    await card.getByRole('link', { name: 'Watch the replay' }).click();
    await expect.poll(() => page.locator('.replay .at').innerText()).toBe(`move 0 / ${moves}`);
    await page.getByRole('button', { name: 'to the end' }).click();
    expect(await page.locator('.replay .final tbody .total').allInnerTexts()).toEqual(scores);
    await shot(page, 'history-replay');
    // The replay has an address of its own: a reload shows the same game.
    expect(page.url()).toMatch(/#\/replay\/local\/[0-9a-f]{16}$/);
    await page.reload();
    await expect.poll(() => page.locator('.replay .at').innerText()).toBe(`move 0 / ${moves}`);
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('when the browser keeps nothing, a sentence says so, play goes on, and leaving warns', async () => {
    // A full disk: every write refused.
    const { page, errors, dialogs } = await open();
    await page.addInitScript(
      `IDBObjectStore.prototype.put = () => { throw new DOMException('full', 'QuotaExceededError'); };`,
    );
    await page.goto(`${app.url()}?botDelay=0#/local`);
    await setUp(page, ['tower'], ['human', 'bot'], 'Cy');
    await page.getByRole('button', { name: 'Start the game' }).click();
    await playOne(page);
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts())
      .toContain(
        "This game can't be saved on this device: this device's storage is full. It is lost if this page is closed.",
      );
    await playOne(page);
    await shot(page, 'unsaved-desktop');
    await page.reload();
    expect(dialogs).toEqual(['beforeunload']);
    expect(errors).toEqual([]);
    await page.close();

    // Private browsing: no IndexedDB at all. The home screen says so; a game starts anyway.
    const other = await open();
    await other.page.addInitScript(`Object.defineProperty(window, 'indexedDB', { value: undefined });`);
    await other.page.goto(`${app.url()}?botDelay=0#/`);
    await expect
      .poll(() => other.page.getByRole('status').allInnerTexts())
      .toEqual([
        "Games can't be kept on this device: this browser keeps nothing for this page (private browsing?). A game played here is lost when the page is closed.",
      ]);
    await other.page.goto(`${app.url()}?botDelay=0#/local`);
    await setUp(other.page, ['tower'], ['human', 'bot'], 'Di');
    await other.page.getByRole('button', { name: 'Start the game' }).click();
    await playOne(other.page);
    await expect
      .poll(() => other.page.getByRole('alert').allInnerTexts())
      .toContain(
        "This game can't be saved on this device: this browser keeps nothing for this page (private browsing?). It is lost if this page is closed.",
      );
    await playOne(other.page);
    expect(other.errors).toEqual([]);
    await other.page.close();
  }, 60_000);
});
