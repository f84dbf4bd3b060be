/**
 * The board on real positions, for trying it in a browser (`npm run dev -w @carc/web`, then
 * /board.html) and for its browser test (packages/web/test/board.test.ts). A game with all three
 * expansions is played at random from a seed until it reaches the position the query asks for:
 *
 * - `scenario=place` (default): a tile to place, mid-game, with a cell allowing several rotations;
 * - `scenario=triangle`: a Halflings triangle to place from the hand, on a cell taking it in
 *   several ways;
 * - `scenario=target`: figure targets, one of them on a feature over several tiles, and a tower
 *   piece and a meeple on that tower offered at one point;
 * - `scenario=large`: a tile to place on a board of 150 tiles or more (for `npm run bench:web`):
 *   one box holds fewer, so the pile is two boxes' tiles, shuffled;
 * - `scenario=score`: the board before a step that completes a city with a meeple on it, and
 *   `window.boardTest.advance()` to draw the step (its score shown on the board);
 * - `scenario=final`: the board before a short game's last step (with final scoring), and
 *   `advance()` to draw it;
 * - `seed=N` the first seed tried, `play=1` applies every choice (hotseat) instead of only
 *   recording it;
 * - `lang=nl` (or `ro`) the page's language, which the board speaks (`<html lang>`, see words.ts).
 *
 * `window.boardTest` holds what the test reads: the hints given and every action chosen.
 */
import type { Action, DecisionHints, Game, GameEvent, ScoreEvent } from '@carc/engine';
import { BUILTIN, createGame, decisionHints, viewOf } from '@carc/engine';
import { createBoard } from './board.js';
import type { BoardInput } from './types.js';

interface BoardTest {
  scenario: string;
  seed: number;
  hints: DecisionHints;
  /** The board's last input. */
  input: BoardInput;
  chosen: Action[];
  board: ReturnType<typeof createBoard>;
  /** How long the first update() took (every tile drawn), ms. */
  firstUpdateMs: number;
  /** From the first update() to its frame painted (style, layout and paint included), ms. */
  firstPaintMs?: number;
  /** Scenarios `score` and `final`: draws the step and returns its score events. */
  advance?: () => ScoreEvent[];
}

declare global {
  interface Window {
    boardTest?: BoardTest;
  }
}

const PLAYERS = ['Ann', 'Bob', 'Cleo'];

/** A small seeded generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whether the decision in front of the player to act is the one the scenario asks for. */
function fits(scenario: string, game: Game, hints: DecisionHints): boolean {
  const tiles = game.state.board.slotCount;
  const placements = hints.placements ?? [];
  const targets = hints.targets ?? [];
  switch (scenario) {
    case 'triangle':
      return (
        tiles >= 14 &&
        placements.some(
          (c) => c.placements.length >= 2 && c.placements.every((p) => p.action.type === 'triangle'),
        )
      );
    case 'large':
      return tiles >= 150 && placements.length > 0;
    case 'target':
      return (
        tiles >= 24 &&
        targets.some((t) => (t.coverage?.length ?? 0) >= 3) &&
        targets.some((t) => t.action.type === 'tower') &&
        targets.some((t) => t.action.type === 'tower-meeple')
      );
    default:
      return (
        tiles >= 30 &&
        placements.some((c) => c.placements.length >= 2) &&
        placements.every((c) => c.placements.every((p) => p.action.type === 'place'))
      );
  }
}

const EXPANSIONS = ['halflings', 'tower', 'princess-and-dragon'] as const;

/** The tiles of two boxes (the pile of a seeded game, twice), shuffled. */
function twoBoxes(seed: number, rnd: () => number): string[] {
  const made = createGame({ players: PLAYERS.length, expansions: EXPANSIONS, seed });
  if (!made.ok) throw new Error(made.error.message);
  const { bag, bagCount } = made.value.state;
  const catalog = BUILTIN.catalog();
  const box = Array.from(bag.subarray(0, bagCount), (kind) => catalog.def(kind).id);
  const tiles = [...box, ...box];
  for (let i = tiles.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [tiles[i], tiles[j]] = [tiles[j] ?? '', tiles[i] ?? ''];
  }
  return tiles;
}

/** Plays at random from `seed` (then the next seeds) until the scenario's position. */
function position(scenario: string, seed: number): { game: Game; seed: number } {
  for (let s = seed; s < seed + 200; s++) {
    const rnd = random(s);
    const made = createGame({
      players: PLAYERS.length,
      expansions: EXPANSIONS,
      ...(scenario === 'large' ? { draws: twoBoxes(s, rnd) } : { seed: s }),
    });
    if (!made.ok) throw new Error(made.error.message);
    const game = made.value;
    for (let step = 0; step < 1_000 && !game.isOver; step++) {
      if (fits(scenario, game, decisionHints(game, game.toAct))) return { game, seed: s };
      const actions = game.legalActions();
      // Prefer figures to passing, so that the board fills with meeples, towers and the fairy.
      const figures = actions.filter((a) => a.type !== 'pass');
      const pool = figures.length > 0 && rnd() < 0.7 ? figures : actions;
      const action = pool[Math.floor(rnd() * pool.length)];
      if (!action) break;
      const r = game.apply(action);
      if (!r.ok) throw new Error(r.error.message);
    }
  }
  throw new Error(`no position for scenario ${scenario}`);
}

/**
 * Plays at random until a step whose events `wanted` accepts: the view before it, and the step.
 * `final`: a short game (a box's first tiles) played to its end, and its last step.
 */
function stepPosition(
  scenario: string,
  seed: number,
): { game: Game; seed: number; before: BoardInput; events: GameEvent[]; version: number } {
  const wanted = (events: readonly GameEvent[]): boolean =>
    scenario === 'final'
      ? events.some((e) => e.type === 'end') && events.some((e) => e.type === 'score' && e.final)
      : events.some((e) => e.type === 'score' && !e.final && e.kind === 'city' && e.players.length > 0);
  for (let s = seed; s < seed + 200; s++) {
    const rnd = random(s);
    const made = createGame({
      players: PLAYERS.length,
      expansions: EXPANSIONS,
      recordEvents: true,
      ...(scenario === 'final' ? { draws: twoBoxes(s, rnd).slice(0, 24) } : { seed: s }),
    });
    if (!made.ok) throw new Error(made.error.message);
    const game = made.value;
    for (let step = 1; step < 1_000 && !game.isOver; step++) {
      const before: BoardInput = {
        view: viewOf(game, 0),
        hints: { lastRound: [] },
        players: PLAYERS,
        interactive: false,
      };
      const actions = game.legalActions();
      const figures = actions.filter((a) => a.type !== 'pass');
      const pool = figures.length > 0 && rnd() < 0.8 ? figures : actions;
      const action = pool[Math.floor(rnd() * pool.length)];
      if (!action) break;
      const seen = game.events.length;
      const r = game.apply(action);
      if (!r.ok) throw new Error(r.error.message);
      const events = game.events.slice(seen);
      if (wanted(events)) return { game, seed: s, before, events, version: step };
    }
  }
  throw new Error(`no position for scenario ${scenario}`);
}

const params = new URLSearchParams(location.search);
const lang = params.get('lang');
if (lang !== null) document.documentElement.lang = lang;
const scenario = params.get('scenario') ?? 'place';
const play = params.get('play') === '1';
const stepScenario = scenario === 'score' || scenario === 'final';
const stepFound = stepScenario ? stepPosition(scenario, Number(params.get('seed') ?? '1')) : undefined;
const found = stepFound ?? position(scenario, Number(params.get('seed') ?? '1'));
const game = found.game;
const container = document.getElementById('board');
if (!container) throw new Error('board.html has no #board');

const input = (): BoardInput => ({
  view: viewOf(game, game.toAct),
  hints: decisionHints(game, game.toAct),
  players: PLAYERS,
  interactive: !game.isOver,
});

const first = stepFound?.before ?? input();
const board = createBoard(
  container,
  {
    choose(action) {
      test.chosen.push(action);
      if (!play) return;
      const r = game.apply(action);
      if (!r.ok) throw new Error(r.error.message);
      const next = input();
      test.hints = next.hints;
      test.input = next;
      board.update(next);
    },
  },
  { tiles: BUILTIN.catalog() },
);
const test: BoardTest = {
  scenario,
  seed: found.seed,
  hints: first.hints,
  input: first,
  chosen: [],
  board,
  firstUpdateMs: 0,
};
if (stepFound) {
  test.advance = () => {
    const next: BoardInput = {
      ...input(),
      view: viewOf(game, 0),
      interactive: false,
      step: { version: stepFound.version, events: stepFound.events },
    };
    test.input = next;
    board.update(next);
    return stepFound.events.filter((e): e is ScoreEvent => e.type === 'score');
  };
}
const started = performance.now();
board.update(first);
test.firstUpdateMs = performance.now() - started;
requestAnimationFrame(() => setTimeout(() => (test.firstPaintMs = performance.now() - started)));
window.boardTest = test;
