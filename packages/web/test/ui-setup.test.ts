/**
 * The set-up screen in Chromium: every option of the engine's registry is offered with its one-line
 * explanation and its rule ids, every preset with what it sets, and starting emits settings the
 * server's schema accepts.
 */
import { BUILTIN } from '@carc/engine';
import { describe, expect, it } from 'vitest';
import { gameSettingsSchema } from '../../server/src/settings.js';
import { useDevPage } from './ui-build.js';

describe('the set-up screen in Chromium', () => {
  const dev = useDevPage('carc-ui-setup-');

  it('shows every option with its explanation and rule ids, and every preset', async () => {
    const page = await dev.context().newPage();
    await page.goto(`${dev.url()}#setup`);
    await page.waitForSelector('#setup form');
    for (const spec of BUILTIN.optionSpecs) {
      const row = page.locator(`[data-option="${spec.id}"]`);
      await expect(row.count()).resolves.toBe(1);
      const text = await row.innerText();
      expect(text).toContain(spec.id);
      expect(text).toContain(spec.doc);
      const rules = await row.locator('[data-rule]').allInnerTexts();
      expect(rules).toEqual([spec.rule, ...(spec.also ?? [])]);
      const values = await row.locator('option').allInnerTexts();
      expect(values.map((v) => v.replace(' (default)', ''))).toEqual(spec.values.map(String));
    }
    for (const name of Object.keys(BUILTIN.presets)) {
      await expect(page.locator(`[data-preset="${name}"]`).count()).resolves.toBe(1);
    }
    for (const id of BUILTIN.ids)
      await expect(page.locator(`[data-expansion="${id}"]`).count()).resolves.toBe(1);
    await page.close();
  }, 60_000);

  it('emits settings the server accepts', async () => {
    const page = await dev.context().newPage();
    await page.goto(`${dev.url()}#setup`);
    await page.waitForSelector('#setup form');
    await page.locator('[data-preset="rgg"] input').check();
    await page.locator('#opt-tower-range').selectOption('diagonal');
    await page.getByLabel('Players').selectOption('4');
    await page.getByLabel('seat 3', { exact: true }).selectOption('human');
    await page.getByLabel('Play with a clock').check();
    await page.getByRole('button', { name: 'Start the game' }).click();
    const json = await page.locator('pre.settings').innerText();
    await page.close();
    const settings: unknown = JSON.parse(json);
    expect(gameSettingsSchema.parse(settings)).toEqual(settings);
    expect(settings).toEqual({
      expansions: BUILTIN.ids,
      options: { 'tower-range': 'diagonal' },
      preset: 'rgg',
      seats: [
        { kind: 'human' },
        { kind: 'bot', level: 'greedy' },
        { kind: 'human' },
        { kind: 'bot', level: 'greedy' },
      ],
      clock: { initialMs: 600_000, incrementMs: 5_000, onTimeout: 'bot' },
    });
    expect(BUILTIN.parseOptions((settings as { options: unknown }).options, 'options', 'rgg').ok).toBe(true);
  }, 60_000);
});
