/**
 * The set-up screen in Chromium (the dev page's online set-up): every option of the engine's
 * registry offered in words with its explanation and links to its rules, every preset by a name and
 * what it changes, no internal code shown, and starting emits settings the server's schema accepts,
 * remembered for the next visit.
 */
import { BUILTIN } from '@carc/engine';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gameSettingsSchema } from '@carc/protocol';
import { optionTitle, presetTitle, valueWords } from '../src/ui/setup.js';
import { useDevPage } from './ui-build.js';

/** Ticks every expansion and opens the rule options. */
async function everything(page: Page): Promise<void> {
  for (const id of BUILTIN.ids) await page.locator(`[data-expansion="${id}"] input`).check();
  await page.locator('#setup summary', { hasText: 'Rule options' }).click();
}

describe('the set-up screen in Chromium', () => {
  const dev = useDevPage('carc-ui-setup-');

  it('shows every option in words with its explanation and rule links, and every preset by name', async () => {
    const page = await dev.context().newPage();
    await page.goto(`${dev.url()}#setup`);
    await page.waitForSelector('#setup form');
    // Folded away at first: the quick start comes first.
    expect(await page.locator('#setup [data-option]').first().isVisible()).toBe(false);
    await everything(page);
    for (const spec of BUILTIN.optionSpecs) {
      const row = page.locator(`[data-option="${spec.id}"]`);
      await expect(row.count()).resolves.toBe(1);
      const text = await row.innerText();
      expect(text).toContain(optionTitle(spec.id));
      expect(text.toLowerCase()).toContain(spec.doc.toLowerCase());
      if (spec.id.includes('-')) expect(text).not.toContain(spec.id);
      const rules = row.locator('a[data-rule]');
      expect(await rules.allInnerTexts()).toEqual([spec.rule, ...(spec.also ?? [])]);
      for (const href of await rules.evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
        expect(href).toMatch(/^#\/rules\/[a-z]-\d+$/);
      const options = row.locator('option');
      expect(await options.evaluateAll((o) => o.map((x) => x.getAttribute('value')))).toEqual(
        spec.values.map(String),
      );
      const words = (await options.allInnerTexts()).map((v) => v.replace(' (default)', ''));
      expect(words).toEqual(spec.values.map((v) => valueWords(spec.id, v)));
    }
    for (const name of Object.keys(BUILTIN.presets)) {
      const preset = page.locator(`[data-preset="${name}"]`);
      await expect(preset.count()).resolves.toBe(1);
      expect(await preset.innerText()).toContain(presetTitle(name));
    }
    for (const id of BUILTIN.ids)
      await expect(page.locator(`[data-expansion="${id}"] svg[role="img"]`).count()).resolves.toBe(1);
    // No internal code anywhere: preset names, option ids, option values.
    const all = await page.locator('#setup form').innerText();
    expect(all).not.toMatch(/\b(hig|zman|rgg|halflings-first-edition|next-follower|basic:\d|greedy|mcts)\b/);
    await page.close();
  }, 60_000);

  it('emits settings the server accepts, and remembers them for the next visit', async () => {
    const page = await dev.context().newPage();
    await page.goto(`${dev.url()}#setup`);
    await page.waitForSelector('#setup form');
    await everything(page);
    await page.locator('[data-preset="rgg"] input').check();
    await page.getByLabel('How far a tower captures').selectOption('diagonal');
    await page.getByRole('button', { name: '+ Add a player' }).click();
    await page.getByRole('button', { name: '+ Add a player' }).click();
    await page.getByLabel('seat 3', { exact: true }).selectOption('human');
    await page.getByRole('radiogroup', { name: 'seat 4 bot level' }).getByText('Hard').click();
    await page.getByLabel('Play with a clock').check();
    await page.getByRole('button', { name: 'Start the game' }).click();
    const json = await page.locator('pre.settings').innerText();
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
        { kind: 'bot', level: 'mcts' },
      ],
      clock: { initialMs: 600_000, incrementMs: 5_000, onTimeout: 'bot' },
    });
    expect(BUILTIN.parseOptions((settings as { options: unknown }).options, 'options', 'rgg').ok).toBe(true);

    // The next visit starts from this choice.
    await page.reload();
    await page.waitForSelector('#setup form');
    expect(await page.locator('#setup .seat').count()).toBe(4);
    for (const id of BUILTIN.ids)
      expect(await page.locator(`[data-expansion="${id}"] input`).isChecked()).toBe(true);
    expect(await page.locator('#setup .summary-line').innerText()).toBe(`${presetTitle('rgg')}, 1 changed`);
    await page.close();
  }, 60_000);
});
