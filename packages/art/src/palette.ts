/**
 * The players' colours and letters, for every renderer and panel: colours from the Okabe–Ito
 * palette (told apart with the common colour-vision deficiencies), none of them the fields' green,
 * and a letter on every figure so that nothing is told by colour alone.
 */

export interface PlayerColour {
  /** Fill colour (CSS). */
  colour: string;
  /** The colour's name, for titles, screen readers and legends. */
  name: string;
  /** A text colour readable on `colour`. */
  ink: string;
}

/** Player colours by seat: vermillion, blue, yellow, black, reddish purple, sky blue. */
export const PLAYER_PALETTE: readonly PlayerColour[] = [
  { colour: '#d55e00', name: 'vermillion', ink: '#111111' },
  { colour: '#0072b2', name: 'blue', ink: '#ffffff' },
  { colour: '#f0e442', name: 'yellow', ink: '#111111' },
  { colour: '#1a1a1a', name: 'black', ink: '#ffffff' },
  { colour: '#cc79a7', name: 'purple', ink: '#111111' },
  { colour: '#56b4e9', name: 'sky blue', ink: '#111111' },
];

/** The colour of seat `seat` (seats beyond the palette take its colours again). */
export function playerColour(seat: number): PlayerColour {
  const n = PLAYER_PALETTE.length;
  const colour = PLAYER_PALETTE[((seat % n) + n) % n];
  if (!colour) throw new Error(`invariant: no colour for seat ${seat}`);
  return colour;
}

/**
 * A letter per player for their figures and chips, one kind for the whole table: everyone's initial
 * when each has one of their own, else everyone's seat number (1…) — never "P" beside "2" and "3".
 */
export function playerLetters(players: readonly string[], count: number): string[] {
  const initials = Array.from({ length: count }, (_, i) => (players[i] ?? '').trim().charAt(0).toUpperCase());
  const own = initials.every((c, i) => c !== '' && /\p{L}|\p{N}/u.test(c) && initials.indexOf(c) === i);
  return initials.map((c, i) => (own ? c : String(i + 1)));
}
