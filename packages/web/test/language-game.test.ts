/**
 * A whole game in Dutch and in Romanian, in the built client in Debian's Chromium: the set-up, a
 * game against bots with all three expansions to the end table, read as a player reads it. No
 * message may be missing (the client reports one as a console error) and no English word may be
 * left on screen: the words of the English messages (the client's and the presentation's) that no
 * message of the language uses must not appear in the page's text, mid-game nor at the end.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { TYPE, parse } from '@formatjs/icu-messageformat-parser';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@carc/art';
import { LANGUAGE_NAMES } from '@carc/art';
import { ART_MESSAGES } from '../../art/src/present/messages/art.js';
import { BASE_MESSAGES } from '../../art/src/present/messages/base.js';
import { COMMON_MESSAGES } from '../../art/src/present/messages/common.js';
import { HALFLINGS_MESSAGES } from '../../art/src/present/messages/halflings.js';
import { PRINCESS_DRAGON_MESSAGES } from '../../art/src/present/messages/princessDragon.js';
import { TILE_MESSAGES } from '../../art/src/present/messages/tiles.js';
import { TOWER_MESSAGES } from '../../art/src/present/messages/tower.js';
import { useBuiltApp } from './ui-build.js';
import { RULE_ID, TILE_ID, decide, stateOf, stepsOf, visibleText } from './ui-play.js';

const I18N = fileURLToPath(new URL('../src/i18n', import.meta.url));
const PRESENTATION = [
  ART_MESSAGES,
  BASE_MESSAGES,
  COMMON_MESSAGES,
  HALFLINGS_MESSAGES,
  PRINCESS_DRAGON_MESSAGES,
  TILE_MESSAGES,
  TOWER_MESSAGES,
];

/** Every message of a language by key: the client's files ("game.yourMove") and the presentation's. */
function catalog(locale: Locale): Map<string, string> {
  const dir = join(I18N, locale);
  const out = new Map<string, string>();
  for (const f of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const file = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, string>;
    for (const [key, message] of Object.entries(file)) out.set(`${f.slice(0, -5)}.${key}`, message);
  }
  for (const m of PRESENTATION)
    for (const [key, message] of Object.entries(m[locale] ?? {})) out.set(key, message);
  return out;
}
const messages = (locale: Locale): string[] => [...catalog(locale).values()];

/** Words a translation rightly keeps as in English ("Online", the "Enter" key, Romanian "meeple", Dutch "rating"). */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'online',
  'hotseat',
  'purist',
  'hand',
  'enter',
  'meeple',
  'dragon',
  'rating',
  'ratings',
]);

const wordsOf = (text: string): string[] => text.toLowerCase().match(/\p{L}{4,}/gu) ?? [];

/** The words a message shows: its text and its choices' texts, not its arguments' names or keys. */
function shownWords(elements: readonly MessageFormatElement[]): string[] {
  return elements.flatMap((e): string[] =>
    e.type === TYPE.literal
      ? wordsOf(e.value)
      : e.type === TYPE.plural || e.type === TYPE.select
        ? Object.values(e.options).flatMap((o) => shownWords(o.value))
        : e.type === TYPE.tag
          ? shownWords(e.children)
          : [],
  );
}
const messageWords = (message: string): string[] => shownWords(parse(message, { ignoreTag: true }));

/**
 * English words a page in `locale` must not show: those of the English messages that no message of
 * `locale` has nor a language's
 * own name in the language menu.
 */
function englishOnly(locale: Locale): Set<string> {
  const theirs = new Set(messages(locale).flatMap(messageWords));
  for (const name of Object.values(LANGUAGE_NAMES)) for (const w of wordsOf(name)) theirs.add(w);
  return new Set(
    messages('en')
      .flatMap(messageWords)
      .filter((w) => !theirs.has(w)),
  );
}

/** The English words in the page's text, with a little of what surrounds each. */
async function englishOn(page: Page, english: Set<string>): Promise<string[]> {
  const text = await visibleText(page);
  const found: string[] = [];
  for (const m of text.matchAll(/\p{L}{4,}/gu)) {
    if (english.has(m[0].toLowerCase())) {
      const at = m.index ?? 0;
      found.push(`${m[0]} in "…${text.slice(Math.max(0, at - 30), at + 30).replace(/\s+/g, ' ')}…"`);
    }
  }
  return found;
}

describe('the translations', () => {
  it('copy no English message as it is (which would hide it from the test below)', () => {
    const english = catalog('en');
    for (const locale of ['nl', 'ro'] as const) {
      const copied = [...catalog(locale)].filter(
        ([key, message]) =>
          message === english.get(key) && messageWords(message).some((w) => !SAME_IN_EVERY_LANGUAGE.has(w)),
      );
      expect(copied, locale).toEqual([]);
    }
  });
});

describe('a whole game in Dutch and in Romanian', () => {
  const app = useBuiltApp('carc-language-game-', { viewport: { width: 1440, height: 900 } });

  for (const locale of ['nl', 'ro'] as const) {
    it(`${LANGUAGE_NAMES[locale]}: set-up, play with all three expansions, end table — every word in ${locale}`, async () => {
      const english = englishOnly(locale);
      // The test can fail: the English words are many, and common ones are among them.
      expect(english.size).toBeGreaterThan(300);
      for (const w of ['your', 'move', 'placed', 'scored', 'points', 'tiles']) expect(english).toContain(w);

      const page = await app.context().newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.addInitScript((l) => localStorage.setItem('carc.locale', l), locale);
      await page.goto(`${app.url()}?botDelay=0&seed=00112233445566778899aabbccddeeff#/local`);
      await page.locator('[data-expansion="halflings"] input').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      for (const id of ['princess-and-dragon', 'tower', 'halflings']) {
        await page.locator(`[data-expansion="${id}"] input`).setChecked(true);
      }
      expect(await englishOn(page, english), 'English on the set-up').toEqual([]);
      await page.locator('form button[type="submit"]').click();

      let decisions = 0;
      for (let i = 0; i < 3000 && (await stateOf(page)) !== 'over'; i++) {
        if ((await stateOf(page)) !== 'your-move') {
          await page.waitForTimeout(50);
          continue;
        }
        const before = await stepsOf(page);
        if (!(await decide(page))) continue;
        decisions++;
        if (decisions === 30) {
          await page.screenshot({ path: `/tmp/language-${locale}-game.png` });
          expect(await englishOn(page, english), 'English on the game screen').toEqual([]);
          const text = await visibleText(page);
          expect(text).not.toMatch(TILE_ID);
          expect(text).not.toMatch(RULE_ID);
        }
        await expect
          .poll(async () => (await stepsOf(page)) > before || (await stateOf(page)) === 'over', {
            timeout: 15_000,
          })
          .toBe(true);
      }
      expect(await stateOf(page)).toBe('over');
      expect(decisions).toBeGreaterThan(30);

      const table = page.locator('.final');
      await table.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/language-${locale}-end.png`, fullPage: true });
      expect(await englishOn(page, english), 'English at the end of the game').toEqual([]);
      const heads = await table.locator('thead th').allInnerTexts();
      expect(heads.length).toBeGreaterThan(4);
      for (const h of heads) expect(wordsOf(h).filter((w) => english.has(w))).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    }, 300_000);
  }
});
