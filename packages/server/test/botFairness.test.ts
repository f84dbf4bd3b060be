/**
 * Bot work is scheduled by priority: against the real server process with one bot thread, a
 * human's bot opponent answers within about one search of the all-bot games' backlog, never
 * behind it, and no decision runs into the hard limit while it waits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView } from '@carc/engine';
import type { ServerProcess } from './harness.js';
import { FAST, api, connect, startServerProcess, tempDatabase } from './harness.js';
import { actRandom, isOver, latest, seeded } from './play.js';

const ALL = ['princess-and-dragon', 'tower', 'halflings'];
const BUDGET_MS = 200;
/** All-bot MCTS games: with one thread, a decision queued behind them all would wait ≈ BACKLOG × budget. */
const BACKLOG = 8;
/** Bot decisions of the human's game to time. */
const DECISIONS = 12;
/** One search of another game may be running when the human's bot is woken; then its own (random: at once). */
const BOUND_MS = 2 * BUDGET_MS + 300;

interface Created {
  id: string;
  seat?: number;
  token?: string;
}

describe('bot scheduling on the real server', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess(tempDatabase(), {
      ...FAST,
      BOT_THREADS: '1',
      BOT_BUDGET_MS: String(BUDGET_MS),
      LOG_LEVEL: 'warn',
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('a human-vs-bot game is answered first while all-bot MCTS games with all three expansions run, and no decision hits the hard limit', async () => {
    const allBot: string[] = [];
    for (let i = 0; i < BACKLOG; i++) {
      const r = await api<Created>(server.url, 'POST', '/api/games', {
        settings: {
          expansions: ALL,
          seats: [
            { kind: 'bot', level: 'mcts' },
            { kind: 'bot', level: 'mcts' },
          ],
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      allBot.push(r.body.id);
    }
    const g = await api<Created>(server.url, 'POST', '/api/games', {
      settings: { expansions: ALL, seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }] },
      join: { name: 'Ann' },
    });
    expect(g.status, JSON.stringify(g.body)).toBe(201);
    const { client } = await connect(server.ws, g.body.id, g.body.token);
    const random = seeded(7);
    const waits: number[] = [];
    while (waits.length < DECISIONS && !isOver(client)) {
      const s = latest(client);
      const view = s.view as GameView | undefined;
      if (view?.toAct === 0) {
        const answer = await actRandom(client, 0, random);
        if (answer?.type === 'error') throw new Error(`refused: ${JSON.stringify(answer)}`);
        continue;
      }
      // The bot is to act: time until its action's update arrives (any newer version).
      const t0 = performance.now();
      await client.next('update', (m) => m.version > s.version, 30_000, 0);
      waits.push(performance.now() - t0);
    }
    client.close();
    // The all-bot games were played meanwhile (they wait, but are not starved or cancelled).
    let allBotActions = 0;
    for (const id of allBot) {
      const r = await api<{ version: number }>(server.url, 'GET', `/api/games/${id}`);
      allBotActions += r.body.version;
    }
    const backlogMs = BACKLOG * BUDGET_MS;
    const report = `bot replies (ms): ${waits.map((w) => Math.round(w)).join(', ')}; bound ${BOUND_MS}, backlog ≈ ${backlogMs}; all-bot actions meanwhile ${allBotActions}`;
    console.log(report);
    expect(waits.length, report).toBe(DECISIONS);
    expect(Math.max(...waits), report).toBeLessThan(BOUND_MS);
    expect(BOUND_MS).toBeLessThan(backlogMs);
    expect(allBotActions, report).toBeGreaterThan(0);
    expect(server.output()).not.toContain('bot failed; playing its first legal action');
  });
});
