/**
 * Two meeples of one player on one spot (H-13: a crop circle adds one beside one's own). Every
 * choice about one of them names it by its number (`meeple`), so both are offered, each is
 * accepted and acts on that meeple: the fairy (D-14, D-19), a tower's capture (T-3), the
 * princess (D-10) and a crop circle's removal (H-13). Without `meeple` such an action is refused
 * (`meeple/ambiguous`), and a `meeple` that is not there is refused too (`meeple/not-there`).
 *
 * The position: Ann (0) and Ben (1); start BA/RCr at (0,0): road 0, city 1 (north), fields 2, 3.
 * Halflings with the symbol triangles, drafted, one each: Ben takes H1-04, Ann the crop circle
 * H2-10. Ann's knight stands on the start's city.
 */
import { describe, expect, it } from 'vitest';
import type { Action, Game, GameConfig, RuleErrorCode } from '@carc/engine';
import { createGame, PRINCESS_AND_DRAGON, TOWER, unwrap, viewOf } from '@carc/engine';

const ANN = 0;
const BEN = 1;
const CITY = { x: 0, y: 0, feature: 1 };

function config(draws: string[], twinsInSetup = false): GameConfig {
  const knight = { player: ANN, ...CITY };
  return {
    players: 2,
    expansions: ['halflings', 'tower', 'princess-and-dragon'],
    options: { halflingsSymbols: 'on', halflingsDeal: 'draft', halflingsHand: 1 },
    draws,
    setup: { meeples: twinsInSetup ? [knight, knight] : [knight] },
  };
}

function act(g: Game, action: Action): void {
  const r = g.apply(action, g.toAct);
  if (!r.ok) throw new Error(`${JSON.stringify(action)} refused: ${r.error.code}: ${r.error.message}`);
}

function refusal(g: Game, action: Action): RuleErrorCode | 'accepted' {
  const r = g.encode(action, g.toAct);
  return r.ok ? 'accepted' : r.error.code;
}

/** Ben draws when he could play his triangle instead (H-4). */
function benDraws(g: Game): void {
  if (g.phaseName === 'turn') act(g, { type: 'draw' });
}

/** The legal actions of the given type. */
const listed = (g: Game, type: Action['type']): Action[] => g.legalActions().filter((a) => a.type === type);

/** Where Ann's meeples stand, by their number: a segment, -1 in supply, -2 held prisoner. */
const annMeeples = (g: Game): number[] => Array.from(g.state.meepleSeg.subarray(0, 7));

/**
 * Ann plays the crop circle at (0,1) nw, moves the fairy next to her knight and names knights, add:
 * Ben has none and is skipped, Ann adds a second knight beside hers. Ann's twins are #0 and #1.
 */
function twins(draws: string[]): Game {
  const g = unwrap(createGame(config(draws)));
  act(g, { type: 'draft', tile: 'H1-04' });
  act(g, { type: 'draft', tile: 'H2-10' });
  act(g, { type: 'triangle', tile: 'H2-10', x: 0, y: 1, rotation: 0 });
  act(g, { type: 'fairy', ...CITY });
  act(g, { type: 'crop-circle', meeple: 'knight', mode: 'add' });
  expect(g.toAct).toBe(ANN);
  // Adding goes beside a spot: one choice, naming no meeple.
  expect(listed(g, 'crop')).toEqual([{ type: 'crop', ...CITY }]);
  act(g, { type: 'crop', ...CITY });
  expect(viewOf(g, -1).meeples).toEqual([
    { player: ANN, ...CITY, kind: 'city', meeple: 0 },
    { player: ANN, ...CITY, kind: 'city', meeple: 1 },
  ]);
  return g;
}

const fairyMeeple = (g: Game): number => g.expansion(PRINCESS_AND_DRAGON)?.fairyMeeple ?? -9;

describe('two meeples on one spot (H-13)', () => {
  it('the fairy moves to the twin she does not stand by, and only to it (D-14, D-19)', () => {
    const g = twins(['BA/RFr', 'BA/RFr', 'BA/RFr']);
    expect(fairyMeeple(g)).toBe(0);
    benDraws(g);
    act(g, { type: 'place', x: -1, y: 0, rotation: 0 });
    act(g, { type: 'pass' });
    act(g, { type: 'place', x: -2, y: 0, rotation: 0 });
    // She stands by #0: moving her there is no move; #1 is offered, named.
    expect(listed(g, 'fairy')).toEqual([{ type: 'fairy', ...CITY, meeple: 1 }]);
    expect(refusal(g, { type: 'fairy', ...CITY })).toBe('meeple/ambiguous');
    expect(refusal(g, { type: 'fairy', ...CITY, meeple: 0 })).toBe('action/not-legal');
    expect(refusal(g, { type: 'fairy', ...CITY, meeple: 2 })).toBe('meeple/not-there');
    expect(refusal(g, { type: 'fairy', ...CITY, meeple: 7 })).toBe('action/malformed');
    const vague = g.encode({ type: 'fairy', ...CITY }, ANN);
    expect(vague.ok ? '' : vague.error).toMatchObject({
      rule: 'D-14',
      message:
        'player 0 has 2 meeples on the city (feature 1) at (0,0) (#0, #1): name one with "meeple": 0 or 1',
    });
    act(g, { type: 'fairy', ...CITY, meeple: 1 });
    expect(fairyMeeple(g)).toBe(1);
    benDraws(g);
    act(g, { type: 'place', x: -3, y: 0, rotation: 0 });
    act(g, { type: 'pass' });
    expect(g.isOver).toBe(true);
  });

  it('a tower captures either twin: both offered, each taken as named (T-3, D-18)', () => {
    const g = twins(['BA/RFr', 'BA/RFr', 'TO/RR', 'BA/RFr']);
    benDraws(g);
    act(g, { type: 'place', x: -1, y: 0, rotation: 0 });
    act(g, { type: 'pass' });
    act(g, { type: 'place', x: -2, y: 0, rotation: 0 });
    act(g, { type: 'fairy', ...CITY, meeple: 1 });
    benDraws(g);
    act(g, { type: 'place', x: 1, y: 0, rotation: 0 });
    act(g, { type: 'tower', x: 1, y: 0 });
    expect(g.phaseName).toBe('capture');
    const capture = (meeple: number): Action => ({ type: 'capture', owner: ANN, ...CITY, meeple });
    expect(g.legalActions()).toEqual([{ type: 'pass' }, capture(0), capture(1)]);
    expect(refusal(g, { type: 'capture', owner: ANN, ...CITY })).toBe('meeple/ambiguous');
    const seg = g.state.meepleSeg[0];

    // #1, the fairy's: Ben holds it; the fairy stays on her tile, next to nobody (D-18).
    const a = g.clone();
    act(a, capture(1));
    expect(annMeeples(a).slice(0, 2)).toEqual([seg, -2]);
    expect(a.expansion(TOWER)?.captor[1]).toBe(BEN);
    expect(fairyMeeple(a)).toBe(-1);
    expect(viewOf(a, -1).meeples).toEqual([{ player: ANN, ...CITY, kind: 'city', meeple: 0 }]);

    // #0: Ben holds it; the fairy is still next to #1.
    const b = g.clone();
    act(b, capture(0));
    expect(annMeeples(b).slice(0, 2)).toEqual([-2, seg]);
    expect(b.expansion(TOWER)?.captor[0]).toBe(BEN);
    expect(fairyMeeple(b)).toBe(1);
    // One knight left on the spot: actions name no meeple again.
    expect(viewOf(b, -1).meeples).toEqual([{ player: ANN, ...CITY, kind: 'city', meeple: 1 }]);
  });

  it('the princess sends either twin home (D-10)', () => {
    // DG/Ccc.p turned 180: its princess city (open east and west) joins the start's city.
    const g = twins(['BA/RFr', 'BA/RFr', 'DG/Ccc.p', 'BA/RFr']);
    benDraws(g);
    act(g, { type: 'place', x: -1, y: 0, rotation: 0 });
    act(g, { type: 'pass' });
    act(g, { type: 'place', x: -2, y: 0, rotation: 0 });
    act(g, { type: 'pass' });
    benDraws(g);
    act(g, { type: 'place', x: 0, y: -1, rotation: 180 });
    const princess = (meeple: number): Action => ({ type: 'princess', owner: ANN, ...CITY, meeple });
    expect(listed(g, 'princess')).toEqual([princess(0), princess(1)]);
    expect(refusal(g, { type: 'princess', owner: ANN, ...CITY })).toBe('meeple/ambiguous');
    for (const [m, other] of [
      [0, 1],
      [1, 0],
    ]) {
      const c = g.clone();
      const supply = c.state.supply[ANN];
      act(c, princess(m));
      expect(c.state.meepleSeg[m]).toBe(-1);
      expect(c.state.meepleSeg[other]).toBe(g.state.meepleSeg[other]);
      expect(c.state.supply[ANN]).toBe(supply + 1);
      // The fairy was by #0 since the crop-circle turn: she loses her meeple only with it (D-18).
      expect(fairyMeeple(c)).toBe(m === 0 ? -1 : 0);
    }
  });

  it('a crop circle removes either twin (H-13)', () => {
    // The twins stand there from the set-up; Ann plays the crop circle and names knights, remove.
    const g = unwrap(createGame(config(['BA/RFr', 'BA/RFr'], true)));
    act(g, { type: 'draft', tile: 'H1-04' });
    act(g, { type: 'draft', tile: 'H2-10' });
    act(g, { type: 'triangle', tile: 'H2-10', x: 0, y: 1, rotation: 0 });
    act(g, { type: 'fairy', ...CITY, meeple: 1 });
    act(g, { type: 'crop-circle', meeple: 'knight', mode: 'remove' });
    expect(g.toAct).toBe(ANN);
    const crop = (meeple: number): Action => ({ type: 'crop', ...CITY, meeple });
    // Removing is compulsory: no pass.
    expect(g.legalActions()).toEqual([crop(0), crop(1)]);
    expect(refusal(g, { type: 'crop', ...CITY })).toBe('meeple/ambiguous');
    expect(refusal(g, { type: 'crop', ...CITY, meeple: 5 })).toBe('meeple/not-there');
    for (const [m, other] of [
      [0, 1],
      [1, 0],
    ]) {
      const c = g.clone();
      act(c, crop(m));
      expect(c.state.meepleSeg[m]).toBe(-1);
      expect(c.state.meepleSeg[other]).toBe(g.state.meepleSeg[other]);
      expect(fairyMeeple(c)).toBe(m === 1 ? -1 : 1);
      expect(c.phaseName).toBe('turn');
    }
  });

  it('a crop circle adding beside twins still names no meeple, and accepts either one named (H-13)', () => {
    const g = unwrap(createGame(config(['BA/RFr', 'BA/RFr'], true)));
    act(g, { type: 'draft', tile: 'H1-04' });
    act(g, { type: 'draft', tile: 'H2-10' });
    act(g, { type: 'triangle', tile: 'H2-10', x: 0, y: 1, rotation: 0 });
    act(g, { type: 'pass' });
    act(g, { type: 'crop-circle', meeple: 'knight', mode: 'add' });
    expect(g.legalActions()).toEqual([{ type: 'pass' }, { type: 'crop', ...CITY }]);
    const plain = g.encode({ type: 'crop', ...CITY }, ANN);
    for (const meeple of [0, 1]) expect(g.encode({ type: 'crop', ...CITY, meeple }, ANN)).toEqual(plain);
    expect(refusal(g, { type: 'crop', ...CITY, meeple: 3 })).toBe('meeple/not-there');
    act(g, { type: 'crop', ...CITY, meeple: 1 });
    expect(
      annMeeples(g)
        .slice(0, 3)
        .every((s) => s === g.state.meepleSeg[0] && s >= 0),
    ).toBe(true);
  });
});
