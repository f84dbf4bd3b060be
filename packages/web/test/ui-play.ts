/**
 * Test helpers that play the game screen through its UI as a player would (the board from the
 * keyboard, the action bar), and read its status line and log.
 */
import type { Page } from 'playwright-core';

/**
 * Takes one decision through the UI the way a player would: a legal cell and confirm, else pass,
 * else a figure target, else a button of the bar.
 */
export async function decide(page: Page, root = ''): Promise<void> {
  const cells = page.locator(`${root} .carc-board .cell`);
  if ((await cells.count()) > 0) {
    // From the keyboard (the board's own test clicks and taps): focus, Enter to preview, Enter to confirm.
    await cells.first().focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    return;
  }
  const bar = page.locator(`${root} [role="toolbar"] button`);
  const pass = bar.filter({ hasText: /^pass/ });
  if ((await pass.count()) > 0) return pass.first().click();
  const targets = page.locator(`${root} .carc-board .target`);
  if ((await targets.count()) > 0) {
    await targets.first().focus();
    return page.keyboard.press('Enter');
  }
  const others = bar.filter({ hasNotText: /^(Rotate|Confirm|Resign|Really)/ });
  await others.first().click();
}

/** The game screen's status line ('your move', 'reconnecting…', 'game over…'). */
export const statusOf = (page: Page): Promise<string> => page.locator('.game > .status').innerText();

/** How many steps the game screen's log shows. */
export const stepsOf = (page: Page): Promise<number> => page.locator('.game .log ol > li').count();
