/**
 * What a room's viewers are sent: welcomes, updates, presence, endings, refusals, and the answers
 * each seat was given to its message ids (a repeated id gets its first answer). Every message is
 * built for its viewer only: a player's hand, the pile's order stay with whom they belong to.
 */
import type { MatchError, MatchResult, MatchStep, Viewer } from '@carc/engine';
import type { ClockInfo, PlayerInfo, ServerMessage } from '@carc/protocol';
import { clocksAt } from './clock.js';
import type { GameRoom } from './room.js';

type ErrorMessage = Extract<ServerMessage, { type: 'error' }>;

/** A refusal of client message `clientId` (none for a bot's move). */
export function refusal(
  clientId: string | undefined,
  code: string,
  message: string,
  extra: Partial<ErrorMessage> = {},
): ServerMessage {
  return { type: 'error', ...(clientId === undefined ? {} : { id: clientId }), code, message, ...extra };
}

/** The match's refusal of a submitted action, with the engine's rule when it gave one. */
export function matchRefusal(clientId: string | undefined, e: MatchError): ServerMessage {
  const rule =
    e.rule === undefined
      ? {}
      : { rule: { code: e.rule.code, ...(e.rule.rule === undefined ? {} : { rule: e.rule.rule }) } };
  return refusal(clientId, e.code, e.message, { version: e.version, ...rule });
}

/** The answer a seat was given to its message `id`, if remembered. */
export function answered(room: GameRoom, viewer: Viewer, id: string): ServerMessage | undefined {
  return typeof viewer === 'number' ? room.answers.get(viewer)?.get(id) : undefined;
}

/**
 * Remembers a seat's answer, the last `rememberedIds` per seat: what one seat (or a spectator,
 * whose refusals are not kept) sends cannot push another seat's answers out.
 */
export function remember(room: GameRoom, viewer: Viewer, id: string, answer: ServerMessage): void {
  if (typeof viewer !== 'number') return;
  let answers = room.answers.get(viewer);
  if (answers === undefined) room.answers.set(viewer, (answers = new Map()));
  answers.delete(id);
  answers.set(id, answer);
  if (answers.size > room.env.rememberedIds) answers.delete(answers.keys().next().value as string);
}

/** Everything `viewer` needs to show the game, with the steps after `since` when few enough. */
export function welcome(room: GameRoom, viewer: Viewer, since: number | undefined): ServerMessage {
  const m = room.match;
  const msg: ServerMessage = {
    type: 'welcome',
    game: room.row.id,
    seat: viewer === 'spectator' ? null : viewer,
    status: room.row.status,
    version: m?.version ?? 0,
    players: players(room),
  };
  if (m !== undefined) {
    msg.view = m.view(viewer);
    msg.hints = m.hints(viewer);
    if (since !== undefined && m.version - since <= room.env.maxResyncSteps) {
      const missed = m.since(viewer, since);
      if (missed !== undefined) msg.steps = missed.steps;
    }
    if (m.isOver) msg.result = m.result;
  }
  const clocks = clockInfo(room);
  if (clocks !== undefined) msg.clocks = clocks;
  return msg;
}

/** Welcomes every listener again (the match started). */
export function welcomeAll(room: GameRoom): void {
  for (const l of room.listeners.values()) l.send(welcome(room, l.viewer, undefined));
}

/** An accepted step, as each viewer sees it (built once per viewer). */
export function broadcastStep(room: GameRoom, step: MatchStep, result: MatchResult | undefined): void {
  const m = room.match!;
  const views = new Map<Viewer, ServerMessage>();
  const clocks = clockInfo(room);
  for (const l of room.listeners.values()) {
    let msg = views.get(l.viewer);
    if (msg === undefined) {
      msg = {
        type: 'update',
        version: m.version,
        step,
        view: m.view(l.viewer),
        hints: m.hints(l.viewer),
        status: m.status,
        ...(clocks === undefined ? {} : { clocks }),
        ...(result === undefined ? {} : { result }),
      };
      views.set(l.viewer, msg);
    }
    l.send(msg);
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

export function players(room: Pick<GameRoom, 'row' | 'connected'>): PlayerInfo[] {
  return room.row.seats.map((s, seat) => ({
    seat,
    name: s.name,
    kind: s.kind,
    ...(s.level === undefined ? {} : { level: s.level }),
    ...(s.takenOver === true ? { takenOver: true } : {}),
    connected: s.kind === 'bot' || (room.connected[seat] ?? 0) > 0,
  }));
}

export function clockInfo(room: GameRoom): ClockInfo | undefined {
  const c = room.row.clocks;
  const settings = room.row.settings.clock;
  if (c === undefined || settings === undefined) return undefined;
  return { ...clocksAt(c, room.env.now()), incrementMs: settings.incrementMs };
}
