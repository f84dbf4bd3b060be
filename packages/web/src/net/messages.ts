/**
 * Building client messages from the engine's types. The protocol's `act` carries the action as the
 * envelope schema sees it (an object with a `type` and any other fields: the engine checks them),
 * which the engine's `Action` union (interfaces without an index signature) is not assignable to;
 * every `Action` is such an object, so this is the one place that says so.
 */
import type { Action } from '@carc/engine';
import type { ClientMessage } from '@carc/protocol';

export type ActMessage = Extract<ClientMessage, { type: 'act' }>;
export type WireAction = ActMessage['action'];

/** An engine action as the protocol carries it. */
export const wireAction = (action: Action): WireAction => action as unknown as WireAction;

/** `act`: `action` (one of the view's legal actions or a hint's) based on `version`, under the client's `id`. */
export const actMessage = (id: string, version: number, action: Action): ActMessage => ({
  type: 'act',
  id,
  version,
  action: wireAction(action),
});

/** Client message ids unique for a whole game on this device: a prefix and a counter. */
export function messageIds(prefix = Math.random().toString(36).slice(2, 8)): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}
