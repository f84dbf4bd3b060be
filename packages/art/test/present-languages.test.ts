/**
 * The presentation in Dutch and Romanian: every message of every part (and the shared ones) in
 * each language with the arguments of the English one, each well formed; and random games with all
 * three expansions told in Dutch and Romanian with no message missing, no action or event left to
 * the fallback, and no English word left.
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { TYPE, parse } from '@formatjs/icu-messageformat-parser';
import type { Action, GameEvent, MatchResult } from '@carc/engine';
import { BUILTIN } from '@carc/engine';
import { describe, expect, it } from 'vitest';
import type { Catalog, Locale, Messages, Part, Phrase } from '../src/index.js';
import {
  LOCALES,
  PRESENTATIONS,
  Presenter,
  colourName,
  describeTile,
  featureWords,
  figureShape,
  outcomePhrase,
  phraseText,
  playersPhrase,
  renderSvg,
  ruleText,
  tileDefWords,
} from '../src/index.js';
import { CORE_MESSAGES } from '../src/present/core.js';
import { ART_MESSAGES } from '../src/present/messages/art.js';
import { GAMES, randomGame } from './games.js';

const TRANSLATED = LOCALES.filter((l): l is Exclude<Locale, 'en'> => l !== 'en');

/** Every catalog the presentation speaks from: the shared ones, each part's, and the pictures'. */
const CATALOGS: readonly { name: string; messages: Messages }[] = [
  ...[...CORE_MESSAGES, ART_MESSAGES].map((messages) => ({
    name: Object.keys(messages.en)[0]?.split('.')[0] ?? '?',
    messages,
  })),
  ...PRESENTATIONS.parts.flatMap((p) => (p.messages ? [{ name: p.id, messages: p.messages }] : [])),
];

const english: Catalog = Object.assign({}, ...CATALOGS.map((c) => c.messages.en)) as Catalog;
const catalogIn = (locale: Locale): Catalog =>
  Object.assign({}, ...CATALOGS.map((c) => c.messages[locale] ?? {})) as Catalog;

const parsed = (message: string): MessageFormatElement[] => parse(message, { ignoreTag: true });

/** The names of a message's arguments, and the words of its text. */
function anatomy(
  elements: readonly MessageFormatElement[],
  args = new Set<string>(),
  words = new Set<string>(),
) {
  for (const e of elements) {
    if (e.type === TYPE.literal) {
      for (const w of e.value.toLowerCase().match(/\p{L}+/gu) ?? []) words.add(w);
    } else if (e.type !== TYPE.pound) {
      if ('value' in e && typeof e.value === 'string') args.add(e.value);
      if (e.type === TYPE.select || e.type === TYPE.plural) {
        for (const option of Object.values(e.options)) anatomy(option.value, args, words);
      } else if (e.type === TYPE.tag) anatomy(e.children, args, words);
    }
  }
  return { args, words };
}

/**
 * Arguments given for grammar: the kind of a feature and the gender of its noun, for the words
 * around its name to agree with (English, with one "the" and one "on", needs not use them), and
 * whether a name ends in "s" (English "Doris' hand"; other languages need not use it).
 */
const GRAMMAR = new Set(['kind', 'gender', 'endsInS']);

describe('the messages of the presentation', () => {
  it('hold a message for every English key in every language, with the same arguments, each well formed', () => {
    expect(CATALOGS.map((c) => c.name)).toEqual([
      'common',
      'tiles',
      'art',
      'base',
      'halflings',
      'tower',
      'princess-and-dragon',
    ]);
    for (const { name, messages } of CATALOGS) {
      for (const key of Object.keys(messages.en)) expect(key.startsWith(`${name}.`), key).toBe(true);
      for (const locale of TRANSLATED) {
        const catalog = messages[locale] ?? {};
        expect(Object.keys(catalog).sort(), `${name} in ${locale}`).toEqual(Object.keys(messages.en).sort());
        for (const [key, message] of Object.entries(messages.en)) {
          const want = [...anatomy(parsed(message)).args].sort();
          const translation = catalog[key] ?? '';
          const got = anatomy(parsed(translation)).args;
          const fits = (a: string) => !GRAMMAR.has(a) || (want.includes(a) && got.has(a));
          expect([...got].filter(fits).sort(), `${key} in ${locale}: ${translation}`).toEqual(
            want.filter(fits),
          );
        }
      }
    }
  });

  it('give the plural forms each language has (Romanian: one, few, other)', () => {
    for (const locale of LOCALES) {
      const rules = new Intl.PluralRules(locale);
      for (const [key, message] of Object.entries(catalogIn(locale))) {
        const check = (elements: readonly MessageFormatElement[]): void => {
          for (const e of elements) {
            if (e.type === TYPE.plural) {
              const options = Object.keys(e.options);
              // A plural of words (not a switch on a number, "=0 {as drawn} other {…}") has each
              // form the language has; "=1" stands for "one".
              if (options.some((o) => !o.startsWith('=') && o !== 'other'))
                for (const c of rules.resolvedOptions().pluralCategories)
                  if (c !== 'one' || !options.includes('=1'))
                    expect(options, `${key} in ${locale}: ${c}`).toContain(c);
            }
            if (e.type === TYPE.select || e.type === TYPE.plural)
              for (const o of Object.values(e.options)) check(o.value);
          }
        };
        check(parsed(message));
      }
    }
  });
});

/** The words of the English messages that no message of `locale` has (4 letters or more). */
function englishOnly(locale: Locale): Set<string> {
  const own = new Set<string>();
  for (const m of Object.values(catalogIn(locale))) for (const w of anatomy(parsed(m)).words) own.add(w);
  const out = new Set<string>();
  for (const m of Object.values(english))
    for (const w of anatomy(parsed(m)).words) if (w.length >= 4 && !own.has(w)) out.add(w);
  return out;
}

describe.each(TRANSLATED)('random games told in %s', (locale) => {
  const missing: string[] = [];
  const presenter = new Presenter(PRESENTATIONS.parts, {
    onMissing: (key, l) => {
      missing.push(`${l}: ${key}`);
      throw new Error(`no ${l} message for ${key}`);
    },
  });
  const left = englishOnly(locale);
  const tiles = BUILTIN.catalog();
  const fallback = presenter.translator(locale).text('common.unknown', { details: '' });

  /** Each text shown to players, with what it tells: no English word in it. */
  function expectTranslated(text: string, what: unknown): void {
    const english = (text.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => left.has(w));
    expect(english, `${text} (${JSON.stringify(what)})`).toEqual([]);
    expect(text, JSON.stringify(what)).not.toMatch(/undefined|\[object Object\]|NaN|\{|\}/);
    expect(text.startsWith(fallback), JSON.stringify(what)).toBe(false);
  }

  it('leaves English words to find (the check can fail)', () => {
    expect(left.size).toBeGreaterThan(100);
    for (const w of ['placed', 'drew', 'city', 'road', 'monastery', 'field', 'scored', 'points', 'dragon'])
      expect(left.has(w) || w === 'dragon', w).toBe(true);
  });

  it('says every action, event, point source, outcome and tile in words of the language', () => {
    const seenActions = new Set<string>();
    const seenEvents = new Set<string>();
    for (const o of GAMES) {
      const g = randomGame(o);
      const who = (s: number): Part => ({ player: s, name: g.names[s] ?? '' });
      for (const s of g.steps) {
        // The action taken, and one legal action of each type besides (what a menu offers).
        const offered = new Map<string, Action>([[s.action.type, s.action]]);
        for (const a of s.before.legalActions) if (!offered.has(a.type)) offered.set(a.type, a);
        for (const a of offered.values()) {
          seenActions.add(a.type);
          expect(presenter.tellsAction(a.type), a.type).toBe(true);
          for (const cropMode of a.type === 'crop' ? (['add', 'remove'] as const) : [s.cropMode]) {
            const ctx = presenter.context({
              who,
              tiles,
              table: s.before,
              phase: s.before.phase,
              locale,
              ...(cropMode ? { cropMode } : {}),
            });
            expectTranslated(phraseText(presenter.action(a, ctx)), a);
          }
        }
        const ctx = presenter.context({ who, tiles, table: s.after, locale });
        for (const e of s.events) {
          seenEvents.add(e.type);
          expect(presenter.tellsEvent(e.type), e.type).toBe(true);
          // As the terminal says it: rules named in the language ("(regel B-7)").
          expectTranslated(phraseText(presenter.event(e, ctx), { rules: 'all', rule: ruleText(locale) }), e);
          if (e.type === 'score') expectTranslated(featureWords(e, presenter.wordsIn(locale), locale), e);
        }
      }
      // The picture of the board at the end, and at a time with a hand of triangles.
      const middle = g.steps[Math.floor(g.steps.length / 2)];
      for (const svg of [
        renderSvg(g.steps[g.steps.length - 1]?.after ?? { tiles: [], meeples: [] }, tiles, {
          playerNames: g.names.slice(0, 1),
          events: g.events,
          locale,
        }),
        renderSvg(middle?.after ?? { tiles: [], meeples: [] }, tiles, {
          hand: { player: 1, tiles: ['H1-01', 'H2-03'] },
          locale,
        }),
      ]) {
        for (const m of svg.matchAll(/<(title|text)[^>]*>([^<]*)</g)) {
          // A tile's title starts with its id (BA/L, H1-04, DG/CRr.d), for debugging eyes.
          const words = (m[2] ?? '').replace(/&apos;/g, '’').replace(/^[A-Z][A-Z0-9]*[/-][\w./-]*/, '');
          expectTranslated(words, m[0]);
        }
      }
      const b = presenter.points(g.events, g.names.length, locale);
      expect(b.totals).toEqual(g.result.scores);
      for (const source of b.sources) expectTranslated(source.label, source);
      expectTranslated(phraseText(playersPhrase(who, [0, 1, 2].slice(0, g.names.length), locale)), 'players');
    }
    // Each kind of action a game offers and each kind of event it tells was met.
    expect([...seenActions].sort()).toEqual([...BUILTIN.actions.keys()].sort());
    for (const type of ['draw', 'discard', 'place', 'meeple', 'score', 'return', 'removed', 'bonus', 'end'])
      expect(seenEvents, type).toContain(type);
    for (const type of [
      'set-aside',
      'returned-to-pile',
      'dragon',
      'fairy',
      'tower',
      'prisoner',
      'exchange',
      'ransom',
    ])
      expect(seenEvents, type).toContain(type);

    // The passes of each phase, a crop circle's removal, and the words no game happened to need.
    const who = (s: number): Part => ({ player: s, name: `P${s}` });
    const pass: Action = { type: 'pass' };
    for (const phase of ['action', 'capture', 'crop-circle'])
      for (const cropMode of ['add', 'remove'] as const)
        expectTranslated(
          phraseText(presenter.action(pass, presenter.context({ who, tiles, phase, cropMode, locale }))),
          { phase, cropMode },
        );
    const removed = { type: 'removed', player: 0, x: 1, y: 0, rule: 'H-13' } as unknown as GameEvent;
    const ctx = presenter.context({ who, tiles, locale });
    for (const rule of ['D-7', 'D-10', 'T-3', 'H-13', 'B-1'])
      expectTranslated(phraseText(presenter.event({ ...removed, rule } as GameEvent, ctx)), rule);
    const words = presenter.wordsIn(locale);
    for (const piece of ['meeple', 'tile', 'dragon', 'fairy', 'princess', 'volcano', 'portal', 'tower-piece'])
      expectTranslated(words.piece(piece), piece);
    for (const kind of ['road', 'city', 'monastery', 'field', 'tower']) {
      const noun = words.feature(kind);
      expectTranslated(`${noun.one} ${noun.many} ${noun.the} ${words.role(kind)}`, kind);
    }
    for (const rule of ['D-15', 'D-17', 'H-12', 'B-1'] as const) expectTranslated(words.bonus(rule), rule);
    for (const f of [
      'meeple',
      'farmer',
      'tower',
      'tower-meeple',
      'fairy',
      'dragon',
      'princess',
      'capture',
    ] as const)
      expectTranslated(figureShape(f, locale).words, f);
    for (let seat = 0; seat < 6; seat++) expectTranslated(colourName(seat, locale), seat);
    for (const status of ['resigned', 'timeout', 'aborted'] as const) {
      const result = { status, outcome: { status, player: 1, at: '', reason: status } } as Pick<
        MatchResult,
        'status' | 'outcome'
      >;
      expectTranslated(phraseText(outcomePhrase(result, who, locale)), status);
      expectTranslated(phraseText(outcomePhrase({ status }, who, locale)), status);
    }
    expectTranslated(phraseText(playersPhrase(who, [], locale)), 'nobody');
    for (const def of tiles.defs) {
      expectTranslated(describeTile(def, presenter.translator(locale)), def.id);
      expect(tileDefWords(def, locale)).toBe(describeTile(def, presenter.translator(locale)));
    }
    expect(missing).toEqual([]);
  });

  it('lists as the language does', () => {
    const t = presenter.translator(locale);
    const list = phraseText(t.list([[{ text: 'a' }], [{ text: 'b' }], [{ text: 'c' }]]));
    expect(list).toBe(locale === 'nl' ? 'a, b en c' : 'a, b și c');
  });
});

describe('English', () => {
  it('is what it always was, lists without a comma before "and"', () => {
    const who = (s: number): Part => ({ player: s, name: `P${s}` });
    expect(phraseText(playersPhrase(who, [0, 1, 2]))).toBe('P0, P1 and P2');
    expect(
      phraseText(PRESENTATIONS.translator('en').list([[{ text: 'a' }], [{ text: 'b' }], [{ text: 'c' }]])),
    ).toBe('a, b and c');
    const phrase: Phrase = outcomePhrase({ status: 'resigned' }, who);
    expect(phraseText(phrase)).toBe('A player resigned.');
  });

  it('caches one translator per language, and plug-in parts bring their own messages', () => {
    expect(PRESENTATIONS.translator('nl')).toBe(PRESENTATIONS.translator('nl'));
    expect(PRESENTATIONS.wordsIn('ro')).toBe(PRESENTATIONS.wordsIn('ro'));
    expect(PRESENTATIONS.words).toBe(PRESENTATIONS.wordsIn('en'));
    const inn = PRESENTATIONS.with({
      id: 'inn',
      messages: {
        en: { 'inn.bonus.I-1': 'inn bonus', 'inn.feature.inn.one': 'inn', 'inn.feature.inn.many': 'inns' },
        nl: { 'inn.bonus.I-1': 'herbergbonus' },
      },
    });
    expect(inn.wordsIn('nl').bonus('I-1')).toBe('herbergbonus');
    expect(inn.wordsIn('ro').bonus('I-1')).toBe('inn bonus');
    expect(inn.wordsIn('en').feature('inn').many).toBe('inns');
    expect(() => PRESENTATIONS.with({ id: 'inn', messages: { en: { 'other.x': 'x' } } })).toThrow(
      /lacks "inn\."/,
    );
    expect(() => PRESENTATIONS.with({ id: 'inn', messages: { en: { 'inn.bonus.D-17': 'again' } } })).toThrow(
      /told twice/,
    );
  });
});
