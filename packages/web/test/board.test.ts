/**
 * The board in a real headless Chromium (/usr/bin/chromium through playwright-core; never a
 * downloaded browser): the demo page (packages/web/board.html, src/board/demo.ts) is built with
 * Vite into a temporary directory and served from loopback; it plays a game with all three
 * expansions to a position and mounts the board on it, and the test reads the hints given and the
 * actions chosen from `window.boardTest`.
 *
 * Chromium is required, as PostgreSQL and Redis are for the server's tests: `apt-get install
 * chromium` (.ci/run installs it).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Action, DecisionHints } from '@carc/engine';
import { BUILTIN } from '@carc/engine';
import { featurePoint, figureShape, placeCentre, targetFigure } from '@carc/art';
import type { Page } from 'playwright-core';
import { useBoardPage } from './ui-build.js';
import { describe, expect, it } from 'vitest';

describe('board in Chromium', () => {
  const demo = useBoardPage('carc-board-page-', { viewport: { width: 1280, height: 800 }, hasTouch: true });

  async function open(query: string, size = { width: 1280, height: 800 }): Promise<Page> {
    const page = await demo.context().newPage();
    page.setDefaultTimeout(5_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize(size);
    await page.goto(`${demo.url()}board.html?${query}`);
    await page.waitForFunction('window.boardTest !== undefined', undefined, { timeout: 20_000 });
    expect(errors).toEqual([]);
    return page;
  }
  const hintsOf = (page: Page) => page.evaluate<DecisionHints>('window.boardTest.hints');
  const chosenOf = (page: Page) => page.evaluate<Action[]>('window.boardTest.chosen');
  const transformOf = async (page: Page) => (await page.locator('g.world').getAttribute('transform')) ?? '';

  async function previewState(page: Page) {
    const p = page.locator('g.preview');
    return {
      tile: await p.getAttribute('data-tile'),
      rotation: Number(await p.getAttribute('data-rotation')),
      corner: await p.getAttribute('data-corner'),
      index: Number(await p.getAttribute('data-index')),
    };
  }

  it('shows exactly the hinted cells; a click previews, cycling gives the legal rotations, ✓ reports the hinted action', async () => {
    const page = await open('scenario=place');
    const hints = await hintsOf(page);
    const placements = hints.placements ?? [];
    const shown = await page
      .locator('g.cell')
      .evaluateAll((cells) => cells.map((c) => `${c.getAttribute('data-x')},${c.getAttribute('data-y')}`));
    expect(shown.sort()).toEqual(placements.map((c) => `${c.x},${c.y}`).sort());
    await expect.poll(() => page.locator('g.preview').count()).toBe(0);
    expect(await page.locator('.controls').isHidden()).toBe(true);

    const cell = placements.find((c) => c.placements.length >= 2);
    if (!cell) throw new Error('the position has no cell with several rotations');
    const target = page.locator(`g.cell[data-x="${cell.x}"][data-y="${cell.y}"]`);
    await target.click();
    const seen = [await previewState(page)];
    expect(seen[0]).toMatchObject({
      tile: cell.placements[0]?.tile,
      rotation: cell.placements[0]?.rotation,
      index: 0,
    });
    // Clicking the same cell again, then `r`, cycle through the legal rotations only.
    await target.click();
    seen.push(await previewState(page));
    for (let i = 2; i < cell.placements.length + 1; i++) {
      await page.keyboard.press('r');
      seen.push(await previewState(page));
    }
    expect(seen.map((s) => s.rotation)).toEqual([
      ...cell.placements.map((p) => p.rotation),
      cell.placements[0]?.rotation,
    ]);
    // Escape cancels; a click shows it again at the first rotation.
    await page.keyboard.press('Escape');
    expect(await page.locator('g.preview').count()).toBe(0);
    await target.click();
    await target.click();
    const confirm = page.locator('.controls button.confirm');
    const box = await confirm.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await confirm.click();
    expect(await chosenOf(page)).toEqual([cell.placements[1]?.action]);
    expect(await page.locator('g.preview').count()).toBe(0);

    // The last round is marked.
    expect(await page.locator('g.last-round polygon.last').count()).toBe(hints.lastRound.length);
    await page.close();
  });

  it('offers every placement of a triangle cell, Enter confirming the one shown', async () => {
    const page = await open('scenario=triangle');
    const hints = await hintsOf(page);
    const cell = (hints.placements ?? []).find(
      (c) => c.placements.length >= 2 && c.placements.every((p) => p.action.type === 'triangle'),
    );
    if (!cell) throw new Error('no triangle placement');
    const target = page.locator(`g.cell[data-x="${cell.x}"][data-y="${cell.y}"]`);
    await target.click();
    const seen = [await previewState(page)];
    for (let i = 1; i < cell.placements.length; i++) {
      await target.click();
      seen.push(await previewState(page));
    }
    expect(seen.map((s) => [s.tile, s.corner ?? undefined])).toEqual(
      cell.placements.map((p) => [p.tile, p.corner ?? undefined]),
    );
    const last = seen.length - 1;
    expect(seen[last]?.index).toBe(last);
    await page.keyboard.press('Enter');
    expect(await chosenOf(page)).toEqual([cell.placements[last]?.action]);
    await page.close();
  });

  it('figure targets: hover highlights the coverage, targets at one point stand apart, a click reports the action', async () => {
    const page = await open('scenario=target');
    const hints = await hintsOf(page);
    const targets = hints.targets ?? [];
    const shown = page.locator('g.targets g.target');
    expect(await shown.count()).toBe(targets.length);
    expect(await page.locator('g.cell').count()).toBe(0);

    // Each target drawn where the art places it, those sharing a point side by side and labelled.
    const catalog = BUILTIN.catalog();
    const boxes = await shown.evaluateAll((nodes) =>
      nodes.map((n) => {
        const r = n.querySelector('circle.hit')?.getBoundingClientRect();
        return {
          type: n.getAttribute('data-type') ?? '',
          figure: n.getAttribute('data-figure') ?? '',
          // The piece drawn (paths), and any letter written on the target (there must be none).
          piece: n.querySelectorAll('.piece path').length,
          letters: [...n.querySelectorAll('text')]
            .filter((t) => t.closest('.tick') === null)
            .map((t) => t.textContent ?? '')
            .join(''),
          label: n.getAttribute('aria-label') ?? '',
          title: n.querySelector('title')?.textContent ?? '',
          x: r ? r.x + r.width / 2 : 0,
          y: r ? r.y + r.height / 2 : 0,
          size: r ? Math.min(r.width, r.height) : 0,
        };
      }),
    );
    const points = targets.map((t) => {
      const at = t.feature === undefined ? placeCentre(t.corner) : featurePoint(t, catalog, t.feature);
      return `${Math.round((t.x + at.x) * 100)},${Math.round((t.y + at.y) * 100)}`;
    });
    let shared = 0;
    const figures = new Set<string>();
    for (let i = 0; i < targets.length; i++) {
      const t = targets[i];
      const box = boxes[i];
      if (!t || !box) throw new Error('missing target');
      expect(box.size).toBeGreaterThanOrEqual(44);
      expect(box.title).not.toBe('');
      // The piece itself, not a letter: a farmer on a field, a standing meeple elsewhere, and so on;
      // named in words with its feature and side, never a tile id.
      const kind = catalog.kindOf(t.tile);
      const feature =
        t.feature === undefined || kind === undefined ? undefined : catalog.def(kind).features[t.feature];
      const figure = targetFigure(t.action.type, feature?.kind);
      expect(box.figure).toBe(figure);
      expect(box.piece).toBeGreaterThan(0);
      expect(box.letters).toBe('');
      expect(box.label.toLowerCase()).toContain(figureShape(figure).words.split(' ').at(-1));
      if (feature && t.action.type === 'meeple')
        expect(box.label).toMatch(new RegExp(`on the ${feature.kind}\\b`));
      expect(box.label).not.toContain(t.tile);
      figures.add(figure);
      for (let j = i + 1; j < targets.length; j++) {
        if (points[i] !== points[j]) continue;
        shared++;
        const a = boxes[i];
        const b = boxes[j];
        if (!a || !b) throw new Error('missing target');
        expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(44);
        if (a.type !== b.type) expect(a.figure).not.toBe(b.figure);
      }
    }
    expect(shared).toBeGreaterThan(0);
    console.log(`figures on targets: ${[...figures].join(', ')}`);
    expect(figures.size).toBeGreaterThan(1);

    const wide = targets.findIndex((t) => (t.coverage?.length ?? 0) >= 3);
    const hint = targets[wide];
    if (!hint) throw new Error('no target over several tiles');
    const node = page.locator(`g.target[data-index="${wide}"]`);
    await node.hover();
    const covered = await page
      .locator('g.highlight g.covered')
      .evaluateAll((gs) => gs.map((g) => `${g.getAttribute('data-x')},${g.getAttribute('data-y')}`));
    expect(covered.length).toBe(hint.coverage?.length);
    expect(covered.sort()).toEqual((hint.coverage ?? []).map((c) => `${c.x},${c.y}`).sort());
    await page.mouse.move(2, 2);
    expect(await page.locator('g.highlight g.covered').count()).toBe(0);

    await node.click();
    expect(await chosenOf(page)).toEqual([hint.action]);
    // Keyboard: a focused target shows its feature and Space chooses it.
    await node.focus();
    expect(await page.locator('g.highlight g.covered').count()).toBe(hint.coverage?.length);
    await page.keyboard.press(' ');
    expect(await chosenOf(page)).toEqual([hint.action, hint.action]);
    await page.keyboard.press('Tab');
    await page.screenshot({ path: join(tmpdir(), 'camera-targets-1280.png') });

    // Touch: a first tap lights the feature and says a second tap confirms; a tap beside puts it
    // out; a second tap on the lit target chooses it.
    await page.mouse.move(2, 2);
    const lit = () => page.locator('g.highlight g.covered').count();
    const said = () => page.locator('.carc-board [aria-live]').innerText();
    await node.tap();
    expect(await lit()).toBe(hint.coverage?.length);
    expect(await said()).toMatch(/tap again to confirm/);
    await page.screenshot({ path: join(tmpdir(), 'camera-targets-armed.png') });
    expect(await chosenOf(page)).toHaveLength(2);
    await page.touchscreen.tap(4, 4);
    expect(await lit()).toBe(0);
    await node.tap();
    expect(await lit()).toBe(hint.coverage?.length);
    await node.tap();
    expect(await chosenOf(page)).toEqual([hint.action, hint.action, hint.action]);
    expect(await lit()).toBe(0);
    await page.close();
  });

  it('pans and zooms with the mouse and the keyboard, keeping the view across update()', async () => {
    const page = await open('scenario=place');
    const fitted = await transformOf(page);
    expect(fitted).toMatch(/translate\(.+\) scale\(.+\)/);
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => transformOf(page)).not.toBe(fitted);
    const zoomed = await transformOf(page);
    await page.mouse.move(300, 300);
    await page.mouse.down();
    await page.mouse.move(420, 360, { steps: 5 });
    await page.mouse.up();
    const panned = await transformOf(page);
    expect(panned).not.toBe(zoomed);
    // update() redraws the same input without moving the view.
    await page.evaluate('window.boardTest.board.update(window.boardTest.input)');
    expect(await transformOf(page)).toBe(panned);
    await page.locator('svg[role="application"]').focus();
    await page.keyboard.press('ArrowLeft');
    expect(await transformOf(page)).not.toBe(panned);
    const beforeZoom = await transformOf(page);
    await page.keyboard.press('+');
    expect(await transformOf(page)).not.toBe(beforeZoom);
    await page.keyboard.press('0');
    expect(await transformOf(page)).toBe(fitted);
    // Not the viewer's turn: nothing to choose is offered.
    await page.evaluate('window.boardTest.board.update({ ...window.boardTest.input, interactive: false })');
    expect(await page.locator('g.cell').count()).toBe(0);
    expect(await page.locator('g.tiles g.tile').count()).toBeGreaterThan(0);
    // destroy() takes the board out of the page.
    await page.evaluate('window.boardTest.board.destroy()');
    expect(await page.locator('.carc-board').count()).toBe(0);
    await page.close();
  });

  it("follows another player's placement into view, unless the player panned a moment ago", async () => {
    const page = await open('scenario=place');
    /** Where cell (x, y) is on the board's box, from the world's transform. */
    const cellBox = async (x: number, y: number) => {
      const m = /translate\((.+?),(.+?)\) scale\((.+?)\)/.exec(await transformOf(page));
      const [tx, ty, k] = (m?.slice(1) ?? []).map(Number) as [number, number, number];
      return {
        left: tx + x * 100 * k,
        top: ty + y * 100 * k,
        right: tx + (x + 1) * 100 * k,
        bottom: ty + (y + 1) * 100 * k,
      };
    };
    const inBoard = async (x: number, y: number) => {
      const b = await cellBox(x, y);
      return b.left >= 0 && b.top >= 0 && b.right <= 1280 && b.bottom <= 800;
    };
    /** Another player places a tile at (x, y): the board is updated with it, the viewer waiting. */
    const placedAt = (x: number, y: number) =>
      page.evaluate(`(() => {
        const input = window.boardTest.input;
        const tile = { ...input.view.tiles[0], x: ${x}, y: ${y} };
        const view = { ...input.view, tiles: [...input.view.tiles, tile] };
        window.boardTest.input = { ...input, view, interactive: false };
        window.boardTest.board.update(window.boardTest.input);
      })()`);
    const xs = (await hintsOf(page)).placements?.map((c) => c.x) ?? [0];
    const far = Math.max(...xs) + 12;
    expect(await inBoard(far, 0)).toBe(false);
    await placedAt(far, 0);
    await expect.poll(() => inBoard(far, 0), { timeout: 2_000 }).toBe(true);
    // The player drags the board: the next placement elsewhere is not followed for a while.
    await page.mouse.move(600, 400);
    await page.mouse.down();
    await page.mouse.move(640, 420, { steps: 4 });
    await page.mouse.up();
    const panned = await transformOf(page);
    const other = Math.min(...xs) - 12;
    await placedAt(other, 0);
    await page.waitForTimeout(600);
    expect(await transformOf(page)).toBe(panned);
    expect(await inBoard(other, 0)).toBe(false);
    await page.close();
  });

  it('a legal cell reached with Tab comes into view: the board pans to it, the page does not scroll', async () => {
    const page = await open('scenario=large');
    // The board in a page that scrolls (as in the client), zoomed in so most cells are out of view.
    await page.addStyleTag({
      content: '#board{position:relative;margin-top:100px;height:600px}body{height:3000px}',
    });
    const svg = page.locator('svg[role="application"]');
    await svg.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('+');
    const cells = page.getByRole('button', { name: /^Place the tile at/ });
    const count = await cells.count();
    expect(count).toBeGreaterThan(5);
    const inView = async (): Promise<boolean> => {
      const box = await svg.boundingBox();
      const cell = await page.locator('g.cell:focus rect.legal').boundingBox();
      if (box === null || cell === null) return false;
      const bottom = Math.min(box.y + box.height, 800);
      return (
        cell.x >= box.x &&
        cell.y >= Math.max(box.y, 0) &&
        cell.x + cell.width <= box.x + box.width &&
        cell.y + cell.height <= bottom
      );
    };
    // The test means something: at this zoom, most cells are out of view before Tab reaches them.
    const outOfView = Number(
      await page.evaluate(`(() => {
        const box = document.querySelector('svg[role="application"]').getBoundingClientRect();
        return [...document.querySelectorAll('g.cell rect.legal')].filter((e) => {
          const r = e.getBoundingClientRect();
          return r.left < box.left || r.top < box.top || r.right > box.right || r.bottom > box.bottom;
        }).length;
      })()`),
    );
    expect(outOfView).toBeGreaterThan(count / 2);
    for (let i = 0; i < Math.min(count, 12); i++) {
      await page.keyboard.press('Tab');
      expect(await page.locator('g.cell:focus').count()).toBe(1);
      await expect.poll(inView, { timeout: 2_000 }).toBe(true);
      const scroll = await page.evaluate<[number, number]>('[window.scrollX, window.scrollY]');
      expect(scroll, `the page scrolled at cell ${i + 1}`).toEqual([0, 0]);
    }
    await page.close();
  });

  it('on a 390×844 phone: hit areas of at least 44 px, no horizontal scroll; screenshots', async () => {
    const phone = await open('scenario=place', { width: 390, height: 844 });
    const sizes = await phone
      .locator('g.cell rect.hit')
      .evaluateAll((rs) =>
        rs.map((r) => Math.min(r.getBoundingClientRect().width, r.getBoundingClientRect().height)),
      );
    expect(sizes.length).toBeGreaterThan(0);
    for (const s of sizes) expect(s).toBeGreaterThanOrEqual(44);
    const scroll = await phone.evaluate<{ sw: number; cw: number }>(
      '({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth })',
    );
    expect(scroll.sw).toBeLessThanOrEqual(scroll.cw);
    await phone.screenshot({ path: '/tmp/carc-board-phone.png' });
    const hints = await hintsOf(phone);
    const cell = (hints.placements ?? [])[0];
    if (!cell) throw new Error('no legal cell');
    await phone.locator(`g.cell[data-x="${cell.x}"][data-y="${cell.y}"]`).tap();
    expect(await phone.locator('g.preview').getAttribute('data-index')).toBe('0');
    await phone.screenshot({ path: '/tmp/carc-board-phone-preview.png' });
    const buttons = await phone
      .locator('.controls button:visible')
      .evaluateAll((bs) =>
        bs.map((b) => Math.min(b.getBoundingClientRect().width, b.getBoundingClientRect().height)),
      );
    for (const s of buttons) expect(s).toBeGreaterThanOrEqual(44);
    await phone.close();

    const desk = await open('scenario=place');
    await desk.screenshot({ path: '/tmp/carc-board-desktop.png' });
    await desk.close();
    const targets = await open('scenario=target');
    const wide = (await hintsOf(targets)).targets?.findIndex((t) => (t.coverage?.length ?? 0) >= 3) ?? -1;
    await targets.locator(`g.target[data-index="${wide}"]`).hover();
    await targets.screenshot({ path: '/tmp/carc-board-targets.png' });
    const targetSizes = await targets
      .locator('g.target circle.hit')
      .evaluateAll((cs) =>
        cs.map((c) => Math.min(c.getBoundingClientRect().width, c.getBoundingClientRect().height)),
      );
    expect(targetSizes.length).toBeGreaterThan(0);
    await targets.close();
    const phoneTargets = await open('scenario=target', { width: 390, height: 844 });
    const phoneSizes = await phoneTargets
      .locator('g.target circle.hit')
      .evaluateAll((cs) =>
        cs.map((c) => Math.min(c.getBoundingClientRect().width, c.getBoundingClientRect().height)),
      );
    expect(phoneSizes.length).toBe(targetSizes.length);
    for (const s of phoneSizes) expect(s).toBeGreaterThanOrEqual(44);
    await phoneTargets.screenshot({ path: '/tmp/carc-board-phone-targets.png' });
    await phoneTargets.close();
    const triangle = await open('scenario=triangle');
    const t = (await hintsOf(triangle)).placements?.find((c) => c.placements.some((p) => p.corner));
    if (t) await triangle.locator(`g.cell[data-x="${t.x}"][data-y="${t.y}"]`).click();
    await triangle.screenshot({ path: '/tmp/carc-board-triangle.png' });
    await triangle.close();
  });
});
