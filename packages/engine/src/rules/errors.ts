/**
 * Why an input was refused. Codes are stable strings that tests assert and servers send unchanged
 * (boardgame.io style); `rule` names the rule of the rules reference that was broken.
 */
import type { RuleId } from '../types.js';

/** The base game's error codes. */
export const BASE_ERROR_CODES = [
  'action/malformed',
  'action/wrong-phase',
  'turn/not-your-turn',
  'game/over',
  'tile/outside-board',
  'tile/cell-occupied',
  'tile/not-adjacent',
  'tile/edge-mismatch',
  'meeple/no-tile',
  'meeple/not-placed-tile',
  'meeple/no-such-feature',
  'meeple/not-a-spot',
  'meeple/feature-occupied',
  'meeple/no-supply',
  'meeple/feature-complete',
  'meeple/ambiguous',
  'meeple/not-there',
  'action/not-legal',
] as const;

/**
 * Every error code, as keys. Expansions add theirs by declaration merging (`interface
 * RuleErrorCodes { 'tower/closed': true }`) and list them in their definition (`errors`), from
 * which a registry gathers the codes in play.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- expansions merge their codes into it
export interface RuleErrorCodes extends Record<(typeof BASE_ERROR_CODES)[number], true> {}
export type RuleErrorCode = keyof RuleErrorCodes;

export interface RuleError {
  code: RuleErrorCode;
  rule?: RuleId;
  message: string;
}

export const ruleError = (code: RuleErrorCode, message: string, rule?: RuleId): RuleError =>
  rule === undefined ? { code, message } : { code, rule, message };

/** Why a game could not be set up (bad config, record, tile definitions). */
export interface SetupError {
  code: 'setup/invalid' | 'tile/invalid' | 'tile/builtin-id' | 'options/invalid';
  path: string;
  message: string;
}
