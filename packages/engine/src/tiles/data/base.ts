/**
 * Base game tiles (B-1): sets basic:1 (72 tiles) and basic:2 (72 tiles, 8 with garden artwork).
 *
 * Written in the project's own format from the published tile compositions and counts (see
 * docs/tiles.md). Ids are the customary ones (JCloisterZone's), which players and programs know.
 */
import type { TileDefInput } from '../tileDef.js';

export const BASE_TILES: readonly TileDefInput[] = [
  {
    id: 'BA/L',
    features: [{ kind: 'monastery' }, { kind: 'field', halves: 'NL NR EL ER SL SR WL WR' }],
  },
  {
    id: 'BA/LR',
    features: [
      { kind: 'monastery' },
      { kind: 'road', edges: 'S' },
      { kind: 'field', halves: 'NL NR EL ER SL SR WL WR' },
    ],
  },
  {
    id: 'BA/RCr',
    features: [
      { kind: 'road', edges: 'W E' },
      { kind: 'city', edges: 'N' },
      { kind: 'field', halves: 'EL WR', cities: 'N' },
      { kind: 'field', halves: 'ER SL SR WL' },
    ],
  },
  {
    id: 'BA/Cccc+',
    features: [{ kind: 'city', edges: 'N W S E', pennants: 1 }],
  },
  {
    id: 'BA/CccR+',
    features: [
      { kind: 'road', edges: 'S' },
      { kind: 'city', edges: 'N W E', pennants: 1 },
      { kind: 'field', halves: 'SL', cities: 'N' },
      { kind: 'field', halves: 'SR', cities: 'N' },
    ],
  },
  {
    id: 'BA/CccR',
    features: [
      { kind: 'road', edges: 'S' },
      { kind: 'city', edges: 'N W E' },
      { kind: 'field', halves: 'SL', cities: 'N' },
      { kind: 'field', halves: 'SR', cities: 'N' },
    ],
  },
  {
    id: 'BA/CFc+',
    features: [
      { kind: 'city', edges: 'W E', pennants: 1 },
      { kind: 'field', halves: 'NL NR', cities: 'W' },
      { kind: 'field', halves: 'SL SR', cities: 'W' },
    ],
  },
  {
    id: 'BA/CFc.1',
    features: [
      { kind: 'city', edges: 'W E' },
      { kind: 'field', halves: 'NL NR', cities: 'W' },
      { kind: 'field', halves: 'SL SR', cities: 'W' },
    ],
  },
  {
    id: 'BA/Cc.1',
    features: [
      { kind: 'city', edges: 'N W' },
      { kind: 'field', halves: 'SL SR EL ER', cities: 'N' },
    ],
  },
  {
    id: 'BA/CcG',
    symbols: ['garden'],
    features: [
      { kind: 'city', edges: 'N W' },
      { kind: 'field', halves: 'SL SR EL ER', cities: 'N' },
    ],
  },
  {
    id: 'BA/Cc+',
    features: [
      { kind: 'city', edges: 'N W', pennants: 1 },
      { kind: 'field', halves: 'SL SR EL ER', cities: 'N' },
    ],
  },
  {
    id: 'BA/Cc+G',
    symbols: ['garden'],
    features: [
      { kind: 'city', edges: 'N W', pennants: 1 },
      { kind: 'field', halves: 'SL SR EL ER', cities: 'N' },
    ],
  },
  {
    id: 'BA/CcRr',
    features: [
      { kind: 'road', edges: 'E S' },
      { kind: 'city', edges: 'N W' },
      { kind: 'field', halves: 'EL SR', cities: 'N' },
      { kind: 'field', halves: 'ER SL' },
    ],
  },
  {
    id: 'BA/CcRr+',
    features: [
      { kind: 'road', edges: 'E S' },
      { kind: 'city', edges: 'N W', pennants: 1 },
      { kind: 'field', halves: 'EL SR', cities: 'N' },
      { kind: 'field', halves: 'ER SL' },
    ],
  },
  {
    id: 'BA/Ccc',
    features: [
      { kind: 'city', edges: 'N E W' },
      { kind: 'field', halves: 'SL SR', cities: 'N' },
    ],
  },
  {
    id: 'BA/CccG',
    symbols: ['garden'],
    features: [
      { kind: 'city', edges: 'N E W' },
      { kind: 'field', halves: 'SL SR', cities: 'N' },
    ],
  },
  {
    id: 'BA/Ccc+',
    features: [
      { kind: 'city', edges: 'N E W', pennants: 1 },
      { kind: 'field', halves: 'SL SR', cities: 'N' },
    ],
  },
  {
    id: 'BA/CRr',
    features: [
      { kind: 'road', edges: 'E S' },
      { kind: 'city', edges: 'N' },
      { kind: 'field', halves: 'EL WL WR SR', cities: 'N' },
      { kind: 'field', halves: 'ER SL' },
    ],
  },
  {
    id: 'BA/CRRR',
    features: [
      { kind: 'road', edges: 'E' },
      { kind: 'road', edges: 'S' },
      { kind: 'road', edges: 'W' },
      { kind: 'city', edges: 'N' },
      { kind: 'field', halves: 'WR EL', cities: 'N' },
      { kind: 'field', halves: 'WL SR' },
      { kind: 'field', halves: 'ER SL' },
    ],
  },
  {
    id: 'BA/RrC',
    features: [
      { kind: 'road', edges: 'S W' },
      { kind: 'city', edges: 'N' },
      { kind: 'field', halves: 'WR EL ER SL', cities: 'N' },
      { kind: 'field', halves: 'WL SR' },
    ],
  },
  {
    id: 'BA/C',
    features: [
      { kind: 'city', edges: 'N' },
      { kind: 'field', halves: 'WL WR SL SR EL ER', cities: 'N' },
    ],
  },
  {
    id: 'BA/CG',
    symbols: ['garden'],
    features: [
      { kind: 'city', edges: 'N' },
      { kind: 'field', halves: 'WL WR SL SR EL ER', cities: 'N' },
    ],
  },
  {
    id: 'BA/CFC.2',
    features: [
      { kind: 'city', edges: 'N' },
      { kind: 'city', edges: 'S' },
      { kind: 'field', halves: 'WL WR EL ER', cities: 'N S' },
    ],
  },
  {
    id: 'BA/CFCG',
    symbols: ['garden'],
    features: [
      { kind: 'city', edges: 'N' },
      { kind: 'city', edges: 'S' },
      { kind: 'field', halves: 'WL WR EL ER', cities: 'N S' },
    ],
  },
  {
    id: 'BA/CC.2',
    features: [
      { kind: 'city', edges: 'N' },
      { kind: 'city', edges: 'W' },
      { kind: 'field', halves: 'EL ER SL SR', cities: 'N W' },
    ],
  },
  {
    id: 'BA/CCG',
    symbols: ['garden'],
    features: [
      { kind: 'city', edges: 'N' },
      { kind: 'city', edges: 'W' },
      { kind: 'field', halves: 'EL ER SL SR', cities: 'N W' },
    ],
  },
  {
    id: 'BA/RRRR',
    features: [
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
    id: 'BA/RRR',
    features: [
      { kind: 'road', edges: 'E' },
      { kind: 'road', edges: 'S' },
      { kind: 'road', edges: 'W' },
      { kind: 'field', halves: 'WR NL NR EL' },
      { kind: 'field', halves: 'ER SL' },
      { kind: 'field', halves: 'SR WL' },
    ],
  },
  {
    id: 'BA/Rr',
    features: [
      { kind: 'road', edges: 'W S' },
      { kind: 'field', halves: 'WR NL NR EL ER SL' },
      { kind: 'field', halves: 'SR WL' },
    ],
  },
  {
    id: 'BA/RrG',
    symbols: ['garden'],
    features: [
      { kind: 'road', edges: 'W S' },
      { kind: 'field', halves: 'WR NL NR EL ER SL' },
      { kind: 'field', halves: 'SR WL' },
    ],
  },
  {
    id: 'BA/RFr',
    features: [
      { kind: 'road', edges: 'W E' },
      { kind: 'field', halves: 'WR NL NR EL' },
      { kind: 'field', halves: 'ER SL SR WL' },
    ],
  },
  {
    id: 'BA/RFrG',
    symbols: ['garden'],
    features: [
      { kind: 'road', edges: 'W E' },
      { kind: 'field', halves: 'WR NL NR EL' },
      { kind: 'field', halves: 'ER SL SR WL' },
    ],
  },
];

/** Tile sets: how many copies of each kind one copy of the set holds. */
export const BASE_SETS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'basic:1': {
    'BA/L': 4,
    'BA/LR': 2,
    'BA/RCr': 4,
    'BA/Cccc+': 1,
    'BA/CccR+': 2,
    'BA/CccR': 1,
    'BA/CFc+': 2,
    'BA/CFc.1': 1,
    'BA/Cc.1': 3,
    'BA/Cc+': 2,
    'BA/CcRr': 3,
    'BA/CcRr+': 2,
    'BA/Ccc': 3,
    'BA/Ccc+': 1,
    'BA/CRr': 3,
    'BA/CRRR': 3,
    'BA/RrC': 3,
    'BA/C': 5,
    'BA/CFC.2': 3,
    'BA/CC.2': 2,
    'BA/RRRR': 1,
    'BA/RRR': 4,
    'BA/Rr': 9,
    'BA/RFr': 8,
  },
  'basic:2': {
    'BA/L': 4,
    'BA/LR': 2,
    'BA/RCr': 4,
    'BA/Cccc+': 1,
    'BA/CccR+': 2,
    'BA/CccR': 1,
    'BA/CFc+': 2,
    'BA/CFc.1': 1,
    'BA/Cc.1': 2,
    'BA/CcG': 1,
    'BA/Cc+': 1,
    'BA/Cc+G': 1,
    'BA/CcRr': 3,
    'BA/CcRr+': 2,
    'BA/Ccc': 2,
    'BA/CccG': 1,
    'BA/Ccc+': 1,
    'BA/CRr': 3,
    'BA/CRRR': 3,
    'BA/RrC': 3,
    'BA/C': 4,
    'BA/CG': 1,
    'BA/CFC.2': 2,
    'BA/CFCG': 1,
    'BA/CC.2': 1,
    'BA/CCG': 1,
    'BA/RRRR': 1,
    'BA/RRR': 4,
    'BA/Rr': 8,
    'BA/RrG': 1,
    'BA/RFr': 7,
    'BA/RFrG': 1,
  },
};
