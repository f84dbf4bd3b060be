/**
 * The players' colours and letters, shared by every part of the client (panels, log, hand, board).
 * The colours are the game's meeple colours in shades from the Okabe–Ito palette, which stays
 * distinguishable with the common colour-vision deficiencies; a letter goes with every colour, so
 * that nothing is told by colour alone.
 */

export interface PlayerStyle {
  /** Seat index, 0..5. */
  seat: number;
  /** The meeple colour's name (red, blue…), for screen readers and tooltips. */
  colourName: string;
  /** Fill colour (CSS). */
  colour: string;
  /** A text colour readable on `colour`. */
  ink: string;
  /** One letter per seat, shown on every chip, figure and log line. */
  letter: string;
}

export const PLAYER_STYLES: readonly PlayerStyle[] = [
  { seat: 0, colourName: 'red', colour: '#d55e00', ink: '#ffffff', letter: 'R' },
  { seat: 1, colourName: 'blue', colour: '#0072b2', ink: '#ffffff', letter: 'B' },
  { seat: 2, colourName: 'green', colour: '#009e73', ink: '#ffffff', letter: 'G' },
  { seat: 3, colourName: 'yellow', colour: '#f0e442', ink: '#000000', letter: 'Y' },
  { seat: 4, colourName: 'black', colour: '#222222', ink: '#ffffff', letter: 'K' },
  { seat: 5, colourName: 'grey', colour: '#a0a0a0', ink: '#000000', letter: 'E' },
];

const NEUTRAL: PlayerStyle = { seat: -1, colourName: 'none', colour: '#777777', ink: '#ffffff', letter: '?' };

/** The style of seat `seat` (a neutral one for an unknown seat). */
export function playerStyle(seat: number): PlayerStyle {
  return PLAYER_STYLES[seat] ?? NEUTRAL;
}

/** A seat's display name: the given name, or "Player n". */
export function playerName(names: readonly string[], seat: number): string {
  const n = names[seat];
  return n !== undefined && n !== '' ? n : `Player ${seat + 1}`;
}

/** A seat's name with its letter, e.g. "Ada (R)": how the log names players. */
export function playerLabel(names: readonly string[], seat: number): string {
  return `${playerName(names, seat)} (${playerStyle(seat).letter})`;
}
