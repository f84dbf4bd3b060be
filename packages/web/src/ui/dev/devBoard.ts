/**
 * A stand-in board for the dev page (the real one is board/board.ts): the art package's SVG of the
 * view, scaled to fit; confirm and clicks choose the first hinted action. It honours the Board
 * contract only as far as the dev page needs.
 */
import { renderSvg } from '@carc/art';
import type { Action } from '@carc/engine';
import { BUILTIN } from '@carc/engine';
import type { Board, BoardEvents, BoardInput } from '../../board/types.js';

export function createDevBoard(el: HTMLElement, events: BoardEvents): Board {
  let input: BoardInput | undefined;
  const first = (): Action | undefined =>
    input?.hints.placements?.[0]?.placements[0]?.action ?? input?.hints.targets?.[0]?.action;
  const click = () => {
    const a = first();
    if (input?.interactive === true && a !== undefined) events.choose(a);
  };
  el.addEventListener('click', click);
  return {
    update(next) {
      input = next;
      const svg = renderSvg(next.view, BUILTIN.catalog(), {
        cell: 40,
        labels: false,
        legend: false,
        playerNames: next.players,
      });
      el.innerHTML = svg.replace(
        /<svg ([^>]*?)width="\d+" height="\d+"/,
        '<svg $1width="100%" height="100%"',
      );
    },
    rotate() {},
    confirm: click,
    fit() {},
    destroy() {
      el.removeEventListener('click', click);
      el.innerHTML = '';
    },
  };
}
