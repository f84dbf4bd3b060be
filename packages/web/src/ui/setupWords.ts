/**
 * The set-up screen's words for players: bot levels, expansions, presets and rule options named as a
 * player would name them. The engine's ids stay what they are (records and the server use them); an
 * option or value missing here falls back to words made from its id, so a new engine option still shows.
 */
import type { BotLevel } from './setup.js';

export interface BotLevelWords {
  level: BotLevel;
  /** Easy, Medium, Hard. */
  title: string;
  /** One line on how it plays. */
  line: string;
}

/** The bots, weakest first: the bots package's random, greedy and MCTS players. */
export const BOT_LEVEL_WORDS: readonly BotLevelWords[] = [
  { level: 'random', title: 'Easy', line: 'Plays any legal move at random: good for learning the rules.' },
  {
    level: 'greedy',
    title: 'Medium',
    line: 'Takes whatever scores best this turn, without planning ahead.',
  },
  {
    level: 'mcts',
    title: 'Hard',
    line: 'Plays out many possible futures before each move, and thinks for a second.',
  },
];

export interface ExpansionWords {
  /** A tile that shows what the expansion brings (drawn with the board's art). */
  tile: string;
  /** One sentence on what it adds. */
  line: string;
}

export const EXPANSION_WORDS: Readonly<Record<string, ExpansionWords>> = {
  'princess-and-dragon': {
    tile: 'DG/C.v',
    line: 'A dragon that eats meeples, a fairy who guards them, a princess who sends knights home, and magic portals.',
  },
  tower: {
    tile: 'TO/CccC+',
    line: 'Build towers and capture the meeples they overlook; buy your prisoners back.',
  },
  halflings: {
    tile: 'H1-01',
    line: 'Half-tiles held in your hand fill the landscape’s corners instead of a draw.',
  },
};

/** The base game's picture: its start tile. */
export const BASE_TILE = 'BA/RCr';

export interface PresetWords {
  title: string;
  /** Where the rules come from, said once before what the preset changes. */
  source: string;
}

export const PRESET_WORDS: Readonly<Record<string, PresetWords>> = {
  hig: { title: 'Standard rules', source: 'Hans im Glück’s current rules' },
  zman: { title: 'Z-Man Games edition', source: 'the English rules by Z-Man Games' },
  rgg: { title: 'Rio Grande Games edition', source: 'the older English rules by Rio Grande Games' },
  'halflings-first-edition': { title: 'Halflings, first edition', source: 'the Halflings rules of 2015' },
};

export interface OptionWords {
  title: string;
  /** Each value in words, by its string form. */
  values?: Readonly<Record<string, string>>;
}

const ON_OFF = { on: 'In the game', off: 'Left out (tiles stay, plain)' };

export const OPTION_WORDS: Readonly<Record<string, OptionWords>> = {
  'tile-set-base': {
    title: 'Tile edition',
    values: { 'basic:2': 'Second edition (current)', 'basic:1': 'First edition' },
  },
  'tiny-city-scoring': {
    title: 'A two-tile city scores',
    values: { '4': '4 points', '2': '2 points (older editions)' },
  },
  'halflings-edition': {
    title: 'Halflings rules edition',
    values: { '2021': '2021: count cells', '2020': '2020: count tiles', '2015': '2015: count tiles' },
  },
  'halflings-hand': { title: 'Triangles in each hand' },
  'halflings-deal': {
    title: 'How hands are dealt',
    values: { draw: 'Face down, at random', draft: 'Drafted face up' },
  },
  'halflings-symbols': {
    title: 'Vineyard and crop-circle triangles',
    values: { off: 'Left out', on: 'In the game' },
  },
  'tower-pieces': { title: 'Tower pieces each', values: { auto: 'By player count' } },
  'tower-ransom': {
    title: 'Ransom for prisoners',
    values: { on: '3 points to free one', off: 'No ransom (house rule)' },
  },
  'tower-range': {
    title: 'How far a tower captures',
    values: {
      orthogonal: 'Its height, in 4 directions',
      'no-surprise': 'One less than its height',
      diagonal: 'Any cell within its height',
    },
  },
  'tower-gaps': {
    title: 'Captures across empty cells',
    values: { allowed: 'Reach past them', blocked: 'Stop there (house rule)' },
  },
  dragon: { title: 'The dragon and the volcano', values: ON_OFF },
  fairy: { title: 'The fairy', values: ON_OFF },
  princess: { title: 'The princess', values: ON_OFF },
  portal: { title: 'The magic portal', values: ON_OFF },
  'princess-action': {
    title: 'The princess removing a knight',
    values: { may: 'Optional', must: 'Compulsory when possible' },
  },
  'fairy-placement': {
    title: 'Where the fairy goes',
    values: { 'next-follower': 'Next to your meeple', 'on-tile': 'Onto a tile with your meeple' },
  },
  'dragon-move': {
    title: 'When the dragon moves',
    values: { 'before-scoring': 'Before the turn’s scoring', 'after-scoring': 'After the turn’s scoring' },
  },
  'dragon-set-aside': {
    title: 'A dragon tile before any volcano',
    values: { 'set-aside': 'Waits aside', reshuffle: 'Goes back into the pile' },
  },
  'fairy-bonus': {
    title: 'The fairy’s points',
    values: { '1+3': '1 a turn, 3 when scored', '5': '5 when scored (house rule)' },
  },
  'fairy-blocks-dragon': {
    title: 'The dragon and the fairy’s tile',
    values: { blocks: 'The dragon cannot enter', 'protects-only': 'It enters, eats nothing (house rule)' },
  },
};

/** "tower-gaps" → "Tower gaps": words for an option the table above does not know. */
export const wordsFromId = (id: string): string => {
  const words = id.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
