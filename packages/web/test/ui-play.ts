/**
 * Test helpers that play the game screen through its UI as a player would (the board from the
 * keyboard or by touch, the panels, the action bar), and read its status line and log.
 */
import type { Locator, Page } from 'playwright-core';

/**
 * The first element of `selector` a finger can hit: inside the board's box and the topmost element
 * at its centre (targets of neighbouring features may overlap on a phone until one zooms in).
 */
export async function tappable(page: Page, selector: string): Promise<Locator | undefined> {
  const index = Number(
    await page.evaluate(`(() => {
      const box = document.querySelector('.carc-board').getBoundingClientRect();
      return [...document.querySelectorAll(${JSON.stringify(selector)})].findIndex((e) => {
        const r = e.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        if (x < box.left || y < box.top || x > box.right || y > box.bottom) return false;
        const top = document.elementFromPoint(x, y);
        return top !== null && (top === e || e.contains(top));
      });
    })()`),
  );
  return index >= 0 ? page.locator(selector).nth(index) : undefined;
}

/**
 * Takes one decision through the UI the way a player would: a prisoner to free, else a legal cell and
 * confirm, else a figure target (a meeple, a tower piece, a capture…), else pass, else a button of
 * the bar.
 */
export async function decide(page: Page, input: 'keyboard' | 'touch' = 'keyboard'): Promise<boolean> {
  // The status line can say 'your move' a moment before the board offers it (a loaded machine):
  // wait until something to decide on is shown.
  const offered = async () =>
    (await page.locator('.panels button.ransom:enabled, .carc-board .cell, .carc-board .target').count()) +
    (await page.locator('[role="toolbar"] button[data-action]').count());
  const handoff = page.getByRole('dialog');
  for (let waited = 0; (await offered()) === 0 && waited < 10_000; waited += 50) {
    // A hotseat hand-off screen came up meanwhile: the caller hands the device over first.
    if (await handoff.isVisible()) return false;
    await page.waitForTimeout(50);
  }
  await act(page, input);
  return true;
}

/** The first decision offered, taken. */
async function act(page: Page, input: 'keyboard' | 'touch'): Promise<void> {
  // The board's camera glides to what is new (legal cells, a placed tile): aim once it has stopped.
  await page.locator('.carc-board:not([data-gliding])').waitFor();
  // A meeple of ours held prisoner that we may free (T-6): a click on it in the panel pays the ransom.
  const ransom = page.locator(`.panels button.ransom:enabled`);
  if ((await ransom.count()) > 0) return input === 'touch' ? ransom.first().tap() : ransom.first().click();
  const cells = page.locator(`.carc-board .cell`);
  if ((await cells.count()) > 0) {
    if (input === 'touch') {
      // Tap a cell to preview the tile there (after Fit, when none is in sight), tap ↻ for its
      // next legal way, tap ✓ to confirm.
      let cell = await tappable(page, '.carc-board .cell');
      if (cell === undefined) {
        await page.getByRole('button', { name: /^Fit/ }).tap();
        cell = await tappable(page, '.carc-board .cell');
      }
      if (cell === undefined) throw new Error('no legal cell in sight after Fit');
      await cell.tap();
      const rotate = page.getByRole('button', { name: 'Next legal rotation' });
      if (await rotate.isVisible()) await rotate.tap();
      return page.getByRole('button', { name: 'Confirm placement' }).tap();
    }
    // From the keyboard: focus, Enter to preview, Enter to confirm.
    await cells.first().focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    return;
  }
  const targets = page.locator(`.carc-board .target`);
  if ((await targets.count()) > 0) {
    if (input === 'touch') {
      const target = await tappable(page, '.carc-board .target');
      if (target !== undefined) {
        // A first tap lights the feature, a second confirms.
        await target.tap();
        return target.tap();
      }
      // Every target is off screen or under another: a player would zoom in; here, the keyboard.
    }
    await targets.first().focus();
    return page.keyboard.press('Enter');
  }
  // The bar's buttons of the game's actions (not Rotate, Confirm, Fit or Resign), in any language.
  const pass = page.locator('[role="toolbar"] button[data-action="pass"]');
  if ((await pass.count()) > 0) return input === 'touch' ? pass.first().tap() : pass.first().click();
  const others = page.locator('[role="toolbar"] button[data-action]');
  await (input === 'touch' ? others.first().tap() : others.first().click());
}

/** The game screen's status line ('your move', 'reconnecting…', 'game over…'). */
export const statusOf = (page: Page): Promise<string> => page.locator('.game > .status').innerText();

/** Where the game stands, in no language: 'your-move', 'others-move', 'over', 'sending'… */
export const stateOf = (page: Page): Promise<string | null> =>
  page.locator('.game > .status').getAttribute('data-state');

/** How many steps the game screen's log shows. */
export const stepsOf = (page: Page): Promise<number> => page.locator('.game .log ol > li').count();

/** What players must never read: a tile's id (BA/L, DG/CRr.d, H2-12) or a bare rule id (D-17). */
export const TILE_ID = /\b(BA|DG|TO|H[12])[/-]\S+/;
export const RULE_ID = /\b[BDTHXO]-\d+/;

/** The page's text as a player reads it, less the small rule links (the one place rule ids may show). */
export const visibleText = (page: Page): Promise<string> =>
  page.evaluate(`(() => {
    const body = document.body.cloneNode(true);
    for (const a of body.querySelectorAll('a.rule, sup.rule')) a.remove();
    const box = document.createElement('div');
    box.style.position = 'absolute';
    box.style.left = '-99999px';
    box.append(...body.childNodes);
    document.body.append(box);
    const text = box.innerText;
    box.remove();
    return text;
  })()`) as Promise<string>;
