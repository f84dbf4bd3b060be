/**
 * The client's language, in Debian's Chromium against a real `carcassonne serve`:
 *
 * 1. A Dutch browser (`nl-NL`) opens the client in Dutch (`<html lang="nl">`, Dutch words and
 *    headings); choosing Română in the header's language menu turns the page Romanian at once,
 *    without a reload; a reload keeps Romanian (chosen on this device); no console error.
 * 2. A switch goes through a game in progress: a local game against a bot is the same game on the
 *    same board after switching to Dutch, and goes on; an online waiting room stays, with its
 *    link and seats, through a switch, and so does the seat taken in it.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../server/test/harness.js';
import { decide, stepsOf } from './ui-play.js';
import { useServedApp } from './ui-served.js';

describe('the client speaks the browser’s language, and switches at once', () => {
  const served = useServedApp('carc-language-web-');

  /** A person's browser in `locale`, and every console error and uncaught exception of its pages. */
  async function person(locale: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await served.browser.newContext({ locale, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    return { context, page, errors };
  }

  const lang = (page: Page): Promise<string> => page.evaluate(() => document.documentElement.lang);

  it('opens in Dutch for a Dutch browser; Română in the menu turns it Romanian at once, kept on reload', async () => {
    const { context, page, errors } = await person('nl-NL');
    await page.goto(`${served.server.url}/#/`);
    await page.getByRole('navigation', { name: 'Manieren om te spelen' }).waitFor();
    expect(await lang(page)).toBe('nl');
    await expect.poll(() => page.getByRole('link', { name: /^Speel op dit apparaat/ }).count()).toBe(1);
    // A Dutch heading: the online games' page.
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Online' }).click();
    await page.getByRole('heading', { level: 2, name: 'Online spelen' }).waitFor();
    const menu = page.getByRole('combobox', { name: 'Taal' });
    expect(await menu.inputValue()).toBe('nl');
    expect(await menu.locator('option').allTextContents()).toEqual(['English', 'Nederlands', 'Română']);

    // Without a reload: the same document (a mark left on it stays).
    await page.evaluate(() => ((window as { carcMark?: number }).carcMark = 1));
    await menu.selectOption('ro');
    await page.getByRole('heading', { level: 2, name: 'Joacă online' }).waitFor({ timeout: 5_000 });
    expect(await lang(page)).toBe('ro');
    expect(await page.evaluate(() => (window as { carcMark?: number }).carcMark)).toBe(1);
    await page.getByRole('combobox', { name: 'Limba' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Online spelen' }).count()).toBe(0);
    await page
      .getByRole('navigation', { name: 'Meniu principal' })
      .getByRole('link', { name: 'Reluări' })
      .waitFor();

    // Chosen on this device: a reload (the browser still says Dutch) stays Romanian.
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Joacă online' }).waitFor();
    expect(await lang(page)).toBe('ro');
    expect(await page.getByRole('combobox', { name: 'Limba' }).inputValue()).toBe('ro');
    await page.goto(`${served.server.url}/#/`);
    await page.getByRole('link', { name: /^Joacă pe acest dispozitiv/ }).waitFor();
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  }, 120_000);

  it('a game in progress goes on through a switch: against a bot here, and in an online waiting room', async () => {
    const { context, page, errors } = await person('en-GB');
    // ---- a game on this device against a bot
    await page.goto(`${served.server.url}/?botDelay=0#/local`);
    await page.getByRole('button', { name: /start/i }).first().click();
    await page.locator('.carc-board').waitFor();
    expect(await decide(page)).toBe(true);
    await expect.poll(() => stepsOf(page)).toBeGreaterThan(0);
    const address = page.url();
    const steps = await stepsOf(page);
    await page.locator('.carc-board').evaluate((board) => board.setAttribute('data-before-switch', ''));

    await page.getByRole('combobox', { name: 'Language' }).selectOption('nl');
    await page.getByRole('combobox', { name: 'Taal' }).waitFor({ timeout: 5_000 });
    expect(await lang(page)).toBe('nl');
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Lokaal' }).waitFor();
    // The same game on the same board, nothing lost, and it goes on.
    expect(page.url()).toBe(address);
    expect(await page.locator('.carc-board[data-before-switch]').count()).toBe(1);
    expect(await stepsOf(page)).toBeGreaterThanOrEqual(steps);
    const before = await stepsOf(page);
    expect(await decide(page)).toBe(true);
    await expect.poll(() => stepsOf(page)).toBeGreaterThan(before);

    // ---- an online waiting room: Ann waits for one more player
    const open = await createGame(served.server, { seats: [{ kind: 'human' }, { kind: 'human' }] }, 'Ann');
    await page.goto(`${served.server.url}/#/game/${open.id}`);
    // Dutch still: chosen on this device.
    await page.getByRole('heading', { name: 'Wachten op spelers' }).waitFor();
    const link = await page.locator('#room-link').inputValue();
    await page.locator('section.room').evaluate((room) => room.setAttribute('data-before-switch', ''));
    await page.getByRole('combobox', { name: 'Taal' }).selectOption('en');
    await page.getByRole('heading', { name: 'Waiting for players' }).waitFor({ timeout: 5_000 });
    expect(await page.locator('section.room[data-before-switch]').count()).toBe(1);
    expect(await page.locator('#room-link').inputValue()).toBe(link);
    await page.getByRole('textbox', { name: 'Your name' }).fill('Bob');
    await page.getByRole('button', { name: 'Take a seat' }).click();
    // Bob's seat makes the table full: the game starts, Bob in it, whatever the language.
    await page.locator('.carc-board').waitFor();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ro');
    await page.getByRole('combobox', { name: 'Limba' }).waitFor({ timeout: 5_000 });
    expect(page.url()).toContain(`#/game/${open.id}`);
    await page.locator('.carc-board').waitFor();
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  }, 180_000);
});
