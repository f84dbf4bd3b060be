/**
 * Actions (what a player chooses) and their integer encoding for the hot path.
 *
 * Encoding: the low 4 bits hold the action type; a placement keeps its quarter turns in bits 4–5
 * and its packed cell above; a meeple keeps its feature-graph segment above bit 4.
 */
import type { CornerName } from '../geometry/edges.js';
import type { Rotation } from '../types.js';

/** A player's choice, as data: what legalActions() lists and apply() takes. */
export type Action =
  | { type: 'place'; x: number; y: number; rotation: Rotation }
  | { type: 'meeple'; x: number; y: number; feature: number; corner?: CornerName }
  | { type: 'pass' };

export const ACTION_TYPES = ['place', 'meeple', 'pass'] as const;

export const M_PASS = 0;
export const M_PLACE = 1;
export const M_MEEPLE = 2;

export const encodePlace = (cell: number, quarters: number): number =>
  M_PLACE | (quarters << 4) | (cell << 6);
export const encodeMeeple = (segment: number): number => M_MEEPLE | (segment << 4);
export const moveType = (m: number): number => m & 15;
export const placeCell = (m: number): number => m >>> 6;
export const placeQuarters = (m: number): number => (m >>> 4) & 3;
export const meepleSegment = (m: number): number => m >>> 4;
