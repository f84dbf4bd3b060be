/**
 * Server messages as text on the wire. A message object is serialized once however many sockets it
 * goes to, on this process or, through the cluster, on others: there it arrives as `Encoded`, its
 * text and the little the hub reads of it (type, version), and is written to sockets as is.
 */
import type { ServerMessage } from '@carc/protocol';

const texts = new WeakMap<ServerMessage, string>();

/** The message's JSON text, made once per message object. */
export function encode(m: ServerMessage): string {
  let text = texts.get(m);
  if (text === undefined) {
    text = JSON.stringify(m);
    texts.set(m, text);
  }
  return text;
}

/**
 * An `update` received already serialized, from the process that owns its game: its text is written
 * to sockets as it came; the hub reads only its version.
 */
export class EncodedUpdate {
  readonly type = 'update';
  constructor(
    readonly version: number,
    readonly text: string,
  ) {}
}

/** What a socket is given: a message, or an update already serialized. */
export type Outgoing = ServerMessage | EncodedUpdate;

export const textOf = (m: Outgoing): string => (m instanceof EncodedUpdate ? m.text : encode(m));
