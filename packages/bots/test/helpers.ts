/** Test helpers: game set-ups covering every expansion combination and the options with decisions of their own. */
import type { ExpansionId, GameConfig, Options, Game } from '@carc/engine';
import { createGame, unwrap } from '@carc/engine';

/** Every subset of the three expansions, the base game first. */
export const EXPANSION_SETS: readonly (readonly ExpansionId[])[] = [
  [],
  ['halflings'],
  ['tower'],
  ['princess-and-dragon'],
  ['halflings', 'tower'],
  ['halflings', 'princess-and-dragon'],
  ['tower', 'princess-and-dragon'],
  ['halflings', 'tower', 'princess-and-dragon'],
];

/** Option sets cycled through, so that every kind of decision comes up (draft, crop circle, must…). */
export const OPTION_SETS: readonly Partial<Options>[] = [
  {},
  { halflingsDeal: 'draft', halflingsSymbols: 'on', princessAction: 'must', dragonMove: 'after-scoring' },
  { halflingsSymbols: 'on', fairyPlacement: 'on-tile', towerRange: 'diagonal', halflingsEdition: '2015' },
  { halflingsDeal: 'draft', fairyBonus: '5', dragonSetAside: 'reshuffle', halflingsEdition: '2020' },
];

export function newGame(config: GameConfig): Game {
  return unwrap(createGame(config));
}

/** Plays `moves` uniformly random moves (a fixed LCG from `seed`). */
export function playRandomly(g: Game, moves: number, seed: number): void {
  const buf = new Int32Array(g.maxMoves);
  let r = seed >>> 0;
  for (let i = 0; i < moves && !g.isOver; i++) {
    r = (Math.imul(r, 1103515245) + 12345) >>> 0;
    g.play(buf[(r >>> 8) % g.legalMoves(buf)]!);
  }
}

/** Plays random moves until the player to act faces a decision of `phase` with several moves. */
export function playUntil(g: Game, phase: string, seed: number, limit = 400): boolean {
  const buf = new Int32Array(g.maxMoves);
  let r = seed >>> 0;
  for (let i = 0; i < limit && !g.isOver; i++) {
    if (g.phaseName === phase && g.legalMoves(buf) > 1) return true;
    r = (Math.imul(r, 1103515245) + 12345) >>> 0;
    g.play(buf[(r >>> 8) % g.legalMoves(buf)]!);
  }
  return false;
}

/** The tiles `g` will draw next when every decision takes the first legal move (up to `count`). */
export function nextDraws(g: Game, count = 8): string {
  const d = g.clone();
  const out: string[] = [];
  const buf = new Int32Array(d.maxMoves);
  while (!d.isOver && out.length < count) {
    if (d.phaseName === 'place' && d.drawnTile !== undefined) out.push(d.drawnTile);
    d.legalMoves(buf);
    d.play(buf[0]!);
  }
  return out.join(' ');
}
