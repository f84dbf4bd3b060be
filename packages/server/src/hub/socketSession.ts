/** A socket's session on a game: what its own process keeps of it, and the handle a transport holds. */
import type { Action } from '@carc/engine';
import type { Outgoing } from '../wire.js';
import type { RevokeCode } from './types.js';

/** A socket's session as its own process keeps it: where its messages go and how far it has seen. */
export interface SessionRecord {
  /** The listener id, unique in this process. */
  readonly lid: string;
  readonly game: string;
  readonly token?: string;
  readonly send: (message: Outgoing) => void;
  /** Cuts the socket: its seat changed hands. */
  readonly end: (code: RevokeCode, message: string) => void;
  /** The last version it was sent, or its client had when it came (to catch up after the owner changed). */
  version: number;
  /** Whether it was sent a welcome yet. */
  welcomed: boolean;
  /** The highest version it was offered (one dropped after a gap is sent again by catching up). */
  seen: number;
  /** The process the game's owner was when it attached ('' when it must attach again). */
  owner: string;
  /** An attach is under way (catch-ups wait for it). */
  busy: boolean;
  /** A catch-up was asked for while it was busy. */
  again: boolean;
}

/** What a session's handle asks of the hub. */
export interface SessionHost {
  act(rec: SessionRecord, id: string, version: number, action: Action): Promise<void>;
  resign(rec: SessionRecord, id: string): Promise<void>;
  /** The client's copy of its view went wrong: a new welcome. */
  resync(rec: SessionRecord): void;
  disconnect(rec: SessionRecord): Promise<void>;
}

/** One connection's handle on a game: what a transport calls. */
export class SocketSession {
  constructor(
    private readonly host: SessionHost,
    private readonly rec: SessionRecord,
  ) {}

  get game(): string {
    return this.rec.game;
  }

  act(clientId: string, version: number, action: Action): Promise<void> {
    return this.host.act(this.rec, clientId, version, action);
  }

  resign(clientId: string): Promise<void> {
    return this.host.resign(this.rec, clientId);
  }

  resync(): void {
    this.host.resync(this.rec);
  }

  close(): Promise<void> {
    return this.host.disconnect(this.rec);
  }
}
