/**
 * The board's contract (in the manner of chessground): the board is given what to draw as data and
 * reports what the player chose; it knows no rules. Everything it may offer comes from the hints
 * the server (or the local worker) sends with every view (`DecisionHints`, docs/protocol.md), and
 * every choice it reports is one of the actions listed there, never one it built. Its words (labels,
 * titles, the final scoring bar) are in the language of its page (`<html lang>`: en, nl or ro),
 * and follow a change of it at once (board/words.ts).
 */
import type { TileLookup } from '@carc/art';
import type { Action, DecisionHints, GameEvent, GameView, TileDef } from '@carc/engine';

/** The tiles a board draws: their definitions by id and every kind (the engine's `Catalog` fits). */
export interface BoardTiles extends TileLookup {
  readonly defs: readonly TileDef[];
}

/** What a board is made with. */
export interface BoardOptions {
  /** The tile definitions of the game shown: the board draws them, it does not look them up. */
  tiles: BoardTiles;
}

export interface BoardInput {
  /** What the viewer sees: tiles, figures, the drawn tile, the viewer's hand of triangles… */
  view: GameView;
  /** The viewer's decision, when it is theirs (placements, targets with coverage) and the last round. */
  hints: DecisionHints;
  /** Player names, to label figures (colour-blind safe: a letter or shape besides the colour). */
  players: readonly string[];
  /** Whether the viewer may act now (false while an answer is awaited, or for a spectator). */
  interactive: boolean;
  /**
   * The step that led to `view` (the last one seen), if known: the board shows what it scored (the
   * features lit with "+N", the meeples going home; final scoring feature by feature). Each step
   * shows once, when it arrives: not on the board's first drawing (a game opened late, a replay).
   */
  step?: BoardStep;
}

/** A step of the game as the board reads it: its version and its events. */
export interface BoardStep {
  /** The version the step made: tells steps apart. */
  version: number;
  events: readonly GameEvent[];
}

/** A placement previewed on the board, before it is confirmed. */
export interface BoardPreview {
  tile: string;
  /** Degrees clockwise. */
  rotation: number;
  x: number;
  y: number;
}

export interface BoardEvents {
  /** The player confirmed one of the hinted actions (a placement with its rotation, or a target). */
  choose(action: Action): void;
  /** The placement previewed changed (a cell chosen, ↻), or null when none is (cancelled, confirmed). */
  preview?(preview: BoardPreview | null): void;
}

export interface Board {
  /** Redraws for a new input (a new view, new hints). */
  update(input: BoardInput): void;
  /** Keyboard: the next legal rotation of the tile being placed. */
  rotate(): void;
  /** Keyboard: confirm the pending placement. */
  confirm(): void;
  /** Frames every tile. */
  fit(): void;
  destroy(): void;
}
