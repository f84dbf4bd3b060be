/**
 * The players' client (net/players.ts) against a stubbed fetch: the addresses of profiles, history
 * (filters in the query string), head-to-head and leaderboards, names escaped, reads without a CSRF
 * header even when signed in, and errors mapped to players' words.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { historyQuery, playersApi } from '../src/net/players.js';
import { identity } from '../src/net/identity.svelte.js';

function stubFetch(answers: { status: number; body: unknown }[]) {
  const sent: { url: string; method: string; headers: Record<string, string> }[] = [];
  const fetchImpl = (url: string, init?: RequestInit): Promise<Response> => {
    sent.push({
      url,
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    });
    const a = answers.shift() ?? { status: 500, body: {} };
    return Promise.resolve(new Response(JSON.stringify(a.body), { status: a.status }));
  };
  return { sent, fetchImpl };
}

afterEach(() => {
  identity.current = null;
});

describe('historyQuery', () => {
  it('puts each filter in the query, the base game as "base", nothing for no filter', () => {
    expect(historyQuery()).toBe('');
    expect(historyQuery({ offset: 0 })).toBe('');
    expect(historyQuery({ expansions: 'base', result: 'win' })).toBe('?expansions=base&result=win');
    expect(historyQuery({ expansions: [] })).toBe('?expansions=base');
    expect(
      historyQuery({ expansions: ['tower', 'halflings'], opponent: 'Bø b', limit: 20, offset: 40 }),
    ).toBe('?expansions=tower%2Chalflings&opponent=B%C3%B8+b&limit=20&offset=40');
  });
});

describe('playersApi', () => {
  it('reads profiles, history, head-to-head and leaderboards at their addresses, never with a CSRF header', async () => {
    identity.current = { name: 'Ann', csrf: 'secret' };
    const profile = {
      name: 'Ann/B',
      createdAt: 1,
      ratings: [],
      stats: { games: 0, wins: 0, draws: 0, losses: 0, averageScore: 0, byExpansions: [] },
    };
    const { sent, fetchImpl } = stubFetch([
      { status: 200, body: profile },
      { status: 200, body: { total: 0, games: [] } },
      {
        status: 200,
        body: {
          games: 0,
          wins: 0,
          draws: 0,
          losses: 0,
          averageScore: 0,
          opponentAverageScore: 0,
          recent: [],
        },
      },
      { status: 200, body: { pools: [{ pool: 'duel-base', title: 'Duel, base game', players: 3 }] } },
      { status: 200, body: { pool: 'duel-base', title: 'Duel, base game', total: 0, players: [] } },
    ]);
    const api = playersApi('', fetchImpl);
    expect(await api.profile('Ann/B')).toEqual({ ok: true, value: profile });
    expect(await api.games('Ann/B', { result: 'loss', limit: 20 })).toEqual({
      ok: true,
      value: { total: 0, games: [] },
    });
    expect((await api.versus('Ann/B', 'Bob')).ok).toBe(true);
    expect(await api.leaderboards()).toEqual({
      ok: true,
      value: [{ pool: 'duel-base', title: 'Duel, base game', players: 3 }],
    });
    expect((await api.leaderboard('duel-base', { offset: 50 })).ok).toBe(true);
    expect(sent.map((s) => s.url)).toEqual([
      '/api/players/Ann%2FB',
      '/api/players/Ann%2FB/games?result=loss&limit=20',
      '/api/players/Ann%2FB/versus/Bob',
      '/api/leaderboards',
      '/api/leaderboards/duel-base?limit=50&offset=50',
    ]);
    expect(sent.every((s) => s.method === 'GET' && s.headers['x-csrf-token'] === undefined)).toBe(true);
  });

  it('an unknown player is player/not-found in words; a server error is the server’s trouble', async () => {
    const { fetchImpl } = stubFetch([
      { status: 404, body: { code: 'player/not-found', message: 'no such player' } },
      { status: 500, body: { code: 'server/storage', message: 'db' } },
    ]);
    const api = playersApi('', fetchImpl);
    const missing = await api.profile('Nobody');
    expect(
      missing.ok ? undefined : [missing.error.code, missing.error.status, missing.error.words.key],
    ).toEqual(['player/not-found', 404, 'account.errorNoPlayer']);
    const broken = await api.leaderboards();
    expect(broken.ok ? undefined : broken.error.words.key).toBe('app.problemServerTrouble');
  });
});
