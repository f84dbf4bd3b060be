/**
 * The Princess & the Dragon tiles (D-1..D-13): sets princess-and-dragon:1 and :2 (30 tiles each).
 *
 * Written in the project's own format from the published tile compositions and counts (see
 * docs/tiles.md). Ids are the customary ones (JCloisterZone's), which players and programs know.
 */
import type { FeatureAttributeSpec, TileSymbolSpec } from '../../tiles/schema.js';
import type { TileDefInput } from '../../tiles/tileDef.js';

/** The feature attributes its tiles use: the princess on a city part (D-10), the tunnel (D-2). */
export const PRINCESS_DRAGON_ATTRIBUTES: readonly FeatureAttributeSpec[] = [
  {
    name: 'princess',
    kinds: ['city'],
    type: 'flag',
    merge: 'or',
    rule: 'D-10',
    doc: 'the princess on a city part: placed there, she may send a knight of the city home',
  },
  {
    name: 'tunnel',
    kinds: ['road'],
    type: 'flag',
    merge: 'or',
    rule: 'D-2',
    doc: 'a road passing under a city (drawn only: it is an ordinary road)',
  },
];

/** The symbols its tiles show. */
export const PRINCESS_DRAGON_SYMBOLS: readonly TileSymbolSpec[] = [
  { name: 'volcano', rule: 'D-3', doc: 'a volcano: the dragon lands on it, and no meeple may go there' },
  { name: 'dragon', rule: 'D-7', doc: 'the dragon symbol: the dragon hunts after the turn' },
  { name: 'portal', rule: 'D-13', doc: 'a magic portal: a meeple may go on any tile instead' },
];

export const PRINCESS_DRAGON_TILES: readonly TileDefInput[] = [
  {
    id: 'DG/F.v',
    symbols: ['volcano'],
    features: [{ kind: 'field', halves: 'NL NR EL ER SL SR WL WR' }],
  },
  {
    id: 'DG/RrRr.g',
    symbols: ['portal'],
    features: [
      { kind: 'road', edges: 'N W' },
      { kind: 'road', edges: 'S E' },
      { kind: 'field', halves: 'NL WR' },
      { kind: 'field', halves: 'SL ER' },
      { kind: 'field', halves: 'NR EL SR WL' },
    ],
  },
  {
    id: 'DG/R.v',
    symbols: ['volcano'],
    features: [
      { kind: 'road', edges: 'S' },
      { kind: 'field', halves: 'NL NR EL ER SL SR WL WR' },
    ],
  },
  {
    id: 'DG/C.d',
    symbols: ['dragon'],
    features: [
      { kind: 'city', edges: 'N' },
      { kind: 'field', halves: 'EL ER SL SR WL WR', cities: 'N' },
    ],
  },
  {
    id: 'DG/C.dG',
    symbols: ['dragon', 'garden'],
    features: [
      { kind: 'city', edges: 'N' },
      { kind: 'field', halves: 'EL ER SL SR WL WR', cities: 'N' },
    ],
  },
  {
    id: 'DG/C.v',
    symbols: ['volcano'],
    features: [
      { kind: 'city', edges: 'N' },
      { kind: 'field', halves: 'EL ER SL SR WL WR', cities: 'N' },
    ],
  },
  {
    id: 'DG/LRRR.d',
    symbols: ['dragon'],
    features: [
      { kind: 'monastery' },
      { kind: 'road', edges: 'E' },
      { kind: 'road', edges: 'S' },
      { kind: 'road', edges: 'W' },
      { kind: 'field', halves: 'WR NL NR EL' },
      { kind: 'field', halves: 'ER SL' },
      { kind: 'field', halves: 'WL SR' },
    ],
  },
  {
    id: 'DG/RRR.d',
    symbols: ['dragon'],
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
    id: 'DG/RRR.g',
    symbols: ['portal'],
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
    id: 'DG/CRRR.p',
    features: [
      { kind: 'road', edges: 'E' },
      { kind: 'road', edges: 'S' },
      { kind: 'road', edges: 'W' },
      { kind: 'city', edges: 'N', princess: true },
      { kind: 'field', halves: 'WR EL', cities: 'N' },
      { kind: 'field', halves: 'WL SR' },
      { kind: 'field', halves: 'ER SL' },
    ],
  },
  {
    id: 'DG/CCc+.p',
    features: [
      { kind: 'city', edges: 'N', princess: true },
      { kind: 'city', edges: 'E S', pennants: 1 },
      { kind: 'field', halves: 'WL WR', cities: 'N' },
      { kind: 'field', halves: '', cities: 'N S' },
    ],
  },
  {
    id: 'DG/Ccc.p',
    features: [
      { kind: 'city', edges: 'N E W', princess: true },
      { kind: 'field', halves: 'SL SR', cities: 'N' },
    ],
  },
  {
    id: 'DG/Ccc+.g',
    symbols: ['portal'],
    features: [
      { kind: 'city', edges: 'N E W', pennants: 1 },
      { kind: 'field', halves: 'SL SR', cities: 'N' },
    ],
  },
  {
    id: 'DG/LCcc.d',
    symbols: ['dragon'],
    features: [
      { kind: 'monastery' },
      { kind: 'city', edges: 'N E W' },
      { kind: 'field', halves: 'SL SR', cities: 'N' },
    ],
  },
  {
    id: 'DG/Rr.d',
    symbols: ['dragon'],
    features: [
      { kind: 'road', edges: 'W S' },
      { kind: 'field', halves: 'WR NL NR EL ER SL' },
      { kind: 'field', halves: 'SR WL' },
    ],
  },
  {
    id: 'DG/Rr.v',
    symbols: ['volcano'],
    features: [
      { kind: 'road', edges: 'W S' },
      { kind: 'field', halves: 'WR NL NR EL ER SL' },
      { kind: 'field', halves: 'SR WL' },
    ],
  },
  {
    id: 'DG/RFr.d',
    symbols: ['dragon'],
    features: [
      { kind: 'road', edges: 'W E' },
      { kind: 'field', halves: 'WR NL NR EL' },
      { kind: 'field', halves: 'WL SL SR ER' },
    ],
  },
  {
    id: 'DG/RFr.v',
    symbols: ['volcano'],
    features: [
      { kind: 'road', edges: 'W E' },
      { kind: 'field', halves: 'WR NL NR EL' },
      { kind: 'field', halves: 'WL SL SR ER' },
    ],
  },
  {
    id: 'DG/Cc!.p',
    features: [
      { kind: 'city', edges: 'N W', princess: true },
      { kind: 'field', halves: 'EL ER', cities: 'N' },
      { kind: 'field', halves: 'SL SR', cities: 'N' },
    ],
  },
  {
    id: 'DG/Cc.d',
    symbols: ['dragon'],
    features: [
      { kind: 'city', edges: 'N W' },
      { kind: 'field', halves: 'SL SR EL ER', cities: 'N' },
    ],
  },
  {
    id: 'DG/Cc.p',
    features: [
      { kind: 'city', edges: 'N W', princess: true },
      { kind: 'field', halves: 'SL SR EL ER', cities: 'N' },
    ],
  },
  {
    id: 'DG/Cc.pG',
    symbols: ['garden'],
    features: [
      { kind: 'city', edges: 'N W', princess: true },
      { kind: 'field', halves: 'SL SR EL ER', cities: 'N' },
    ],
  },
  {
    id: 'DG/CC.v',
    symbols: ['volcano'],
    features: [
      { kind: 'city', edges: 'E' },
      { kind: 'city', edges: 'N' },
      { kind: 'field', halves: 'WL WR SL SR', cities: 'N E' },
    ],
  },
  {
    id: 'DG/CFc+.d',
    symbols: ['dragon'],
    features: [
      { kind: 'city', edges: 'W E', pennants: 1 },
      { kind: 'field', halves: 'NL NR', cities: 'W' },
      { kind: 'field', halves: 'SL SR', cities: 'W' },
    ],
  },
  {
    id: 'DG/CcRr.p',
    features: [
      { kind: 'road', edges: 'E S' },
      { kind: 'city', edges: 'N W', princess: true },
      { kind: 'field', halves: 'EL SR', cities: 'N' },
      { kind: 'field', halves: 'ER SL' },
    ],
  },
  {
    id: 'DG/CcRr.g',
    symbols: ['portal'],
    features: [
      { kind: 'road', edges: 'E S' },
      { kind: 'city', edges: 'N W' },
      { kind: 'field', halves: 'EL SR', cities: 'N' },
      { kind: 'field', halves: 'ER SL' },
    ],
  },
  {
    id: 'DG/CRcr.d',
    symbols: ['dragon'],
    features: [
      { kind: 'city', edges: 'E W' },
      { kind: 'road', edges: 'N S', tunnel: true },
      { kind: 'field', halves: 'NL NR', cities: 'W' },
      { kind: 'field', halves: 'SL SR', cities: 'W' },
    ],
  },
  {
    id: 'DG/RrC.d',
    symbols: ['dragon'],
    features: [
      { kind: 'road', edges: 'S W' },
      { kind: 'city', edges: 'N' },
      { kind: 'field', halves: 'WR EL ER SL', cities: 'N' },
      { kind: 'field', halves: 'WL SR' },
    ],
  },
  {
    id: 'DG/RrC.g',
    symbols: ['portal'],
    features: [
      { kind: 'road', edges: 'S W' },
      { kind: 'city', edges: 'N' },
      { kind: 'field', halves: 'WR EL ER SL', cities: 'N' },
      { kind: 'field', halves: 'WL SR' },
    ],
  },
  {
    id: 'DG/CRr.d',
    symbols: ['dragon'],
    features: [
      { kind: 'road', edges: 'E S' },
      { kind: 'city', edges: 'N' },
      { kind: 'field', halves: 'EL WL WR SR', cities: 'N' },
      { kind: 'field', halves: 'ER SL' },
    ],
  },
  {
    id: 'DG/CRr.g',
    symbols: ['portal'],
    features: [
      { kind: 'road', edges: 'E S' },
      { kind: 'city', edges: 'N' },
      { kind: 'field', halves: 'EL WL WR SR', cities: 'N' },
      { kind: 'field', halves: 'ER SL' },
    ],
  },
];

/** Tile sets: how many copies of each kind one copy of the set holds. */
export const PRINCESS_DRAGON_SETS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'princess-and-dragon:1': {
    'DG/F.v': 1,
    'DG/RrRr.g': 1,
    'DG/R.v': 1,
    'DG/C.d': 1,
    'DG/C.v': 1,
    'DG/LRRR.d': 1,
    'DG/RRR.d': 1,
    'DG/RRR.g': 1,
    'DG/CRRR.p': 1,
    'DG/CCc+.p': 1,
    'DG/Ccc.p': 1,
    'DG/Ccc+.g': 1,
    'DG/LCcc.d': 1,
    'DG/Rr.d': 2,
    'DG/Rr.v': 1,
    'DG/RFr.d': 1,
    'DG/RFr.v': 1,
    'DG/Cc!.p': 1,
    'DG/Cc.d': 1,
    'DG/Cc.p': 1,
    'DG/CC.v': 1,
    'DG/CFc+.d': 1,
    'DG/CcRr.p': 1,
    'DG/CcRr.g': 1,
    'DG/CRcr.d': 1,
    'DG/RrC.d': 1,
    'DG/RrC.g': 1,
    'DG/CRr.d': 1,
    'DG/CRr.g': 1,
  },
  'princess-and-dragon:2': {
    'DG/F.v': 1,
    'DG/RrRr.g': 1,
    'DG/R.v': 1,
    'DG/C.dG': 1,
    'DG/C.v': 1,
    'DG/LRRR.d': 1,
    'DG/RRR.d': 1,
    'DG/RRR.g': 1,
    'DG/CRRR.p': 1,
    'DG/CCc+.p': 1,
    'DG/Ccc.p': 1,
    'DG/Ccc+.g': 1,
    'DG/LCcc.d': 1,
    'DG/Rr.d': 2,
    'DG/Rr.v': 1,
    'DG/RFr.d': 1,
    'DG/RFr.v': 1,
    'DG/Cc!.p': 1,
    'DG/Cc.d': 1,
    'DG/Cc.pG': 1,
    'DG/CC.v': 1,
    'DG/CFc+.d': 1,
    'DG/CcRr.p': 1,
    'DG/CcRr.g': 1,
    'DG/CRcr.d': 1,
    'DG/RrC.d': 1,
    'DG/RrC.g': 1,
    'DG/CRr.d': 1,
    'DG/CRr.g': 1,
  },
};
