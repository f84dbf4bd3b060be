/**
 * What the game screen keeps of a connection's messages (docs/protocol.md): the latest view, hints,
 * steps, players, clocks and result; a pure reducer, so that it can be tested without a server.
 */
import { knownProblem } from '../app/problems.js';
import type { Action, DecisionHints, GameView, MatchResult, MatchStep } from '@carc/engine';
import type { ClockInfo, PlayerInfo, RatedResult, ViewerMessage } from '@carc/protocol';

/** A refusal or an error: the server's code (or the client's, `client/…`), rule and own words. */
export interface ErrorInfo {
  code: string;
  rule?: string;
  message: string;
}

export interface Session {
  game: string | null;
  /** The viewer's seat, or null for a spectator. */
  seat: number | null;
  status: string;
  version: number;
  players: PlayerInfo[];
  view: GameView | null;
  hints: DecisionHints | null;
  /** Every step seen, in version order (a reconnection may leave a gap: then only the latest). */
  steps: MatchStep[];
  clocks: ClockInfo | null;
  result: MatchResult | null;
  /** The id of the action or resignation sent and not yet answered. */
  pending: string | null;
  /** The last refusal or error, in English (the server's words for a refusal by the rules). */
  error: string | null;
  /** What `error` is, for saying it in the page's language: its code, rule and the server's words. */
  errorInfo: ErrorInfo | null;
  /** The game id of a rematch on offer. */
  rematch: string | null;
  /** A rated game over: how the ratings moved. */
  rated: RatedResult | null;
}

export const emptySession = (): Session => ({
  game: null,
  seat: null,
  status: 'connecting',
  version: 0,
  players: [],
  view: null,
  hints: null,
  steps: [],
  clocks: null,
  result: null,
  pending: null,
  error: null,
  errorInfo: null,
  rematch: null,
  rated: null,
});

/** `steps` with `more` added where they follow on (older or repeated ones are dropped). */
export function mergeSteps(steps: readonly MatchStep[], more: readonly MatchStep[]): MatchStep[] {
  const out = [...steps];
  for (const s of more) {
    const last = out[out.length - 1]?.version ?? 0;
    if (s.version <= last) continue;
    if (s.version !== last + 1 && out.length > 0) out.length = 0; // a gap: what we had is no log
    out.push(s);
  }
  return out;
}

/** The session after one server message. */
export function applyMessage(s: Session, m: ViewerMessage): Session {
  switch (m.type) {
    case 'welcome': {
      const steps = m.steps !== undefined ? mergeSteps(s.steps, m.steps) : s.steps;
      return {
        ...s,
        game: m.game,
        seat: m.view !== undefined && m.view.viewer >= 0 ? m.view.viewer : m.seat,
        status: m.status,
        version: m.version,
        players: m.players,
        view: m.view ?? s.view,
        hints: m.hints ?? s.hints,
        steps: steps.length > 0 && steps[steps.length - 1]!.version > m.version ? [] : steps,
        clocks: m.clocks ?? null,
        result: m.result ?? null,
        rated: m.rated ?? s.rated,
        pending: null,
      };
    }
    case 'update':
      return {
        ...s,
        // Whose view this is: one's own seat online; in hotseat, the human seat now at the device.
        seat: m.view.viewer >= 0 ? m.view.viewer : s.seat,
        status: m.status,
        version: m.version,
        steps: mergeSteps(s.steps, [m.step]),
        view: m.view,
        hints: m.hints,
        clocks: m.clocks ?? s.clocks,
        result: m.result ?? s.result,
      };
    case 'ack':
      return s.pending === m.id ? { ...s, pending: null, error: null, errorInfo: null } : s;
    case 'error': {
      const rule = m.rule?.rule !== undefined ? ` (rule ${m.rule.rule})` : '';
      return {
        ...s,
        // The seat or the game gone, storage down: a sentence; a refused move keeps its own words.
        error: knownProblem(m.code) ?? `${m.message}${rule}`,
        errorInfo: {
          code: m.code,
          message: m.message,
          ...(m.rule?.rule !== undefined ? { rule: m.rule.rule } : {}),
        },
        pending: m.id !== undefined && m.id === s.pending ? null : s.pending,
      };
    }
    case 'presence':
      return { ...s, players: m.players };
    case 'ended':
      return { ...s, status: m.status, version: m.version, result: m.result, pending: null };
    case 'rematch':
      return { ...s, rematch: m.game };
    case 'rated': {
      // The seats' ratings beside their names are the new ones from now on.
      const after = new Map(m.changes.map((c) => [c.seat, c]));
      const players = s.players.map((p) => {
        const c = after.get(p.seat);
        return c === undefined
          ? p
          : { ...p, rating: { value: Math.round(c.after), provisional: c.provisional } };
      });
      return { ...s, players, rated: { pool: m.pool, changes: m.changes } };
    }
    case 'pong':
      return s;
  }
}

/** The same action (as the JSON the engine lists). */
const same = (a: Action, b: Action): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The legal actions the board does not offer (not among the hints' placements and targets): pass,
 * draw, the dragon's steps, a ransom, a crop circle's choice, a draft…: the bar shows them as buttons.
 */
export function otherActions(view: GameView | null, hints: DecisionHints | null): Action[] {
  if (view === null) return [];
  const onBoard: Action[] = [
    ...(hints?.placements ?? []).flatMap((c) => c.placements.map((p) => p.action)),
    ...(hints?.targets ?? []).map((t) => t.action),
  ];
  return view.legalActions.filter((a) => a.type !== 'draft' && !onBoard.some((b) => same(a, b)));
}

let counter = 0;
/** A client message id, unique per page (and very likely across reloads). */
export function messageId(): string {
  counter += 1;
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${counter}`;
}
