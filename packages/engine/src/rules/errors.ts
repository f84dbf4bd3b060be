/**
 * Why an input was refused. Codes are stable strings that tests assert and servers send unchanged
 * (boardgame.io style); `rule` names the rule of RULES.md that was broken.
 */
import type { RuleId } from '../types.js';

export const RULE_ERROR_CODES = [
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
  'meeple/on-dragon',
  'meeple/ambiguous',
  'meeple/not-there',
  'action/not-legal',
  'princess/must-remove',
  'fairy/not-own-meeple',
  'dragon/blocked',
  'tower/closed',
  'tower/no-pieces',
  'tower/out-of-range',
  'ransom/not-allowed',
] as const;
export type RuleErrorCode = (typeof RULE_ERROR_CODES)[number];

export interface RuleError {
  code: RuleErrorCode;
  rule?: RuleId;
  message: string;
}

export const ruleError = (code: RuleErrorCode, message: string, rule?: RuleId): RuleError =>
  rule === undefined ? { code, message } : { code, rule, message };

/** Why a game could not be set up (bad config, record, tile definitions). */
export interface SetupError {
  code: 'setup/invalid' | 'tile/invalid' | 'options/invalid';
  path: string;
  message: string;
}
