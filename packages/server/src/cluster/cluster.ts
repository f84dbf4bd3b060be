/**
 * Several server processes sharing games. Each game has one **owner** process at a time, which
 * holds its table (the Match, clocks, bots) and alone writes its log; the others forward what their
 * sockets ask to the owner and deliver what the owner sends back. Ownership is a lease that the
 * owner renews and that expires when it dies, so another process takes the game over from storage.
 *
 * One process alone needs none of this: `SOLO` owns every game.
 */
import type { Delivery } from '../hub/types.js';
import type { EncodedStep } from '../wire.js';
import type { ClusterRequest } from './requests.js';

export interface Cluster {
  /** This process's id. */
  readonly self: string;
  /** How long a lease lives without renewal (ms). */
  readonly leaseMs: number;
  /**
   * Who owns game `id` now, taking it when nobody does: 'self' when this process holds the lease
   * (newly taken or already held), otherwise the owner's process id.
   */
  acquire(id: string): Promise<string>;
  /** Gives up the lease of a game this process no longer holds in memory. */
  release(id: string): Promise<void>;
  /** Renews the leases of these games; returns those this process has lost (another owner took them). */
  renew(ids: readonly string[]): Promise<string[]>;
  /** Whether game `id` has an owner at all (its lease is held). */
  owned(id: string): Promise<boolean>;
  /** Resolves when the cluster's service (Redis) answers; rejects with `ClusterUnavailable` otherwise. */
  ping(): Promise<void>;
  /** Sends a request to process `to` and waits for its answer; rejects with `CallTimeout` if none comes. */
  call(to: string, request: ClusterRequest): Promise<unknown>;
  /** Delivers a message to listener `listener` of process `to`; resolves false when that process is gone. */
  deliver(to: string, listener: string, message: Delivery): Promise<boolean>;
  /** Handlers: requests from other processes, and messages for this process's listeners. */
  serve(
    onRequest: (request: ClusterRequest) => Promise<unknown>,
    onDeliver: (listener: string, message: Delivery | EncodedStep) => void,
    onReconnect?: () => void,
  ): Promise<void>;
  close(): Promise<void>;
}

/** No answer from the process a request was sent to (it may have died; its leases will expire). */
export class CallTimeout extends Error {
  constructor(readonly to: string) {
    super(`no answer from server process ${to}`);
  }
}

/** The cluster's service (Redis) does not answer: what needs it is refused for now, and retried. */
export class ClusterUnavailable extends Error {
  constructor(readonly cause: unknown) {
    super(`the cluster's Redis does not answer: ${String(cause instanceof Error ? cause.message : cause)}`);
  }
}

/** A request reached a process that does not own the game (any more): ask the owner again. */
export class NotOwner extends Error {
  constructor(readonly game: string) {
    super(`this process does not own game ${game}`);
  }
}

/** One process: it owns every game. */
export const SOLO: Cluster = {
  self: 'solo',
  leaseMs: Infinity,
  acquire: async () => 'self',
  release: async () => {},
  renew: async () => [],
  owned: async () => true,
  ping: async () => {},
  call: async (to) => {
    throw new CallTimeout(to);
  },
  deliver: async () => false,
  serve: async () => {},
  close: async () => {},
};
