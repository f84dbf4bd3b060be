/**
 * Online play end to end, through the browser client only: `carcassonne serve` (a real server
 * process on a SQLite file) serving the built client, and three people in Debian's Chromium, each
 * in a browser context of their own (their own localStorage, so their own seat tokens):
 *
 * 1. Ann creates a two-seat game in the lobby with all three expansions and a clock; Bob finds it
 *    in the lobby's list and joins; a spectator watches it from the lobby's "Being played" tab.
 * 2. Ann and Bob play turns through the board and the action bar as the status line says 'your
 *    move'; the spectator's log follows, and neither Bob's page nor the spectator's shows Ann's
 *    triangles (Halflings) face up: only backs, as many as the hand holds.
 * 3. Bob's WebSocket is cut: his page says 'reconnecting…' and Ann's shows him not connected; Ann
 *    moves meanwhile; the socket comes back (no reload) and Bob's log and board equal Ann's, and
 *    he moves again.
 * 4. The clocks show for each seat and the running one counts down; Ann resigns (Resign, then
 *    'Really resign?'), both see 'game over'; Ann asks for a rematch, Bob joins it from his game
 *    screen, and both land in the new game.
 * 5. Hidden information: no WebSocket frame any page received, nor the built client, holds either
 *    game's seed (read from the SQLite file) or a seat token; no frame Bob or the spectator received
 *    names a triangle in Ann's hand at that version (her hand read from her own frames).
 *
 * Screenshots (Ann and the spectator mid-game, Bob reconnecting) go to CARC_SHOT_DIR when it is set,
 * else to a temporary directory.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView } from '@carc/engine';
import type { ServerMessage } from '@carc/protocol';
import { Receiver } from '@carc/protocol';
import type { ServerProcess } from '../../server/test/harness.js';
import { FAST, startServerProcess, tempDatabase } from '../../server/test/harness.js';
import { buildApp, launchBrowser, tempDir } from './ui-build.js';
import { decide, statusOf, stepsOf } from './ui-play.js';

/** Decisions Ann and Bob take, in all, before the connection is cut. */
const DECISIONS = 12;
const EXPANSIONS = ['princess-and-dragon', 'tower', 'halflings'] as const;

interface Person {
  name: string;
  context: BrowserContext;
  page: Page;
  /** The text of every WebSocket frame the page received, in order. */
  frames: string[];
  /** Uncaught exceptions and console errors. */
  errors: string[];
}

/** The game id in a page's address (`#/game/<id>`). */
const gameOf = (page: Page): string => /#\/game\/([^/?#]+)/.exec(page.url())?.[1] ?? '';
const lastStep = (page: Page): Promise<string> => page.locator('.game .log ol > li').last().innerText();
/** The board's own summary ("Carcassonne board, 12 tiles…") and its drawn tiles. */
const boardOf = async (page: Page): Promise<{ tiles: string; drawn: string }> => ({
  tiles:
    /board, \d+ tiles/.exec(
      (await page.locator('.carc-board svg').first().getAttribute('aria-label')) ?? '',
    )?.[0] ?? '',
  drawn: await page.locator('.carc-board g.tiles').innerHTML(),
});

/** Every file under `dir`, recursively. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );

/** The seat tokens a person's browser holds (the client keeps them in localStorage). */
async function tokensOf(p: { context: BrowserContext }): Promise<string[]> {
  const { origins } = await p.context.storageState();
  const held = origins.flatMap((o) => o.localStorage).find((e) => e.name === 'carcassonne.seats');
  return Object.values(JSON.parse(held?.value ?? '{}') as Record<string, { token: string }>).map(
    (s) => s.token,
  );
}

/**
 * Each frame's game and version: the game of the last `welcome`, the version of the last message
 * that had one (a frame without, like `presence` or `ack`, belongs to the last version told).
 */
/** Each frame as sent, with the game and version it was sent at and the view the client made of it. */
function framesByVersion(frames: readonly string[]): { text: string; view?: GameView; at: string }[] {
  let game = '';
  let version = 0;
  const receiver = new Receiver();
  return frames.map((text) => {
    const message = JSON.parse(text) as ServerMessage;
    if (message.type === 'welcome') game = message.game;
    if (message.type === 'step') version = message.step.version;
    else if ('version' in message && typeof message.version === 'number') version = message.version;
    const read = receiver.receive(message).messages.find((m) => m.type === 'welcome' || m.type === 'update');
    return { text, ...(read?.view === undefined ? {} : { view: read.view }), at: `${game}@${version}` };
  });
}

describe('online play in Chromium: lobby, two players and a spectator, a dropped connection, rematch', () => {
  let server: ServerProcess;
  let browser: Browser;
  let web: string;
  const shots = process.env.CARC_SHOT_DIR ?? tempDir('carc-web-online-shots-');
  let ann: Person;
  let bob: Person;
  let watcher: Person;
  let game = '';
  let rematch = '';
  let annTokens: string[] = [];
  /** Bob's live WebSocket (through the route below), and whether new ones are cut off. */
  let bobSocket: WebSocketRoute | undefined;
  let bobCut = false;
  const bobHeld: WebSocketRoute[] = [];

  const person = async (name: string): Promise<Person> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const p: Person = { name, context, page, frames: [], errors: [] };
    page.on('pageerror', (e) => p.errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') p.errors.push(m.text());
    });
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) =>
        p.frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString()),
      ),
    );
    return p;
  };

  /** Opens the lobby and types the person's name. */
  const lobby = async (p: Person): Promise<void> => {
    await p.page.goto(`${server.url}/#/lobby`);
    await p.page.getByLabel('Your name').fill(p.name);
  };

  beforeAll(async () => {
    web = tempDir('carc-web-online-');
    await buildApp(web);
    server = await startServerProcess(tempDatabase(), { ...FAST, WEB_ROOT: web });
    browser = await launchBrowser();
    [ann, bob, watcher] = await Promise.all([person('Ann'), person('Bob'), person('Sam')]);
    // Bob's socket goes through a route that can cut it: while cut, a new socket opens (in the
    // page) but never reaches the server, as on a dead network.
    await bob.page.routeWebSocket('**/ws', (ws) => {
      if (bobCut) {
        bobHeld.push(ws);
        return;
      }
      ws.connectToServer();
      bobSocket = ws;
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('Ann creates a game in the lobby, Bob joins it from the list and a spectator watches', async () => {
    await lobby(ann);
    await ann.page.getByRole('button', { name: 'New online game' }).click();
    for (const id of EXPANSIONS) await ann.page.locator(`[data-expansion="${id}"] input`).check();
    await ann.page.getByLabel('seat 2', { exact: true }).selectOption('human');
    await ann.page.getByLabel('Play with a clock').check();
    await ann.page.getByLabel('Minutes each').fill('10');
    await ann.page.getByLabel('Seconds added a turn').fill('5');
    await ann.page.getByRole('button', { name: 'Create the game' }).click();
    await expect.poll(() => gameOf(ann.page)).not.toBe('');
    game = gameOf(ann.page);
    await expect.poll(() => statusOf(ann.page)).toBe('waiting for players…');

    await lobby(bob);
    const listed = bob.page.locator('.games li', { hasText: 'Ann' });
    await expect.poll(() => listed.count(), { timeout: 15_000 }).toBe(1);
    const entry = await listed.innerText();
    for (const title of ['The Princess & the Dragon', 'The Tower', 'Halflings'])
      expect(entry).toContain(title);
    expect(entry).toMatch(/free seat/);
    expect(entry).toMatch(/10 min \+ 5 s/);
    await listed.getByRole('button', { name: 'Join' }).click();
    await expect.poll(() => gameOf(bob.page)).toBe(game);

    await lobby(watcher);
    await watcher.page.getByRole('tab', { name: 'Being played' }).click();
    const playing = watcher.page.locator('.games li', { hasText: 'Bob' });
    await playing.getByRole('button', { name: 'Watch' }).click();
    await expect.poll(() => gameOf(watcher.page)).toBe(game);

    // Ann (the first seat: she created it) moves first; Bob and the spectator wait for her.
    await expect.poll(() => statusOf(ann.page), { timeout: 15_000 }).toBe('your move');
    await expect.poll(() => statusOf(bob.page)).toBe('Ann to act');
    await expect.poll(() => statusOf(watcher.page)).toBe('Ann to act · watching');
    annTokens = await tokensOf(ann);
    expect(annTokens).toHaveLength(1);
    expect(await tokensOf(watcher)).toEqual([]);
  }, 60_000);

  /** Whose move it is (waits until one of the two pages says 'your move'). */
  const mover = async (): Promise<Person> => {
    let found: Person | undefined;
    await expect
      .poll(
        async () => {
          for (const p of [ann, bob]) if ((await statusOf(p.page)) === 'your move') found = p;
          return found?.name;
        },
        { timeout: 15_000 },
      )
      .toBeDefined();
    return found!;
  };

  /** Takes one decision on `p`'s page and waits for its log to show it. */
  const move = async (p: Person): Promise<void> => {
    const before = await stepsOf(p.page);
    await decide(p.page);
    await expect.poll(() => stepsOf(p.page), { timeout: 15_000 }).toBeGreaterThan(before);
  };

  /**
   * The spectator's hands show only backs, Bob's page only his own triangles face up: the others'
   * rows hold as many face-down tiles as their counts say (up to 12), and no face anywhere on the
   * page is one of Ann's triangles.
   */
  /** How many times `handsHidden` was checked against a hand of Ann's that held something. */
  let annHandSeen = 0;
  const handsHidden = async (p: Person): Promise<void> => {
    const rows = p.page.locator('.hand ul > li:not(.mine)');
    const n = await rows.count();
    expect(n).toBeGreaterThanOrEqual(p === watcher ? 2 : 1);
    for (let i = 0; i < n; i++) {
      const row = rows.nth(i);
      const count = Number(await row.locator('.count').innerText());
      const labels = await row
        .locator('svg.tile')
        .evaluateAll((svgs) => svgs.map((s) => s.getAttribute('aria-label')));
      expect(labels).toEqual(Array.from({ length: Math.min(count, 12) }, () => 'a face-down tile'));
    }
    const annHand = await ann.page
      .locator('.hand li.mine svg.tile')
      .evaluateAll((svgs) => svgs.map((s) => s.getAttribute('aria-label')));
    if (annHand.length > 0) annHandSeen++;
    const faces = await p.page
      .locator('svg.tile[aria-label^="tile "]')
      .evaluateAll((svgs) => svgs.map((s) => s.getAttribute('aria-label')));
    for (const face of annHand) expect(faces).not.toContain(face);
  };

  it('Ann and Bob take turns through the board; the spectator follows and sees no hand', async () => {
    let decisions = 0;
    const movers = new Set<string>();
    while (decisions < DECISIONS) {
      const p = await mover();
      // Bob's page shows no triangle of Ann's face up, whoever is to move.
      await handsHidden(bob);
      await move(p);
      movers.add(p.name);
      decisions++;
      const steps = await stepsOf(p.page);
      await expect.poll(() => stepsOf(watcher.page)).toBe(steps);
      await handsHidden(watcher);
      if (decisions === DECISIONS / 2) {
        await ann.page.screenshot({ path: join(shots, 'online-ann-midgame.png') });
        await watcher.page.screenshot({ path: join(shots, 'online-spectator-midgame.png') });
      }
    }
    expect([...movers].sort()).toEqual(['Ann', 'Bob']);
    expect(annHandSeen).toBeGreaterThan(0);
    expect(await lastStep(watcher.page)).toBe(await lastStep(ann.page));
    expect(await lastStep(bob.page)).toBe(await lastStep(ann.page));
    for (const p of [ann, bob, watcher]) expect(p.errors).toEqual([]);
  }, 120_000);

  it('Bob loses his connection while Ann moves, and comes back in step without a reload', async () => {
    // Play on until it is Ann's move.
    while ((await mover()) !== ann) await move(bob);
    const bobDot = ann.page.locator('.panels tbody tr').nth(1).locator('.dot');
    await expect.poll(() => bobDot.getAttribute('aria-label')).toBe('connected');

    bobCut = true;
    bobSocket!.close({ code: 4000, reason: 'cut by the test' });
    await expect.poll(() => statusOf(bob.page)).toBe('reconnecting…');
    // The server saw him go: Ann's panel and the spectator's show him not connected, and so does
    // his own page (it knows its connection is down).
    for (const p of [ann, watcher, bob]) {
      const dot = p.page.locator('.panels tbody tr').nth(1).locator('.dot');
      await expect.poll(() => dot.getAttribute('aria-label')).toBe('not connected');
    }
    await bob.page.screenshot({ path: join(shots, 'online-bob-reconnecting.png') });

    // Ann plays her whole turn meanwhile.
    let annMoves = 0;
    while ((await statusOf(ann.page)) === 'your move') {
      await move(ann);
      annMoves++;
    }
    expect(annMoves).toBeGreaterThan(0);
    expect(await statusOf(bob.page)).toBe('reconnecting…');
    expect(await bobDot.getAttribute('aria-label')).toBe('not connected');

    // The network comes back: the socket that was left hanging closes, the next one goes through.
    bobCut = false;
    for (const ws of bobHeld.splice(0)) ws.close({ code: 4000, reason: 'back' });
    await expect.poll(() => statusOf(bob.page), { timeout: 20_000 }).toBe('your move');
    expect(await stepsOf(bob.page)).toBe(await stepsOf(ann.page));
    expect(await lastStep(bob.page)).toBe(await lastStep(ann.page));
    expect(await boardOf(bob.page)).toEqual(await boardOf(ann.page));
    expect(bob.page.url()).toContain(`#/game/${game}`);
    for (const p of [ann, watcher, bob]) {
      const dot = p.page.locator('.panels tbody tr').nth(1).locator('.dot');
      await expect.poll(() => dot.getAttribute('aria-label')).toBe('connected');
    }

    // And he moves again, seen by Ann and the spectator.
    await move(bob);
    const steps = await stepsOf(bob.page);
    await expect.poll(() => stepsOf(ann.page)).toBe(steps);
    await expect.poll(() => stepsOf(watcher.page)).toBe(steps);
    for (const p of [ann, bob, watcher]) expect(p.errors).toEqual([]);
  }, 90_000);

  it('shows both clocks counting down; Ann resigns, and both go on to a rematch', async () => {
    for (const p of [ann, bob, watcher]) {
      expect(await p.page.locator('.panels td.clock').count()).toBe(2);
    }
    // The running clock is the acting player's, and it counts down.
    const running = ann.page.locator('.panels td.clock.running');
    expect(await running.count()).toBe(1);
    expect(await ann.page.locator('.panels tr.acting td.clock.running').count()).toBe(1);
    const first = await running.innerText();
    expect(first).toMatch(/^\d+:\d\d$/);
    const seconds = (t: string): number => t.split(':').reduce((a, x) => a * 60 + Number(x), 0);
    await expect
      .poll(async () => seconds(await running.innerText()), { timeout: 5_000 })
      .toBeLessThan(seconds(first));

    // Resign asks once more.
    await ann.page.getByRole('button', { name: 'Resign' }).click();
    await ann.page.getByRole('button', { name: 'Really resign?' }).click();
    for (const p of [ann, bob, watcher]) {
      await expect.poll(() => statusOf(p.page)).toMatch(/^game over: Bob\b.* won/);
    }
    expect(await ann.page.getByRole('button', { name: /resign/i }).count()).toBe(0);

    await ann.page.getByRole('button', { name: 'Rematch', exact: true }).click();
    await expect.poll(() => gameOf(ann.page)).not.toBe(game);
    rematch = gameOf(ann.page);
    // The spectator is offered to watch it (not to take a seat: both are kept for the players).
    await watcher.page.getByRole('button', { name: 'Watch the rematch' }).click();
    await expect.poll(() => gameOf(watcher.page)).toBe(rematch);
    await expect.poll(() => statusOf(watcher.page)).toBe('waiting for players… · watching');
    await bob.page.getByRole('button', { name: 'Join the rematch' }).click();
    await expect.poll(() => gameOf(bob.page)).toBe(rematch);
    // The seats shift by one: Bob starts.
    await expect.poll(() => statusOf(bob.page), { timeout: 15_000 }).toBe('your move');
    await expect.poll(() => statusOf(ann.page)).toBe('Bob to act');
    await expect.poll(() => statusOf(watcher.page)).toBe('Bob to act · watching');
    expect(await tokensOf(ann)).toHaveLength(2);
    expect(await tokensOf(bob)).toHaveLength(2);
    for (const p of [ann, bob, watcher]) expect(p.errors).toEqual([]);
  }, 60_000);

  it('no frame and no file of the client holds a seed or a token, nor Ann’s hidden triangles', async () => {
    const db = new Database(server.database, { readonly: true, fileMustExist: true });
    const seeds = [game, rematch].map(
      (id) => (db.prepare('SELECT seed FROM games WHERE id = ?').get(id) as { seed: string }).seed,
    );
    db.close();
    expect(seeds.every((s) => s.length >= 16)).toBe(true);
    const tokens = [...(await tokensOf(ann)), ...(await tokensOf(bob))];
    expect(tokens).toHaveLength(4);
    annTokens.forEach((t) => expect(tokens).toContain(t));

    const bundle = filesUnder(web).filter((f) => /\.(js|html)$/.test(f));
    expect(bundle.length).toBeGreaterThan(0);
    for (const [what, texts] of [
      ['the client', bundle.map((f) => readFileSync(f, 'utf8'))],
      ["Ann's frames", ann.frames],
      ["Bob's frames", bob.frames],
      ["the spectator's frames", watcher.frames],
    ] as const) {
      expect(texts.length, what).toBeGreaterThan(0);
      for (const text of texts) {
        for (const seed of seeds)
          expect(text.includes(seed) || text.includes(seed.toUpperCase()), what).toBe(false);
        for (const token of tokens) expect(text.includes(token), what).toBe(false);
      }
    }

    // Ann's hand at each version of each game, from her own views.
    const annHands = new Map<string, string[]>();
    for (const { view, at } of framesByVersion(ann.frames)) {
      if (view !== undefined) annHands.set(at, view.hands?.[view.viewer] ?? []);
    }
    expect([...annHands.values()].some((h) => h.length > 0)).toBe(true);
    let checked = 0;
    for (const p of [bob, watcher]) {
      for (const { text, at } of framesByVersion(p.frames)) {
        const hand = annHands.get(at);
        if (hand === undefined) continue;
        checked++;
        for (const tile of hand)
          expect(text.includes(tile), `${p.name}'s frame at ${at} names ${tile}`).toBe(false);
      }
    }
    expect(checked).toBeGreaterThan(2 * DECISIONS);
  }, 30_000);
});
