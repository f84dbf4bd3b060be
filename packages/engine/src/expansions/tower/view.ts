/** The Tower's slice of a view (state.ts builds it): towers, pieces and prisoners are all public. */
import type { ExpansionViews, PlaceView } from '../../rules/view.js';

/** A tower foundation on the board (T-1) and the tower on it. */
export interface TowerView extends PlaceView {
  /** The foundation's feature index on its tile. */
  feature: number;
  /** T-8: pieces built on it (0: a bare foundation). */
  height: number;
  /** T-4: the owner of the meeple on top, which closes it, or null while it is open. */
  meeple: number | null;
}

declare module '../../rules/view.js' {
  interface ExpansionViews {
    /** T-1, T-2: every tower foundation on the board, in the order they were placed, with its tower. */
    towers: TowerView[];
    /** T-0: tower pieces in each player's supply. */
    towerPieces: number[];
    /** T-3, T-5, T-6: for each player, the owners of the meeples they hold prisoner. */
    prisoners: number[][];
  }
}

/** The fields of the Tower's slice. */
export type TowerViewSlice = Pick<ExpansionViews, 'towers' | 'towerPieces' | 'prisoners'>;
