/**
 * The set-up as a game box, in the built client in Chromium: on a 390×844 phone a quick game (you
 * against a bot) is set up and started without scrolling, every tap target is at least 44×44 px, the
 * names typed reach the game; in Romanian, the set-up, the game it starts and the rules page; and the
 * words behind the screen (setup.ts, their messages in every language) in Node.
 */
import { readFileSync } from 'node:fs';
import { Translator } from '@carc/art';
import type { Locale } from '@carc/art';
import { BUILTIN } from '@carc/engine';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { botSeatNames } from '@carc/bots';
import { gameSettingsSchema } from '@carc/protocol';
import { ENGLISH_CATALOG, flatten } from '../src/i18n/catalog.js';
import nl from '../src/i18n/nl/index.js';
import ro from '../src/i18n/ro/index.js';
import {
  buildSettings,
  defaultSetup,
  expansionTitle,
  optionTitle,
  presetDoc,
  presetTitle,
  presetsFor,
  readSavedSetup,
  seatNames,
  spokenNames,
  valueWords,
} from '../src/ui/setup.js';
import type { Say } from '../src/ui/setupWords.js';
import { optionDocWords } from '../src/ui/setupWords.js';
import { launchBrowser, useBuiltApp } from './ui-build.js';

const CATALOGS = { en: ENGLISH_CATALOG, nl: flatten(nl), ro: flatten(ro) };

/** The set-up's words in `locale`, failing on any message missing there. */
function sayIn(locale: Locale): Say {
  const missing = (key: string) => {
    throw new Error(`no ${locale} message for ${key}`);
  };
  const tr = new Translator(locale, CATALOGS[locale], ENGLISH_CATALOG, missing);
  return (key, values) => tr.text(key, values);
}

describe('the set-up words and memory', () => {
  it('names the server’s bots in the language on screen, every other name as given', () => {
    // The server names bots as @carc/bots does, in English.
    const levels = ['greedy', undefined, 'greedy', 'mcts'];
    const given = botSeatNames(levels);
    expect(given).toEqual(['Medium bot 1', undefined, 'Medium bot 2', 'Hard bot']);
    const table = [
      { name: given[0]!, kind: 'bot', level: 'greedy' },
      { name: 'Ann', kind: 'human' },
      { name: given[2]!, kind: 'bot', level: 'greedy' },
      { name: given[3]!, kind: 'bot', level: 'mcts' },
      // A player's seat a bot took over keeps the player's name.
      { name: 'Bo', kind: 'bot', level: 'random' },
    ];
    expect(spokenNames(table)).toEqual(['Medium bot 1', 'Ann', 'Medium bot 2', 'Hard bot', 'Bo']);
    const dutch = spokenNames(table, sayIn('nl'));
    expect(dutch[1]).toBe('Ann');
    expect(dutch[4]).toBe('Bo');
    for (const i of [0, 2, 3]) expect(dutch[i]).not.toBe(table[i]!.name);
    expect(dutch[0]).not.toBe(dutch[2]);
    expect(spokenNames(table, sayIn('ro'))[3]).not.toBe('Hard bot');
  });

  it('says what a preset changes in words, and offers it only when it changes something in play', () => {
    expect(presetDoc('rgg')).toMatch(/Rio Grande/);
    expect(presetDoc('rgg')).toMatch(/When the dragon moves: after the turn’s scoring/);
    expect(presetDoc('rgg')).not.toMatch(/dragon-move|after-scoring|D-7/);
    expect(presetsFor([])).toEqual(['hig']);
    expect(presetsFor(['princess-and-dragon']).sort()).toEqual(['hig', 'rgg', 'zman']);
    expect(presetsFor(['halflings'])).toEqual(['hig', 'halflings-first-edition']);
    expect(valueWords('tower-pieces', 7)).toBe('7');
  });

  it('has words in every language for every option, value, preset and expansion the engine offers', () => {
    const english = sayIn('en');
    for (const spec of BUILTIN.optionSpecs) {
      // The English explanation is the engine's own (a changed engine text fails here).
      expect(optionDocWords(spec.id, spec.doc, english), spec.id).toBe(
        `${spec.doc.charAt(0).toUpperCase()}${spec.doc.slice(1)}.`,
      );
      for (const locale of ['en', 'nl', 'ro'] as const) {
        const catalog = CATALOGS[locale];
        expect(catalog, `${locale} ${spec.id}`).toHaveProperty([`setup.option.${spec.id}`]);
        expect(catalog, `${locale} ${spec.id}`).toHaveProperty([`setup.optionDoc.${spec.id}`]);
        // Every value in words; a number may stand for itself.
        for (const v of spec.values)
          if (typeof v === 'string')
            expect(catalog, `${locale} ${spec.id}=${v}`).toHaveProperty([
              `setup.optionValue.${spec.id}.${v}`,
            ]);
      }
    }
    for (const locale of ['en', 'nl', 'ro'] as const) {
      const say = sayIn(locale);
      for (const name of Object.keys(BUILTIN.presets)) {
        expect(CATALOGS[locale], `${locale} ${name}`).toHaveProperty([`setup.preset.${name}`]);
        // In words: no option id or value of the engine, no message argument left over.
        const doc = presetDoc(name, say);
        for (const spec of BUILTIN.optionSpecs) if (spec.id.includes('-')) expect(doc).not.toContain(spec.id);
        expect(doc).not.toMatch(/[{}]|after-scoring|on-tile|\bmust\b/);
      }
      for (const id of BUILTIN.ids) {
        expect(CATALOGS[locale], `${locale} ${id}`).toHaveProperty([`setup.expansion.${id}`]);
        expect(CATALOGS[locale], `${locale} ${id}`).toHaveProperty([`setup.expansionLine.${id}`]);
      }
    }
    // English as the engine names its expansions; the translations their own words.
    for (const def of BUILTIN.defs) expect(expansionTitle(def.id)).toBe(def.title);
    expect(expansionTitle('princess-and-dragon', sayIn('nl'))).toBe('De Draak, de Fee en de Jonkvrouw');
    expect(optionTitle('dragon-move', sayIn('ro'))).toBe('Când se mișcă dragonul');
    expect(presetTitle('hig', sayIn('ro'))).toBe('Reguli standard');
    expect(presetDoc('rgg', sayIn('nl'))).toMatch(
      /^De oudere Engelse regels .*Wanneer de draak beweegt: na de telling/,
    );
  });

  it('counts in each language (plurals), and names bots in it', () => {
    const summary = (locale: Locale, players: number, expansions: number, changed: number) =>
      sayIn(locale)('setup.summary', { players, expansions, expansion: 'X', changed });
    expect(summary('en', 2, 0, 0)).toBe('2 players · base game');
    expect(summary('en', 3, 1, 1)).toBe('3 players · base game + X · 1 rule option changed');
    expect(summary('en', 4, 3, 2)).toBe('4 players · base game + 3 expansions · 2 rule options changed');
    expect(summary('nl', 2, 2, 1)).toBe('2 spelers · basisspel + 2 uitbreidingen · 1 regeloptie gewijzigd');
    expect(summary('ro', 2, 1, 0)).toBe('2 jucători · jocul de bază + X');
    expect(summary('ro', 6, 3, 20)).toBe(
      '6 jucători · jocul de bază + 3 extensii · 20 de opțiuni de regulă schimbate',
    );
    const seats = [
      { kind: 'bot' as const, level: 'random' as const },
      { kind: 'bot' as const, level: 'mcts' as const },
      { kind: 'bot' as const, level: 'mcts' as const },
    ];
    expect(seatNames(seats, [], sayIn('ro'))).toEqual(['Bot ușor', 'Bot dificil 1', 'Bot dificil 2']);
    expect(seatNames(seats, [], sayIn('nl'))).toEqual([
      'Makkelijke bot',
      'Moeilijke bot 1',
      'Moeilijke bot 2',
    ]);
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

  it('speaks Romanian when chosen: the set-up, the game it starts and the rules page at D-7', async () => {
    const ro = readFileSync(new URL('../../../docs/rules.ro.md', import.meta.url), 'utf8');
    const en = readFileSync(new URL('../../../docs/rules.md', import.meta.url), 'utf8');
    const d7 = (doc: string) => /^### (D-7 .*)$/m.exec(doc)?.[1]?.trim();
    const roD7 = d7(ro);
    expect(roD7, 'docs/rules.ro.md has a D-7 heading').toBeDefined();
    expect(roD7, 'docs/rules.ro.md is translated').not.toBe(d7(en));
    const sections = (doc: string) => [...doc.matchAll(/^## (.*)$/gm)].map((m) => m[1]!.trim());

    const browser = await launchBrowser();
    try {
      // The language chosen on an earlier visit, kept on this device.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      await context.addInitScript("localStorage.setItem('carc.locale', 'ro')");
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.goto(`${app.url()}?botDelay=0#/local`);
      await page.waitForSelector('form.setup');
      expect(await page.evaluate('document.documentElement.lang')).toBe('ro');
      await page.getByRole('heading', { name: 'Jucători' }).waitFor();
      await page.getByRole('heading', { name: 'Extensii' }).waitFor();
      expect(await page.locator('form.setup .go .summary').innerText()).toBe('2 jucători · jocul de bază');
      expect(
        await page.getByRole('radiogroup', { name: 'nivelul botului de pe locul 2' }).innerText(),
      ).toMatch(/Ușor\s*Mediu\s*Dificil/);
      await page.locator('summary', { hasText: 'Opțiuni de reguli' }).click();
      await page.locator('[data-expansion="princess-and-dragon"] input').check();
      await page.getByLabel('Când se mișcă dragonul', { exact: true }).selectOption('after-scoring');
      expect(await page.locator('form.setup .go .summary').innerText()).toBe(
        '2 jucători · jocul de bază + Prințesa și Dragonul · 1 opțiune de regulă schimbată',
      );
      const form = await page.locator('form.setup').innerText();
      for (const english of [
        'Players',
        'Expansions',
        'Rule options',
        'Start the game',
        'Human',
        'base game',
        'default',
      ])
        expect(form).not.toContain(english);
      // Still a quick start on a phone: the start button in view.
      const start = page.getByRole('button', { name: 'Începe jocul' });
      const box = await start.boundingBox();
      expect(box !== null && box.y + box.height <= 844).toBe(true);
      await page.locator('[data-expansion="princess-and-dragon"] input').uncheck();
      await start.click();
      // The game starts, against the Medium bot named in Romanian.
      await page.waitForURL(/#\/local\/./, { timeout: 15_000 });
      await expect.poll(() => page.locator('main').innerText(), { timeout: 15_000 }).toMatch(/Bot mediu/);

      // The rules page in Romanian, opened at D-7: that heading, in view and focused.
      await page.goto(`${app.url()}#/rules/d-7`);
      const heading = page.locator('[id="d-7"]');
      await heading.waitFor();
      expect(await page.locator('article.rules').getAttribute('lang')).toBe('ro');
      expect(await heading.innerText()).toBe(roD7);
      await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('d-7');
      const at = await heading.boundingBox();
      expect(at !== null && at.y >= 0 && at.y < 844).toBe(true);
      // A section's anchor is the English one in every language.
      expect(await page.locator('[id="o-options-and-presets"]').innerText()).toBe(sections(ro).at(-1));
      // Another language chosen on the page: the reference follows at once, still at D-7.
      const nlD7 = d7(readFileSync(new URL('../../../docs/rules.nl.md', import.meta.url), 'utf8'));
      await page.locator('header select').selectOption('nl');
      await expect.poll(() => heading.innerText()).toBe(nlD7);
      expect(await page.locator('article.rules').getAttribute('lang')).toBe('nl');
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  }, 90_000);
});
