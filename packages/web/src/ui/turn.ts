/**
 * The sentence of the turn panel: what the player in front of the screen is to do now, in words a
 * player reads (no tile ids, no rule ids), from the view's phase and legal actions.
 */
import type { GameView } from '@carc/engine';
import { playerName } from './players.js';

export interface TurnContext {
  view: GameView;
  names: readonly string[];
  /** Whether it is this page's seat to act (and the game is not over). */
  myTurn: boolean;
  /** An action of ours is on its way to the server. */
  sending?: boolean;
  /** A placement is previewed on the board (↻ and ✓ are shown). */
  previewing?: boolean;
  /** How many ways the previewed cell takes the tile. */
  ways?: number;
  /** A touch screen: a piece on the board takes two taps (the first lights its feature). */
  touch?: boolean;
}

const join = (parts: readonly string[], last = 'or'): string =>
  parts.length <= 1
    ? (parts[0] ?? '')
    : `${parts.slice(0, -1).join(', ')}, ${last} ${parts[parts.length - 1]}`;

/** One sentence saying what to do now (or whom we wait for). */
export function turnSentence({
  view,
  names,
  myTurn,
  sending = false,
  previewing = false,
  ways = 2,
  touch = false,
}: TurnContext): string {
  const twoTaps = touch ? ' Tap a piece once to light its place, again to confirm.' : '';
  if (view.toAct < 0) return 'The game is over.';
  if (sending) return 'Sending your move…';
  if (!myTurn) return `Waiting for ${playerName(names, view.toAct)}…`;
  const types = new Set(view.legalActions.map((a) => a.type));
  switch (view.phase) {
    case 'place':
      if (previewing && ways < 2)
        return 'Place the tile: it fits this cell only this way; ✓ to confirm, or tap another highlighted cell.';
      if (previewing) return 'Place the tile: ↻ to turn it, ✓ to confirm, or tap another highlighted cell.';
      return 'Place the tile: tap a highlighted cell, ↻ to turn it, ✓ to confirm.';
    case 'turn':
      if (types.has('triangle') && types.has('draw'))
        return previewing
          ? 'Your turn with the Halflings: ↻ to turn the triangle, ✓ to confirm, or draw a tile instead.'
          : 'Your turn with the Halflings: put one of your triangles on a dashed cell, or draw a tile instead.';
      if (types.has('triangle')) return 'Put one of your triangles on a dashed cell.';
      return 'None of your triangles fits: draw a tile.';
    case 'draft':
      return 'Take one triangle from the face-up pool for your hand.';
    case 'dragon':
      return `Move the dragon one step: tap where it goes.${twoTaps}`;
    case 'capture':
      return `Your tower reached meeples: tap one to take it prisoner, or capture nobody.${twoTaps}`;
    case 'crop-circle':
      return types.has('crop-circle')
        ? 'A crop circle: choose what every player may do.'
        : 'A crop circle: choose a meeple of yours, or none.';
    default: {
      const options: string[] = [];
      if (types.has('meeple')) options.push('put a meeple on the tile you just placed');
      if (types.has('tower')) options.push('build a tower piece');
      if (types.has('tower-meeple')) options.push('close a tower with a meeple');
      if (types.has('fairy')) options.push('move the fairy');
      if (types.has('princess')) options.push('send a knight home with the princess');
      if (types.has('ransom')) options.push('free a prisoner of yours');
      if (options.length === 0)
        return types.has('pass') ? 'No meeple can go on this tile: choose “no meeple”.' : 'Your move.';
      if (types.has('pass')) options.push('place no meeple');
      const s = join(options);
      return `${s[0]!.toUpperCase()}${s.slice(1)}.${twoTaps}`;
    }
  }
}
