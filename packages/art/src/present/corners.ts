import type { CornerName } from '@carc/engine';

/** The corner of a triangle's right angle for its rotation (H-4: 0 nw, 90 ne, 180 se, 270 sw). */
export const cornerOf = (rotation: number): CornerName =>
  (['nw', 'ne', 'se', 'sw'] as const)[Math.round(rotation / 90) & 3] ?? 'nw';
