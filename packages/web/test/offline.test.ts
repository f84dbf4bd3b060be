/**
 * Offline play: the built client, loaded once from `carcassonne serve`, reloads and plays a game
 * between bots with the network gone (the browser offline and the server stopped), from what its
 * service worker (src/sw.ts) precached. Without the service worker the reload fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../server/test/harness.js';
import { FAST, startServerProcess, tempDatabase } from '../../server/test/harness.js';
import { buildApp, launchChromium, tempDir } from './ui-build.js';

describe('offline, once loaded', () => {
  let server: ServerProcess;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;

  beforeAll(async () => {
    const web = tempDir('carc-web-offline-');
    await buildApp(web);
    server = await startServerProcess(tempDatabase(), { ...FAST, WEB_ROOT: web });
    chromium = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  it('reloads without the network and plays a game between bots', async () => {
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');

    const page = await chromium.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/?botDelay=0#/local`);
    // The service worker has precached the build and controls the page.
    await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 20_000 });

    await chromium.context.setOffline(true);
    await server.stop();
    await page.reload();
    // Two bots: their moves come from the page's worker alone.
    await page.getByLabel('seat 1', { exact: true }).selectOption('bot');
    await page.getByRole('button', { name: 'Start the game' }).click();
    const moves = page.locator('.game .log ol > li');
    await expect.poll(() => moves.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
