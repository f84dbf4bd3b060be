/**
 * H-0: extra tile definitions (GameConfig.tiles, a record's `tiles`) may not redefine a built-in
 * tile id unless replacing built-in tiles is asked for (`replaceTiles`): otherwise a copied id or a
 * typo would silently change what the id means. The refusal is coded and names the definition.
 */
import { describe, expect, test } from 'vitest';
import type { GameConfig } from '@carc/engine';
import { BUILTIN, Game, createGame, makeRecord, parseRecord, replayRecord, unwrap } from '@carc/engine';

/** A plain field under the id of the base game's monastery tile. */
const FAKE_MONASTERY = { id: 'BA/L', features: [{ kind: 'field', halves: 'NL NR EL ER SL SR WL WR' }] };
const NEW_TILE = { ...FAKE_MONASTERY, id: 'T/new' };

const record = (extra: Record<string, unknown>) =>
  JSON.stringify({
    format: 'carcassonne-record',
    version: 1,
    players: ['a', 'b'],
    seed: 1,
    actions: [],
    ...extra,
  });

describe('H-0 extra tiles and built-in ids', () => {
  test('createGame refuses GameConfig.tiles redefining a built-in id: tile/builtin-id at tiles[i].id', () => {
    const r = createGame({ players: 2, seed: 1, tiles: [NEW_TILE, FAKE_MONASTERY] });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('tile/builtin-id');
      expect(r.error.path).toBe('tiles[1].id');
      expect(r.error.message).toContain('tiles[1].id: "BA/L" is a built-in tile id');
    }
    // New ids are fine; the built-in tile keeps its monastery.
    const g = unwrap(createGame({ players: 2, seed: 1, tiles: [NEW_TILE] }));
    const k = g.catalog.kindOf('BA/L')!;
    expect(g.catalog.def(k).features.map((f) => f.kind)).toContain('monastery');
  });

  test('replaceTiles: true lets the definition replace the built-in tile, and records carry it', () => {
    const config: GameConfig = { players: 2, seed: 1, tiles: [FAKE_MONASTERY], replaceTiles: true };
    const g = unwrap(createGame(config));
    const k = g.catalog.kindOf('BA/L')!;
    expect(g.catalog.def(k).features.map((f) => f.kind)).toEqual(['field']);
    const rec = makeRecord(config, []);
    expect(rec.replaceTiles).toBe(true);
    const back = parseRecord(JSON.stringify(rec));
    if (!back.ok) throw new Error(back.error.message);
    expect(replayRecord(back.value).ok).toBe(true);
    // A snapshot keeps the leave to replace, so it restores.
    const restored = Game.fromSnapshot(JSON.parse(JSON.stringify(g.toSnapshot())), BUILTIN);
    expect(restored.ok).toBe(true);
  });

  test('loading a record refuses its own tiles redefining a built-in id, naming the id and the path', () => {
    const r = parseRecord(record({ tiles: [NEW_TILE, FAKE_MONASTERY] }));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('record/invalid');
      expect(r.error.path).toBe('tiles[1].id');
      expect(r.error.message).toContain('"BA/L" is a built-in tile id');
      expect(r.error.message).toContain('"replaceTiles": true');
    }
    expect(parseRecord(record({ tiles: [NEW_TILE] })).ok).toBe(true);
    expect(parseRecord(record({ tiles: [FAKE_MONASTERY], replaceTiles: true })).ok).toBe(true);
    const notTrue = parseRecord(record({ tiles: [FAKE_MONASTERY], replaceTiles: false }));
    expect(notTrue.ok || notTrue.error.path).toBe('replaceTiles');
    const nothing = parseRecord(record({ replaceTiles: true }));
    expect(nothing.ok || nothing.error.path).toBe('replaceTiles');
  });
});
