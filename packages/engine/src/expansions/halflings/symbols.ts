/**
 * Symbol triangles (H-12..H-14), in play only with `halflings-symbols on` (hill and sheep never).
 *
 * H-12 vineyard: when a monastery is completed and scored, its majority player(s) score 3 more per
 * vineyard on the tiles of its 3×3 area, the other triangle of the monastery's own cell included.
 */
import type { ScoreEvent } from '../../rules/events.js';
import type { Game } from '../../rules/game.js';

export function vineyardBonus(g: Game, root: number, event: ScoreEvent): void {
  if (event.kind !== 'monastery' || !event.complete || event.players.length === 0) return;
  const c = g.board.slotCell[g.graph.slot[root]];
  let vineyards = 0;
  for (const d of [0, ...g.grid.ringDelta]) {
    const cell = c + d;
    if (g.board.cellTiles[cell] === 0) continue;
    const first = g.board.anySlot(cell);
    for (const slot of [first, g.board.cellTiles[cell] === 2 ? g.board.complementOf(first) : -1]) {
      if (slot >= 0 && g.catalog.hasSymbol(g.board.slotKind[slot], 'vineyard')) vineyards++;
    }
  }
  if (vineyards === 0) return;
  for (const player of event.players) event.bonuses.push({ player, points: 3 * vineyards, rule: 'H-12' });
}
