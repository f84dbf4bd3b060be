/**
 * Words the account, profile and leaderboard screens share, in the language on screen (call them
 * from markup or `$derived`): pools by name, dates, ratings with their uncertainty, a rating change.
 */
import { locale, t } from '../i18n/index.svelte.js';
import type { MessageKey } from '../i18n/index.svelte.js';
import { expansionNames } from '../app/words.js';

const POOLS: Readonly<Record<string, MessageKey>> = {
  'duel-base': 'account.poolDuelBase',
  'duel-expansions': 'account.poolDuelExpansions',
  'multi-base': 'account.poolMultiBase',
  'multi-expansions': 'account.poolMultiExpansions',
};

/** A pool in players' words (the server's English title for a pool this client does not know). */
export const poolTitle = (pool: string, fallback = pool): string => {
  const key = POOLS[pool];
  return key === undefined ? fallback : t(key);
};

/** A rating as shown: rounded, with "?" while it is provisional (too few games to trust). */
export const ratingText = (rating: number, provisional: boolean): string =>
  `${Math.round(rating)}${provisional ? '?' : ''}`;

/** A rating change, signed: "+12", "−7" (a true minus sign), "±0". */
export function ratingChange(before: number, after: number): string {
  const d = Math.round(after) - Math.round(before);
  return d > 0 ? `+${d}` : d < 0 ? `\u2212${-d}` : '\u00b10';
}

/** A moment (ms since the epoch, or an ISO string) as a date in the language on screen. */
export function dateText(when: number | string, withTime = false): string {
  const d = new Date(when);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(locale(), {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(d);
}

/** An expansion set by name; the base game alone in words. */
export const setText = (expansions: readonly string[]): string =>
  expansions.length === 0 ? t('account.baseGame') : expansionNames(expansions);

/** An average score, to one decimal where it has one. */
export const averageText = (n: number): string =>
  new Intl.NumberFormat(locale(), { maximumFractionDigits: 1 }).format(n);
