/**
 * Section O: an option of an expansion that is not in play would be silently ignored by the game,
 * so the engine itself refuses it where a game is configured (createGame, Match.create, a
 * snapshot's configuration), with the option's path — as records and the command line refuse it.
 * A preset's own values for an expansion that is not in play are not the player's choice: they are
 * ignored (the game plays that expansion's defaults, and its record and snapshot do not carry them).
 */
import { describe, expect, test } from 'vitest';
import type { GameConfig, Options } from '@carc/engine';
import {
  BUILTIN,
  DEFAULT_OPTIONS,
  Game,
  Match,
  createGame,
  parseOptions,
  readRecord,
  replayRecord,
  unwrap,
} from '@carc/engine';

/** The server's way: options by id over a preset, then a configuration with the expansions chosen. */
function serverConfig(options: Record<string, string | number>, expansions: string[], preset?: string) {
  const parsed = BUILTIN.parseOptions(options, 'options', preset);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return { players: 2, expansions, options: parsed.value, seed: 7, recordEvents: true } satisfies GameConfig;
}

const refusal = (r: { ok: true } | { ok: false; error: { code: string; path: string; message: string } }) =>
  r.ok ? 'accepted' : [r.error.code, r.error.path, r.error.message];

describe('options of an expansion not in play (section O)', () => {
  test.each([
    ['tower-pieces', 5, 'tower'],
    ['tower-range', 'diagonal', 'tower'],
    ['dragon-move', 'after-scoring', 'princess-and-dragon'],
    ['princess-action', 'must', 'princess-and-dragon'],
    ['halflings-hand', 4, 'halflings'],
  ] as const)(
    'createGame and Match.create refuse %s=%s without %s (options/invalid, with its path)',
    (id, value, owner) => {
      const others = BUILTIN.ids.filter((x) => x !== owner);
      const why = [
        'options/invalid',
        `options.${id}`,
        `options.${id}: option ${id} belongs to expansion ${owner}, which is not in play`,
      ];
      for (const expansions of [[], others]) {
        const config = serverConfig({ [id]: value }, expansions);
        expect(refusal(createGame(config))).toEqual(why);
        expect(refusal(Match.create(config))).toEqual(why);
      }
      // Accepted with the expansion.
      expect(createGame(serverConfig({ [id]: value }, [owner])).ok).toBe(true);
      // The registry's parser refuses it too when told the expansions in play.
      const parsed = BUILTIN.parseOptions({ [id]: value }, 'options', 'hig', []);
      expect(
        parsed.ok ? 'accepted' : [parsed.error.path, parsed.error.message, parsed.error.expansion],
      ).toEqual([
        `options.${id}`,
        `options.${id}: option ${id} belongs to expansion ${owner}, which is not in play`,
        owner,
      ]);
      expect(BUILTIN.parseOptions({ [id]: value }, 'options', 'hig', [owner]).ok).toBe(true);
    },
  );

  test('O: an explicit value of such an option is refused even when it is the default', () => {
    const config = serverConfig({ 'tower-pieces': 'auto' }, []);
    expect(refusal(createGame(config))).toEqual([
      'options/invalid',
      'options.tower-pieces',
      'options.tower-pieces: option tower-pieces belongs to expansion tower, which is not in play',
    ]);
  });

  test('O: a configuration written by a program: options by id are refused, options by key of absent expansions ignored', () => {
    // Keyed by id, as a player writes them: the same refusal when the expansion is absent, else a hint.
    const byId = { 'tower-pieces': 5 } as unknown as Partial<Options>;
    expect(refusal(createGame({ players: 2, options: byId }))).toEqual([
      'options/invalid',
      'options.tower-pieces',
      'options.tower-pieces: option tower-pieces belongs to expansion tower, which is not in play',
    ]);
    expect(refusal(Match.create({ players: 2, expansions: [], options: byId }))).toEqual([
      'options/invalid',
      'options.tower-pieces',
      'options.tower-pieces: option tower-pieces belongs to expansion tower, which is not in play',
    ]);
    const r = createGame({ players: 2, expansions: ['tower'], options: byId });
    expect(r.ok ? 'accepted' : [r.error.code, r.error.path]).toEqual([
      'options/invalid',
      'options.tower-pieces',
    ]);
    if (!r.ok) expect(r.error.message).toContain('write towerPieces, not tower-pieces');
    // Keyed by key, as programs spread one set of options over every combination of expansions:
    // the options of expansions not in play are not played, nor recorded, nor kept in a snapshot.
    const config: GameConfig = {
      players: 2,
      seed: 1,
      options: { ...DEFAULT_OPTIONS, towerPieces: 5, tinyCityScoring: 2 },
    };
    const g = unwrap(createGame(config));
    expect([g.options.towerPieces, g.options.tinyCityScoring]).toEqual(['auto', 2]);
    expect(g.toSnapshot().config.options).toEqual({ 'tiny-city-scoring': 2 });
    const m = unwrap(Match.create(config));
    expect(m.recordFile().options).toEqual({ 'tiny-city-scoring': 2 });
    expect(() => m.record()).not.toThrow();
    expect(unwrap(createGame({ ...config, expansions: ['tower'] })).options.towerPieces).toBe(5);
  });

  test('O: a preset’s values for an expansion not in play are ignored, and the record replays (D-10, D-14)', () => {
    // zman sets princess-action and fairy-placement: a base game with that preset plays the base game.
    const config = serverConfig({ 'tiny-city-scoring': 2 }, [], 'zman');
    const g = unwrap(createGame(config));
    expect(g.options.princessAction).toBe(DEFAULT_OPTIONS.princessAction);
    expect(g.options.fairyPlacement).toBe(DEFAULT_OPTIONS.fairyPlacement);
    expect(g.options.tinyCityScoring).toBe(2);
    const m = unwrap(Match.create(config, ['Ann', 'Ben']));
    unwrap(m.submit(0, m.view(0).legalActions[0], 0));
    const file = m.recordFile();
    expect(file.options).toEqual({ 'tiny-city-scoring': 2 });
    const rec = unwrap(readRecord(JSON.parse(JSON.stringify(file))));
    expect(unwrap(replayRecord(rec)).game.scores).toEqual(m.result.scores);
    expect(() => m.record()).not.toThrow();
    // The snapshot does not carry them either, and restores.
    const snap = g.toSnapshot();
    expect(snap.config.options).toEqual({ 'tiny-city-scoring': 2 });
    expect(Game.fromSnapshot(JSON.parse(JSON.stringify(snap)), BUILTIN).ok).toBe(true);
    // The same preset with the Princess & the Dragon keeps them.
    const pd = unwrap(createGame(serverConfig({}, ['princess-and-dragon'], 'zman')));
    expect([pd.options.princessAction, pd.options.fairyPlacement]).toEqual(['must', 'on-tile']);
    // A copy of the configuration (a worker thread's structured clone) is still accepted.
    expect(createGame(structuredClone(config)).ok).toBe(true);
  });

  test('O: a snapshot naming an option of an expansion not in play is refused with its path', () => {
    const g = unwrap(createGame({ players: 2, seed: 1 }));
    const snap = JSON.parse(JSON.stringify(g.toSnapshot())) as {
      config: { options: Record<string, unknown> };
    };
    snap.config.options = { 'tower-range': 'diagonal' };
    const r = Game.fromSnapshot(snap, BUILTIN);
    expect(r.ok ? 'accepted' : [r.error.code, r.error.path, r.error.message]).toEqual([
      'snapshot/invalid',
      'config.options.tower-range',
      'config.options.tower-range: option tower-range belongs to expansion tower, which is not in play',
    ]);
  });

  test('O: parseOptions without expansions still reads every option (the lobby checks them later)', () => {
    expect(parseOptions({ 'tower-pieces': 5 }).ok).toBe(true);
  });
});
