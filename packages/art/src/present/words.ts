/** Small helpers of English the phrases share. */
import type { CornerName } from '@carc/engine';

/** "1 point", "3 points". */
export const plural = (n: number, noun: string, nouns = `${noun}s`): string =>
  `${n} ${n === 1 ? noun : nouns}`;

const COUNTS = ['no', 'a', 'two', 'three', 'four', 'five', 'six'];

/** "a road", "an inn", "two roads". */
export const some = (n: number, noun: string, nouns = `${noun}s`): string =>
  n === 1 ? `${article(noun)} ${noun}` : `${COUNTS[n] ?? n} ${nouns}`;

/** "a" or "an", for the word that follows. */
export const article = (word: string): string => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** "a, b and c". */
export const andList = (parts: readonly string[], last = 'and'): string =>
  parts.length <= 1
    ? (parts[0] ?? '')
    : `${parts.slice(0, -1).join(', ')} ${last} ${parts[parts.length - 1]}`;

/** A cell, and the corner of its triangle when it holds two: "(1,0)", "(1,0) nw". */
export const cellName = (x: number, y: number, corner?: CornerName): string =>
  `(${x},${y})${corner ? ` ${corner}` : ''}`;

/** A rotation as a player says it: "as drawn", "turned 90°". */
export const turned = (rotation: number): string => (rotation === 0 ? 'as drawn' : `turned ${rotation}°`);

export const DIRECTION_WORDS: Readonly<Record<string, string>> = {
  n: 'north',
  e: 'east',
  s: 'south',
  w: 'west',
};

/** Where a triangle's right angle lies (H-4: 0 nw, 90 ne, 180 se, 270 sw). */
export const CORNER_WORDS: Readonly<Record<CornerName, string>> = {
  nw: 'north-west',
  ne: 'north-east',
  se: 'south-east',
  sw: 'south-west',
};
