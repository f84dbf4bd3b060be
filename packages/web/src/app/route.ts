/**
 * Where the page is, in its hash (so a reload or a shared link lands on the same screen, and the
 * server needs to serve only index.html): `#/`, `#/local` (a new game's setup), `#/local/<id>` (a game
 * on this device), `#/lobby`, `#/play` (quick pairing), `#/game/<id>`, `#/replay`, `#/replay/<id>` (a finished online game), `#/replay/local/<id>` (a
 * game of this device's history), `#/rules` and `#/rules/<anchor>`
 * (the rules reference at one rule's heading), `#/account` (signing in, or the account's settings),
 * `#/player/<name>` (a player's profile and history), `#/leaderboards` and `#/leaderboards/<pool>`.
 */
export type Route =
  | { screen: 'home' }
  | { screen: 'local'; id?: string }
  | { screen: 'lobby' }
  | { screen: 'play' }
  | { screen: 'game'; id: string }
  | { screen: 'replay'; id?: string; local?: string }
  | { screen: 'rules'; anchor?: string }
  | { screen: 'account' }
  | { screen: 'player'; name: string }
  | { screen: 'leaderboards'; pool?: string };

export function parseRoute(hash: string): Route {
  const parts = hash
    .replace(/^#\/?/, '')
    .split('/')
    .filter((p) => p !== '');
  const [first, second, third] = parts;
  if (first === 'local')
    return second === undefined ? { screen: 'local' } : { screen: 'local', id: decodeURIComponent(second) };
  if (first === 'lobby') return { screen: 'lobby' };
  if (first === 'play') return { screen: 'play' };
  if (first === 'game' && second !== undefined) return { screen: 'game', id: decodeURIComponent(second) };
  if (first === 'replay' && second === 'local' && third !== undefined)
    return { screen: 'replay', local: decodeURIComponent(third) };
  if (first === 'replay')
    return second === undefined ? { screen: 'replay' } : { screen: 'replay', id: decodeURIComponent(second) };
  if (first === 'rules')
    return second === undefined
      ? { screen: 'rules' }
      : { screen: 'rules', anchor: decodeURIComponent(second) };
  if (first === 'account') return { screen: 'account' };
  if (first === 'player' && second !== undefined)
    return { screen: 'player', name: decodeURIComponent(second) };
  if (first === 'leaderboards')
    return second === undefined
      ? { screen: 'leaderboards' }
      : { screen: 'leaderboards', pool: decodeURIComponent(second) };
  return { screen: 'home' };
}

export function routeHash(r: Route): string {
  switch (r.screen) {
    case 'home':
      return '#/';
    case 'local':
      return r.id === undefined ? '#/local' : `#/local/${encodeURIComponent(r.id)}`;
    case 'lobby':
      return '#/lobby';
    case 'play':
      return '#/play';
    case 'game':
      return `#/game/${encodeURIComponent(r.id)}`;
    case 'replay':
      if (r.local !== undefined) return `#/replay/local/${encodeURIComponent(r.local)}`;
      return r.id === undefined ? '#/replay' : `#/replay/${encodeURIComponent(r.id)}`;
    case 'rules':
      return r.anchor === undefined ? '#/rules' : `#/rules/${encodeURIComponent(r.anchor)}`;
    case 'account':
      return '#/account';
    case 'player':
      return `#/player/${encodeURIComponent(r.name)}`;
    case 'leaderboards':
      return r.pool === undefined ? '#/leaderboards' : `#/leaderboards/${encodeURIComponent(r.pool)}`;
  }
}
