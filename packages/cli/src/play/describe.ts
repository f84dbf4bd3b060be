/**
 * Words for `carcassonne play`: actions as short phrases (the menu and the log share them), the
 * events that follow an action (points, the dragon, captures…), and the features they name.
 *
 * Everything here reads the game only through what the player may see (tiles, meeples, the drawn
 * tile, the expansions' public fields): no phrase can leak a hidden hand or the order of the pile.
 */
import type { Action, CornerName, GameEvent, GameView, ScoreEvent, TileDef } from '@carc/engine';
import { tileArt } from '@carc/art';

/** What the phrases need: the view and a tile lookup (the engine's Catalog fits). */
export interface Table {
  view: GameView;
  tiles: { kindOf(id: string): number | undefined; def(kind: number): TileDef };
  /** Player names by seat. */
  names: readonly string[];
}

/** "P1 greedy": seat number (from 0, as in records) and name. */
export const who = (t: Pick<Table, 'names'>, p: number): string => `P${p} ${t.names[p] ?? ''}`.trimEnd();

/** "(1,0)", or "(1,0) nw" for a triangle. */
export const cellName = (x: number, y: number, corner?: CornerName): string =>
  `(${x},${y})${corner ? ` ${corner}` : ''}`;

const COMPASS = ['east', 'south-east', 'south', 'south-west', 'west', 'north-west', 'north', 'north-east'];

/** Where a point of a cell lies seen from its middle: "north", "south-west"… or "middle". */
function compass(x: number, y: number): string {
  const dx = x - 0.5;
  const dy = y - 0.5;
  if (Math.hypot(dx, dy) < 0.12) return 'middle';
  const octant = Math.round(Math.atan2(dy, dx) / (Math.PI / 4));
  return COMPASS[(octant + 8) % 8] ?? 'middle';
}

/** The tile definition and rotation at (x, y[, corner]) on the board, if any. */
function tileAt(
  t: Table,
  x: number,
  y: number,
  corner?: CornerName,
): { def: TileDef; q: number } | undefined {
  const placed = t.view.tiles.find((p) => p.x === x && p.y === y && p.corner === corner);
  if (!placed) return undefined;
  const kind = t.tiles.kindOf(placed.tile);
  if (kind === undefined) return undefined;
  return { def: t.tiles.def(kind), q: placed.rotation / 90 };
}

/**
 * "the city (north) at (1,0)": a feature of a placed tile, with where it lies on the tile when the
 * tile has several features of its kind.
 */
export function featureName(
  t: Table,
  x: number,
  y: number,
  corner: CornerName | undefined,
  feature: number,
): string {
  const at = cellName(x, y, corner);
  const tile = tileAt(t, x, y, corner);
  const f = tile?.def.features[feature];
  if (!tile || !f) return `feature ${feature} at ${at}`;
  const same = tile.def.features.filter((g) => g.kind === f.kind).length;
  if (same < 2) return `the ${f.kind} at ${at}`;
  const a = tileArt(tile.def).anchors[feature];
  if (!a) return `the ${f.kind} ${feature} at ${at}`;
  let { x: ax, y: ay } = a;
  for (let i = 0; i < tile.q; i++) [ax, ay] = [1 - ay, ax];
  return `the ${f.kind} (${compass(ax, ay)}) at ${at}`;
}

/**
 * " #3" when an action names which of the owner's meeples on one spot it means (two may share a
 * spot after a crop circle, H-13), so each gets its own menu entry, typed as "#3".
 */
const number = (meeple: number | undefined): string => (meeple === undefined ? '' : ` #${meeple}`);

const DIRECTION_NAMES: Record<string, string> = { n: 'north', e: 'east', s: 'south', w: 'west' };
const CROP_KINDS: Record<string, string> = { knight: 'city', thief: 'road', farmer: 'field' };
const CROP_PLURALS: Record<string, string> = { knight: 'knights', thief: 'thieves', farmer: 'farmers' };

/**
 * An action as a short phrase, as the menu lists it and the log tells it. `phase` is the phase it is
 * taken in (a pass means different things), `cropMode` the crop circle's named action (H-13).
 */
export function actionPhrase(t: Table, a: Action, phase: string, cropMode?: 'add' | 'remove'): string {
  switch (a.type) {
    case 'place':
      return `${t.view.drawnTile ?? 'the tile'} at ${cellName(a.x, a.y)} r${a.rotation}`;
    case 'meeple':
      return `meeple on ${featureName(t, a.x, a.y, a.corner, a.feature)}`;
    case 'pass':
      if (phase === 'capture') return 'capture nobody';
      if (phase === 'crop-circle') return 'add no meeple';
      return 'no meeple (pass)';
    case 'fairy':
      return a.feature === undefined
        ? `fairy onto the tile at ${cellName(a.x, a.y, a.corner)}`
        : `fairy next to the meeple${number(a.meeple)} on ${featureName(t, a.x, a.y, a.corner, a.feature)}`;
    case 'princess':
      return `princess: send ${who(t, a.owner)}'s knight${number(a.meeple)} on ${featureName(t, a.x, a.y, a.corner, a.feature)} home`;
    case 'dragon': {
      const d = t.view.dragon;
      const step = { n: [0, -1], e: [1, 0], s: [0, 1], w: [-1, 0] }[a.direction];
      const to = d && step ? ` to ${cellName(d.x + (step[0] ?? 0), d.y + (step[1] ?? 0))}` : '';
      return `dragon ${DIRECTION_NAMES[a.direction] ?? a.direction}${to}`;
    }
    case 'tower': {
      const h = towerHeight(t, a.x, a.y, a.corner);
      return `tower piece at ${cellName(a.x, a.y, a.corner)} (height ${h} to ${h + 1})`;
    }
    case 'tower-meeple':
      return `meeple on top of the tower at ${cellName(a.x, a.y, a.corner)} (closes it)`;
    case 'capture':
      return `capture ${who(t, a.owner)}'s meeple${number(a.meeple)} on ${featureName(t, a.x, a.y, a.corner, a.feature)}`;
    case 'ransom':
      return `ransom: pay ${who(t, a.captor)} 3 points to free a meeple`;
    case 'draw':
      return 'draw a tile from the pile';
    case 'triangle':
      return `triangle ${a.tile} at ${cellName(a.x, a.y)} ${cornerOf(a.rotation)}`;
    case 'draft':
      return `take triangle ${a.tile}`;
    case 'crop-circle':
      return `crop circle: ${CROP_PLURALS[a.meeple] ?? a.meeple}, everyone ${a.mode === 'add' ? 'may add one' : 'must remove one'}`;
    case 'crop': {
      const what = featureName(t, a.x, a.y, a.corner, a.feature);
      return cropMode === 'remove'
        ? `remove the meeple${number(a.meeple)} from ${what}`
        : `add a meeple beside the one on ${what}`;
    }
    default:
      return otherPhrase(a);
  }
}

/** An action of an expansion loaded from a module (`--expansion`): its type and fields. */
function otherPhrase(a: object): string {
  const words = Object.entries(a).map(([k, v]) => (k === 'type' ? String(v) : `${k} ${String(v)}`));
  return words.join(' ');
}

/** Extra words a menu entry answers to when typed (besides the words of its phrase). */
export function actionKeys(a: Action): string[] {
  switch (a.type) {
    case 'pass':
      return ['pass', 'none', 'no', 'skip', 'nothing'];
    case 'dragon':
      return [a.direction, DIRECTION_NAMES[a.direction] ?? a.direction];
    case 'draw':
      return ['draw'];
    case 'crop-circle':
      return [a.meeple, CROP_KINDS[a.meeple] ?? a.meeple, a.mode];
    default:
      return [];
  }
}

/** The corner name of a triangle rotation (H-4: 0 nw, 90 ne, 180 se, 270 sw). */
export const cornerOf = (rotation: number): CornerName =>
  (['nw', 'ne', 'se', 'sw'] as const)[Math.round(rotation / 90) & 3] ?? 'nw';

function towerHeight(t: Table, x: number, y: number, corner?: CornerName): number {
  return t.view.towers?.find((tw) => tw.x === x && tw.y === y && tw.corner === corner)?.height ?? 0;
}

const plural = (n: number, word: string, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;

/** One scored feature: "+8 P0 You: city completed (3 tiles, 1 pennant)". */
export function scoreLine(t: Table, e: ScoreEvent): string[] {
  const parts = [plural(e.tiles, 'tile')];
  if (e.cells !== e.tiles) parts.push(plural(e.cells, 'cell'));
  if (e.pennants > 0) parts.push(plural(e.pennants, 'pennant'));
  if (e.kind === 'field') parts.push(plural(e.cities, 'completed city', 'completed cities'));
  const what = `${e.final ? 'final scoring: ' : ''}${e.kind}${e.complete ? ' completed' : ''} (${parts.join(', ')})`;
  const lines: string[] = [];
  if (e.players.length > 0) {
    const players = e.players.map((p) => who(t, p)).join(' and ');
    lines.push(`+${e.points} ${e.players.length > 1 ? 'each for ' : ''}${players}: ${what}`);
  }
  for (const b of e.bonuses) lines.push(`+${b.points} ${who(t, b.player)}: ${bonusName(b.rule)} (${e.kind})`);
  return lines;
}

function bonusName(rule: string): string {
  if (rule === 'D-17') return 'fairy bonus (D-17)';
  if (rule === 'D-15') return 'fairy point (D-15)';
  if (rule === 'H-12') return 'vineyards (H-12)';
  return `bonus (${rule})`;
}

/** What an event tells the table, or undefined for events the action's own line already says. */
export function eventLines(t: Table, e: GameEvent): string[] {
  switch (e.type) {
    case 'score':
      return scoreLine(t, e);
    case 'discard':
      return [`${e.tile} fits nowhere: removed from the game (${e.rule})`];
    case 'set-aside':
      return [`${e.tile} is set aside until the first volcano (${e.rule})`];
    case 'returned-to-pile':
      return [`${plural(e.tiles.length, 'set-aside tile')} shuffled back into the pile (${e.rule})`];
    case 'dragon':
      return e.player === undefined
        ? [`the dragon flies to ${cellName(e.x, e.y)} (${e.rule})`]
        : [`${who(t, e.player)} moves the dragon to ${cellName(e.x, e.y)} (step ${e.step ?? '?'})`];
    case 'removed': {
      const m = `${who(t, e.player)}'s meeple at ${cellName(e.x, e.y, e.corner)}`;
      if (e.rule === 'D-7') return [`the dragon eats ${m}`];
      if (e.rule === 'D-10') return [`${m} goes home (princess, D-10)`];
      if (e.rule === 'H-13') return [`${m} goes home (crop circle, H-13)`];
      if (e.rule.startsWith('T-')) return [`${m} is captured (${e.rule})`];
      return [`${m} is removed (${e.rule})`];
    }
    case 'bonus':
      return [`+${e.points} ${who(t, e.player)}: ${bonusName(e.rule)}`];
    case 'tower':
      return [`the tower at ${cellName(e.x, e.y, e.corner)} is ${e.height} high`];
    case 'prisoner':
      return [`${who(t, e.captor)} holds a meeple of ${who(t, e.owner)} prisoner (${e.rule})`];
    case 'exchange':
      return [`${who(t, e.players[0])} and ${who(t, e.players[1])} exchange prisoners (${e.rule})`];
    case 'ransom':
      return [`${who(t, e.player)} pays ${who(t, e.captor)} ${e.points} points to free a meeple (${e.rule})`];
    case 'draw':
    case 'place':
    case 'meeple':
    case 'return':
    case 'fairy':
    case 'end':
      return [];
    default:
      // An event of an expansion loaded from a module (`--expansion`): its type and fields.
      return [otherPhrase(e)];
  }
}

/** Whether an action's own line is left out of the log because its events tell it (with the cell). */
export const toldByEvents = (a: Action): boolean => a.type === 'dragon' || a.type === 'ransom';
