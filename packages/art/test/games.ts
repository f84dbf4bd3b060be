/**
 * Test helpers: whole games played by random legal moves with every built-in expansion, each step
 * with the acting player's view before it (what its action is read against) and the table after it
 * (what its events are read against).
 */
import type { Action, GameEvent, GameView, MatchResult, Options } from '@carc/engine';
import { EXPANSION_IDS, Match } from '@carc/engine';
import { prng } from '../../engine/test/playout.js';

export interface PlayedStep {
  player: number;
  action: Action;
  /** The acting player's view before the action. */
  before: GameView;
  /** A spectator's view after it. */
  after: GameView;
  events: readonly GameEvent[];
  /** H-13: the crop circle's named action, for the choices that follow it. */
  cropMode?: 'add' | 'remove';
}

export interface PlayedGame {
  names: string[];
  steps: PlayedStep[];
  result: MatchResult;
  events: GameEvent[];
}

export function randomGame(o: { players: number; seed: number; options?: Partial<Options> }): PlayedGame {
  const names = ['Ada', 'Bo', 'Cy', 'Dee', 'Eve', 'Fox'].slice(0, o.players);
  const created = Match.create(
    {
      players: o.players,
      expansions: EXPANSION_IDS,
      options: o.options ?? {},
      seed: o.seed,
      recordEvents: true,
    },
    names,
  );
  if (!created.ok) throw new Error(created.error.message);
  const match = created.value;
  const next = prng(o.seed);
  const rand = (): number => next() / 2 ** 32;
  const steps: PlayedStep[] = [];
  let cropMode: 'add' | 'remove' | undefined;
  while (!match.isOver) {
    const player = match.toAct;
    const before = match.view(player);
    const action = before.legalActions[Math.floor(rand() * before.legalActions.length)];
    if (action === undefined) throw new Error(`no legal action for player ${player}`);
    if (action.type === 'crop-circle') cropMode = action.mode;
    const r = match.submit(player, action, match.version);
    if (!r.ok) throw new Error(r.error.message);
    steps.push({
      player,
      action,
      before,
      after: match.view('spectator'),
      events: r.value.events,
      ...(cropMode ? { cropMode } : {}),
    });
    if (action.type === 'place' || action.type === 'draw') cropMode = undefined;
  }
  return { names, steps, result: match.result, events: steps.flatMap((s) => s.events) };
}

/** Games with all three expansions and several options, 2 to 5 players. */
export const GAMES: readonly { players: number; seed: number; options?: Partial<Options> }[] = [
  { players: 2, seed: 11 },
  { players: 3, seed: 12, options: { halflingsDeal: 'draft', halflingsSymbols: 'on' } },
  { players: 4, seed: 13, options: { fairyBonus: '5', towerRange: 'diagonal' } },
  { players: 5, seed: 14, options: { halflingsSymbols: 'on' } },
  // A crop circle whose choices are played (H-13), and a tile that fits nowhere (B-5).
  { players: 3, seed: 30, options: { halflingsSymbols: 'on' } },
];
