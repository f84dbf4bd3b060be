/**
 * Records carry the fingerprint of their tiles (`catalog`, `triangles`): replaying one against
 * changed tile definitions is refused with both hashes, unchanged ones replay.
 */
import { describe, expect, test } from 'vitest';
import type { ExpansionDef, GameConfig, Registry } from '@carc/engine';
import { BUILTIN, createGame, makeRecord, readRecord, replayRecord } from '@carc/engine';
import INNS from './inn/inn.js';
import { TRIANGLES } from './triangleTiles.js';

/** A record of the first `n` moves (every third legal one) of the game `config` describes. */
function recordOf(config: GameConfig, registry: Registry, n = 20): Record<string, unknown> {
  const g = createGame(config, registry);
  if (!g.ok) throw new Error(g.error.message);
  const game = g.value;
  const buf = new Int32Array(game.maxMoves);
  const actions = [];
  for (let i = 0; i < n && !game.isOver; i++) {
    const m = buf[(i * 3) % game.legalMoves(buf)];
    actions.push({ player: game.toAct, action: game.toAction(m) });
    game.play(m);
  }
  return makeRecord(config, actions, undefined, registry);
}

function replayError(data: unknown, registry: Registry): string {
  const rec = readRecord(data, registry);
  if (!rec.ok) return rec.error.message;
  const rep = replayRecord(rec.value, false, registry);
  return rep.ok ? 'replayed' : rep.error.message;
}

describe('catalog fingerprints in records', () => {
  test('a record carries its catalog hash, and replays with unchanged definitions', () => {
    const rec = recordOf({ players: 2, seed: 5, expansions: ['tower', 'princess-and-dragon'] }, BUILTIN);
    expect(rec.catalog).toMatch(/^[0-9a-f]{16}$/);
    expect(rec.triangles).toBeUndefined();
    expect(replayError(JSON.parse(JSON.stringify(rec)), BUILTIN)).toBe('replayed');
    // Another expansion in the registry, not in play, changes nothing.
    expect(replayError(rec, BUILTIN.with(INNS))).toBe('replayed');
    // Old records (no hash) stay valid.
    expect(replayError({ ...rec, catalog: undefined }, BUILTIN)).toBe('replayed');
  });

  test("an expansion's tile changed since the record was made: refused, naming both hashes", () => {
    const config = { players: 2, seed: 3, expansions: ['inns'] };
    const rec = recordOf(config, BUILTIN.with(INNS));
    expect(replayError(rec, BUILTIN.with(INNS))).toBe('replayed');
    const changed: ExpansionDef = {
      ...INNS,
      tiles: [
        {
          id: 'IN/R',
          features: [
            { kind: 'road', edges: 'W E', inn: true },
            { kind: 'field', halves: 'WR NL NR EL' },
            { kind: 'field', halves: 'ER SL SR WL' },
            { kind: 'monastery' },
          ],
        },
      ],
    };
    const msg = replayError(rec, BUILTIN.with(changed));
    expect(msg).toMatch(
      /^catalog: the record was made with tile definitions of hash ([0-9a-f]{16}), but this program's give ([0-9a-f]{16})/,
    );
    expect(msg).toContain(String(rec.catalog));
    // More copies of a tile in a set is a different pile too.
    const more: ExpansionDef = { ...INNS, tileSets: { inns: { 'IN/R': 5 } } };
    expect(replayError(rec, BUILTIN.with(more))).toMatch(/^catalog: /);
  });

  test('H-0: the triangle faces used are fingerprinted; a changed face is refused', () => {
    const tiles = [TRIANGLES.field, TRIANGLES.cityND, TRIANGLES.cityN];
    const config = { players: 2, seed: 8, expansions: ['halflings'], tiles };
    const rec = recordOf(config, BUILTIN);
    expect(rec.triangles).toMatch(/^[0-9a-f]{16}$/);
    expect(replayError(rec, BUILTIN)).toBe('replayed');
    const builtinFaces = recordOf({ players: 2, seed: 8, expansions: ['halflings'] }, BUILTIN);
    expect(builtinFaces.triangles).not.toBe(rec.triangles);
    // A record whose triangle hash does not match its faces (here: the built-in faces' hash).
    const msg = replayError({ ...rec, catalog: undefined, triangles: builtinFaces.triangles }, BUILTIN);
    expect(msg).toBe(
      `triangles: the record was made with off-pile tiles (Halflings triangle faces) of hash ${String(builtinFaces.triangles)}, ` +
        `but this program's give ${String(rec.triangles)}: the same actions would not replay the same game`,
    );
    expect(replayError({ ...rec, catalog: 'xyz' }, BUILTIN)).toBe('catalog: must be a hash: 16 hex digits');
  });
});
