/**
 * A step as it travels: an event of the action's own type (the tile placed, the meeple put) leaves
 * out the fields that repeat the action's or the step's player, marked `"~": 1`; unpacking puts
 * them back exactly. The events are what a log shows, so they stay events; this only drops echoes.
 */
import type { GameEvent, MatchStep } from '@carc/engine';
import type { Json } from './delta.js';
import { omitDerived, restoreDerived } from './state.js';

type Fields = Record<string, Json>;

/** A step on the wire: as `MatchStep`, its events possibly packed. */
export interface PackedStep {
  version: number;
  player: number;
  action: MatchStep['action'];
  events: Fields[];
}

const ECHO = '~';

export function packStep(step: MatchStep): PackedStep {
  const { source, derived } = echoOf(step);
  const events = step.events.map((e): Fields => {
    const fields = e as unknown as Fields;
    if (fields.type !== source.type || Object.hasOwn(fields, ECHO)) return fields;
    return { type: fields.type as Json, ...omitDerived(fields, source, derived), [ECHO]: 1 };
  });
  return { version: step.version, player: step.player, action: step.action, events };
}

export function unpackStep(packed: PackedStep): MatchStep {
  const { source, derived } = echoOf(packed);
  const events = packed.events.map((e): GameEvent => {
    if (e[ECHO] !== 1) return e as unknown as GameEvent;
    const rest = { ...e };
    delete rest[ECHO];
    return { type: rest.type, ...restoreDerived(rest, source, derived) } as unknown as GameEvent;
  });
  return { version: packed.version, player: packed.player, action: packed.action, events };
}

/** What an event of the step may echo: the action's fields and the step's player. */
function echoOf(step: Pick<MatchStep, 'action' | 'player'>): { source: Fields; derived: string[] } {
  const source: Fields = { ...(step.action as unknown as Fields), player: step.player };
  return { source, derived: Object.keys(source).filter((k) => k !== 'type') };
}
