/**
 * Prisoners (T-3, T-5, T-6; X-7): exchange and ransom.
 *
 * T-5: whenever two players each hold a prisoner of the other, one pair is swapped at once, and
 * again while possible. Ruling: one player's meeples are all alike, so which of several comes back
 * changes nothing; the engine frees the lowest-numbered one without asking.
 * T-6: during their own turn a player with at least 3 points may buy back one of their meeples
 * from its captor for 3 points, once per turn. It is a free action (`freeMoves`), open at every
 * decision of that turn at which they are the player to act: before the draw (H-3 draft, H-4), in
 * the place and action phases, and in the steps after phase 2 (the capture, their own steps of the
 * dragon's hunt, the crop circle). Not at another player's decision, even within one's turn (a
 * hunt step of another player). The freed meeple goes back to the supply and may be placed again
 * in the same turn when phase 2 is yet to come. Option `tower-ransom off` forbids it.
 */
import type { Action } from '../../rules/actions.js';
import { encodeMove, moveType, movePayload } from '../../rules/actions.js';
import type { RuleError } from '../../rules/errors.js';
import { ruleError } from '../../rules/errors.js';
import type { Tower } from './state.js';

/** The first meeple of `owner` held by `captor`, or -1. */
function heldBy(tw: Tower, owner: number, captor: number): number {
  const per = tw.captor.length / tw.game.players;
  for (let i = owner * per; i < (owner + 1) * per; i++) if (tw.captor[i] === captor) return i;
  return -1;
}

function free(tw: Tower, i: number): void {
  tw.captor[i] = -1;
  tw.game.releaseMeeple(i);
}

/** T-5: swaps prisoners pair by pair while two players hold each other's meeples. */
export function exchangePrisoners(tw: Tower): void {
  const g = tw.game;
  for (let a = 0; a < g.players; a++) {
    for (let b = a + 1; b < g.players; b++) {
      for (;;) {
        const ia = heldBy(tw, a, b);
        const ib = heldBy(tw, b, a);
        if (ia < 0 || ib < 0) break;
        free(tw, ia);
        free(tw, ib);
        if (g.recordEvents) g.emit({ type: 'exchange', players: [a, b], rule: 'T-5' });
      }
    }
  }
}

const mayRansom = (tw: Tower): boolean => {
  const g = tw.game;
  return (
    g.options.towerRansom === 'on' &&
    tw.ransomTurn !== g.turn &&
    !g.isOver &&
    g.toAct === g.current &&
    g.scores[g.current] >= 3
  );
};

/** T-6: one ransom move per captor holding one of the current player's meeples. */
export function ransomActions(tw: Tower, out: Int32Array, n: number): number {
  if (!mayRansom(tw)) return n;
  const g = tw.game;
  for (let c = 0; c < g.players; c++) {
    if (c === g.current) continue;
    const i = heldBy(tw, g.current, c);
    if (i >= 0) out[n++] = encodeMove(tw.code.ransom, i);
  }
  return n;
}

export function playRansom(tw: Tower, move: number): void {
  const g = tw.game;
  const i = movePayload(move);
  const captor = tw.captor[i];
  g.award(g.current, -3);
  g.award(captor, 3);
  tw.ransomTurn = g.turn;
  free(tw, i);
  if (g.recordEvents) g.emit({ type: 'ransom', player: g.current, captor, points: 3, rule: 'T-6' });
}

export function ransomAction(tw: Tower, move: number): Action {
  return { type: 'ransom', captor: tw.captor[movePayload(move)] };
}

export function ransomCandidate(tw: Tower, a: { captor: number }): { move: number } | RuleError {
  const g = tw.game;
  if (!Number.isInteger(a.captor) || a.captor < 0 || a.captor >= g.players) {
    return ruleError('action/malformed', `ransom: captor must be a player from 0 to ${g.players - 1}`);
  }
  const i = heldBy(tw, g.toAct, a.captor);
  if (i < 0)
    return ruleError('ransom/not-allowed', `player ${a.captor} holds no meeple of player ${g.toAct}`, 'T-6');
  return { move: encodeMove(tw.code.ransom, i) };
}

export function explainRansom(tw: Tower, move: number): RuleError | undefined {
  if (moveType(move) !== tw.code.ransom) return undefined;
  const g = tw.game;
  const why =
    g.options.towerRansom === 'off'
      ? 'tower-ransom off: prisoners cannot be bought back'
      : g.toAct !== g.current
        ? `a ransom is paid only in one's own turn: this is player ${g.current}'s turn`
        : tw.ransomTurn === g.turn
          ? 'only one ransom per turn'
          : `a ransom costs 3 points and player ${g.current} has ${g.scores[g.current]}`;
  return ruleError('ransom/not-allowed', why, 'T-6');
}
