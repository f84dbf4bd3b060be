/** A bot worker thread (piscina): one decision per task. */
import type { Action } from '@carc/engine';
import type { BotTask } from './decide.js';
import { Decider } from './decide.js';

const decider = new Decider();

export default function decide(task: BotTask): Action {
  return decider.decide(task);
}
