/**
 * For one test file: the built web client served by a real `carcassonne serve` process (SQLite in
 * a temporary file, fast timers) and Debian's Chromium as a browser of isolated contexts, started
 * before its tests and stopped after them.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { ServerProcess } from '../../server/test/harness.js';
import { FAST, startServerProcess, tempDatabase } from '../../server/test/harness.js';
import { buildApp, launchBrowser, tempDir } from './ui-build.js';

export function useServedApp(prefix: string): { readonly server: ServerProcess; readonly browser: Browser } {
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const web = tempDir(prefix);
    await buildApp(web);
    server = await startServerProcess(tempDatabase(), { ...FAST, WEB_ROOT: web });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(x: T | undefined): T => {
    if (x === undefined) throw new Error('the served app is not started (used outside a test?)');
    return x;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
  };
}

/** A platform passkey authenticator for the page (CDP's virtual one: resident keys, verified user). */
export async function addPasskeyAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
