/** The base game's words: its features, its meeple, its actions (B-3..B-6) and events (B-5..B-9). */
import type { ScoreEvent } from '@carc/engine';
import { at, featureName, rule, tile, turned } from './common.js';
import { CORE_MESSAGES, playersOf, translators } from './core.js';
import { BASE_MESSAGES } from './messages/base.js';
import type { Part, Phrase } from './phrase.js';
import { capitalized, joinPhrases } from './phrase.js';
import type { Locale, Translator } from './translate.js';
import type { PointsEntry, Presentation, PresentContext, Words } from './types.js';

/** The base game's features, in the order of the end table's columns. */
export const FEATURE_ORDER: readonly string[] = ['road', 'city', 'monastery', 'field'];

/** The base game's messages with the core ones, per language (for `featureWords` on its own). */
const baseTranslator = translators([...CORE_MESSAGES, BASE_MESSAGES]);

/** What a scored feature was, with its article or without: "(a) completed city of 4 tiles with 1 pennant". */
function scoredWords(e: ScoreEvent, words: Words, t: Translator, article: boolean): string {
  const noun = words.feature(e.kind);
  return t.text('base.scored', {
    article: article ? 'yes' : 'no',
    kind: e.kind,
    gender: noun.gender,
    noun: noun.one,
    state: e.kind === 'field' ? 'none' : e.complete ? 'complete' : 'incomplete',
    size:
      e.tiles === 0
        ? e.cells > 0 && e.kind !== 'field'
          ? 'cells'
          : 'none'
        : e.cells !== e.tiles
          ? 'both'
          : 'tiles',
    tiles: e.tiles,
    cells: e.cells,
    pennants: e.pennants,
    touching: e.kind === 'field' || e.cities > 0 ? 'yes' : 'no',
    cities: e.cities,
  });
}

/**
 * What a scored feature was: "completed city of 4 tiles with 1 pennant", in `locale` (with `words`
 * of that language: `presenter.wordsIn(locale)`).
 */
export function featureWords(e: ScoreEvent, words: Words, locale: Locale = 'en'): string {
  return scoredWords(e, words, baseTranslator(locale), false);
}

/** Several seats: "Ada (A) and Bo (B)". */
export const players = (ctx: PresentContext, seats: readonly number[]): Phrase =>
  playersOf(ctx.t, (s): Part => ctx.who(s), seats);

/** One scored feature: who scored how many points for what, by which rule, and any bonus. */
function scorePhrase(e: ScoreEvent, ctx: PresentContext): Phrase {
  const t = ctx.t;
  const holders = e.meeples.flatMap((n, p) =>
    n > 0 ? [t.phrase('base.score.holder', { player: ctx.who(p), count: n })] : [],
  );
  return t.phrase('base.score', {
    final: e.final ? 'yes' : 'no',
    count: e.players.length === 0 ? 'none' : e.players.length === 1 ? 'one' : 'many',
    players: players(ctx, e.players),
    points: e.points,
    what: scoredWords(e, ctx.words, t, true),
    rule: rule(e.rule, true),
    meeples:
      holders.length > 1 ? t.phrase('base.score.meeples', { holders: joinPhrases(holders, ', ') }) : '',
    bonuses: e.bonuses.map((b) =>
      t.phrase('base.score.bonus', {
        player: ctx.who(b.player),
        points: b.points,
        bonus: ctx.words.bonus(b.rule),
        rule: rule(b.rule, true),
      }),
    ),
  });
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
  messages: BASE_MESSAGES,
  actions: {
    place: (a, ctx) => {
      const drawn = ctx.table.drawnTile;
      return ctx.t.phrase('base.action.place', {
        drawn: drawn ? 'yes' : 'no',
        tile: drawn ? tile(ctx, drawn) : '',
        cell: at(ctx, a),
        turned: turned(ctx, a.rotation),
      });
    },
    meeple: (a, ctx) => ctx.t.phrase('base.action.meeple', featureName(ctx, a)),
    // Declining phase 2 (B-6): what the player gives up depends on the step they are in.
    pass: (_a, ctx) =>
      ctx.t.phrase('base.action.pass', {
        phase: ctx.phase === 'capture' ? 'capture' : ctx.phase === 'crop-circle' ? 'crop' : 'other',
        mode: ctx.cropMode === 'remove' ? 'remove' : 'add',
      }),
  },
  events: {
    draw: (e, ctx) => ctx.t.phrase('base.event.draw', { player: ctx.who(e.player), tile: tile(ctx, e.tile) }),
    discard: (e, ctx) =>
      ctx.t.phrase('base.event.discard', {
        player: ctx.who(e.player),
        tile: tile(ctx, e.tile),
        rule: rule(e.rule),
      }),
    place: (e, ctx) =>
      ctx.t.phrase('base.event.place', {
        player: ctx.who(e.player),
        tile: tile(ctx, e.tile, e.rotation),
        cell: at(ctx, e),
        turned: turned(ctx, e.rotation),
      }),
    meeple: (e, ctx) => {
      const noun = ctx.words.feature(e.kind);
      return ctx.t.phrase('base.event.meeple', {
        player: ctx.who(e.player),
        role: ctx.words.role(e.kind),
        the: noun.the,
        kind: e.kind,
        gender: noun.gender,
        cell: at(ctx, e),
      });
    },
    score: (e, ctx) => capitalized(scorePhrase(e, ctx)),
    return: (e, ctx) => ctx.t.phrase('base.event.return', { player: ctx.who(e.player), cell: at(ctx, e) }),
    removed: (e, ctx) =>
      ctx.words.removal(
        e.rule,
        ctx.t.phrase('base.meepleAt', { player: ctx.who(e.player), cell: at(ctx, e) }),
      ),
    bonus: (e, ctx) =>
      ctx.t.phrase('base.event.bonus', {
        player: ctx.who(e.player),
        points: e.points,
        bonus: ctx.words.bonus(e.rule),
        rule: rule(e.rule, true),
      }),
    end: (e, ctx) =>
      ctx.t.phrase('base.event.end', {
        scores: joinPhrases(
          e.scores.map((score, p) => ctx.t.phrase('base.event.end.score', { player: ctx.who(p), score })),
          ', ',
        ),
        count: e.winners.length,
        winners: players(ctx, e.winners),
        rule: rule('B-9'),
      }),
  },
  points: {
    score: (e, words) => scorePoints(e, words),
    bonus: (e, words) => [
      { player: e.player, key: `bonus:${e.rule}`, label: words.bonus(e.rule), points: e.points },
    ],
  },
};
