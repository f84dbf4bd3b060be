/**
 * The Halflings' slice of a view (built in state.ts). Hands are hidden (H-3): a player's view shows
 * their own triangles and only the sizes of the others' hands; a spectator's view shows no hand.
 */
import type { ExpansionViews } from '../../rules/view.js';

declare module '../../rules/view.js' {
  interface ExpansionViews {
    /** H-3: how many triangles each player holds (public). */
    handSizes: number[];
    /**
     * H-3: each player's triangles by tile id, sorted, only in that player's own view: null for
     * every other player, and for everyone in a spectator's view.
     */
    hands: (string[] | null)[];
    /** H-3 (`halflings-deal draft`): the face-up triangles left to take, sorted; empty otherwise. */
    draftPool: string[];
  }
}

/** The fields of the Halflings' slice. */
export type HalflingsViewSlice = Pick<ExpansionViews, 'handSizes' | 'hands' | 'draftPool'>;
