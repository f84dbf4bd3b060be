/**
 * Words and pictures, never codes: every action and event the engine can produce is phrased by the
 * presentation of its expansion (@carc/art, present/), with tiles as tile references and rule ids
 * only as rule references; random games with all three expansions phrased step by step; and a game
 * against bots in Chromium whose visible text, log and end table hold no tile or rule id.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Part, Phrase, Presentation, Presenter } from '@carc/art';
import { PRESENTATIONS, outcomePhrase, phraseText } from '@carc/art';
import type { Action, GameEvent } from '@carc/engine';
import { BUILTIN } from '@carc/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeAction,
  describeStep,
  listPlayers,
  outcomeText,
  pointsBreakdown,
} from '../src/ui/describe.js';
import { randomGame } from '../src/ui/dev/randomGame.js';
import { buildApp, launchChromium, serve } from './ui-build.js';
import { RULE_ID, TILE_ID, decide, statusOf, stepsOf, visibleText } from './ui-play.js';

/** A tile id (BA/L, DG/CRr.d, TO/RR, H2-12) and a rule id (B-6, D-17, T-6, H-3, X-1, O-…). */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const source = (path: string) => readFileSync(join(root, path), 'utf8');

/** The keys of every `interface Events { … }` block of a vocabulary source: the event types it declares. */
function declaredEvents(text: string): string[] {
  const types: string[] = [];
  for (const m of text.matchAll(/interface Events \{/g)) {
    let depth = 1;
    let i = (m.index ?? 0) + m[0].length;
    const start = i;
    for (; i < text.length && depth > 0; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}') depth--;
    }
    const body = text.slice(start, i - 1);
    const keys = [...body.matchAll(/^( *)'?([\w-]+)'?\??: /gm)].map((k) => ({
      indent: k[1]!.length,
      key: k[2]!,
    }));
    const top = Math.min(...keys.map((k) => k.indent));
    types.push(...keys.filter((k) => k.indent === top).map((k) => k.key));
  }
  return types;
}

/** Every event type the engine declares: the core's and each built-in expansion's vocabulary. */
const EVENT_TYPES = [
  'packages/engine/src/rules/events.ts',
  ...BUILTIN.ids.map((id) => {
    const dir = { 'princess-and-dragon': 'princessDragon' }[id] ?? id;
    return `packages/engine/src/expansions/${dir}/vocabulary.ts`;
  }),
].flatMap((path) => declaredEvents(source(path)));

/** The text a phrase shows, rule references left out (they are links, not words). */
const words = (phrase: Phrase): string =>
  phrase.map((p) => ('text' in p ? p.text : 'tile' in p ? p.words : 'player' in p ? p.name : '')).join('');

function expectNoCodes(phrase: Phrase, what: unknown): void {
  const text = words(phrase);
  expect(text, JSON.stringify(what)).not.toMatch(TILE_ID);
  expect(text, JSON.stringify(what)).not.toMatch(RULE_ID);
  expect(text, JSON.stringify(what)).not.toMatch(/undefined|\[object Object\]|NaN|\{"/);
}

describe('the presentations', () => {
  it('tell every action type of the registry and every event type of the vocabularies', () => {
    const actions = [...BUILTIN.actions.keys()];
    expect(actions.length).toBeGreaterThanOrEqual(15);
    for (const type of actions) expect(PRESENTATIONS.tellsAction(type), `action ${type}`).toBe(true);
    expect(EVENT_TYPES).toEqual(
      expect.arrayContaining(['draw', 'score', 'end', 'dragon', 'fairy', 'tower', 'ransom']),
    );
    for (const type of EVENT_TYPES) expect(PRESENTATIONS.tellsEvent(type), `event ${type}`).toBe(true);
  });

  it('phrase every step of random games with all three expansions in words, tiles as references', () => {
    const games = [
      { players: 2, seed: 11 },
      { players: 3, seed: 12, options: { halflingsDeal: 'draft' as const, halflingsSymbols: 'on' as const } },
      { players: 4, seed: 13, options: { fairyBonus: '5' as const, towerRange: 'diagonal' as const } },
      { players: 5, seed: 14, options: { halflingsSymbols: 'on' as const } },
    ].map((o) => randomGame({ ...o, viewer: -1 }));
    const seenEvents = new Set<string>();
    const seenActions = new Set<string>();
    const ruleIds = new Set<string>();
    let tiles = 0;
    for (const g of games) {
      expect(g.match.isOver).toBe(true);
      for (const step of g.steps) {
        seenActions.add(step.action.type);
        const lines = describeStep(step, g.names);
        expectNoCodes(lines.action, step.action);
        // The action as the bar's buttons and the terminal's menu say it, against the table it was taken on.
        const before = g.views[step.version - 1];
        expect(describeAction(step.action, g.names, before ?? {}, before?.phase)).not.toMatch(TILE_ID);
        for (const [i, e] of step.events.entries()) {
          seenEvents.add(e.type);
          const phrase = lines.events[i]?.phrase ?? [];
          expectNoCodes(phrase, e);
          expect(words(phrase).length).toBeGreaterThan(5);
          for (const p of phrase) if ('rule' in p) ruleIds.add(p.rule);
          if ('tile' in e) {
            // The event's tile is a reference (a picture on the web), said in words.
            expect(phrase).toContainEqual(expect.objectContaining({ tile: e.tile }));
            tiles++;
          }
          if (e.type === 'score') {
            expect(words(phrase)).toContain(String(e.points));
            expect(phrase).toContainEqual({ rule: e.rule, points: true });
            for (const b of e.bonuses) expect(phrase).toContainEqual({ rule: b.rule, points: true });
          }
          if ('rule' in e && typeof e.rule === 'string' && e.type !== 'removed') {
            expect(
              phrase.some((p) => 'rule' in p && p.rule === e.rule),
              JSON.stringify(e),
            ).toBe(true);
          }
        }
      }
      // The end table: sources in words, adding up to the scores.
      const events: GameEvent[] = g.steps.flatMap((s) => s.events);
      const b = pointsBreakdown(events, g.names.length);
      expect(b.totals).toEqual(g.match.result.scores);
      for (const s of b.sources) {
        expect(s.label).not.toMatch(RULE_ID);
        expect(s.label).toMatch(/^[a-z ]+$/);
      }
    }
    expect(tiles).toBeGreaterThan(100);
    for (const t of ['draw', 'place', 'meeple', 'score', 'return', 'end', 'dragon', 'tower', 'prisoner'])
      expect(seenEvents).toContain(t);
    for (const t of ['place', 'meeple', 'pass', 'draw', 'triangle', 'dragon', 'tower'])
      expect(seenActions).toContain(t);
    // Every rule a phrase links to has its section in docs/rules.md.
    const rules = source('docs/rules.md');
    for (const id of ruleIds) expect(rules, id).toMatch(new RegExp(`^### ${id} `, 'm'));
  });

  it('name point sources, outcomes and declined choices in words', () => {
    const names = ['Ann', 'Bo'];
    const ransom = { type: 'ransom', player: 0, captor: 1, points: 3, rule: 'T-6' } as const;
    const fairy = { type: 'bonus', player: 1, points: 1, rule: 'D-15' } as const;
    const b = pointsBreakdown([ransom, fairy], 2);
    expect(b.sources.map((s) => s.label)).toEqual(['ransoms paid', 'ransoms received', 'fairy point']);
    expect(b.totals).toEqual([-3, 4]);
    expect(
      outcomeText(
        { status: 'resigned', outcome: { status: 'resigned', player: 0, at: '', reason: 'resigned' } },
        names,
      ),
    ).toBe('Ann resigned.');
    expect(
      outcomeText(
        { status: 'timeout', outcome: { status: 'timeout', player: 1, at: '', reason: 'timeout' } },
        names,
      ),
    ).toBe('Bo ran out of time.');
    expect(outcomeText({ status: 'finished' }, names)).toBe('');
    expect(phraseText(outcomePhrase({ status: 'aborted' }, (p) => ({ player: p, name: String(p) })))).toBe(
      'The game was stopped before its end.',
    );
    // Players by name; by name and chip letter only where two share a name.
    expect(listPlayers(names, [0, 1])).toBe('Ann and Bo');
    expect(listPlayers(['Ann', 'Ann'], [0, 1])).toBe('Ann (1) and Ann (2)');
    const pass: Action = { type: 'pass' };
    expect(describeAction(pass, names, {}, 'action')).toBe('no meeple');
    expect(describeAction(pass, names, {}, 'capture')).toBe('capture nobody');
  });

  it('take a plug-in expansion’s presentation, and show what none tells by its fields', () => {
    const inn = { type: 'inn', player: 0, x: 1, y: 2 } as unknown as GameEvent;
    const who = (p: number): Part => ({ player: p, name: `P${p}` });
    const ctx = (presenter: Presenter) => presenter.context({ who, tiles: BUILTIN.catalog() });
    expect(phraseText(PRESENTATIONS.event(inn, ctx(PRESENTATIONS)))).toBe('Inn player 0 x 1 y 2');
    const part: Presentation = {
      id: 'inn',
      events: {},
      bonuses: { 'I-1': 'inn bonus' },
    };
    const withInn = PRESENTATIONS.with(part);
    expect(withInn.words.bonus('I-1')).toBe('inn bonus');
    expect(withInn.get('inn')).toBe(part);
    expect(() => withInn.with(part)).toThrow(/given twice/);
    expect(() => PRESENTATIONS.with({ id: 'other', bonuses: { 'D-17': 'again' } })).toThrow(/told twice/);
  });
});

describe('a game against bots in Chromium, all three expansions', () => {
  let dir = '';
  let url = '';
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let close: (() => void) | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'carc-words-'));
    await buildApp(dir);
    const served = await serve(dir);
    url = served.url;
    close = () => served.server.close();
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    close?.();
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  /** The page's visible text without the rule links (small links into docs/rules.md). */

  it('shows words and tile pictures, never tile or rule ids, to the end table', async () => {
    const page = await browser!.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${url}/?botDelay=0&seed=0123456789abcdef0123456789abcdef#/local`);
    for (const id of BUILTIN.ids) await page.locator(`[data-expansion="${id}"] input`).check();
    await page.getByRole('button', { name: 'Start the game' }).click();
    let decisions = 0;
    for (let i = 0; i < 2000; i++) {
      const status = await statusOf(page);
      if (status.startsWith('game over')) break;
      if (status !== 'your move') {
        await page.waitForTimeout(50);
        continue;
      }
      const before = await stepsOf(page);
      if (!(await decide(page))) continue;
      decisions++;
      if (decisions === 25) {
        await page.screenshot({ path: '/tmp/words-game.png' });
        const mid = await visibleText(page);
        expect(mid).not.toMatch(TILE_ID);
        expect(mid).not.toMatch(RULE_ID);
      }
      await expect
        .poll(async () => (await stepsOf(page)) > before || (await statusOf(page)).startsWith('game over'), {
          timeout: 15_000,
        })
        .toBe(true);
    }
    expect(await statusOf(page)).toMatch(/^game over/);
    expect(decisions).toBeGreaterThan(30);
    await page.locator('.final').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/words-final.png', fullPage: true });
    const text = await visibleText(page);
    expect(text).not.toMatch(TILE_ID);
    expect(text).not.toMatch(RULE_ID);
    // The end table's columns are words.
    const heads = await page.locator('.final thead th').allInnerTexts();
    for (const h of heads) expect(h).toMatch(/^[A-Za-z ]+$/);
    // The log shows tiles as pictures (named in words for screen readers) and rules as small links.
    expect(await page.locator('.log .pic svg[role="img"]').count()).toBeGreaterThan(50);
    const label = await page.locator('.log .pic svg').first().getAttribute('aria-label');
    expect(label ?? '').not.toMatch(TILE_ID);
    const links = page.locator('.log a.rule');
    expect(await links.count()).toBeGreaterThan(10);
    expect(await links.first().getAttribute('href')).toMatch(/^#\/rules\/[bdthx]-\d+$/);
    expect(errors).toEqual([]);
    await page.close();
  }, 600_000);
});
