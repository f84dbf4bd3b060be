/**
 * One shape for every way of playing: a connection speaks the server's protocol (docs/protocol.md:
 * client messages in, server messages out), whether it goes to the server over a WebSocket or to
 * the engine and bots in a Web Worker (hotseat and games against bots, offline). The UI code is one.
 */
import type { ClientMessage, ViewerMessage } from '@carc/protocol';

export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface Connection {
  /** Sends a client message (`hello` is sent by the connection itself, and again on reconnection). */
  send(message: Exclude<ClientMessage, { type: 'hello' }>): void;
  /** The server's messages as the screens read them: each action's change applied to the view. */
  onMessage(listener: (message: ViewerMessage) => void): () => void;
  onState(listener: (state: ConnectionState) => void): () => void;
  close(): void;
}
