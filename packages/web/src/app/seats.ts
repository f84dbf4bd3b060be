/**
 * The seats this browser holds online: a game's seat token is shown once, when the seat is taken,
 * and kept here (localStorage) so that a reload, or coming back later, plays the same seat. The
 * player's display name is kept too.
 */
export interface HeldSeat {
  seat: number;
  token: string;
}

const KEY = 'carcassonne.seats';
const NAME = 'carcassonne.name';

function read(): Record<string, HeldSeat> {
  try {
    const data: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return typeof data === 'object' && data !== null ? (data as Record<string, HeldSeat>) : {};
  } catch {
    return {};
  }
}

export function heldSeat(game: string): HeldSeat | undefined {
  return read()[game];
}

export function holdSeat(game: string, seat: HeldSeat): void {
  const all = read();
  all[game] = seat;
  localStorage.setItem(KEY, JSON.stringify(all));
}

/** Forgets the seat held in `game` (given back, or no longer valid). */
export function forgetSeat(game: string): void {
  const all = read();
  if (!(game in all)) return;
  delete all[game];
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function playerName(): string {
  return localStorage.getItem(NAME) ?? '';
}

export function setPlayerName(name: string): void {
  localStorage.setItem(NAME, name);
}
