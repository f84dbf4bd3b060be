/**
 * The set-up as a game box, in the built client in Chromium: on a 390×844 phone a quick game (you
 * against a bot) is set up and started without scrolling, every tap target is at least 44×44 px, the
 * names typed reach the game; and the words behind the screen (setup.ts) in Node.
 */
import { BUILTIN } from '@carc/engine';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gameSettingsSchema } from '../../server/src/settings.js';
import {
  buildSettings,
  defaultSetup,
  presetDoc,
  presetsFor,
  readSavedSetup,
  seatNames,
  valueWords,
} from '../src/ui/setup.js';
import { useBuiltApp } from './ui-build.js';

describe('the set-up words and memory', () => {
  it('says what a preset changes in words, and offers it only when it changes something in play', () => {
    expect(presetDoc('rgg')).toMatch(/Rio Grande/);
    expect(presetDoc('rgg')).toMatch(/When the dragon moves: after the turn’s scoring/);
    expect(presetDoc('rgg')).not.toMatch(/dragon-move|after-scoring|D-7/);
    expect(presetsFor([])).toEqual(['hig']);
    expect(presetsFor(['princess-and-dragon']).sort()).toEqual(['hig', 'rgg', 'zman']);
    expect(presetsFor(['halflings'])).toEqual(['hig', 'halflings-first-edition']);
    expect(valueWords('tower-pieces', 7)).toBe('7');
  });

  it('names bots by level and keeps typed names', () => {
    const seats = [
      { kind: 'human' as const },
      { kind: 'bot' as const, level: 'greedy' as const },
      { kind: 'bot' as const, level: 'greedy' as const },
      { kind: 'bot' as const, level: 'mcts' as const },
    ];
    expect(seatNames(seats, [' Ada ', 'ignored'])).toEqual([
      'Ada',
      'Medium bot 1',
      'Medium bot 2',
      'Hard bot',
    ]);
  });

  it('reads a remembered set-up back, dropping what the server would refuse', () => {
    expect(readSavedSetup(null)).toEqual(defaultSetup());
    expect(readSavedSetup('not json')).toEqual(defaultSetup());
    const back = readSavedSetup(
      JSON.stringify({
        expansions: ['tower', 'nope'],
        preset: 'toString',
        values: { 'tower-range': 'diagonal', 'tower-gaps': 'sideways' },
        seats: [{ kind: 'human' }, { kind: 'bot', level: 'mcts' }, { kind: 'bot', level: 'godlike' }],
        names: ['Ada', 3],
      }),
    );
    expect(back.expansions).toEqual(['tower']);
    expect(back.preset).toBe('hig');
    expect(back.values['tower-range']).toBe('diagonal');
    expect(back.values['tower-gaps']).toBe('allowed');
    expect(back.seats).toEqual([{ kind: 'human' }, { kind: 'bot', level: 'mcts' }]);
    expect(back.names).toEqual(['Ada', '']);
    const r = buildSettings(back);
    expect(r.ok && gameSettingsSchema.parse(r.settings)).toEqual({
      expansions: ['tower'],
      options: { 'tower-range': 'diagonal' },
      seats: back.seats,
    });
    // The default is the base game alone, you against a Medium bot.
    const first = buildSettings(defaultSetup());
    expect(first.ok && first.settings).toEqual({
      expansions: [],
      options: {},
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'greedy' }],
    });
    expect(BUILTIN.ids.length).toBe(3);
  });
});

/** Tap targets in the set-up smaller than 44×44 px: a checkbox or radio counts by its label. */
async function smallTargets(page: Page): Promise<string[]> {
  // A string, evaluated in the page (the tests are compiled without the DOM's types).
  const small: unknown = await page.evaluate(`(() => {
    const small = [];
    for (const el of document.querySelectorAll('form.setup :is(button, select, input, a, summary)')) {
      const type = el.tagName === 'INPUT' ? el.getAttribute('type') : null;
      const target = type === 'checkbox' || type === 'radio' ? (el.closest('label') ?? el) : el;
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue; // not shown (folded away)
      if (box.width < 44 || box.height < 44)
        small.push(el.tagName + ' ' + (el.getAttribute('aria-label') ?? el.textContent) + ': ' + box.width + '×' + box.height);
    }
    return small;
  })()`);
  return small as string[];
}

describe('the set-up in the built client, in Chromium', () => {
  const app = useBuiltApp('carc-web-setup-');

  it('on a phone: a named player against a bot, set up and started without scrolling, big targets', async () => {
    const page = await app.context().newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url()}?botDelay=0#/local`);
    await page.waitForSelector('form.setup');
    await page.screenshot({ path: '/tmp/setup-phone.png' });
    // The whole quick start fits: nothing to scroll, the start button in view.
    const scroll = Number(await page.evaluate('document.documentElement.scrollHeight - window.innerHeight'));
    expect(scroll).toBeLessThanOrEqual(0);
    const start = await page.getByRole('button', { name: 'Start the game' }).boundingBox();
    expect(start !== null && start.y + start.height <= 844).toBe(true);
    expect(await smallTargets(page)).toEqual([]);
    await page.locator('summary', { hasText: 'Rule options' }).click();
    for (const id of BUILTIN.ids) await page.locator(`[data-expansion="${id}"] input`).check();
    expect(await smallTargets(page)).toEqual([]);
    // Start stays in view with everything open and the page scrolled.
    await page.screenshot({ path: '/tmp/setup-phone-open.png', fullPage: false });
    const sticky = await page.getByRole('button', { name: 'Start the game' }).boundingBox();
    expect(sticky !== null && sticky.y + sticky.height <= 844).toBe(true);
    for (const id of BUILTIN.ids) await page.locator(`[data-expansion="${id}"] input`).uncheck();

    await page.getByLabel('Name of player 1').fill('Ada');
    await page.getByRole('radiogroup', { name: 'seat 2 bot level' }).getByText('Easy').click();
    await page.getByRole('button', { name: 'Start the game' }).click();
    const players = page.getByRole('region', { name: 'Players' });
    await expect.poll(() => players.innerText(), { timeout: 15_000 }).toMatch(/Ada/);
    expect(await players.innerText()).toMatch(/Easy bot/);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('on a desktop: everything on one screen, the last choice remembered', async () => {
    const page = await app.context().newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${app.url()}#/local`);
    await page.waitForSelector('form.setup');
    // The phone's game (same browser profile): Ada against an Easy bot, the base game.
    expect(await page.getByLabel('Name of player 1').inputValue()).toBe('Ada');
    expect(await page.getByRole('radio', { name: 'Easy' }).isChecked()).toBe(true);
    await page.screenshot({ path: '/tmp/setup-desktop.png' });
    await page.locator('summary', { hasText: 'Rule options' }).click();
    await page.locator('[data-expansion="princess-and-dragon"] input').check();
    await page.screenshot({ path: '/tmp/setup-desktop-open.png', fullPage: true });
    expect(await smallTargets(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('every rule link of the options leads to its rule in the client’s own rules page', async () => {
    const page = await app.context().newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${app.url()}#/local`);
    await page.waitForSelector('form.setup');
    await page.locator('summary', { hasText: 'Rule options' }).click();
    for (const id of BUILTIN.ids) await page.locator(`[data-expansion="${id}"] input`).check();
    const links = await page
      .locator('a.rule')
      .evaluateAll((as) =>
        as.map((a) => ({ rule: a.textContent ?? '', href: a.getAttribute('href') ?? '' })),
      );
    expect(links.length).toBeGreaterThan(10);
    await page.goto(`${app.url()}${links[0]!.href}`);
    await page.getByRole('heading', { level: 1, name: 'Rules reference' }).waitFor();
    for (const { rule, href } of links) {
      const id = decodeURIComponent(href.replace(/^#\/rules\//, ''));
      const heading = page.locator(`[id="${id}"]`);
      expect(await heading.count(), `the heading of ${rule} (${href})`).toBe(1);
      expect(await heading.innerText()).toMatch(new RegExp(`^${rule}\\b`));
    }
    // Opened at the rule asked for: its heading in view and focused.
    const first = decodeURIComponent(links[0]!.href.replace(/^#\/rules\//, ''));
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(first);
    const box = await page.locator(`[id="${first}"]`).boundingBox();
    expect(box !== null && box.y >= 0 && box.y < 900).toBe(true);
    await page.close();
  }, 60_000);
});
