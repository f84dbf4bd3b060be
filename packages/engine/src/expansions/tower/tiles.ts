/**
 * The Tower tiles (T-1): sets tower:1 and tower:2 (18 tiles each), each with a tower foundation.
 *
 * Written in the project's own format from the published tile compositions and counts (see
 * docs/tiles.md). Ids are the customary ones (JCloisterZone's), which players and programs know.
 */
import type { TileDefInput } from '../../tiles/tileDef.js';

export const TOWER_TILES: readonly TileDefInput[] = [
  {
    id: 'TO/C',
    features: [
      { kind: 'tower' },
      { kind: 'city', edges: 'N' },
      { kind: 'field', halves: 'WL WR SL SR EL ER', cities: 'N' },
    ],
  },
  {
    id: 'TO/F',
    features: [{ kind: 'tower' }, { kind: 'field', halves: 'NL NR EL ER SL SR WL WR' }],
  },
  {
    id: 'TO/FG',
    symbols: ['garden'],
    features: [{ kind: 'tower' }, { kind: 'field', halves: 'NL NR EL ER SL SR WL WR' }],
  },
  {
    id: 'TO/L',
    features: [
      { kind: 'tower' },
      { kind: 'monastery' },
      { kind: 'field', halves: 'NL NR EL ER SL SR WL WR' },
    ],
  },
  {
    id: 'TO/RR',
    features: [
      { kind: 'tower' },
      { kind: 'road', edges: 'W' },
      { kind: 'road', edges: 'S' },
      { kind: 'field', halves: 'WR NL NR EL ER SL' },
      { kind: 'field', halves: 'WL SR' },
    ],
  },
  {
    id: 'TO/RRG',
    symbols: ['garden'],
    features: [
      { kind: 'tower' },
      { kind: 'road', edges: 'W' },
      { kind: 'road', edges: 'S' },
      { kind: 'field', halves: 'WR NL NR EL ER SL' },
      { kind: 'field', halves: 'WL SR' },
    ],
  },
  {
    id: 'TO/RRR',
    features: [
      { kind: 'tower' },
      { kind: 'road', edges: 'W' },
      { kind: 'road', edges: 'N' },
      { kind: 'road', edges: 'E' },
      { kind: 'field', halves: 'WR NL' },
      { kind: 'field', halves: 'NR EL' },
      { kind: 'field', halves: 'ER SL SR WL' },
    ],
  },
  {
    id: 'TO/RrRr.2',
    features: [
      { kind: 'tower' },
      { kind: 'road', edges: 'N W' },
      { kind: 'road', edges: 'S E' },
      { kind: 'field', halves: 'NL WR' },
      { kind: 'field', halves: 'SL ER' },
      { kind: 'field', halves: 'NR EL SR WL' },
    ],
  },
  {
    id: 'TO/RRRR.1',
    features: [
      { kind: 'tower' },
      { kind: 'road', edges: 'N' },
      { kind: 'road', edges: 'E' },
      { kind: 'road', edges: 'S' },
      { kind: 'road', edges: 'W' },
      { kind: 'field', halves: 'WR NL' },
      { kind: 'field', halves: 'NR EL' },
      { kind: 'field', halves: 'ER SL' },
      { kind: 'field', halves: 'SR WL' },
    ],
  },
  {
    id: 'TO/CRcr',
    features: [
      { kind: 'tower' },
      { kind: 'road', edges: 'N S' },
      { kind: 'city', edges: 'W E' },
      { kind: 'field', halves: 'NL', cities: 'W' },
      { kind: 'field', halves: 'NR', cities: 'W' },
      { kind: 'field', halves: 'SL', cities: 'W' },
      { kind: 'field', halves: 'SR', cities: 'W' },
    ],
  },
  {
    id: 'TO/CFR',
    features: [
      { kind: 'tower' },
      { kind: 'city', edges: 'N' },
      { kind: 'road', edges: 'S' },
      { kind: 'field', halves: 'WL WR SR', cities: 'N' },
      { kind: 'field', halves: 'EL ER SL', cities: 'N' },
    ],
  },
  {
    id: 'TO/RrC',
    features: [
      { kind: 'tower' },
      { kind: 'road', edges: 'S W' },
      { kind: 'city', edges: 'N' },
      { kind: 'field', halves: 'WR EL ER SL', cities: 'N' },
      { kind: 'field', halves: 'WL SR' },
    ],
  },
  {
    id: 'TO/RCr',
    features: [
      { kind: 'tower' },
      { kind: 'city', edges: 'N' },
      { kind: 'road', edges: 'W E' },
      { kind: 'field', halves: 'WR', cities: 'N' },
      { kind: 'field', halves: 'EL', cities: 'N' },
      { kind: 'field', halves: 'WL SL SR ER' },
    ],
  },
  {
    id: 'TO/Cc',
    features: [
      { kind: 'tower' },
      { kind: 'city', edges: 'N W' },
      { kind: 'field', halves: 'SL SR EL ER', cities: 'N' },
    ],
  },
  {
    id: 'TO/CcR!',
    features: [
      { kind: 'tower' },
      { kind: 'road', edges: 'E' },
      { kind: 'city', edges: 'N W' },
      { kind: 'field', halves: 'EL', cities: 'N' },
      { kind: 'field', halves: 'ER', cities: 'N' },
      { kind: 'field', halves: 'SL SR', cities: 'N' },
    ],
  },
  {
    id: 'TO/CC.2',
    features: [
      { kind: 'tower' },
      { kind: 'city', edges: 'N' },
      { kind: 'city', edges: 'W' },
      { kind: 'field', halves: 'EL ER SL SR', cities: 'N W' },
    ],
  },
  {
    id: 'TO/CRCr.2',
    features: [
      { kind: 'tower' },
      { kind: 'road', edges: 'W E' },
      { kind: 'city', edges: 'N' },
      { kind: 'city', edges: 'S' },
      { kind: 'field', halves: 'WR EL', cities: 'N' },
      { kind: 'field', halves: 'ER WL', cities: 'S' },
    ],
  },
  {
    id: 'TO/CccR',
    features: [
      { kind: 'tower' },
      { kind: 'road', edges: 'S' },
      { kind: 'city', edges: 'N W E' },
      { kind: 'field', halves: 'SL', cities: 'N' },
      { kind: 'field', halves: 'SR', cities: 'N' },
    ],
  },
  {
    id: 'TO/CccC+',
    features: [
      { kind: 'tower' },
      { kind: 'city', edges: 'N W E', pennants: 1 },
      { kind: 'city', edges: 'S' },
      { kind: 'field', halves: '', cities: 'W S' },
    ],
  },
];

/** Tile sets: how many copies of each kind one copy of the set holds. */
export const TOWER_SETS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'tower:1': {
    'TO/C': 2,
    'TO/F': 1,
    'TO/L': 1,
    'TO/RR': 1,
    'TO/RRR': 1,
    'TO/RrRr.2': 1,
    'TO/RRRR.1': 1,
    'TO/CRcr': 1,
    'TO/CFR': 1,
    'TO/RrC': 1,
    'TO/RCr': 1,
    'TO/Cc': 1,
    'TO/CcR!': 1,
    'TO/CC.2': 1,
    'TO/CRCr.2': 1,
    'TO/CccR': 1,
    'TO/CccC+': 1,
  },
  'tower:2': {
    'TO/C': 2,
    'TO/FG': 1,
    'TO/L': 1,
    'TO/RRG': 1,
    'TO/RRR': 1,
    'TO/RrRr.2': 1,
    'TO/RRRR.1': 1,
    'TO/CRcr': 1,
    'TO/CFR': 1,
    'TO/RrC': 1,
    'TO/RCr': 1,
    'TO/Cc': 1,
    'TO/CcR!': 1,
    'TO/CC.2': 1,
    'TO/CRCr.2': 1,
    'TO/CccR': 1,
    'TO/CccC+': 1,
  },
};
