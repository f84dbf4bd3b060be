/**
 * Names every plain JavaScript object has (the own properties of `Object.prototype`: `constructor`,
 * `toString`, `valueOf`, `hasOwnProperty`, `__proto__`…) given from outside — as an extra field, as
 * a key, or as a value that the engine looks up by name — are refused with a precise coded error,
 * exactly as any other unknown name is, and never stored. An attacker found that a legal action
 * plus `"toString": "<img …>"` or `"constructor": {…15 KB…}` was acknowledged and kept in the
 * public record while `"note"` was refused: lookups like `spec.fields[name] !== undefined` and
 * `presets[name]` read what a plain object inherits.
 *
 * Every input is built as a client's message is: by `JSON.parse`, which makes `__proto__` an own
 * key (a plain assignment would set the prototype instead). Each refusal leaves the game, the
 * match (its version and record) and the registry unchanged.
 */
import { describe, expect, test } from 'vitest';
import type { Action, ActionSpec, FieldShape, Game as GameType, Presets, TileSets } from '@carc/engine';
import {
  BUILTIN,
  Game,
  Match,
  PRINCESS_AND_DRAGON,
  Registry,
  TOWER,
  createGame,
  parseOptions,
  parseRecord,
  parseTileDef,
  readRecord,
  replayRecord,
  unwrap,
} from '@carc/engine';

/** Every name a plain object inherits, `__proto__` included. */
const NAMES = [...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__'])];

/** What the attacker sent along with a legal action. */
const XSS = '<img src=x onerror=alert(document.cookie)>';
const BIG = { payload: 'x'.repeat(15_000) };

type Json = Record<string, unknown>;

/** A JSON copy of `obj` with the own key `name` (set to `value`) added last, as JSON.parse makes it. */
function withKey<T extends object>(obj: T, name: string, value: unknown): T & Json {
  const pairs = Object.entries(obj).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
  pairs.push(`${JSON.stringify(name)}:${JSON.stringify(value)}`);
  const out = JSON.parse(`{${pairs.join(',')}}`) as T & Json;
  // The point of the exercise: the name is the object's own key, not its prototype.
  if (!Object.hasOwn(out, name) || Object.getPrototypeOf(out) !== Object.prototype) {
    throw new Error(`withKey: ${name} is not an own key`);
  }
  return out;
}

/** A deep JSON copy, to change one part of a valid input. */
const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** A rule refusal (no path) as [code, message], or 'accepted'. */
function ruleRefusal(
  r: { ok: true } | { ok: false; error: { code: string; message: string } },
): 'accepted' | [string, string] {
  return r.ok ? 'accepted' : [r.error.code, r.error.message];
}

/** Everything about a game, to show that a refusal changed nothing. */
const stateOf = (g: GameType) => JSON.stringify(g.toSnapshot());

/** A value each field shape accepts (its description lists the allowed words, or 0 will do). */
function sampleOf(shape: FieldShape): unknown {
  const candidates = [0, ...shape.describe.split(/, | or /)];
  const v = candidates.find((c) => shape.test(c));
  if (v === undefined) throw new Error(`no sample for a field that must be ${shape.describe}`);
  return v;
}

/** An action of this type whose every field is well-formed (not necessarily legal). */
function sampleAction(spec: ActionSpec): Action {
  const a: Json = { type: spec.type };
  for (const [k, shape] of Object.entries(spec.fields)) a[k] = sampleOf(shape);
  return a as unknown as Action;
}

describe('names of Object.prototype given from outside are refused, never stored', () => {
  test('the names under test: all of Object.prototype’s own, and __proto__', () => {
    expect(NAMES).toEqual(
      expect.arrayContaining([
        'constructor',
        'toString',
        'toLocaleString',
        'valueOf',
        'hasOwnProperty',
        'isPrototypeOf',
        'propertyIsEnumerable',
        '__defineGetter__',
        '__defineSetter__',
        '__lookupGetter__',
        '__lookupSetter__',
        '__proto__',
      ]),
    );
  });

  test.each(NAMES)(
    'B-3 actions: game.apply refuses %s as an extra field, an action type and a field value (action/malformed), and the game is unchanged',
    (name) => {
      const game = unwrap(createGame({ players: 2, seed: 1, recordEvents: true }));
      const place = game.legalActions()[0];
      const before = stateOf(game);
      // The attacker's message: a legal action with one more field.
      for (const value of [XSS, BIG, null, 1]) {
        const a = withKey(place, name, value);
        const why = ['action/malformed', `place: ${name} unknown field for a place`];
        expect(ruleRefusal(game.apply(a, 0))).toEqual(why);
        expect(ruleRefusal(game.encode(a))).toEqual(why);
      }
      // As the type.
      const typed = game.apply(withKey({}, 'type', name) as unknown as Action);
      expect(typed.ok ? 'accepted' : typed.error.code).toBe('action/malformed');
      if (!typed.ok)
        expect(typed.error.message).toMatch(/^an action's type must be one of pass, place, meeple, /);
      // Every action type of the registry: the name as an extra field, and as each field's value.
      for (const spec of BUILTIN.actions.values()) {
        const sample = sampleAction(spec);
        expect(ruleRefusal(game.apply(withKey(sample, name, XSS)))).toEqual([
          'action/malformed',
          `${spec.type}: ${name} unknown field for a ${spec.type}`,
        ]);
        for (const [field, shape] of Object.entries(spec.fields)) {
          expect(ruleRefusal(game.apply({ ...sample, [field]: name } as unknown as Action))).toEqual([
            'action/malformed',
            `${spec.type}: ${field} must be ${shape.describe}`,
          ]);
        }
      }
      // Fields are the action's own: inherited ones are no fields.
      const inherited = game.apply(Object.create(place) as Action);
      expect(inherited.ok ? 'accepted' : inherited.error.code).toBe('action/malformed');
      expect(stateOf(game)).toBe(before);
      expect(game.apply(place).ok).toBe(true);
    },
  );

  test.each(NAMES)(
    'B-3 actions: Match.submit refuses %s as an extra field (match/rule, action/malformed); version and record unchanged',
    (name) => {
      const m = unwrap(Match.create({ players: 2, seed: 7 }, ['Ann', 'Bob']));
      const place = m.view(0).legalActions[0];
      const record = JSON.stringify(m.recordFile());
      const view = JSON.stringify(m.view('spectator'));
      for (const value of [XSS, BIG]) {
        const r = m.submit(0, withKey(place, name, value), 0);
        expect(
          r.ok ? 'accepted' : [r.error.code, r.error.version, r.error.rule?.code, r.error.message],
        ).toEqual(['match/rule', 0, 'action/malformed', `place: ${name} unknown field for a place`]);
      }
      const typed = m.submit(0, withKey({}, 'type', name) as unknown as Action, 0);
      expect(typed.ok ? 'accepted' : [typed.error.code, typed.error.rule?.code]).toEqual([
        'match/rule',
        'action/malformed',
      ]);
      expect(m.version).toBe(0);
      expect(JSON.stringify(m.recordFile())).toBe(record);
      expect(JSON.stringify(m.view('spectator'))).toBe(view);
      // The legal action alone is accepted, and only its own fields are kept.
      const step = unwrap(m.submit(0, place, 0));
      expect(step.action).toEqual(place);
      expect(Object.keys(step.action).sort()).toEqual(Object.keys(place).sort());
      const file = JSON.stringify(m.recordFile());
      expect(file).not.toContain('onerror');
      expect(file).not.toContain(`"${name}"`);
    },
  );

  test.each(NAMES)(
    'records: readRecord refuses %s as a key and as a name, with its path (record/invalid)',
    (name) => {
      const game = unwrap(createGame({ players: 2, seed: 1 }));
      const place = game.legalActions()[0];
      const rec: Json = {
        format: 'carcassonne-record',
        version: 1,
        players: ['Ann', 'Ben'],
        seed: 1,
        actions: [{ player: 0, ...place }],
      };
      expect(readRecord(rec).ok).toBe(true);
      const start = { tile: 'BA/RCr', x: 0, y: 0, rotation: 0 };
      const setupTile = { tile: 'BA/C', x: 5, y: 5, rotation: 0 };
      const setupMeeple = { player: 0, x: 0, y: 0, feature: 1 };
      /** [what is changed, the record, the path, the reason (or its start)] */
      const cases: [string, Json, string, string | RegExp][] = [
        ['a key of the record', withKey(rec, name, BIG), name, 'unknown field'],
        [
          'a key of an action',
          { ...rec, actions: [withKey({ player: 0, ...place }, name, XSS)] },
          `actions[0].${name}`,
          'unknown field for a place',
        ],
        [
          'an action type',
          { ...rec, actions: [{ player: 0, type: name }] },
          'actions[0].type',
          /^must be one of pass, place, meeple, /,
        ],
        ['an option id', { ...rec, options: withKey({}, name, 2) }, `options.${name}`, /^unknown option \(/],
        [
          'an option value',
          { ...rec, options: { 'tiny-city-scoring': name } },
          'options.tiny-city-scoring',
          `${JSON.stringify(name)} is not allowed (4, 2)`,
        ],
        ['a preset', { ...rec, preset: name }, 'preset', new RegExp(`^unknown preset "${name}" \\(hig, `)],
        ['an expansion id', { ...rec, expansions: [name] }, 'expansions[0]', /^unknown expansion "/],
        [
          'a tile id to draw',
          { ...rec, seed: undefined, draws: ['BA/C', name] },
          'draws[1]',
          `unknown tile id ${JSON.stringify(name)}`,
        ],
        [
          'the start tile',
          { ...rec, startTile: { ...start, tile: name } },
          'startTile.tile',
          `unknown tile id ${JSON.stringify(name)}`,
        ],
        [
          'a key of the start tile',
          { ...rec, startTile: withKey(start, name, 1) },
          `startTile.${name}`,
          'unknown field',
        ],
        ['a key of the set-up', { ...rec, setup: withKey({}, name, []) }, `setup.${name}`, 'unknown field'],
        [
          'a key of a set-up tile',
          { ...rec, setup: { tiles: [withKey(setupTile, name, 1)] } },
          `setup.tiles[0].${name}`,
          'unknown field',
        ],
        [
          'a set-up tile id',
          { ...rec, setup: { tiles: [{ ...setupTile, tile: name }] } },
          'setup.tiles[0].tile',
          `unknown tile id ${JSON.stringify(name)}`,
        ],
        [
          'a key of a set-up meeple',
          { ...rec, setup: { meeples: [withKey(setupMeeple, name, 1)] } },
          `setup.meeples[0].${name}`,
          'unknown field',
        ],
        [
          'an expectation',
          { ...rec, expect: withKey({}, name, [1]) },
          `expect.${name}`,
          /^unknown expectation \(/,
        ],
        [
          'an action’s expectation',
          { ...rec, actions: [{ player: 0, ...place, expect: withKey({}, name, 1) }] },
          `actions[0].expect.${name}`,
          /^unknown expectation \(/,
        ],
        [
          'a view field to expect',
          { ...rec, expect: { view: withKey({}, name, 1) } },
          `expect.view.${name}`,
          'no view has this field',
        ],
        [
          'a key of an expected legal action',
          { ...rec, expect: { legalActions: [withKey(place, name, 1)] } },
          `expect.legalActions[0].${name}`,
          'no action has this field',
        ],
        [
          'a key of the outcome',
          {
            ...rec,
            outcome: withKey({ status: 'aborted', at: '2026-01-01T00:00:00Z', reason: 'x' }, name, 1),
          },
          `outcome.${name}`,
          'unknown field',
        ],
      ];
      for (const [what, data, path, reason] of cases) {
        for (const r of [readRecord(data), parseRecord(JSON.stringify(data))]) {
          expect(r.ok ? `${what}: accepted` : [r.error.code, r.error.path]).toEqual(['record/invalid', path]);
          if (r.ok) continue;
          expect(r.error.message.startsWith(`${path}: `)).toBe(true);
          expect(r.error.message.slice(path.length + 2)).toMatch(reason);
        }
      }
      // Extra tile definitions are read when the game is set up (H-0): refused there, naming the field.
      const def = { id: 'T/new', features: [{ kind: 'field', halves: 'NL NR EL ER SL SR WL WR' }] };
      for (const [tiles, reason] of [
        [[withKey(def, name, 1)], `tiles: tile "T/new": ${name}: unknown field`],
        [[{ ...def, id: name }], new RegExp(`^tiles: tile "${name}": id: `)],
      ] as const) {
        const parsed = readRecord({ ...rec, tiles });
        const replay = parsed.ok ? replayRecord(parsed.value) : parsed;
        expect(replay.ok ? 'accepted' : [replay.error.code, replay.error.path]).toEqual([
          'record/setup',
          'tiles',
        ]);
        if (!replay.ok) expect(replay.error.message).toMatch(reason);
      }
    },
  );

  test.each(NAMES)(
    'tile files (H-0): %s as a key and as a value is refused (tile/invalid) with its field',
    (name) => {
      const def = {
        id: 'T/new',
        features: [
          { kind: 'road', edges: 'W E' },
          { kind: 'field', halves: 'NL NR EL WR' },
          { kind: 'field', halves: 'ER SL SR WL' },
        ],
      };
      expect(parseTileDef(def).ok).toBe(true);
      const cases: [unknown, string, string | RegExp][] = [
        [withKey(def, name, BIG), name, `tile "T/new": ${name}: unknown field`],
        [
          { ...def, features: [withKey(def.features[0], name, 1), ...def.features.slice(1)] },
          `features[0].${name}`,
          `tile "T/new": features[0].${name}: unknown field for a road`,
        ],
        [{ ...def, id: name }, 'id', new RegExp(`^tile "${name}": id: `)],
        [{ ...def, shape: name }, 'shape', 'tile "T/new": shape: must be one of square, triangle'],
        [
          { ...def, symbols: [name] },
          'symbols[0]',
          new RegExp(`^tile "T/new": symbols\\[0\\]: unknown symbol "${name}"`),
        ],
        [
          { ...def, features: [{ kind: name }, ...def.features.slice(1)] },
          'features[0].kind',
          'tile "T/new": features[0].kind: must be one of road, city, field, monastery, tower',
        ],
        [
          { ...def, features: [{ kind: 'road', edges: name }, ...def.features.slice(1)] },
          'features[0].edges',
          `tile "T/new": features[0].edges: "${name}" is not a side of a square tile (N E S W)`,
        ],
      ];
      for (const [input, path, message] of cases) {
        const one = parseTileDef(copy(input));
        expect(one.ok ? 'accepted' : [one.error.code, one.error.path]).toEqual(['tile/invalid', path]);
        if (!one.ok) expect(one.error.message).toMatch(message);
        // A tile file, as the command line and the web client load it.
        const file = BUILTIN.catalog().withExtra(JSON.parse(JSON.stringify([input])) as unknown[], 'my.json');
        expect(file.ok ? 'accepted' : file.error.code).toBe('tile/invalid');
        // A game's own extra tiles.
        const g = createGame({ players: 2, seed: 1, tiles: [copy(input)] });
        expect(g.ok ? 'accepted' : [g.error.code, g.error.path]).toEqual(['tile/invalid', 'tiles']);
      }
    },
  );

  test.each(NAMES)(
    'options and presets (section O): %s as an option id, option key, option value, preset and expansion id is refused',
    (name) => {
      const cases: [string, ReturnType<typeof parseOptions>, string, string | RegExp][] = [
        ['an option id', parseOptions(withKey({}, name, 2)), `options.${name}`, /^unknown option \(/],
        [
          'an option value',
          parseOptions({ 'tiny-city-scoring': name }),
          'options.tiny-city-scoring',
          `${JSON.stringify(name)} is not allowed (4, 2)`,
        ],
        [
          'a preset',
          parseOptions(undefined, 'options', name),
          'preset',
          new RegExp(`^unknown preset "${name}" \\(hig, `),
        ],
        ['a preset with options', parseOptions({}, 'options', name), 'preset', /^unknown preset/],
        [
          'a preset of a registry',
          BUILTIN.parseOptions({}, 'settings.options', name),
          'preset',
          /^unknown preset/,
        ],
      ];
      for (const [what, r, path, reason] of cases) {
        expect(r.ok ? `${what}: accepted` : [r.error.code, r.error.path]).toEqual(['options/invalid', path]);
        if (!r.ok) expect(r.error.message.slice(path.length + 2)).toMatch(reason);
      }
      // A game configuration: options by key, their values, the expansions.
      const configs: [string, Parameters<typeof createGame>[0], string, string, string | RegExp][] = [
        [
          'an option key',
          { players: 2, options: withKey({}, name, 2) },
          'options/invalid',
          `options.${name}`,
          /^unknown option \(/,
        ],
        [
          'an option value',
          { players: 2, options: { tinyCityScoring: name as unknown as 2 } },
          'options/invalid',
          'options.tiny-city-scoring',
          `${JSON.stringify(name)} is not allowed (4, 2)`,
        ],
        [
          'a tile set',
          { players: 2, options: { tileSetBase: name as unknown as 'basic:2' } },
          'options/invalid',
          'options.tile-set-base',
          `${JSON.stringify(name)} is not allowed ("basic:2", "basic:1")`,
        ],
        [
          'an expansion id',
          { players: 2, expansions: [name] },
          'setup/invalid',
          'expansions[0]',
          /^unknown expansion "/,
        ],
      ];
      for (const [what, config, code, path, reason] of configs) {
        for (const r of [createGame({ ...config, seed: 1 }), Match.create({ ...config, seed: 1 })]) {
          expect(r.ok ? `${what}: accepted` : [r.error.code, r.error.path]).toEqual([code, path]);
          if (!r.ok) expect(r.error.message.slice(path.length + 2)).toMatch(reason);
        }
      }
      // A registry refuses such names in the definitions it gathers (a program's own expansion).
      expect(() => new Registry([{ ...TOWER, id: name }])).toThrow(/reserved/);
      const presets = withKey({}, name, {}) as Presets;
      expect(() => new Registry([{ ...PRINCESS_AND_DRAGON, presets }])).toThrow(/reserved/);
      const tileSets = withKey({}, name, { 'BA/C': 1 }) as TileSets;
      expect(() => new Registry([{ ...TOWER, tileSets }])).toThrow(/reserved/);
      const spec = { ...(TOWER.options ?? [])[0], id: name };
      expect(() => new Registry([{ ...TOWER, options: [spec] }])).toThrow(/reserved/);
    },
  );

  test.each(NAMES)(
    'snapshots: Game.fromSnapshot refuses %s as a key and as a name, with its path (snapshot/invalid)',
    (name) => {
      const game = unwrap(createGame({ players: 2, seed: 3, recordEvents: true }));
      for (let i = 0; i < 3; i++) unwrap(game.apply(game.legalActions()[0]));
      const snap = copy(game.toSnapshot()) as unknown as Json;
      expect(Game.fromSnapshot(snap, BUILTIN).ok).toBe(true);
      const config = snap.config as Json;
      const state = snap.state as Json;
      const events = snap.events as Json[];
      const start = { tile: 'BA/RCr', x: 0, y: 0, rotation: 0 };
      const cases: [string, Json, string, string | RegExp][] = [
        ['a key of the snapshot', withKey(snap, name, BIG), name, 'unknown field'],
        [
          'a key of the configuration',
          { ...snap, config: withKey(config, name, 1) },
          `config.${name}`,
          'unknown field',
        ],
        [
          'an option id',
          { ...snap, config: { ...config, options: withKey({}, name, 2) } },
          `config.options.${name}`,
          /^unknown option \(/,
        ],
        [
          'an option value',
          { ...snap, config: { ...config, options: { 'tiny-city-scoring': name } } },
          'config.options.tiny-city-scoring',
          `${JSON.stringify(name)} is not allowed (4, 2)`,
        ],
        [
          'an expansion id',
          { ...snap, config: { ...config, expansions: [name] } },
          'config.expansions[0]',
          /^unknown expansion "/,
        ],
        [
          'a tile id to draw',
          { ...snap, config: { ...config, draws: [name] } },
          'config.draws[0]',
          `unknown tile id ${JSON.stringify(name)}`,
        ],
        [
          'a key of the start tile',
          { ...snap, config: { ...config, startTile: withKey(start, name, 1) } },
          `config.startTile.${name}`,
          'unknown field',
        ],
        [
          'the start tile',
          { ...snap, config: { ...config, startTile: { ...start, tile: name } } },
          'config.startTile.tile',
          `unknown tile id ${JSON.stringify(name)}`,
        ],
        [
          'a key of the set-up',
          { ...snap, config: { ...config, setup: withKey({ tiles: [], meeples: [] }, name, 1) } },
          `config.setup.${name}`,
          'unknown field',
        ],
        [
          'a key of a set-up meeple',
          {
            ...snap,
            config: {
              ...config,
              setup: { meeples: [withKey({ player: 0, x: 0, y: 0, feature: 1 }, name, 1)] },
            },
          },
          `config.setup.meeples[0].${name}`,
          'unknown field',
        ],
        [
          'a state part',
          { ...snap, state: withKey(state, name, {}) },
          `state.${name}`,
          /^unknown state part \(/,
        ],
        [
          'a field of a state part',
          { ...snap, state: { ...state, game: withKey(state.game as Json, name, 1) } },
          `state.game.${name}`,
          'unknown field',
        ],
        [
          'a key of an event',
          { ...snap, events: [withKey(events[0], name, XSS), ...events.slice(1)] },
          `events[0].${name}`,
          'no event has this field',
        ],
      ];
      for (const [what, data, path, reason] of cases) {
        const r = Game.fromSnapshot(data, BUILTIN);
        expect(r.ok ? `${what}: accepted` : [r.error.code, r.error.path]).toEqual(['snapshot/invalid', path]);
        if (!r.ok) {
          expect(r.error.message.startsWith(`${path}: `)).toBe(true);
          expect(r.error.message.slice(path.length + 2)).toMatch(reason);
        }
      }
    },
  );
});
