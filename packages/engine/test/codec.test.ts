/**
 * The move codec cannot overflow (H-3, H-4, B-4): every field's width comes from the game being
 * created, a game that cannot be encoded is refused, tile files are capped, and every legal move
 * survives the round trip move → action → move in every expansion combination at the extremes of
 * the options' ranges.
 */
import { describe, expect, it } from 'vitest';
import type { Action, ActionType, ExpansionDef, ExpansionId, GameConfig, Options } from '@carc/engine';
import {
  BUILTIN,
  checkMoveWidths,
  createGame,
  DEFAULT_OPTIONS,
  EXPANSION_IDS,
  MAX_ACTION_TYPES,
  type Game,
  MAX_EXTRA_TILES,
  MAX_TILES,
  MEEPLES_PER_PLAYER,
  unwrap,
  viewOf,
} from '@carc/engine';
import { prng } from './playout.js';

const viewOfHands = (g: Game): unknown => viewOf(g, -1).handSizes;

const subsets = (ids: readonly ExpansionId[]): ExpansionId[][] =>
  ids.reduce<ExpansionId[][]>((acc, id) => [...acc, ...acc.map((s) => [...s, id])], [[]]);

/** Listed actions that had to name one of two meeples on one spot (H-13), over all games played. */
let twinChoices = 0;
/** Actions next to a listed one that were refused, over all games played. */
let refusedNear = 0;

/** Plays a random game; at every position checks each legal move's round trip; returns positions seen. */
function roundTrips(config: GameConfig, seed: number): number {
  const g = unwrap(createGame(config));
  const rand = prng(seed ^ 0x9e3779b9);
  const buf = new Int32Array(g.maxMoves);
  let positions = 0;
  while (!g.isOver) {
    const n = g.legalMoves(buf);
    const seen = new Set<string>();
    for (let i = 0; i < n; i++) {
      const m = buf[i];
      const action = g.toAction(m);
      const text = JSON.stringify(action);
      if (seen.has(text)) throw new Error(`seed ${seed}: ${text} listed twice`);
      seen.add(text);
      const back = g.encode(action, g.toAct);
      if (!back.ok) throw new Error(`seed ${seed}: listed ${text} refused: ${back.error.message}`);
      if (back.value !== m) throw new Error(`seed ${seed}: ${text} encodes to ${back.value}, not ${m}`);
      if (action.type !== 'crop-circle' && 'meeple' in action) {
        // Two of the owner's meeples share the spot: without naming one, the action is refused.
        twinChoices++;
        const vague = g.encode({ ...action, meeple: undefined }, g.toAct);
        if (vague.ok || vague.error.code !== 'meeple/ambiguous') {
          throw new Error(`seed ${seed}: ${text} without its meeple is not refused as ambiguous`);
        }
      }
    }
    // The other way round: an action near a listed one (one field changed) is accepted exactly when
    // it names a listed move (it may spell it otherwise: a lone triangle's corner may be left out),
    // so the checked door and the move generator never disagree.
    const listed = new Set(buf.subarray(0, n));
    for (let i = 0; i < n; i++) {
      for (const near of neighbours(g.toAction(buf[i]), g.players)) {
        const text = JSON.stringify(near);
        const r = g.encode(near, g.toAct);
        if (r.ok ? !listed.has(r.value) : seen.has(text)) {
          const why = r.ok ? 'accepted but not listed' : `listed but refused (${r.error.code})`;
          throw new Error(`seed ${seed}: ${text} ${why}`);
        }
        if (!r.ok) refusedNear++;
      }
    }
    positions++;
    g.play(buf[rand() % n]);
  }
  return positions;
}

/** Actions that differ from `a` in one field: a cell over, a quarter turn on, another owner or meeple. */
function neighbours(a: Action, players: number): Action[] {
  const out: Action[] = [];
  const o: Readonly<Partial<Record<string, unknown>>> = { ...a };
  const change = (k: string, v: unknown) => out.push({ ...a, [k]: v } as Action);
  if (typeof o.x === 'number') change('x', o.x + 1);
  if (typeof o.y === 'number') change('y', o.y - 1);
  if (typeof o.rotation === 'number') change('rotation', (o.rotation + 90) % 360);
  if (typeof o.feature === 'number') change('feature', o.feature + 1);
  if (typeof o.owner === 'number') change('owner', (o.owner + 1) % players);
  if (typeof o.meeple === 'number') change('meeple', (o.meeple + 1) % MEEPLES_PER_PLAYER);
  return out;
}

describe('move codec', () => {
  it('round-trips every legal move in every expansion combination at the options’ extremes (H-3, T-0, D-14, H-13)', () => {
    const extremes: Partial<Options>[] = [
      {
        halflingsHand: 1,
        towerPieces: 1,
        fairyPlacement: 'on-tile',
        halflingsDeal: 'draft',
        halflingsSymbols: 'on',
      },
      { halflingsHand: 12, towerPieces: 30, halflingsSymbols: 'on', princessAction: 'must' },
      { halflingsHand: 12, halflingsDeal: 'draft', halflingsEdition: '2015', towerRange: 'diagonal' },
    ];
    let positions = 0;
    let seed = 1;
    for (const expansions of subsets(EXPANSION_IDS)) {
      for (const options of extremes) {
        for (const players of [2, 6]) {
          positions += roundTrips({ players, seed, expansions, options }, seed);
          seed++;
        }
      }
    }
    expect(positions).toBeGreaterThan(5000);
    // With halflings-symbols on, crop circles put two meeples on one spot: those choices were met.
    expect(twinChoices).toBeGreaterThan(0);
    expect(refusedNear).toBeGreaterThan(10_000);
  });

  it('plays halflings-hand 12 to the end with every triangle slot named correctly (H-3, H-4)', () => {
    // 22 triangles with the symbols (H-14), 2 players: 11 each, so hand slots 8..10 need the
    // fourth bit that used to wrap into the rotation.
    for (let seed = 1; seed <= 6; seed++) {
      const config: GameConfig = {
        players: 2,
        seed,
        expansions: ['halflings'],
        options: { halflingsHand: 12, halflingsSymbols: 'on', halflingsDeal: seed % 2 ? 'draw' : 'draft' },
      };
      roundTrips(config, seed);
      const g = unwrap(createGame(config));
      if (seed % 2) expect(viewOfHands(g)).toEqual([11, 11]);
    }
  });

  it('refuses a triangle that is not in hand, and one played where it does not fit (H-4, B-4)', () => {
    const g = unwrap(
      createGame({ players: 2, seed: 3, expansions: ['halflings'], options: { halflingsHand: 12 } }),
    );
    expect(g.phaseName).toBe('turn');
    const bad = g.apply({ type: 'triangle', tile: 'no-such-triangle', x: 1, y: 0, rotation: 0 }, 0);
    expect(bad.ok ? 'accepted' : bad.error.code).toBe('action/not-legal');
    const listed = g.legalActions().find((a) => a.type === 'triangle');
    expect(listed).toBeDefined();
    if (listed?.type !== 'triangle') return;
    const far = g.apply({ ...listed, x: 40, y: 40 }, 0);
    expect(far.ok ? 'accepted' : far.error.code).toBe('tile/not-adjacent');
  });

  it('refuses a game whose moves cannot be encoded, naming the move and its fields', () => {
    const catalog = BUILTIN.catalog();
    expect(checkMoveWidths(DEFAULT_OPTIONS, [], catalog, MAX_TILES, 6)).toBeUndefined();
    // 5,000 tiles: a grid of 10,003² cells, 27 bits a cell.
    const why = checkMoveWidths(DEFAULT_OPTIONS, [], catalog, 5000, 2);
    expect(why).toBe(
      'a "place" move of this game needs 29 bits (cell 27 + rotation 2) but a move has 26: 5000 tiles make too large a board to encode',
    );
    // The widest built-in move at the cap: a triangle from a hand of 12 (cell 20 + rotation 2 + slot 4).
    const hand12 = { ...DEFAULT_OPTIONS, halflingsHand: 12 as const };
    expect(checkMoveWidths(hand12, BUILTIN.defs, catalog, MAX_TILES, 6)).toBeUndefined();
    expect(checkMoveWidths(hand12, BUILTIN.defs, catalog, 600, 6)).toBe(
      'a "triangle" move of this game needs 27 bits (cell 21 + rotation 2 + handSlot 4) but a move has 26: 600 tiles make too large a board to encode',
    );
  });

  it('gives every action type of a registry its own move code, and refuses more than a move can name', () => {
    const codes = [...BUILTIN.actions.keys()].map((t) => BUILTIN.moveCode(t));
    expect(codes.slice(0, 3)).toEqual([0, 1, 2]); // pass, place, meeple
    expect(new Set(codes).size).toBe(codes.length);
    expect(Math.max(...codes)).toBeLessThan(MAX_ACTION_TYPES);
    const many = (n: number): ExpansionDef => ({
      id: `many-${n}`,
      actions: Array.from({ length: n }, (_, i) => ({
        type: `made-up-${i}` as ActionType,
        rule: 'Z-1',
        doc: 'a made-up action',
        fields: {},
        payload: () => ({}),
      })),
      create: () => {
        throw new Error('never played: only its registry is looked at');
      },
    });
    const room = MAX_ACTION_TYPES - BUILTIN.actions.size;
    expect(BUILTIN.with(many(room)).moveCode('made-up-0' as ActionType)).toBe(BUILTIN.actions.size);
    expect(() => BUILTIN.with(many(room + 1))).toThrow(
      `registry: ${MAX_ACTION_TYPES + 1} action types, but a move can name at most ${MAX_ACTION_TYPES}`,
    );
  });

  it(`caps a game at ${MAX_TILES} tiles and a tile file at ${MAX_EXTRA_TILES} definitions`, () => {
    const draws = Array.from({ length: MAX_TILES }, () => 'BA/C');
    const tooMany = createGame({ players: 2, draws });
    expect(tooMany.ok ? 'created' : tooMany.error.message).toMatch(
      `draws: a game holds at most ${MAX_TILES} tiles (start, set-up, pile and triangles); this one would hold ${MAX_TILES + 1}`,
    );
    expect(createGame({ players: 2, draws: draws.slice(1) }).ok).toBe(true);

    const triangle = (i: number) => ({
      id: `T${i}`,
      shape: 'triangle',
      features: [{ kind: 'field', halves: 'NL NR WL WR DL DR' }],
    });
    const defs = Array.from({ length: MAX_EXTRA_TILES + 1 }, (_, i) => triangle(i));
    const file = BUILTIN.catalog().withExtra(defs, 'my-tiles.json');
    expect(file.ok ? 'read' : file.error.message).toBe(
      `at most ${MAX_EXTRA_TILES} tile definitions in one file or record, not ${MAX_EXTRA_TILES + 1}`,
    );
    expect(BUILTIN.catalog().withExtra(defs.slice(1), 'my-tiles.json').ok).toBe(true);
    const game = createGame({ players: 2, seed: 1, expansions: ['halflings'], tiles: defs });
    expect(game.ok ? 'created' : game.error.code).toBe('tile/invalid');
  });
});
