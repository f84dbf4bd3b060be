/**
 * Scoring you see, in a real headless Chromium (/usr/bin/chromium; never a downloaded browser): the
 * board's demo page (board.html, src/board/demo.ts) plays a seeded game to the step before a city
 * is completed (`scenario=score`) or before a short game's end (`scenario=final`), draws it, and
 * `window.boardTest.advance()` draws the step. The board then lights the scored features with a
 * "+N" badge per scoring player; under prefers-reduced-motion nothing animates.
 */
import { playerColour } from '@carc/art';
import type { ScoreEvent } from '@carc/engine';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBoardPage } from './ui-build.js';

describe('scoring on the board, in Chromium', () => {
  const demo = useBoardPage('carc-scoring-page-', { viewport: { width: 1000, height: 700 } });

  async function open(scenario: string, reducedMotion = false): Promise<Page> {
    const page = await demo.context().newPage();
    page.setDefaultTimeout(5_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.emulateMedia({ reducedMotion: reducedMotion ? 'reduce' : 'no-preference' });
    await page.goto(`${demo.url()}board.html?scenario=${scenario}`);
    await page.waitForFunction('window.boardTest !== undefined', undefined, { timeout: 20_000 });
    expect(errors).toEqual([]);
    return page;
  }

  const advance = (page: Page) => page.evaluate<ScoreEvent[]>('window.boardTest.advance()');
  const badges = (page: Page) =>
    page.locator('.score-badge').evaluateAll((nodes) =>
      nodes.map((n) => {
        const r = n.getBoundingClientRect();
        return {
          text: n.textContent ?? '',
          player: Number(n.getAttribute('data-player')),
          points: Number(n.getAttribute('data-points')),
          fill: n.querySelector('rect')?.getAttribute('fill') ?? '',
          x: r.x + r.width / 2,
          y: r.y + r.height / 2,
        };
      }),
    );
  /** The screen box of the lit cells of the feature. */
  const litBox = (page: Page) =>
    page.locator('.scored .glow').evaluateAll((glows) => {
      const rs = glows.map((r) => r.getBoundingClientRect());
      return {
        cells: new Set(glows.map((g) => `${g.getAttribute('data-x')},${g.getAttribute('data-y')}`)).size,
        left: Math.min(...rs.map((r) => r.left)),
        top: Math.min(...rs.map((r) => r.top)),
        right: Math.max(...rs.map((r) => r.right)),
        bottom: Math.max(...rs.map((r) => r.bottom)),
      };
    });

  it('a completed city lights up with "+N" in the scorer\'s colour over its cells, the meeple leaves, then it goes away', async () => {
    const page = await open('score');
    expect(await page.locator('.score-badge').count()).toBe(0);
    const scores = await advance(page);
    const city = scores.find((e) => e.kind === 'city' && !e.final && e.players.length > 0);
    if (!city) throw new Error('the step scored no city');
    await page.screenshot({ path: '/tmp/score-city.png' });
    const shown = await badges(page);
    expect(shown.map((b) => b.player).sort()).toEqual([...city.players].sort());
    const box = await litBox(page);
    expect(box.cells).toBe(city.at.length);
    for (const b of shown) {
      expect(b.points).toBe(city.points);
      expect(b.text).toContain(`+${city.points}`);
      expect(b.fill).toBe(playerColour(b.player).colour);
      // Over the feature's cells.
      expect(b.x).toBeGreaterThanOrEqual(box.left);
      expect(b.x).toBeLessThanOrEqual(box.right);
      expect(b.y).toBeGreaterThanOrEqual(box.top);
      expect(b.y).toBeLessThanOrEqual(box.bottom);
    }
    // The badge is aria-hidden: the log announces the score in words.
    expect(await page.locator('.score-badges').getAttribute('aria-hidden')).toBe('true');
    // The meeple going home lifts and fades where it stood.
    expect(await page.locator('.going-home').count()).toBeGreaterThan(0);
    expect(await page.evaluate('document.getAnimations().length')).toBeGreaterThan(0);
    // Then it goes away, leaving the board as the view has it.
    await page.waitForFunction(
      "document.querySelectorAll('.score-badge, .scored, .going-home').length === 0",
      undefined,
      {
        timeout: 4_000,
      },
    );
    expect(await page.evaluate('document.getAnimations().length')).toBe(0);
    await page.close();
  });

  it('under prefers-reduced-motion the badge shows without any animation, then goes', async () => {
    const page = await open('score', true);
    const scores = await advance(page);
    const city = scores.find((e) => e.kind === 'city' && !e.final && e.players.length > 0);
    if (!city) throw new Error('the step scored no city');
    const animations: number[] = [];
    const start = Date.now();
    let sawBadge = false;
    while (Date.now() - start < 3_000) {
      const state = await page.evaluate<{ animations: number; badges: string[] }>(
        "({ animations: document.getAnimations().length, badges: [...document.querySelectorAll('.score-badge')].map((b) => b.textContent) })",
      );
      animations.push(state.animations);
      if (state.badges.some((t) => t?.includes(`+${city.points}`))) sawBadge = true;
      if (sawBadge && state.badges.length === 0) break;
      await page.waitForTimeout(100);
    }
    expect(sawBadge).toBe(true);
    expect(animations.every((n) => n === 0)).toBe(true);
    expect(await page.locator('.going-home').count()).toBe(0);
    expect(await page.locator('.score-badge').count()).toBe(0);
    await page.close();
  });

  it('final scoring lights the features one after another; Skip ends it at once, leaving the final board', async () => {
    const page = await open('final');
    const scores = await advance(page);
    const final = scores.filter((e) => e.final && e.players.length > 0 && e.points > 0);
    expect(final.length).toBeGreaterThanOrEqual(2);
    const skip = page.getByRole('button', { name: 'Skip' });
    await expect.poll(() => skip.isVisible()).toBe(true);
    // Feature by feature: the lit one's index goes up, one at a time.
    const seen: number[] = [];
    const start = Date.now();
    while (Date.now() - start < 1_600 && seen.length < 2) {
      const lit = await page
        .locator('.scored')
        .evaluateAll((gs) => gs.map((g) => Number(g.getAttribute('data-index'))));
      expect(lit.length).toBeLessThanOrEqual(1);
      const i = lit[0];
      if (i !== undefined && seen.at(-1) !== i) seen.push(i);
      await page.waitForTimeout(50);
    }
    expect(seen).toEqual([0, 1]);
    const badge = await badges(page);
    const lit = final[seen.at(-1) ?? 0];
    expect(badge.map((b) => b.points)).toEqual(lit?.players.map(() => lit.points));
    await page.screenshot({ path: '/tmp/score-final-playing.png' });
    await skip.click();
    expect(await page.locator('.scored, .score-badge').count()).toBe(0);
    expect(await skip.isVisible()).toBe(false);
    expect(await page.evaluate('document.getAnimations().length')).toBe(0);
    // The final board: the meeples final scoring sent home stay, faded, where they stood (B-9).
    const returned = await page.evaluate<number>(
      "window.boardTest.input.step.events.filter((e) => e.type === 'return').length",
    );
    expect(await page.locator('.figure.returned').count()).toBeGreaterThan(0);
    expect(await page.locator('.figure.returned').count()).toBeLessThanOrEqual(returned);
    await page.screenshot({ path: '/tmp/score-final-skipped.png' });
    await page.close();
  });

  it('Escape skips final scoring too', async () => {
    const page = await open('final');
    await advance(page);
    await expect.poll(() => page.locator('.scored').count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await page.locator('.scored, .score-badge').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Skip' }).isVisible()).toBe(false);
    await page.close();
  });
});
