/**
 * Where the page is, in its hash (so a reload or a shared link lands on the same screen, and the
 * server needs to serve only index.html): `#/`, `#/local`, `#/lobby`, `#/game/<id>`, `#/replay`,
 * `#/replay/<id>`.
 */
export type Route =
  | { screen: 'home' }
  | { screen: 'local' }
  | { screen: 'lobby' }
  | { screen: 'game'; id: string }
  | { screen: 'replay'; id?: string };

export function parseRoute(hash: string): Route {
  const parts = hash
    .replace(/^#\/?/, '')
    .split('/')
    .filter((p) => p !== '');
  const [first, second] = parts;
  if (first === 'local') return { screen: 'local' };
  if (first === 'lobby') return { screen: 'lobby' };
  if (first === 'game' && second !== undefined) return { screen: 'game', id: decodeURIComponent(second) };
  if (first === 'replay')
    return second === undefined ? { screen: 'replay' } : { screen: 'replay', id: decodeURIComponent(second) };
  return { screen: 'home' };
}

export function routeHash(r: Route): string {
  switch (r.screen) {
    case 'home':
      return '#/';
    case 'local':
      return '#/local';
    case 'lobby':
      return '#/lobby';
    case 'game':
      return `#/game/${encodeURIComponent(r.id)}`;
    case 'replay':
      return r.id === undefined ? '#/replay' : `#/replay/${encodeURIComponent(r.id)}`;
  }
}
