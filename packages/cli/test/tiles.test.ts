/**
 * H-0: a player's own tile file (`--tiles FILE`): loaded and validated before any game starts,
 * played, recorded and replayed; a broken file is refused with the file, tile and field.
 */
import type { Action } from '@carc/engine';
import { createGame, makeRecord, parseRecord, replayRecord, unwrap, viewOf } from '@carc/engine';
import { describe, expect, it } from 'vitest';
import { run } from '../src/program.js';
import { memoryIo } from './helpers.js';

/** Four triangles of "my real tiles": two replace built-in ids, two are new. */
const MY_TILES = [
  {
    id: 'H1-01',
    shape: 'triangle',
    features: [
      { kind: 'city', edges: 'N' },
      { kind: 'field', halves: 'WL WR DL DR', cities: 'N' },
    ],
  },
  {
    id: 'H1-02',
    shape: 'triangle',
    features: [
      { kind: 'road', edges: 'N D' },
      { kind: 'field', halves: 'NL WL WR DR' },
      { kind: 'field', halves: 'NR DL' },
    ],
  },
  { id: 'MY-1', shape: 'triangle', features: [{ kind: 'field', halves: 'NL NR WL WR DL DR' }] },
  {
    id: 'MY-2',
    shape: 'triangle',
    features: [
      { kind: 'road', edges: 'W D' },
      { kind: 'field', halves: 'NL NR WR DL' },
      { kind: 'field', halves: 'WL DR' },
    ],
  },
];

describe("--tiles: a player's own tile definitions (H-0)", () => {
  it('refuses a file over the caps (256 definitions, 1 MiB) before any game starts', async () => {
    const many = Array.from({ length: 257 }, (_, i) => ({ ...MY_TILES[2], id: `MY-${i}` }));
    const io = memoryIo({ 'many.json': JSON.stringify(many) });
    expect(await run(['simulate', '-n', '1', '-x', 'halflings', '--tiles', 'many.json'], io)).toBe(2);
    expect(io.stderr).toContain('many.json: at most 256 tile definitions in one file or record, not 257');
    const io2 = memoryIo({ 'huge.json': ' '.repeat(1 << 20) + '[]' });
    expect(await run(['simulate', '-n', '1', '-x', 'halflings', '--tiles', 'huge.json'], io2)).toBe(2);
    expect(io2.stderr).toContain('huge.json: a tile file holds at most 1048576 characters');
  });

  it('plays Halflings games with exactly the triangles of the file', async () => {
    const io = memoryIo({ 'my.json': JSON.stringify(MY_TILES) });
    const code = await run(
      [
        'simulate',
        '-n',
        '30',
        '-p',
        '3',
        '-x',
        'halflings',
        '--tiles',
        'my.json',
        '--replace-tiles',
        '--json',
      ],
      io,
    );
    expect(io.stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(io.stdout).games).toBe(30);
    // Exactly the file's four triangles are dealt: 3 players × 3 would need 9, so all four go out.
    const g = unwrap(
      createGame({ players: 3, seed: 1, expansions: ['halflings'], tiles: MY_TILES, replaceTiles: true }),
    );
    const view = viewOf(g, 0);
    expect(view.handSizes?.reduce((a, b) => a + b, 0)).toBe(4);
    for (const id of view.hands?.[0] ?? []) expect(MY_TILES.map((t) => t.id)).toContain(id);
  });

  it('round-trips: load, play, record, replay to the same state', () => {
    const config = {
      players: 2,
      seed: 9,
      expansions: ['halflings' as const],
      tiles: MY_TILES,
      replaceTiles: true,
    };
    const game = unwrap(createGame(config));
    const buf = new Int32Array(game.maxMoves);
    const actions: { player: number; action: Action }[] = [];
    for (let i = 0; !game.isOver; i++) {
      const n = game.legalMoves(buf);
      // Prefer playing a triangle when one can, so the file's tiles reach the board.
      const m = game.phaseName === 'turn' && n > 1 ? buf[1 + (i % (n - 1))]! : buf[(i * 7) % n]!;
      actions.push({ player: game.toAct, action: game.toAction(m) });
      game.play(m);
    }
    const placedOwn = viewOf(game, -1).tiles.filter((t) => MY_TILES.some((m) => m.id === t.tile));
    expect(placedOwn.length).toBeGreaterThan(0);
    const rec = parseRecord(JSON.stringify(makeRecord(config, actions)));
    if (!rec.ok) throw new Error(rec.error.message);
    const replayed = replayRecord(rec.value);
    if (!replayed.ok) throw new Error(replayed.error.message);
    expect(viewOf(replayed.value.game, -1)).toEqual(viewOf(game, -1));
  });

  it('H-3 replay --viewer shows what that player may see: their hand only, no seed', async () => {
    const config = { players: 2, seed: 5, expansions: ['halflings' as const] };
    const game = unwrap(createGame(config));
    const buf = new Int32Array(game.maxMoves);
    const actions: { player: number; action: Action }[] = [];
    for (let i = 0; i < 6; i++) {
      const m = buf[(i * 3) % game.legalMoves(buf)]!;
      actions.push({ player: game.toAct, action: game.toAction(m) });
      game.play(m);
    }
    const io = memoryIo({ 'g.json': JSON.stringify(makeRecord(config, actions)) });
    expect(await run(['replay', 'g.json', '--viewer', '0'], io)).toBe(0);
    const out = JSON.parse(io.stdout) as { view: { hands: unknown[] }; record: Record<string, unknown> };
    const own = viewOf(game, 0).hands?.[0];
    expect(out.view.hands).toEqual([own, null]);
    expect(out.record.hand).toEqual(own);
    expect(out.record.seed).toBeUndefined();
    expect(out.record.format).toBe('carcassonne-record-view');
  });

  it('refuses a broken file before any game starts, naming the file, tile and field', async () => {
    const broken = [
      MY_TILES[0],
      { id: 'MY-3', shape: 'triangle', features: [{ kind: 'road', edges: 'N E' }] },
    ];
    const io = memoryIo({ 'broken.json': JSON.stringify(broken) });
    expect(await run(['simulate', '-x', 'halflings', '--tiles', 'broken.json'], io)).toBe(2);
    expect(io.stderr).toContain(
      'broken.json: tile "MY-3": features[0].edges: "E" is not a side of a triangle tile (N W D)',
    );
    const io2 = memoryIo({ 'notarray.json': '{"id": "X"}' });
    expect(await run(['simulate', '--tiles', 'notarray.json'], io2)).toBe(2);
    expect(io2.stderr).toContain('notarray.json: a tile file is a JSON array of tile definitions');
    // A triangle must have its long side: leaving DL/DR out is refused.
    const noLong = [{ id: 'MY-4', shape: 'triangle', features: [{ kind: 'field', halves: 'NL NR WL WR' }] }];
    const io3 = memoryIo({ 'nolong.json': JSON.stringify(noLong) });
    expect(await run(['simulate', '-x', 'halflings', '--tiles', 'nolong.json'], io3)).toBe(2);
    expect(io3.stderr).toContain('tile "MY-4": features: half-side DL belongs to no field');
  });

  it('H-0 replay refuses a record whose own tiles redefine a built-in id, unless it sets replaceTiles', async () => {
    const rec = { format: 'carcassonne-record', version: 1, players: ['a', 'b'], seed: 1, actions: [] };
    const io = memoryIo({ 'r.json': JSON.stringify({ ...rec, tiles: [MY_TILES[2], MY_TILES[0]] }) });
    expect(await run(['replay', 'r.json', '--quiet'], io)).toBe(2);
    expect(io.stderr).toContain('r.json: invalid record: tiles[1].id: "H1-01" is a built-in tile id');
    const ok = memoryIo({ 'r.json': JSON.stringify({ ...rec, tiles: [MY_TILES[0]], replaceTiles: true }) });
    expect(await run(['replay', 'r.json', '--quiet'], ok)).toBe(0);
  });

  it('refuses a built-in tile id in a tile file unless --replace-tiles says to replace that tile', async () => {
    const io = memoryIo({ 'my.json': JSON.stringify(MY_TILES) });
    expect(await run(['simulate', '-n', '1', '-x', 'halflings', '--tiles', 'my.json'], io)).toBe(2);
    expect(io.stderr).toBe(
      'error: my.json: [0]: tile "H1-01" is a built-in tile; give yours another id, or pass --replace-tiles to replace the built-in one (H-0: your own faces of the Halflings triangles)\n',
    );
    const base = [{ id: 'BA/L', features: [{ kind: 'field', halves: 'NL NR EL ER SL SR WL WR' }] }];
    const rec = { format: 'carcassonne-record', version: 1, players: ['A', 'B'], actions: [] };
    const io2 = memoryIo({ 'base.json': JSON.stringify(base), 'x.json': JSON.stringify(rec) });
    expect(await run(['replay', 'x.json', '--tiles', 'base.json'], io2)).toBe(2);
    expect(io2.stderr).toContain('base.json: [0]: tile "BA/L" is a built-in tile');
    const io3 = memoryIo({ 'my.json': JSON.stringify(MY_TILES) });
    expect(
      await run(['simulate', '-n', '1', '-x', 'halflings', '--tiles', 'my.json', '--replace-tiles'], io3),
    ).toBe(0);
  });

  it('refuses a file of triangles without the Halflings, which would deal none of them (H-1)', async () => {
    const io = memoryIo({ 'my.json': JSON.stringify(MY_TILES.slice(2)) });
    expect(await run(['simulate', '-n', '1', '-x', 'tower', '--tiles', 'my.json'], io)).toBe(2);
    expect(io.stderr).toBe(
      'error: my.json: triangle tiles come into play only with the Halflings (H-1): add -x halflings\n',
    );
    expect(io.stdout).toBe('');
  });

  it('gives the true line and column of a JSON fault in a tile file; a byte-order mark is fine', async () => {
    const text = JSON.stringify(MY_TILES, null, 2).split('\n');
    // Line 4 is `    "shape": "triangle",`: drop its quotes around the value.
    text[3] = text[3].replace('"triangle"', 'triangle');
    const io = memoryIo({ 'bad.json': text.join('\n') });
    expect(await run(['simulate', '-n', '1', '-x', 'halflings', '--tiles', 'bad.json'], io)).toBe(2);
    expect(io.stderr).toBe("error: bad.json:4:14: not valid JSON (Unexpected token 'triangle')\n");
    const io2 = memoryIo({ 'cut.json': '[\n  {\n    "id": "MY-1",\n' });
    expect(await run(['simulate', '-n', '1', '--tiles', 'cut.json'], io2)).toBe(2);
    expect(io2.stderr).toBe('error: cut.json:4:1: not valid JSON (Unexpected end of JSON input)\n');
    const io3 = memoryIo({ 'bom.json': '\ufeff' + JSON.stringify(MY_TILES) });
    expect(
      await run(['simulate', '-n', '2', '-x', 'halflings', '--tiles', 'bom.json', '--replace-tiles'], io3),
    ).toBe(0);
    expect(io3.stderr).toBe('');
  });
});
