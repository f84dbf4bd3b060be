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
