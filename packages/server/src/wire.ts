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
 * A `step` received already serialized, from the process that owns its game: its text is written
 * to sockets as it came; the hub reads only its version (and the ack it carries, for the metrics).
 */
export class EncodedStep {
  readonly type = 'step';
  constructor(
    readonly version: number,
    readonly text: string,
    readonly ack?: string,
  ) {}
}

/** What a socket is given: a message, or a step already serialized. */
export type Outgoing = ServerMessage | EncodedStep;

export const textOf = (m: Outgoing): string => (m instanceof EncodedStep ? m.text : encode(m));

/** The version a `step` made, serialized or not. */
export const stepVersion = (m: Extract<Outgoing, { type: 'step' }>): number =>
  m instanceof EncodedStep ? m.version : m.step.version;
