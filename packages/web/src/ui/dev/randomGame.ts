/**
 * A whole game played by random moves with the engine (for the dev page and the tests): every step
 * as a match reports it, and views along the way.
 */
import type { GameView, MatchStep, Options } from '@carc/engine';
import { EXPANSION_IDS, Match } from '@carc/engine';

export interface RandomGame {
  names: string[];
  steps: MatchStep[];
  match: Match;
  /** The view of seat `viewer` after each version (index = version), when asked for. */
  views: GameView[];
}

/** A small deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RandomGameOptions {
  players?: number;
  seed?: number;
  expansions?: readonly string[];
  options?: Partial<Options>;
  /** Stop after this many steps (default: the end of the game). */
  maxSteps?: number;
  /** Keep the view of this seat after every step (−1: a spectator's). */
  viewer?: number;
}

export function randomGame(o: RandomGameOptions = {}): RandomGame {
  const players = o.players ?? 3;
  const names = ['Ada', 'Bo', 'Cy', 'Dee', 'Eve', 'Fox'].slice(0, players);
  const created = Match.create(
    {
      players,
      expansions: o.expansions ?? EXPANSION_IDS,
      options: o.options ?? {},
      seed: o.seed ?? 1,
      recordEvents: true,
    },
    names,
  );
  if (!created.ok) throw new Error(created.error.message);
  const match = created.value;
  const rand = prng(o.seed ?? 1);
  const steps: MatchStep[] = [];
  const views: GameView[] = [];
  const keep = (): void => {
    if (o.viewer !== undefined) views.push(match.view(o.viewer < 0 ? 'spectator' : o.viewer));
  };
  keep();
  while (!match.isOver && steps.length < (o.maxSteps ?? Infinity)) {
    const p = match.toAct;
    const legal = match.view(p).legalActions;
    const action = legal[Math.floor(rand() * legal.length)];
    if (action === undefined) throw new Error(`no legal action for player ${p}`);
    const r = match.submit(p, action, match.version);
    if (!r.ok) throw new Error(r.error.message);
    steps.push(r.value);
    keep();
  }
  return { names, steps, match, views };
}
