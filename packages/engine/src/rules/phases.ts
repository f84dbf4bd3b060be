/**
 * The phases a view reports: the two base decisions and the end, and the ids of the steps the
 * expansions add to the turn.
 */
/**
 * Every phase a view reports, as keys: the two base decisions and the end; each expansion adds the
 * ids of its steps by declaration merging (`interface Phases { dragon: true }`) and lists them in
 * its definition (`phases`), from which a registry gathers the phases in play.
 */
export interface Phases {
  place: true;
  action: true;
  over: true;
}
export type Phase = keyof Phases;
export const BASE_PHASES: readonly Phase[] = ['place', 'action', 'over'];

/**
 * The rules' own phase codes (`GameState.phase`), kept as small integers for the hot path: the two
 * base decisions, a step after phase 2 (`steps`), the end, and a step before the draw (`preSteps`:
 * H-3, H-4).
 */
export const P_PLACE = 0;
export const P_ACTION = 1;
export const P_STEP = 2;
export const P_OVER = 3;
export const P_PRE = 4;
