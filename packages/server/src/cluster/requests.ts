/** What one server process asks the owner of a game (cluster.ts): the hub's operations as data. */
import type { Action } from '@carc/engine';
import type { SeekEntry } from '../pairing/service.js';

export type HubRequest =
  | {
      op: 'join';
      game: string;
      name: string;
      seat?: number;
      reservation?: string;
      /** The signed-in account taking the seat (its name replaces `name`). */
      account?: { id: string; name: string };
    }
  /** A signed-in player claims the seat its browser's `token` holds (it played it anonymously). */
  | { op: 'claim'; game: string; token: string; account: string }
  | { op: 'expire'; game: string }
  | { op: 'leave'; game: string; token: string }
  | { op: 'rematch'; game: string; token: string }
  | { op: 'record'; game: string }
  /** The game's stored seats changed (an account deleted): an over game's room reloads them. */
  | { op: 'reload'; game: string }
  | { op: 'summary'; game: string }
  | { op: 'start'; game: string }
  | { op: 'attach'; game: string; token?: string; since?: number; from: string; listener: string }
  | { op: 'act'; game: string; from: string; listener: string; id: string; version: number; action: Action }
  | { op: 'resign'; game: string; from: string; listener: string; id: string }
  | { op: 'detach'; game: string; from: string; listener: string };

/**
 * The lease of the quick-pairing queue (pairing/service.ts): one process holds the queue. Not a
 * game's id (those are 12 characters), and the router never takes it for one.
 */
export const PAIRING_LEASE = 'pairing';

/**
 * What processes ask one another about quick pairing: to the queue's owner, a seek (sent again
 * every few seconds while it waits), its withdrawal, the list of open seeks; to a seeker's
 * process, a step of its pairing (claim the seek for a table, release it, hand it its seat).
 */
export type PairingRequest =
  | { op: 'seek'; seek: SeekEntry }
  | { op: 'unseek'; from: string; listener: string; ticket: string }
  | { op: 'seeks' }
  | {
      op: 'seeker';
      listener: string;
      ticket: string;
      step: 'claim' | 'release' | 'paired';
      paired?: { game: string; seat: number; token: string };
    };

/** Everything one process may ask another. */
export type ClusterRequest = HubRequest | PairingRequest;

const PAIRING_OPS: ReadonlySet<string> = new Set(['seek', 'unseek', 'seeks', 'seeker']);

/** Whether a request is quick pairing's (served by the pairing service, not a game's owner). */
export const isPairingRequest = (r: ClusterRequest): r is PairingRequest => PAIRING_OPS.has(r.op);
