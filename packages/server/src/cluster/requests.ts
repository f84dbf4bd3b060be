/** What one server process asks the owner of a game (cluster.ts): the hub's operations as data. */
import type { Action } from '@carc/engine';

export type HubRequest =
  | { op: 'join'; game: string; name: string; seat?: number; reservation?: string }
  | { op: 'expire'; game: string }
  | { op: 'leave'; game: string; token: string }
  | { op: 'rematch'; game: string; token: string }
  | { op: 'record'; game: string }
  | { op: 'summary'; game: string }
  | { op: 'start'; game: string }
  | { op: 'attach'; game: string; token?: string; since?: number; from: string; listener: string }
  | { op: 'act'; game: string; from: string; listener: string; id: string; version: number; action: Action }
  | { op: 'resign'; game: string; from: string; listener: string; id: string }
  | { op: 'detach'; game: string; from: string; listener: string };
