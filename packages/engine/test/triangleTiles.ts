/**
 * Test-only triangular tiles (H-0 format: shape 'triangle', sides N, W and the long side D; in the
 * tile's own frame the right angle is at the north-west corner). Clockwise around the triangle the
 * half-sides are NL NR (north, west to east), DL DR (diagonal, north-east to south-west), WL WR
 * (west, south to north).
 *
 *   +-----------+
 *   | NL    NR /
 *   |        / DL
 *   | WR   /
 *   |    / DR
 *   | WL/
 *   +/
 */
import type { TileDefInput } from '@carc/engine';

export const TRIANGLES = {
  /** All field. */
  field: { id: 'T/F', shape: 'triangle', features: [{ kind: 'field', halves: 'NL NR WL WR DL DR' }] },
  /** A city over the north side and the long side; field on the west side. */
  cityND: {
    id: 'T/CND',
    shape: 'triangle',
    features: [
      { kind: 'city', edges: 'N D' },
      { kind: 'field', halves: 'WL WR', cities: 'N' },
    ],
  },
  /** A city cap on the north side; one field over the west side and the long side. */
  cityN: {
    id: 'T/CN',
    shape: 'triangle',
    features: [
      { kind: 'city', edges: 'N' },
      { kind: 'field', halves: 'WL WR DL DR', cities: 'N' },
    ],
  },
  /** A city on the long side only, no pennant (closes a city coming across the diagonal). */
  cityD: {
    id: 'T/CD',
    shape: 'triangle',
    features: [
      { kind: 'city', edges: 'D' },
      { kind: 'field', halves: 'NL NR WL WR', cities: 'D' },
    ],
  },
  /** A city on the long side with a pennant. */
  cityDPennant: {
    id: 'T/CD+',
    shape: 'triangle',
    features: [
      { kind: 'city', edges: 'D', pennants: 1 },
      { kind: 'field', halves: 'NL NR WL WR', cities: 'D' },
    ],
  },
  /** All city, with a pennant. */
  cityAll: { id: 'T/CCC+', shape: 'triangle', features: [{ kind: 'city', edges: 'N W D', pennants: 1 }] },
  /** Two city caps, north and west, with a field between them on the long side. */
  cityNW: {
    id: 'T/C-C',
    shape: 'triangle',
    features: [
      { kind: 'city', edges: 'N' },
      { kind: 'city', edges: 'W' },
      { kind: 'field', halves: 'DL DR', cities: 'N W' },
    ],
  },
  /** A road from the west side to the long side; it cuts off the south-west corner field. */
  roadWD: {
    id: 'T/RWD',
    shape: 'triangle',
    features: [
      { kind: 'road', edges: 'W D' },
      { kind: 'field', halves: 'WR NL NR DL' },
      { kind: 'field', halves: 'DR WL' },
    ],
  },
  /** A road from the north side to the long side. */
  roadND: {
    id: 'T/RND',
    shape: 'triangle',
    features: [
      { kind: 'road', edges: 'N D' },
      { kind: 'field', halves: 'NR DL' },
      { kind: 'field', halves: 'DR WL WR NL' },
    ],
  },
  /** A road ending inside the tile, from the long side. */
  roadD: {
    id: 'T/RD',
    shape: 'triangle',
    features: [
      { kind: 'road', edges: 'D' },
      { kind: 'field', halves: 'NL NR WL WR DL DR' },
    ],
  },
  /** A road curving from north to west, splitting off the small corner field. */
  roadNW: {
    id: 'T/RNW',
    shape: 'triangle',
    features: [
      { kind: 'road', edges: 'N W' },
      { kind: 'field', halves: 'NL WR' },
      { kind: 'field', halves: 'NR DL DR WL' },
    ],
  },
  /** City cap on the north side, a road ending inside the tile from the west side. */
  cityNRoadW: {
    id: 'T/CN-RW',
    shape: 'triangle',
    features: [
      { kind: 'city', edges: 'N' },
      { kind: 'road', edges: 'W' },
      { kind: 'field', halves: 'WL WR DL DR', cities: 'N' },
    ],
  },
  /** A monastery on an all-field triangle. */
  monastery: {
    id: 'T/L',
    shape: 'triangle',
    features: [{ kind: 'monastery' }, { kind: 'field', halves: 'NL NR WL WR DL DR' }],
  },
} as const satisfies Record<string, TileDefInput>;

export const TRIANGLE_LIST: readonly TileDefInput[] = Object.values(TRIANGLES);
