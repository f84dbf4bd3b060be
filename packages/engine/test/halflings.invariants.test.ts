/**
 * Invariant playouts with Halflings (H-1..H-14), alone and with The Tower and The Princess & the
 * Dragon, in every edition and deal: seeded random games checked after every move. Views
 * never show a player another player's hand (H-3). A failure names the seed, the expansions, the
 * options and the move index.
 */
import { describe, expect, test } from 'vitest';
import type { ExpansionId, Options } from '@carc/engine';
import { createGame, HALFLINGS, MEEPLES_PER_PLAYER, PRINCESS_AND_DRAGON, unwrap, viewOf } from '@carc/engine';
import { prng } from './playout.js';
import { compareWithEngine } from './reference.js';

const VARIANTS: Partial<Options>[] = [
  {},
  { halflingsEdition: '2020' },
  { halflingsEdition: '2015', halflingsHand: 2 },
  { halflingsDeal: 'draft', halflingsSymbols: 'on' },
  { halflingsEdition: '2015', halflingsSymbols: 'on', halflingsHand: 5, towerRange: 'diagonal' },
  { halflingsEdition: '2020', halflingsDeal: 'draft', fairyPlacement: 'on-tile', towerGaps: 'blocked' },
];

interface Tally {
  games: number;
  triangles: number;
  crops: number;
  drafts: number;
  hunts: number;
}

function play(
  seed: number,
  expansions: ExpansionId[],
  options: Partial<Options>,
  players: number,
  reference: boolean,
  t: Tally,
) {
  const g = unwrap(createGame({ players, seed, expansions, options, recordEvents: true }));
  const hl = g.expansion(HALFLINGS)!;
  const pd = g.expansion(PRINCESS_AND_DRAGON);
  const triangles = hl.handCount.reduce((a, b) => a + b, 0) + hl.poolCount;
  const rand = prng(seed ^ 0x4a1f);
  const buf = new Int32Array(g.maxMoves);
  let index = -1;
  let read = 0;
  const fail = (msg: string): never => {
    throw new Error(
      `seed ${seed}, ${expansions.join('+')}, ${players} players, ${JSON.stringify(options)}, move ${index}: ${msg}`,
    );
  };
  const check = (views: boolean) => {
    for (; read < g.events.length; read++) {
      const e = g.events[read];
      if (e.type === 'place' && g.catalog.triangle[g.catalog.kindOf(e.tile)!] === 1) t.triangles++;
      if (e.type === 'dragon' && e.rule === 'D-7') t.hunts++;
    }
    for (let p = 0; p < players; p++) {
      let onBoard = 0;
      let away = 0;
      for (let i = p * MEEPLES_PER_PLAYER; i < (p + 1) * MEEPLES_PER_PLAYER; i++) {
        if (g.state.meepleSeg[i] >= 0) onBoard++;
        if (g.state.meepleSeg[i] === -2) away++;
      }
      if (onBoard + away + g.state.supply[p] !== MEEPLES_PER_PLAYER)
        fail(`player ${p}: meeples not conserved`);
      if (g.scores[p] < 0) fail(`player ${p}: negative score (B-10)`);
    }
    // Triangles are conserved: in hands, in the draft pool, on the board (H-3, H-4).
    let onBoard = 0;
    for (let s = 0; s < g.state.board.slotCount; s++)
      if (g.catalog.triangle[g.state.board.slotKind[s]] === 1) onBoard++;
    const inHands = hl.handCount.reduce((a, b) => a + b, 0);
    const draftOver = g.phaseName !== 'draft' && g.turn > 0;
    if (!draftOver && inHands + hl.poolCount + onBoard !== triangles) fail('triangles not conserved');
    if (draftOver && hl.poolCount !== 0) fail('undrafted triangles were not returned to the box');
    // H-1: a cell holds a square or two complementary triangles.
    for (let s = 0; s < g.state.board.slotCount; s++) {
      const c = g.state.board.slotCell[s];
      if (g.state.board.cellTiles[c] === 2 && g.catalog.triangle[g.state.board.slotKind[s]] === 0)
        fail('a square shares a cell');
    }
    if (pd && pd.dragonUnit >= 0) {
      for (const seg of g.state.meepleSeg)
        if (seg >= 0 && g.state.units.contains(pd.dragonUnit, g.state.graph.slot[seg]))
          fail('a meeple on the dragon');
    }
    if (views) {
      // H-3: nobody sees another player's hand; everybody sees the hand sizes.
      for (let v = -1; v < players; v++) {
        const { hands, handSizes } = viewOf(g, v);
        if (!hands || !handSizes) return fail('no Halflings slice in the view');
        hands.forEach((h, p) => {
          if (p !== v && h !== null) fail(`player ${v} sees player ${p}'s hand`);
          if (p === v && h?.length !== hl.handCount[p]) fail(`player ${v} does not see their own hand`);
        });
        if (JSON.stringify(handSizes) !== JSON.stringify(Array.from(hl.handCount))) fail('hand sizes');
      }
    }
    if (reference) {
      const diffs = compareWithEngine(g);
      if (diffs.length > 0) fail(`engine and reference disagree: ${diffs.slice(0, 5).join('; ')}`);
    }
  };
  check(true);
  for (index = 0; !g.isOver; index++) {
    const n = g.legalMoves(buf);
    if (n === 0) fail('no legal move, yet the game is not over');
    const m = buf[rand() % n];
    const a = g.toAction(m);
    if (a.type === 'crop-circle') t.crops++;
    if (a.type === 'draft') t.drafts++;
    g.play(m);
    check(index % 25 === 0);
  }
  // H-6: the game ends on the last normal tile; triangles may stay in hand.
  if (g.state.bagCount !== 0) fail('the pile is not empty at the end');
  t.games++;
}

/** Games per expansion set and variant: 300 under `npm run test:soak` (CARC_SOAK=1), 200 in `npm test`. */
const GAMES = process.env.CARC_SOAK === '1' ? 300 : 200;

describe('H-1..H-14 invariant playouts with Halflings', () => {
  const tally: Tally = { games: 0, triangles: 0, crops: 0, drafts: 0, hunts: 0 };
  const sets: ExpansionId[][] = [['halflings'], ['halflings', 'tower', 'princess-and-dragon']];

  test.each(
    sets.flatMap((expansions) =>
      VARIANTS.map((options, i) => [expansions.join('+'), i, expansions, options] as const),
    ),
  )(`%s, variant %i — ${GAMES} games, 1..6 players`, (_, i, expansions, options) => {
    for (let k = 0; k < GAMES; k++)
      play(i * 1000 + k + expansions.length * 7717, [...expansions], options, 1 + (k % 6), k < 20, tally);
  });

  test('the mechanics were exercised (tally)', () => {
    console.log(`halflings: ${JSON.stringify(tally)}`);
    expect(tally.games).toBe(2 * VARIANTS.length * GAMES);
    for (const k of ['triangles', 'crops', 'drafts', 'hunts'] as const)
      expect(tally[k], k).toBeGreaterThan(50);
  });
});
