/** The Princess & the Dragon's options (docs/rules.md, section O) and presets. */
import type { OptionSpec, Presets } from '../../rules/options.js';

declare module '../../rules/options.js' {
  interface Options {
    /** dragon (D-3..D-9): the volcano and dragon mechanics; `off` keeps the tiles as plain tiles. */
    dragon: 'on' | 'off';
    /** fairy (D-14..D-19). */
    fairy: 'on' | 'off';
    /** princess (D-10..D-12). */
    princess: 'on' | 'off';
    /** portal (D-13). */
    portal: 'on' | 'off';
    /** princess-action (D-10): removing a knight with the princess is optional or compulsory. */
    princessAction: 'may' | 'must';
    /** fairy-placement (D-14): next to a meeple, or (1st edition) onto a tile holding one. */
    fairyPlacement: 'next-follower' | 'on-tile';
    /** dragon-move (D-7): the hunt before or after the turn's scoring. */
    dragonMove: 'before-scoring' | 'after-scoring';
    /** dragon-set-aside (D-6): a dragon tile drawn before the first volcano is set aside, or goes back into the pile. */
    dragonSetAside: 'set-aside' | 'reshuffle';
    /** fairy-bonus (D-15, D-17): 1 at turn start and 3 per scoring, or (house rule) 5 per scoring only. */
    fairyBonus: '1+3' | '5';
    /** fairy-blocks-dragon (D-16): the dragon may not enter her tile, or (house rule) enters but eats nothing there. */
    fairyBlocksDragon: 'blocks' | 'protects-only';
  }
}

export const PRINCESS_DRAGON_OPTIONS: readonly OptionSpec[] = [
  {
    id: 'dragon',
    key: 'dragon',
    values: ['on', 'off'],
    rule: 'D-3',
    also: ['D-4', 'D-5', 'D-6', 'D-7', 'D-8', 'D-9'],
    doc: 'the volcano and the dragon’s hunt; off keeps the tiles as plain tiles',
  },
  {
    id: 'fairy',
    key: 'fairy',
    values: ['on', 'off'],
    rule: 'D-14',
    also: ['D-15', 'D-16', 'D-17', 'D-18', 'D-19'],
    doc: 'the fairy: points for the meeple she stands by, protection from the dragon',
  },
  {
    id: 'princess',
    key: 'princess',
    values: ['on', 'off'],
    rule: 'D-10',
    also: ['D-11', 'D-12'],
    doc: 'the princess sends a knight home from the city she joins',
  },
  {
    id: 'portal',
    key: 'portal',
    values: ['on', 'off'],
    rule: 'D-13',
    doc: 'the magic portal lets a meeple go onto any unfinished feature',
  },
  {
    id: 'princess-action',
    key: 'princessAction',
    values: ['may', 'must'],
    rule: 'D-10',
    doc: 'removing a knight with the princess is optional, or compulsory when possible',
  },
  {
    id: 'fairy-placement',
    key: 'fairyPlacement',
    values: ['next-follower', 'on-tile'],
    rule: 'D-14',
    doc: 'the fairy goes next to one’s meeple, or (first edition) onto a tile holding one',
  },
  {
    id: 'dragon-move',
    key: 'dragonMove',
    values: ['before-scoring', 'after-scoring'],
    rule: 'D-7',
    doc: 'the dragon hunts before or after the turn’s features are scored',
  },
  {
    id: 'dragon-set-aside',
    key: 'dragonSetAside',
    values: ['set-aside', 'reshuffle'],
    rule: 'D-6',
    doc: 'a dragon tile drawn before the first volcano waits aside, or goes back into the pile',
  },
  {
    id: 'fairy-bonus',
    key: 'fairyBonus',
    values: ['1+3', '5'],
    rule: 'D-17',
    also: ['D-15'],
    doc: 'the fairy gives 1 a turn and 3 when scored, or (house rule) 5 when scored only',
  },
  {
    id: 'fairy-blocks-dragon',
    key: 'fairyBlocksDragon',
    values: ['blocks', 'protects-only'],
    rule: 'D-16',
    doc: 'the dragon may not enter the fairy’s tile, or (house rule) enters but eats nothing there',
  },
];

export const PRINCESS_DRAGON_PRESETS: Presets = {
  hig: {},
  zman: { princessAction: 'must', fairyPlacement: 'on-tile' },
  rgg: { princessAction: 'must', fairyPlacement: 'on-tile', dragonMove: 'after-scoring' },
};
