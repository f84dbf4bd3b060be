/**
 * The expansions' hooks in one game (X-1), gathered once per set of instances so that the hot
 * path loops only over the hooks that exist: the base of the rule state (`GameState extends
 * ExpansionHooks`), so that reading a hook list costs what reading any field of the state does.
 * Read by the rules modules (turn.ts, placements.ts, setup.ts), written by `wire` only.
 */
import type { ExpansionInstance, Step } from './expansion.js';
import { MAX_ACTION_TYPES } from './actions.js';

export abstract class ExpansionHooks {
  /** The base step after phase 2: scoring what the tile completed (B-7). */
  protected abstract readonly scoreStep: Step;

  /** The expansion instances in play, in canonical order. */
  expansions: readonly ExpansionInstance[] = [];
  scoredHooks: readonly ExpansionInstance[] = [];
  valueHooks: readonly ExpansionInstance[] = [];
  turnStartHooks: readonly ExpansionInstance[] = [];
  drawHooks: readonly ExpansionInstance[] = [];
  keepOutHooks: readonly ExpansionInstance[] = [];
  instead: readonly ExpansionInstance[] = [];
  placedHooks: readonly ExpansionInstance[] = [];
  addHooks: readonly ExpansionInstance[] = [];
  filterHooks: readonly ExpansionInstance[] = [];
  anytimeHooks: readonly ExpansionInstance[] = [];
  deployHooks: readonly ExpansionInstance[] = [];
  removedHooks: readonly ExpansionInstance[] = [];
  /** By move type: the expansion that plays it. */
  moveOwner: (ExpansionInstance | undefined)[] = [];
  /** By move type: the expansion whose free action (T-6 ransom) it is, which leaves the decision open. */
  freeOwner: (ExpansionInstance | undefined)[] = [];
  /** The steps after phase 2, in order: base `score` and the expansions' steps (X-3). */
  steps: readonly Step[] = [];
  /** The steps before the draw (H-3 draft, H-4 the choice to play a triangle instead). */
  preSteps: readonly Step[] = [];

  /** Gathers the hooks of `instances` and builds the steps after phase 2 around `scoreStep`. */
  wire(instances: readonly ExpansionInstance[]): void {
    this.expansions = instances;
    const having = (k: keyof ExpansionInstance) => instances.filter((x) => x[k] !== undefined);
    this.turnStartHooks = having('onTurnStart');
    this.drawHooks = having('onDraw');
    this.keepOutHooks = having('keepsOut');
    this.instead = having('placesInstead');
    this.placedHooks = having('onTilePlaced');
    this.addHooks = having('addActions');
    this.filterHooks = having('filterActions');
    this.anytimeHooks = having('addAnytime');
    this.deployHooks = having('canDeploy');
    this.scoredHooks = having('onScored');
    this.valueHooks = having('featureValue');
    this.removedHooks = having('onMeepleRemoved');
    // Dense tables over every move code (no holes, no reads past the end: both stay fast arrays).
    this.moveOwner = new Array<ExpansionInstance | undefined>(MAX_ACTION_TYPES).fill(undefined);
    for (const x of instances) for (const t of x.moveTypes) this.moveOwner[t] = x;
    this.freeOwner = new Array<ExpansionInstance | undefined>(MAX_ACTION_TYPES).fill(undefined);
    for (const x of instances) for (const t of x.freeMoves ?? []) this.freeOwner[t] = x;
    this.preSteps = instances.flatMap((x) => x.beforeDraw ?? []);
    const all = instances.flatMap((x) => x.steps ?? []);
    this.steps = [
      ...all.filter((s) => s.where === 'before-score').map((s) => s.step),
      this.scoreStep,
      ...all.filter((s) => s.where === 'after-score').map((s) => s.step),
    ];
  }
}
