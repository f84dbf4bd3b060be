/**
 * The Princess & the Dragon's slice of a view (built by dragonView in dragon.ts and fairyView in
 * fairy.ts): the dragon, the set-aside dragon tiles, the hunt in progress and the fairy, all public.
 */
import type { ExpansionViews, PlaceView } from '../../rules/view.js';

/** D-7: the hunt in progress. */
export interface HuntView {
  /** The number (1..6) of the dragon's next move. */
  step: number;
  /** Where the dragon has been in this hunt, its starting place first (it may not go back). */
  visited: PlaceView[];
}

/** D-14, D-19: the meeple the fairy stands next to. */
export interface FairyMeepleView extends PlaceView {
  player: number;
  /** The meeple's feature index on its tile. */
  feature: number;
  /** The owner's meeple number (0..6), telling two meeples on one spot apart (H-13, D-19). */
  meeple: number;
}

/** D-14: the tile the fairy stands on. */
export interface FairyView extends PlaceView {
  /** D-19: the one meeple she is next to, if any (D-17, D-18: none after it has left the board). */
  meeple?: FairyMeepleView;
}

declare module '../../rules/view.js' {
  interface ExpansionViews {
    /** D-3, D-6: where the dragon stands (H-11: a cell, or a tile), or null before the first volcano. */
    dragon: PlaceView | null;
    /** D-6: the dragon tiles drawn before the first volcano and set aside, by id, in the order drawn. */
    setAside: string[];
    /** D-7: the hunt, only while it is in progress (phase `dragon`). */
    hunt?: HuntView;
    /** D-14: the fairy, or null while she is off the board. */
    fairy: FairyView | null;
  }
}

/** The fields of The Princess & the Dragon's slice. */
export type PrincessDragonViewSlice = Pick<ExpansionViews, 'dragon' | 'setAside' | 'hunt' | 'fairy'>;
