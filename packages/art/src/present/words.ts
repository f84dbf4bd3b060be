/**
 * Small helpers the terminal's own sentences use: places and rotations in any language (the
 * common.* messages), and a few helpers of English (the presentations say everything through
 * messages; these stay for clients that write English themselves).
 */
import type { CornerName } from '@carc/engine';
import { coreTranslator } from './core.js';
import type { Locale } from './translate.js';

/** "1 point", "3 points" (English). */
export const plural = (n: number, noun: string, nouns = `${noun}s`): string =>
  `${n} ${n === 1 ? noun : nouns}`;

const COUNTS = ['no', 'a', 'two', 'three', 'four', 'five', 'six'];

/** "a road", "an inn", "two roads" (English). */
export const some = (n: number, noun: string, nouns = `${noun}s`): string =>
  n === 1 ? `${article(noun)} ${noun}` : `${COUNTS[n] ?? n} ${nouns}`;

/** "a" or "an", for the English word that follows. */
export const article = (word: string): string => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** "a, b and c" (English). */
export const andList = (parts: readonly string[], last = 'and'): string =>
  parts.length <= 1
    ? (parts[0] ?? '')
    : `${parts.slice(0, -1).join(', ')} ${last} ${parts[parts.length - 1]}`;

/** A cell, and the corner of its triangle when it holds two: "(1,0)", "(1,0) nw" ("(1,0) zw", "(1,0) sv"). */
export const cellName = (x: number, y: number, corner?: CornerName, locale: Locale = 'en'): string =>
  coreTranslator(locale).text('common.cell', { x, y, corner: corner ?? 'none' });

/** A rotation as a player says it: "as drawn", "turned 90°" ("90° gedraaid", "rotit cu 90°"). */
export const turned = (rotation: number, locale: Locale = 'en'): string =>
  coreTranslator(locale).text('common.turned', { rotation });
