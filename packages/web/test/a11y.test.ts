/**
 * Accessibility of every screen, as served by `carcassonne serve` (a real process on SQLite) in
 * Debian's Chromium: axe-core (through @axe-core/playwright) finds no serious or critical violation
 * of WCAG 2.1 A/AA on home, setup, a game (desktop and phone), the lobby, an online waiting room, the
 * replay viewer, the rules page and the error pages; on a phone every control a finger uses is at
 * least 44×44 CSS pixels (a checkbox or radio counts by its label, which takes the tap); and no
 * screen shows a tile id or a bare rule id (outside the small rule links and the rules page).
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../server/test/harness.js';
import { RULE_ID, TILE_ID, visibleText } from './ui-play.js';
import { useServedApp } from './ui-served.js';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Serious and critical violations on the page as it is now, one line each. */
async function violations(page: Page, screen: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${screen}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

/** Visible controls smaller than 44×44 px (a checkbox or radio measured by its label). */
function smallTargets(page: Page, screen: string): Promise<string[]> {
  return page.evaluate((screen) => {
    const selector =
      'a[href], button, input, select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"]';
    const small: string[] = [];
    for (const e of document.querySelectorAll<HTMLElement>(selector)) {
      // Board cells and figure targets scale with the zoom (the board has its own size rules).
      if (e.closest('.carc-board') !== null) continue;
      const input = e instanceof HTMLInputElement && ['checkbox', 'radio'].includes(e.type);
      const box = (input ? (e.closest('label') ?? e) : e).getBoundingClientRect();
      const style = getComputedStyle(e);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (box.width < 44 - 0.5 || box.height < 44 - 0.5) {
        const name = (e.getAttribute('aria-label') ?? e.textContent ?? e.tagName).trim().slice(0, 40);
        small.push(
          `${screen}: ${e.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  }, screen);
}

describe('accessibility of every screen (axe-core, 44 px targets on a phone)', () => {
  const served = useServedApp('carc-a11y-web-');

  /** Opens `hash` at `size` and waits for `ready` (a locator's text or role) before auditing. */
  async function screen(
    size: { width: number; height: number },
    hash: string,
    ready: (page: Page) => Promise<unknown>,
  ): Promise<Page> {
    const context = await served.browser.newContext({ viewport: size, hasTouch: size === PHONE });
    const page = await context.newPage();
    await page.goto(`${served.server.url}/?botDelay=0${hash}`);
    await ready(page);
    return page;
  }

  it('no serious or critical violation anywhere; every phone control at least 44×44 px', async () => {
    const found: string[] = [];
    const small: string[] = [];
    const codes: string[] = [];
    for (const [size, label] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const audit = async (page: Page, name: string) => {
        found.push(...(await violations(page, `${name} (${label})`)));
        if (size === PHONE) small.push(...(await smallTargets(page, name)));
        const text = await visibleText(page);
        const code = TILE_ID.exec(text) ?? (name === 'rules' ? null : RULE_ID.exec(text));
        if (code !== null) codes.push(`${name} (${label}): "${code[0]}"`);
        await page.context().close();
      };
      await audit(await screen(size, '#/', (p) => p.getByRole('heading').first().waitFor()), 'home');
      await audit(
        await screen(size, '#/local', (p) => p.getByRole('button', { name: /start/i }).first().waitFor()),
        'setup',
      );
      const game = await screen(size, '#/local', (p) =>
        p.getByRole('button', { name: /start/i }).first().waitFor(),
      );
      await game.getByRole('button', { name: /start/i }).first().click();
      await game.getByRole('group', { name: 'Legal cells' }).waitFor();
      await audit(game, 'game');
      await audit(await screen(size, '#/lobby', (p) => p.getByRole('heading').first().waitFor()), 'lobby');
      const open = await createGame(served.server, { seats: [{ kind: 'human' }, { kind: 'human' }] });
      await audit(
        await screen(size, `#/game/${open.id}`, (p) => p.getByRole('heading').first().waitFor()),
        'waiting room',
      );
      await audit(await screen(size, '#/replay', (p) => p.getByRole('heading').first().waitFor()), 'replay');
      await audit(
        await screen(size, '#/rules/d-7', (p) => p.getByRole('heading', { level: 1 }).waitFor()),
        'rules',
      );
      await audit(
        await screen(size, '#/game/no-such-game', (p) => p.getByRole('heading').first().waitFor()),
        'unknown game',
      );
    }
    expect(found, found.join('\n')).toEqual([]);
    expect(codes, codes.join('\n')).toEqual([]);
    expect(small, small.join('\n')).toEqual([]);
  }, 240_000);
});
