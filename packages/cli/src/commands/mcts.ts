/** The MCTS budget flags (`--mcts-iterations`, `--mcts-ms`) shared by `tournament` and `play`. */
import type { MctsOptions } from '@carc/bots';
import { DEFAULT_MCTS_BUDGET } from '@carc/bots';
import { CliError } from '../io.js';

/** The budget as the command options hold it; both absent means DEFAULT_MCTS_BUDGET. */
export interface MctsFlags {
  mctsIterations?: number;
  mctsMs?: number;
}

/** The MCTS budget the options ask for. */
export function mctsBudget(o: MctsFlags): MctsOptions {
  if (o.mctsIterations === undefined && o.mctsMs === undefined) return { ...DEFAULT_MCTS_BUDGET };
  return { iterations: o.mctsIterations, ms: o.mctsMs };
}

/** Throws CliError unless each budget given is a positive integer. */
export function checkMctsFlags(o: MctsFlags): void {
  for (const [flag, v] of [
    ['--mcts-iterations', o.mctsIterations],
    ['--mcts-ms', o.mctsMs],
  ] as const) {
    if (v !== undefined && (!Number.isInteger(v) || v < 1))
      throw new CliError(`${flag} must be a positive integer`);
  }
}
