/** The base game's words: its features, its meeple, its actions (B-3..B-6) and events (B-5..B-9). */
import type { ScoreEvent } from '@carc/engine';
import { at, featureName, rule, tile } from './common.js';
import type { Part, Phrase } from './phrase.js';
import { capitalized, joinPhrases, say } from './phrase.js';
import type { PointsEntry, Presentation, PresentContext, Words } from './types.js';
import { article, plural, turned } from './words.js';

/** What a scored feature was: "completed city of 4 tiles with 1 pennant". */
export function featureWords(e: ScoreEvent, words: Words): string {
  const noun = words.feature(e.kind).one;
  const state = e.kind === 'field' ? '' : e.complete ? 'completed ' : 'incomplete ';
  const size =
    e.tiles === 0
      ? e.cells > 0 && e.kind !== 'field'
        ? ` of ${plural(e.cells, 'cell')}`
        : ''
      : e.cells !== e.tiles
        ? ` of ${plural(e.tiles, 'tile')} in ${plural(e.cells, 'cell')}`
        : ` of ${plural(e.tiles, 'tile')}`;
  const parts = [`${state}${noun}${size}`];
  if (e.pennants > 0) parts.push(`with ${plural(e.pennants, 'pennant')}`);
  if (e.kind === 'field' || e.cities > 0)
    parts.push(`touching ${plural(e.cities, 'completed city', 'completed cities')}`);
  return parts.join(' ');
}

/** Several seats: "Ada (A) and Bo (B)". */
export const players = (who: (seat: number) => Part, seats: readonly number[]): Phrase =>
  seats.length === 0 ? say`nobody` : joinPhrases(seats.map((s) => say`${who(s)}`));

/** One scored feature: who scored how many points for what, by which rule, and any bonus. */
function scorePhrase(e: ScoreEvent, ctx: PresentContext): Phrase {
  const what = featureWords(e, ctx.words);
  const a = article(what);
  const points = plural(e.points, 'point');
  const who =
    e.players.length === 0
      ? say`nobody scored the ${points} of ${a} ${what}`
      : e.players.length === 1
        ? say`${players((s) => ctx.who(s), e.players)} scored ${points} for ${a} ${what}`
        : say`${players((s) => ctx.who(s), e.players)} each scored ${points} for ${a} ${what} (a tie)`;
  const holders = e.meeples.flatMap((n, p) => (n > 0 ? [say`${ctx.who(p)} ${n}`] : []));
  const majority = holders.length > 1 ? say` (meeples: ${joinPhrases(holders, ', ')})` : [];
  const bonuses = e.bonuses.map(
    (b) =>
      say`; ${ctx.who(b.player)} also scored ${plural(b.points, 'point')}: ${ctx.words.bonus(b.rule)}${rule(b.rule, true)}`,
  );
  return say`${e.final ? 'final scoring: ' : ''}${who}${rule(e.rule, true)}${majority}${bonuses}`;
}

/** The points of a scored feature and its bonuses, by source. */
export function scorePoints(e: ScoreEvent, words: Words): PointsEntry[] {
  const label = words.feature(e.kind).many;
  return [
    ...e.players.map((player) => ({ player, key: e.kind, label, points: e.points })),
    ...e.bonuses.map((b) => ({
      player: b.player,
      key: `bonus:${b.rule}`,
      label: words.bonus(b.rule),
      points: b.points,
    })),
  ];
}

export const BASE_PRESENTATION: Presentation = {
  id: 'base',
  pieces: { meeple: 'meeple', tile: 'tile' },
  features: {
    road: { one: 'road', many: 'roads', role: 'thief' },
    city: { one: 'city', many: 'cities', role: 'knight' },
    monastery: { one: 'monastery', many: 'monasteries', role: 'monk' },
    field: { one: 'field', many: 'fields', role: 'farmer' },
  },
  actions: {
    place: (a, ctx) => {
      const drawn = ctx.table.drawnTile;
      return say`${drawn ? tile(ctx, drawn) : 'the tile'} at ${at(a)}, ${turned(a.rotation)}`;
    },
    meeple: (a, ctx) => say`a meeple on ${featureName(ctx, a)}`,
    // Declining phase 2 (B-6): what the player gives up depends on the step they are in.
    pass: (_a, ctx) =>
      ctx.phase === 'capture'
        ? say`capture nobody`
        : ctx.phase === 'crop-circle'
          ? say`${ctx.cropMode === 'remove' ? 'remove' : 'add'} no meeple`
          : say`no meeple`,
  },
  events: {
    draw: (e, ctx) => say`${ctx.who(e.player)} drew ${tile(ctx, e.tile)}`,
    discard: (e, ctx) =>
      say`${ctx.who(e.player)} drew ${tile(ctx, e.tile)}, which fits nowhere and leaves the game${rule(e.rule)}`,
    place: (e, ctx) =>
      say`${ctx.who(e.player)} placed ${tile(ctx, e.tile, e.rotation)} at ${at(e)}, ${turned(e.rotation)}`,
    meeple: (e, ctx) =>
      say`${ctx.who(e.player)} put a ${ctx.words.role(e.kind)} on the ${ctx.words.feature(e.kind).one} at ${at(e)}`,
    score: (e, ctx) => capitalized(scorePhrase(e, ctx)),
    return: (e, ctx) => say`${ctx.who(e.player)}’s meeple at ${at(e)} went back to the supply`,
    removed: (e, ctx) => ctx.words.removal(e.rule, say`${ctx.who(e.player)}’s meeple at ${at(e)}`),
    bonus: (e, ctx) =>
      say`${ctx.who(e.player)} scored ${plural(e.points, 'point')}: ${ctx.words.bonus(e.rule)}${rule(e.rule, true)}`,
    end: (e, ctx) =>
      say`Game over. Final scores: ${joinPhrases(
        e.scores.map((s, p) => say`${ctx.who(p)} ${s}`),
        ', ',
      )}. ${e.winners.length > 1 ? 'Winners' : 'Winner'}: ${players((s) => ctx.who(s), e.winners)}${rule('B-9')}`,
  },
  points: {
    score: (e, words) => scorePoints(e, words),
    bonus: (e, words) => [
      { player: e.player, key: `bonus:${e.rule}`, label: words.bonus(e.rule), points: e.points },
    ],
  },
};
