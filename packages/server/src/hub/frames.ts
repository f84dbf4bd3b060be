/**
 * What a room's viewers are sent, through the protocol's `Session` over the room's match (the
 * browser's own table answers through the same): welcomes, one `step` frame per listener for each
 * action (the change to its viewer's view, the ack folded in for the actor), presence, endings.
 * Every message is built for its viewer only: a player's hand, the pile's order stay with whom they
 * belong to.
 */
import type { MatchResult, MatchStep, Viewer } from '@carc/engine';
import type { ClockInfo, PlayerInfo, ServerMessage, StepMessage } from '@carc/protocol';
import { clocksAt } from './clock.js';
import type { GameRoom } from './room.js';
import type { Listener } from './types.js';

export { matchRefusal, refusal } from '@carc/protocol';

/** Everything `viewer` needs to show the game, with the steps after `since` when few enough. */
export function welcome(room: GameRoom, viewer: Viewer, since: number | undefined): ServerMessage {
  const clocks = clockInfo(room);
  const facts = {
    game: room.row.id,
    status: room.row.status,
    players: players(room),
    ...(clocks === undefined ? {} : { clocks }),
  };
  const rated = room.rated === undefined ? {} : { rated: room.rated };
  if (room.session !== undefined) return { ...room.session.welcome(viewer, viewer, facts, since), ...rated };
  return { type: 'welcome', seat: viewer === 'spectator' ? null : viewer, version: 0, ...facts };
}

/** Welcomes every listener again (the match started). */
export function welcomeAll(room: GameRoom): void {
  for (const l of room.listeners.values()) l.send(welcome(room, l.viewer, undefined));
}

/**
 * An accepted step, to every listener: one frame per viewer (its change built once, however many
 * sockets show it), the ack folded into the frame of the listener whose action it was.
 */
export function broadcastStep(
  room: GameRoom,
  step: MatchStep,
  result: MatchResult | undefined,
  by?: { listener: Listener; id: string },
): void {
  const session = room.session!;
  const status = room.match!.status;
  const clocks = clockInfo(room);
  const extra = {
    status,
    ...(clocks === undefined ? {} : { clocks }),
    ...(result === undefined ? {} : { result }),
  };
  const frames = new Map<Viewer, StepMessage>();
  for (const l of room.listeners.values()) {
    let frame = frames.get(l.viewer);
    if (frame === undefined) {
      frame = session.frame(l.viewer, l.viewer, step, extra);
      frames.set(l.viewer, frame);
    }
    l.send(l === by?.listener ? { ...frame, ack: by.id } : frame);
  }
}

/** The match ended by resignation, timeout or abort. */
export function broadcastEnd(room: GameRoom, version: number, result: MatchResult): void {
  for (const l of room.listeners.values()) l.send({ type: 'ended', version, status: result.status, result });
}

/** The game's rematch was created. */
export function broadcastRematch(room: GameRoom, game: string): void {
  for (const l of room.listeners.values()) l.send({ type: 'rematch', game });
}

/** Who sits where and who is connected changed. */
export function broadcastPresence(room: GameRoom): void {
  const msg: ServerMessage = { type: 'presence', players: players(room) };
  for (const l of room.listeners.values()) l.send(msg);
}

export function players(room: Pick<GameRoom, 'row' | 'connected' | 'ratings'>): PlayerInfo[] {
  return room.row.seats.map((s, seat) => ({
    seat,
    name: s.name,
    kind: s.kind,
    ...(s.level === undefined ? {} : { level: s.level }),
    ...(s.takenOver === true ? { takenOver: true } : {}),
    connected: s.kind === 'bot' || (room.connected[seat] ?? 0) > 0,
    ...(room.ratings[seat] === undefined ? {} : { rating: room.ratings[seat] }),
  }));
}

export function clockInfo(room: GameRoom): ClockInfo | undefined {
  const c = room.row.clocks;
  const settings = room.row.settings.clock;
  if (c === undefined || settings === undefined) return undefined;
  return { ...clocksAt(c, room.env.now()), incrementMs: settings.incrementMs };
}
