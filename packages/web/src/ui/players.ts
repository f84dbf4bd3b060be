/**
 * The players' colours and letters for every part of the client (panels, log, hand, board): the
 * art package's palette (Okabe–Ito, distinguishable with the common colour-vision deficiencies) and
 * its letters, the same as on the board's figures, so that nothing is told by colour alone.
 */
import { playerColour, playerLetters } from '@carc/art';

export interface PlayerStyle {
  /** Seat index, 0..5. */
  seat: number;
  /** The colour's name (vermillion, blue…), for screen readers and tooltips. */
  colourName: string;
  /** Fill colour (CSS). */
  colour: string;
  /** A text colour readable on `colour`. */
  ink: string;
  /** The seat's letter, shown on every chip, figure and log line. */
  letter: string;
}

/** The style of seat `seat`; its letter is the initial of its name among `names` (see `playerLetters`). */
export function playerStyle(seat: number, names: readonly string[] = []): PlayerStyle {
  const { colour, name, ink } = playerColour(seat);
  const letter = playerLetters(names, Math.max(names.length, seat + 1))[seat] ?? '?';
  return { seat, colourName: name, colour, ink, letter };
}

/** A seat's display name: the given name, or "Player n". */
export function playerName(names: readonly string[], seat: number): string {
  const n = names[seat];
  return n !== undefined && n !== '' ? n : `Player ${seat + 1}`;
}

/** A seat's name with its letter, e.g. "Ada (A)": how the log names players. */
export function playerLabel(names: readonly string[], seat: number): string {
  return `${playerName(names, seat)} (${playerStyle(seat, names).letter})`;
}
