/**
 * Halflings' state slice and hooks: hands, dealing and drafting (H-3), playing a triangle instead
 * of drawing (H-4), the symbol tiles (H-12..H-14, symbols.ts).
 *
 * The triangles in play are the built-in reconstruction (sets `halflings:1` and `halflings:2`,
 * H-0), or, when the game's extra tile definitions contain triangles (a player's file of their real
 * tiles), exactly those. Hill and sheep tiles never enter play; vineyard and crop-circle tiles only
 * with `halflings-symbols on` (H-14).
 *
 * State (declared in HALFLINGS_STATE and copied by `clone`):
 * - `hand[p · HAND_CAP + i]` for i < `handCount[p]`: the triangle kinds player p holds, face down;
 * - `pool[0..poolCount)`: the face-up triangles of a draft (`halflings-deal draft`), and
 *   `draftPicks` taken so far; when the draft is over the rest go back to the box.
 */
import type { Action } from '../../rules/actions.js';
import { encodeMove, moveType, movePayload } from '../../rules/actions.js';
import type { RuleError } from '../../rules/errors.js';
import { notAdjacent, whyNotFit, withinReach } from '../../rules/checked.js';
import { ruleError } from '../../rules/errors.js';
import type { ScoreEvent } from '../../rules/events.js';
import type { GameState } from '../../rules/state.js';
import type { StateFields } from '../../util/state.js';
import { copyState, statePart } from '../../util/state.js';
import type { StatePart } from '../../util/state.js';
import { nextInt } from '../../rules/rng.js';
import { ROTATIONS } from '../../types.js';
import type { ExpansionInstance, Step } from '../../rules/expansion.js';
import { MAX_HAND } from './options.js';
import { CROP_CIRCLE_STATE, CropCircle, vineyardBonus } from './symbols.js';
import { triangleKinds } from './tiles.js';
import { handSlotBits } from './vocabulary.js';
import type { HalflingsViewSlice } from './view.js';

/** Most triangles one hand can hold (the largest `halflings-hand`, H-3). */
const HAND_CAP = MAX_HAND;

export class Halflings implements ExpansionInstance {
  /** Its action types' codes in this game's moves. */
  readonly code: {
    readonly draw: number;
    readonly triangle: number;
    readonly draft: number;
    readonly cropCircle: number;
    readonly crop: number;
  };
  readonly moveTypes: readonly number[];
  readonly beforeDraw: readonly Step[];
  readonly steps: readonly { step: Step; where: 'before-score' | 'after-score' }[];
  readonly crop: CropCircle;
  readonly hand: Int16Array;
  readonly handCount: Int32Array;
  readonly pool: Int16Array;
  poolCount = 0;
  draftPicks = 0;
  /** Triangle move payload: hand slot in the low `slotBits`, then 2 bits of rotation, then the cell. */
  private readonly slotBits: number;

  /** `sizeOf`: a game's Halflings whose array sizes a copy takes (instead of finding the triangles again). */
  constructor(
    readonly game: GameState,
    sizeOf?: Halflings,
  ) {
    const g = game;
    this.code = {
      draw: g.moveCode('draw'),
      triangle: g.moveCode('triangle'),
      draft: g.moveCode('draft'),
      cropCircle: g.moveCode('crop-circle'),
      crop: g.moveCode('crop'),
    };
    this.moveTypes = Object.values(this.code);
    this.slotBits = handSlotBits(g.options);
    this.crop = new CropCircle(game, this.code);
    this.hand = new Int16Array(g.players * HAND_CAP);
    this.handCount = new Int32Array(g.players);
    if (sizeOf) {
      this.pool = new Int16Array(sizeOf.pool.length);
    } else {
      const kinds = triangleKinds(g.catalog, g.options);
      this.pool = Int16Array.from(kinds);
      this.poolCount = kinds.length;
    }
    this.beforeDraw = [this.draftStep(), this.handStep()];
    const crop = this.crop;
    this.steps = [
      {
        where: 'after-score',
        step: {
          id: 'crop-circle',
          enter: () => {
            if (!crop.pending) return false;
            crop.pending = false;
            crop.kind = -1;
            return true;
          },
          actor: () => crop.actor(),
          moves: (out) => crop.moves(out),
          play: (move) => crop.play(move),
        },
      },
    ];
  }

  /** H-3: the other players' hands are redrawn from every triangle `viewer` has not seen. */
  determinize(viewer: number): void {
    const g = this.game;
    const unseen: number[] = triangleKinds(g.catalog, g.options).slice();
    const drop = (k: number) => {
      const i = unseen.indexOf(k);
      if (i >= 0) unseen.splice(i, 1);
    };
    for (let s = 0; s < g.board.slotCount; s++)
      if (g.catalog.triangle[g.board.slotKind[s]] === 1) drop(g.board.slotKind[s]);
    for (let i = 0; i < this.poolCount; i++) drop(this.pool[i]);
    if (viewer >= 0) for (let i = 0; i < this.handCount[viewer]; i++) drop(this.hand[viewer * HAND_CAP + i]);
    for (let p = 0; p < g.players; p++) {
      if (p === viewer) continue;
      for (let i = 0; i < this.handCount[p]; i++) {
        const j = nextInt(g.rng, unseen.length);
        this.hand[p * HAND_CAP + i] = unseen[j];
        unseen.splice(j, 1);
      }
    }
  }

  onTurnStart(): void {
    this.crop.pending = false;
  }

  onTilePlaced(slot: number): void {
    const g = this.game;
    // H-13: the turn of a crop-circle triangle ends with the crop-circle action.
    if (g.catalog.hasSymbol(g.board.slotKind[slot], 'cropCircle')) this.crop.pending = true;
  }

  stateParts(): readonly StatePart[] {
    const kinds = this.game.catalog.defs.length;
    const bad = (a: Int16Array, n: number) => Array.from(a.subarray(0, n)).some((k) => k < 0 || k >= kinds);
    return [
      statePart('halflings', HALFLINGS_STATE, this, (h) => {
        const g = h.game;
        const counts = Array.from(h.handCount);
        const most = Math.min(HAND_CAP, g.options.halflingsHand);
        if (counts.some((n) => n < 0 || n > most)) return `a hand holds 0 to ${most} triangles`;
        if (h.poolCount > 0) {
          // A draft is on (H-3): each hand holds what its player picked, counter-clockwise.
          if (h.draftPicks >= g.players * most)
            return `draftPicks must be below ${g.players * most} while a draft is on`;
          for (let p = 0; p < g.players; p++) {
            let n = 0;
            for (let k = 0; k < h.draftPicks; k++)
              if ((((g.current - 1 - k) % g.players) + g.players) % g.players === p) n++;
            if (counts[p] !== n)
              return `handCount[${p}] must be ${n}, the triangles player ${p} drafted so far`;
          }
        }
        if (counts.some((n, p) => bad(h.hand.subarray(p * HAND_CAP), n)) || bad(h.pool, h.poolCount))
          return 'a triangle is not a tile kind of this game';
        if (h.draftPicks < 0 || h.poolCount < 0) return 'draftPicks and poolCount must be non-negative';
        return undefined;
      }),
      statePart('halflings.crop', CROP_CIRCLE_STATE, this.crop),
    ];
  }

  tilesHeld(out: number[]): void {
    for (let p = 0; p < this.game.players; p++)
      for (let i = 0; i < this.handCount[p]; i++) out.push(this.hand[p * HAND_CAP + i]);
    for (let i = 0; i < this.poolCount; i++) out.push(this.pool[i]);
  }

  clone(game: GameState): Halflings {
    const copy = new Halflings(game, this);
    copyState(HALFLINGS_STATE, copy, this);
    copyState(CROP_CIRCLE_STATE, copy.crop, this.crop);
    return copy;
  }

  /** Picks a draft must make: `halflings-hand` each, as far as the triangles go. */
  private get draftTotal(): number {
    return Math.min(this.game.players * this.game.options.halflingsHand, this.draftPicks + this.poolCount);
  }

  /** H-3: once the set-up is on the board (its triangles leave the set), the deal, from the seeded generator. */
  onStart(): void {
    const g = this.game;
    for (let s = 0; s < g.board.slotCount; s++) {
      const k = g.board.slotKind[s];
      for (let i = 0; i < this.poolCount; i++) {
        if (this.pool[i] === k) {
          this.pool[i] = this.pool[--this.poolCount];
          break;
        }
      }
    }
    if (g.options.halflingsDeal === 'draw') this.deal();
  }

  /** H-3: shuffled face down, each player draws `halflings-hand`; the rest stay in the box. */
  private deal(): void {
    const g = this.game;
    for (let round = 0; round < g.options.halflingsHand; round++) {
      for (let p = 0; p < g.players && this.poolCount > 0; p++) {
        const j = nextInt(g.rng, this.poolCount);
        this.give(p, this.pool[j]);
        this.pool[j] = this.pool[--this.poolCount];
      }
    }
    this.poolCount = 0;
  }

  private give(p: number, kind: number): void {
    this.hand[p * HAND_CAP + this.handCount[p]++] = kind;
  }

  private takeFromHand(p: number, i: number): number {
    const base = p * HAND_CAP;
    const kind = this.hand[base + i];
    this.hand[base + i] = this.hand[base + --this.handCount[p]];
    return kind;
  }

  /** H-3 draft: from the player who would play last, counter-clockwise, one face-up triangle each. */
  private draftStep(): Step {
    const g = this.game;
    const actor = () => (((g.current - 1 - this.draftPicks) % g.players) + g.players) % g.players;
    return {
      id: 'draft',
      enter: () => {
        if (this.draftPicks < this.draftTotal) return true;
        this.poolCount = 0; // the undrafted triangles go back to the box
        return false;
      },
      actor,
      moves: (out) => {
        for (let i = 0; i < this.poolCount; i++) out[i] = encodeMove(this.code.draft, i);
        return this.poolCount;
      },
      play: (move) => {
        const i = movePayload(move);
        this.give(actor(), this.pool[i]);
        this.pool[i] = this.pool[--this.poolCount];
        this.draftPicks++;
        if (this.draftPicks < this.draftTotal) return false;
        this.poolCount = 0;
        return true;
      },
    };
  }

  /** H-4: before drawing, the choice between a normal tile and a triangle from hand. */
  private handStep(): Step {
    const g = this.game;
    return {
      id: 'turn',
      // No decision without a playable triangle: the draw is then automatic.
      enter: () => this.hasPlayableTriangle(g.current),
      actor: () => g.current,
      moves: (out) => this.handMoves(out),
      // Random playouts: the draw, then (hand slot, placement candidate) — each move of handMoves
      // once. Every candidate space is the same size: the hand holds triangles only (H-3).
      candidates: () => 1 + this.handCount[g.current] * this.handSpace(),
      candidate: (i) => {
        if (i === 0) return encodeMove(this.code.draw, 0);
        const per = this.handSpace();
        const slot = Math.floor((i - 1) / per);
        const kind = this.hand[g.current * HAND_CAP + slot];
        const p = g.placementCandidate(kind, i - 1 - slot * per);
        return p === -1 ? -1 : this.encodeHand(slot, p & 3, p >>> 2);
      },
      play: (move) => {
        if (moveType(move) === this.code.triangle) {
          const { slot, q, c } = this.decodeHand(move);
          const kind = this.takeFromHand(g.current, slot);
          g.placeTile(kind, q, c);
        }
        return true;
      },
    };
  }

  /** H-4: a player holding a triangle that fits may play it instead of drawing. */
  placesInstead(p: number): boolean {
    return this.hasPlayableTriangle(p);
  }

  private hasPlayableTriangle(p: number): boolean {
    for (let i = 0; i < this.handCount[p]; i++) {
      if (this.game.board.fitsAnywhere(this.hand[p * HAND_CAP + i])) return true;
    }
    return false;
  }

  /** The draw plus every placement of every triangle in the current player's hand. */
  private handMoves(buf: Int32Array): number {
    const g = this.game;
    buf[0] = encodeMove(this.code.draw, 0);
    let n = 1;
    const p = g.current;
    for (let i = 0; i < this.handCount[p]; i++) {
      const kind = this.hand[p * HAND_CAP + i];
      n = g.collectPlacements(kind, buf, n, (c, q) => this.encodeHand(i, q, c));
    }
    return n;
  }

  /** The placement candidates of one triangle (GameState.placementCandidates): frontier and gaps, × 4. */
  private handSpace(): number {
    const b = this.game.board;
    return (b.frontierCount + b.gapCount) * 4;
  }

  /** H-4: the move playing hand slot `slot` turned `q` quarters on cell `c` (widths: see index.ts). */
  private encodeHand(slot: number, q: number, c: number): number {
    return encodeMove(this.code.triangle, (((c << 2) | q) << this.slotBits) | slot);
  }

  private decodeHand(move: number): { slot: number; q: number; c: number } {
    const payload = movePayload(move);
    const rest = payload >>> this.slotBits;
    return { slot: payload & ((1 << this.slotBits) - 1), q: rest & 3, c: rest >>> 2 };
  }

  toAction(move: number): Action {
    const g = this.game;
    const payload = movePayload(move);
    switch (moveType(move)) {
      case this.code.cropCircle:
      case this.code.crop:
        return this.crop.toAction(move);
      case this.code.draw:
        return { type: 'draw' };
      case this.code.draft:
        return { type: 'draft', tile: g.catalog.def(this.pool[payload]).id };
      default: {
        const { slot, q, c } = this.decodeHand(move);
        const kind = this.hand[g.current * HAND_CAP + slot];
        return {
          type: 'triangle',
          tile: g.catalog.def(kind).id,
          x: g.grid.x(c),
          y: g.grid.y(c),
          rotation: ROTATIONS[q],
        };
      }
    }
  }

  candidate(action: Action): { move: number } | RuleError | undefined {
    const g = this.game;
    switch (action.type) {
      case 'crop-circle':
      case 'crop':
        return this.crop.candidate(action);
      case 'draw':
        return { move: encodeMove(this.code.draw, 0) };
      case 'draft': {
        for (let i = 0; i < this.poolCount; i++) {
          if (g.catalog.def(this.pool[i]).id === action.tile) return { move: encodeMove(this.code.draft, i) };
        }
        return ruleError('action/not-legal', `no face-up triangle "${action.tile}" to take`, 'H-3');
      }
      case 'triangle': {
        const p = g.toAct;
        let i = 0;
        while (i < this.handCount[p] && g.catalog.def(this.hand[p * HAND_CAP + i]).id !== action.tile) i++;
        if (p < 0 || i === this.handCount[p]) {
          return ruleError('action/not-legal', `player ${p} holds no triangle "${action.tile}"`, 'H-4');
        }
        const c = g.grid.cell(action.x, action.y);
        const q = ROTATIONS.indexOf(action.rotation);
        if (c === undefined && q >= 0 && withinReach(g, action.x, action.y)) {
          // Past the grid (it grows with the board) but within a game's reach: an empty cell with
          // no tile beside it, refused as explain() refuses one on the grid.
          if (g.phaseName !== 'turn') {
            return ruleError(
              'action/wrong-phase',
              "a triangle is played instead of drawing, at the start of one's turn",
              'H-4',
            );
          }
          return notAdjacent(g, this.hand[p * HAND_CAP + i], q, action.x, action.y);
        }
        if (c === undefined || q < 0)
          return ruleError('tile/outside-board', `(${action.x},${action.y}) touches no tile`, 'H-4');
        return { move: this.encodeHand(i, q, c) };
      }
      default:
        return undefined;
    }
  }

  explain(move: number): RuleError | undefined {
    const g = this.game;
    const t = moveType(move);
    if (t === this.code.draft) return ruleError('action/wrong-phase', 'the draft is over', 'H-3');
    if (t === this.code.cropCircle || t === this.code.crop) {
      return ruleError('action/not-legal', 'not a crop-circle choice open now', 'H-13');
    }
    if (t !== this.code.triangle && t !== this.code.draw) return undefined;
    if (g.phaseName !== 'turn') {
      return ruleError(
        'action/wrong-phase',
        "a triangle is played instead of drawing, at the start of one's turn",
        'H-4',
      );
    }
    if (t === this.code.draw) return undefined;
    const { slot, q, c } = this.decodeHand(move);
    const kind = this.hand[g.current * HAND_CAP + slot];
    return whyNotFit(g, kind, q, c, g.grid.x(c), g.grid.y(c));
  }

  onScored(root: number, event: ScoreEvent): void {
    vineyardBonus(this.game, root, event);
  }

  view(viewer: number): HalflingsViewSlice {
    const g = this.game;
    const hands = Array.from({ length: g.players }, (_, p) =>
      p === viewer
        ? Array.from(
            this.hand.subarray(p * HAND_CAP, p * HAND_CAP + this.handCount[p]),
            (k) => g.catalog.def(k).id,
          ).sort()
        : null,
    );
    const draft = Array.from(this.pool.subarray(0, this.poolCount), (k) => g.catalog.def(k).id).sort();
    return { handSizes: Array.from(this.handCount), hands, draftPool: draft };
  }
}

const HALFLINGS_STATE: StateFields<Halflings> = {
  arrays: [{ key: 'hand' }, { key: 'handCount' }, { key: 'pool', span: (_d, s) => [0, s.poolCount] }],
  scalars: ['poolCount', 'draftPicks'],
};
