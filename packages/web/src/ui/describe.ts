/**
 * Plain words for what happened in a game: every event and action the engine reports, as one line
 * each. Pure functions of the engine's data (the events carry the rule ids and the numbers that
 * explain every point); they know no rules beyond what the events say.
 */
import type { Action, GameEvent, MatchStep, ScoreEvent } from '@carc/engine';
import { BUILTIN, FEATURE_KINDS } from '@carc/engine';
import { playerLabel } from './players.js';

type Names = readonly string[];
type EventOf<T extends GameEvent['type']> = Extract<GameEvent, { type: T }>;
type ActionOf<T extends Action['type']> = Extract<Action, { type: T }>;

/** "1 point", "3 points". */
export const plural = (n: number, noun: string, nouns = `${noun}s`): string =>
  `${n} ${n === 1 ? noun : nouns}`;

/** A cell, and the corner of its triangle when there is one: "(2, −1)", "(2, −1) ne". */
export function where(p: { x: number; y: number; corner?: string }): string {
  return `(${p.x}, ${p.y})${p.corner !== undefined ? ` ${p.corner}` : ''}`;
}

/** "Ada (A)", "Ada (A) and Bo (B)", "Ada (A), Bo (B) and Cy (C)". */
export function listPlayers(names: Names, seats: readonly number[]): string {
  const labels = seats.map((s) => playerLabel(names, s));
  if (labels.length <= 1) return labels[0] ?? 'nobody';
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

const rule = (id: string | undefined): string => (id === undefined ? '' : ` (rule ${id})`);

/** What a scored feature was: "completed city of 4 tiles with 1 pennant". */
export function featureWords(e: ScoreEvent): string {
  const parts: string[] = [];
  const state = e.kind === 'field' ? '' : e.complete ? 'completed ' : 'incomplete ';
  const size =
    e.tiles === 0
      ? e.cells > 0 && e.kind !== 'field'
        ? ` of ${plural(e.cells, 'cell')}`
        : ''
      : e.cells !== e.tiles
        ? ` of ${plural(e.tiles, 'tile')} in ${plural(e.cells, 'cell')}`
        : ` of ${plural(e.tiles, 'tile')}`;
  parts.push(`${state}${e.kind}${size}`);
  if (e.pennants > 0) parts.push(`with ${plural(e.pennants, 'pennant')}`);
  if (e.kind === 'field' || e.cities > 0)
    parts.push(`touching ${plural(e.cities, 'completed city', 'completed cities')}`);
  return parts.join(' ');
}

/** One scored feature: who scored how many points for what, by which rule, and any bonus. */
export function describeScore(e: ScoreEvent, names: Names): string {
  const when = e.final ? 'Final scoring: ' : '';
  const what = featureWords(e);
  const meeples = e.meeples
    .map((n, p) => (n > 0 ? `${playerLabel(names, p)} ${n}` : ''))
    .filter((s) => s !== '')
    .join(', ');
  const majority = meeples === '' ? '' : `; meeples: ${meeples}`;
  let who: string;
  const a = /^[aeiou]/.test(what) ? 'an' : 'a';
  if (e.players.length === 0) who = `nobody scored the ${e.points} points of ${a} ${what}`;
  else if (e.players.length === 1)
    who = `${listPlayers(names, e.players)} scored ${plural(e.points, 'point')} for ${a} ${what}`;
  else
    who = `${listPlayers(names, e.players)} each scored ${plural(e.points, 'point')} for ${a} ${what} (tied majority)`;
  const bonuses = e.bonuses
    .map((b) => `; ${playerLabel(names, b.player)} +${plural(b.points, 'bonus point')}${rule(b.rule)}`)
    .join('');
  return `${when}${capitalize(who)}${rule(e.rule)}${majority}${bonuses}`;
}

const capitalize = (s: string): string => (s === '' ? s : s[0]!.toUpperCase() + s.slice(1));

// Partial: a program's own expansions may add events (declaration merging); they get the fallback.
const DESCRIBERS: { [T in GameEvent['type']]?: (e: EventOf<T>, names: Names) => string } = {
  draw: (e, n) => `${playerLabel(n, e.player)} drew tile ${e.tile}`,
  discard: (e, n) =>
    `${playerLabel(n, e.player)} drew tile ${e.tile}, which fits nowhere and leaves the game${rule(e.rule)}`,
  place: (e, n) => `${playerLabel(n, e.player)} placed tile ${e.tile} at ${where(e)}, turned ${e.rotation}°`,
  meeple: (e, n) => `${playerLabel(n, e.player)} put a meeple on the ${e.kind} at ${where(e)}`,
  score: (e, n) => describeScore(e, n),
  return: (e, n) => `${playerLabel(n, e.player)}’s meeple at ${where(e)} went back to the supply`,
  removed: (e, n) =>
    `${playerLabel(n, e.player)}’s meeple at ${where(e)} was removed from the board${rule(e.rule)}`,
  bonus: (e, n) => `${playerLabel(n, e.player)} scored ${plural(e.points, 'bonus point')}${rule(e.rule)}`,
  end: (e, n) =>
    `Game over. Final scores: ${e.scores.map((s, p) => `${playerLabel(n, p)} ${s}`).join(', ')}. ` +
    `${e.winners.length > 1 ? 'Winners' : 'Winner'}: ${listPlayers(n, e.winners)}`,
  'set-aside': (e, n) =>
    `${playerLabel(n, e.player)} drew tile ${e.tile}; it is set aside for now${rule(e.rule)}`,
  'returned-to-pile': (e) =>
    `${plural(e.tiles.length, 'set-aside tile')} (${e.tiles.join(', ')}) went back into the pile${rule(e.rule)}`,
  dragon: (e, n) =>
    e.player === undefined
      ? `The dragon appeared at ${where(e)}${rule(e.rule)}`
      : `${playerLabel(n, e.player)} moved the dragon to ${where(e)}${e.step !== undefined ? ` (move ${e.step})` : ''}${rule(e.rule)}`,
  fairy: (e, n) =>
    `${playerLabel(n, e.player)} moved the fairy to ${where(e)}${e.feature === undefined ? ' (onto the tile)' : ''}${rule(e.rule)}`,
  tower: (e, n) =>
    `${playerLabel(n, e.player)} built a tower piece at ${where(e)}: height ${e.height}${rule(e.rule)}`,
  prisoner: (e, n) =>
    `${playerLabel(n, e.captor)} took a meeple of ${playerLabel(n, e.owner)} prisoner${rule(e.rule)}`,
  exchange: (e, n) => `${listPlayers(n, e.players)} exchanged prisoners${rule(e.rule)}`,
  ransom: (e, n) =>
    `${playerLabel(n, e.player)} paid ${playerLabel(n, e.captor)} ${plural(e.points, 'point')} to free a meeple${rule(e.rule)}`,
};

/** One event in plain words (an unknown event type is shown with its data). */
export function describeEvent(e: GameEvent, names: Names): string {
  const f = DESCRIBERS[e.type] as ((e: GameEvent, names: Names) => string) | undefined;
  return f === undefined ? `${String((e as { type: unknown }).type)}: ${JSON.stringify(e)}` : f(e, names);
}

const ACTIONS: { [T in Action['type']]?: (a: ActionOf<T>, names: Names) => string } = {
  pass: () => 'pass',
  place: (a) => `place the tile at ${where(a)}, turned ${a.rotation}°`,
  meeple: (a) => `put a meeple on feature ${a.feature} at ${where(a)}`,
  draw: () => 'draw a tile',
  triangle: (a) => `play triangle ${a.tile} at ${where(a)}, turned ${a.rotation}°`,
  draft: (a) => `take triangle ${a.tile}`,
  'crop-circle': (a) => `crop circle: every player may ${a.mode} a ${a.meeple}`,
  crop: (a) => `crop circle on the meeple at ${where(a)}`,
  fairy: (a) => `move the fairy to ${where(a)}`,
  princess: (a, n) => `send ${playerLabel(n, a.owner)}’s knight at ${where(a)} home`,
  dragon: (a) =>
    `move the dragon ${({ n: 'north', e: 'east', s: 'south', w: 'west' } as const)[a.direction]}`,
  tower: (a) => `build a tower piece at ${where(a)}`,
  'tower-meeple': (a) => `close the tower at ${where(a)} with a meeple`,
  capture: (a, n) => `capture ${playerLabel(n, a.owner)}’s meeple at ${where(a)}`,
  ransom: (a, n) => `pay ${playerLabel(n, a.captor)} a ransom to free a meeple`,
};

/** An action in plain words, for buttons and for steps without events ("pass"). */
export function describeAction(a: Action, names: Names): string {
  const f = ACTIONS[a.type] as ((a: Action, names: Names) => string) | undefined;
  return f === undefined ? `${String((a as { type: unknown }).type)} ${JSON.stringify(a)}` : f(a, names);
}

/** The engine's explanation of an action type and its rule (for tooltips): "pass (B-6)". */
export function actionDoc(type: string): string {
  const spec = BUILTIN.actions.get(type as Action['type']);
  return spec === undefined ? type : `${spec.doc} (rule ${spec.rule})`;
}

/** One step of a match: who acted and what they did, then every event it caused. */
export interface StepLines {
  version: number;
  player: number;
  /** "Ada (A)". */
  who: string;
  /** "Ada (A): pass". */
  action: string;
  events: { type: string; text: string; score?: number }[];
}

export function describeStep(step: MatchStep, names: Names): StepLines {
  return {
    version: step.version,
    player: step.player,
    who: playerLabel(names, step.player),
    action: `${playerLabel(names, step.player)}: ${describeAction(step.action, names)}`,
    events: step.events.map((e) => ({
      type: e.type,
      text: describeEvent(e, names),
      ...(e.type === 'score' ? { score: e.points } : {}),
    })),
  };
}

/** Points by source per player, from the events: feature kinds, bonuses by rule, ransoms. */
export interface PointsBreakdown {
  /** Every source that gave anyone points, in first-seen order ("city", "road", "bonus D-17"…). */
  sources: string[];
  /** points[player][source]. */
  points: Record<string, number>[];
  /** The sum per player (the score, when the events are the whole game's). */
  totals: number[];
}

export function pointsBreakdown(events: Iterable<GameEvent>, players: number): PointsBreakdown {
  const sources: string[] = [];
  const points = Array.from({ length: players }, (): Record<string, number> => ({}));
  const add = (player: number, source: string, n: number) => {
    const row = points[player];
    if (row === undefined || n === 0) return;
    if (!sources.includes(source)) sources.push(source);
    row[source] = (row[source] ?? 0) + n;
  };
  for (const e of events) {
    if (e.type === 'score') {
      for (const p of e.players) add(p, e.kind, e.points);
      for (const b of e.bonuses) add(b.player, `bonus ${b.rule}`, b.points);
    } else if (e.type === 'bonus') add(e.player, `bonus ${e.rule}`, e.points);
    else if (e.type === 'ransom') {
      add(e.player, `ransom ${e.rule}`, -e.points);
      add(e.captor, `ransom ${e.rule}`, e.points);
    }
  }
  // Feature kinds first, in the engine's order, then bonuses and ransoms as they came.
  const rank = (s: string): number => {
    const k = (FEATURE_KINDS as readonly string[]).indexOf(s);
    return k >= 0 ? k : FEATURE_KINDS.length;
  };
  sources.sort((a, b) => rank(a) - rank(b));
  const totals = points.map((row) => Object.values(row).reduce((a, b) => a + b, 0));
  return { sources, points, totals };
}

const COUNTS = ['no', 'a', 'two', 'three', 'four', 'five', 'six'];
/** "a road", "two roads", "an inn"… */
const some = (n: number, noun: string, nouns = `${noun}s`): string =>
  n === 1 ? `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}` : `${COUNTS[n] ?? n} ${nouns}`;
/** "a, b and c". */
const andList = (parts: readonly string[]): string =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;

const SYMBOL_WORDS: Record<string, string> = {
  garden: 'a garden',
  volcano: 'a volcano',
  dragon: 'the dragon’s sign',
  portal: 'a magic portal',
  vineyard: 'a vineyard',
  hill: 'a hill',
  sheep: 'sheep',
  cropCircle: 'a crop circle',
  waterTower: 'a water tower',
};

/**
 * What a tile shows, in words, for players (never its id): "a city with a pennant and a road",
 * "a triangle with a road", "a monastery with a road". Undefined for an unknown tile.
 */
export function tileWords(id: string): string | undefined {
  const catalog = BUILTIN.catalog();
  const kind = catalog.kindOf(id);
  if (kind === undefined) return undefined;
  const def = catalog.def(kind);
  const of = (k: string) => def.features.filter((f) => f.kind === k);
  const cities = of('city');
  const pennants = cities.reduce((n, f) => n + f.pennants, 0);
  const parts: string[] = [];
  if (cities.length > 0) {
    const extras: string[] = [];
    if (pennants > 0) extras.push(some(pennants, 'pennant'));
    if (cities.some((f) => f.princess)) extras.push('a princess');
    parts.push(
      `${some(cities.length, 'city', 'cities')}${extras.length > 0 ? ` with ${andList(extras)}` : ''}`,
    );
  }
  const roads = of('road');
  if (roads.length > 0)
    parts.push(`${some(roads.length, 'road')}${roads.some((f) => f.tunnel) ? ' under a city' : ''}`);
  if (of('monastery').length > 0) parts.push('a monastery');
  if (of('tower').length > 0) parts.push('a tower foundation');
  for (const s of def.symbols) parts.push(SYMBOL_WORDS[s] ?? s);
  const what = parts.length === 0 ? 'fields only' : andList(parts);
  return def.shape === 'triangle' ? `a triangle: ${what}` : what;
}
