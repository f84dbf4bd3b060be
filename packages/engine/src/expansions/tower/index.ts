/**
 * The Tower (RULES.md section T; ..X-7): tower foundations (T-1, tile data), pieces by
 * player count (T-0), building and capturing (T-2..T-4, T-8), prisoner exchange (T-5) and ransom
 * (T-6); towers never score (T-7).
 */
import type { ExpansionDef } from '../expansion.js';
import { Tower } from './state.js';

export const TOWER: ExpansionDef = {
  id: 'tower',
  tileSet: (base) => (base === 'basic:1' ? 'tower:1' : 'tower:2'),
  create: (game) => new Tower(game),
};
