/**
 * `carcassonne play`: a person against bots, with the person's entries typed by the tests (in
 * memory); wrong entries change nothing; the person sees only their own view (H-3); the saved
 * record replays with `replay --check`; the text board (render/text.ts).
 */
import type { Action } from '@carc/engine';
import { BUILTIN, createGame, viewOf } from '@carc/engine';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeIo } from '../src/io.js';
import { actionKeys, actionPhrase } from '../src/play/describe.js';
import { phraseWords, readEntry, wordsMatch } from '../src/play/entry.js';
import { run } from '../src/program.js';
import type { BoardView } from '@carc/art';
import { CELL_H, CELL_W, renderBoardText } from '../src/render/text.js';
import type { MemoryIo } from './helpers.js';
import { memoryIo } from './helpers.js';

const RULE = '-'.repeat(100);
const ESC = String.fromCharCode(27);

/** What was printed since the current decision was shown. */
const decision = (io: MemoryIo): string => io.stdout.slice(io.stdout.lastIndexOf(RULE));

/** The largest number of the menu on screen. */
const menuSize = (io: MemoryIo): number =>
  Math.max(0, ...[...decision(io).matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])));

/** A small seeded generator for the tests' own choices. */
function chooser(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return Math.floor((s / 4294967296) * n);
  };
}

/** Replays a record the play command wrote, with --check; returns the exit code and stderr. */
async function replayCheck(record: string): Promise<{ code: number; stderr: string }> {
  const io = memoryIo({ 'game.json': record });
  const code = await run(['replay', 'game.json', '--check', '--quiet'], io);
  return { code, stderr: io.stderr };
}

const recordOf = (
  io: MemoryIo,
): { actions: unknown[]; expect: Record<string, unknown>; players: string[] } => {
  const text = io.files.get('game.json');
  if (text === undefined) throw new Error('no record written');
  return JSON.parse(text) as { actions: unknown[]; expect: Record<string, unknown>; players: string[] };
};

describe('carcassonne play', () => {
  it('checks that --record can be written before anything is played', async () => {
    const io = memoryIo({}, false, () => '1');
    const code = await run(['play', '--bots', 'random', '--record', '/nonexistent/dir/game.json'], io);
    expect(code).toBe(2);
    expect(io.stderr).toBe(
      'error: --record: cannot write /nonexistent/dir/game.json: no such file or directory\n',
    );
    expect(io.stdout).toBe('');
    expect(io.prompts).toEqual([]);
  });

  it('checkWritable on the real file system: new and existing files yes, directories and missing folders no', () => {
    const dir = mkdtempSync(join(tmpdir(), 'carc-play-'));
    const io = nodeIo();
    const code = (f: () => void): unknown => {
      try {
        f();
        return undefined;
      } catch (e) {
        return (e as { code?: unknown }).code;
      }
    };
    expect(code(() => io.checkWritable(join(dir, 'new.json')))).toBeUndefined();
    writeFileSync(join(dir, 'old.json'), 'keep');
    expect(code(() => io.checkWritable(join(dir, 'old.json')))).toBeUndefined();
    expect(readFileSync(join(dir, 'old.json'), 'utf8')).toBe('keep');
    expect(existsSync(join(dir, 'new.json'))).toBe(false);
    expect(code(() => io.checkWritable(dir))).toBe('EISDIR');
    expect(code(() => io.checkWritable(join(dir, 'missing', 'game.json')))).toBe('ENOENT');
    expect(code(() => io.checkWritable(join(dir, 'old.json', 'game.json')))).toBe('ENOTDIR');
    rmSync(dir, { recursive: true });
  });

  it('plays a whole base game against random with "1" typed at every prompt; the record replays', async () => {
    const io = memoryIo({}, false, () => '1');
    const code = await run(['play', '--bots', 'random', '--seed', '3', '--record', 'game.json'], io);
    expect(code).toBe(0);
    expect(io.stderr).toBe('');
    expect(io.stdout).toContain('Carcassonne, base game: P0 You, P1 random. You are P0 You. Seed 3.');
    expect(io.stdout).toContain('Game over.');
    expect(io.stdout).toMatch(/Final scores:\n/);
    expect(io.stdout).toMatch(/(Winner: P[01] \w+ with \d+ points\.|Shared win: .* points each\.)\n/);
    expect(io.prompts.length).toBeGreaterThan(60);
    expect(new Set(io.prompts)).toEqual(new Set(['P0 You> ']));
    const rec = recordOf(io);
    expect(rec.players).toEqual(['You', 'random']);
    expect(rec.expect.phase).toBe('over');
    // The final table shows the scores the record expects.
    const scores = rec.expect.scores as number[];
    const table = io.stdout.slice(io.stdout.lastIndexOf('Final scores:'));
    expect(table).toMatch(new RegExp(`P0 You \\(you\\) +${scores[0]} +`));
    expect(table).toMatch(new RegExp(`P1 random +${scores[1]} +`));
    const check = await replayCheck(io.files.get('game.json') ?? '');
    expect(check).toEqual({ code: 0, stderr: 'ok: 2 expectations checked (game.json)\n' });
  });

  it('takes placements typed as coordinates, in any of the written forms, against greedy', async () => {
    const pick = chooser(7);
    const typed: string[] = [];
    const forms = [
      (x: number, y: number, r: number) => `${x} ${y} ${r}`,
      (x: number, y: number, r: number) => `${x},${y} r${r}`,
      (x: number, y: number, r: number) => `(${x},${y}) ${r}`,
    ];
    const io = memoryIo({}, false, (_prompt, io) => {
      const now = decision(io);
      if (!now.includes('\nPlace ')) return 'pass';
      const options = [...now.matchAll(/\((-?\d+),(-?\d+)\): ((?:\[\d+\] r\d+ ?)+)/g)].flatMap((m) =>
        [...(m[3] ?? '').matchAll(/r(\d+)/g)].map((r) => [Number(m[1]), Number(m[2]), Number(r[1])] as const),
      );
      const [x, y, r] = options[pick(options.length)] ?? [0, 0, 0];
      typed.push(`${x},${y},${r}`);
      return forms[typed.length % forms.length]?.(x, y, r) ?? '';
    });
    expect(await run(['play', '--bots', 'greedy', '--seed', '11', '--no-color'], io)).toBe(0);
    expect(io.stdout).toContain('Game over.');
    // Every typed placement was played as typed, and nothing else was placed by the person.
    // The tile is told in words ("a city cap with a road at (1,0), turned 90°").
    const played = [
      ...io.stdout.matchAll(/\nP0 You: [^\n]+ at \((-?\d+),(-?\d+)\), (?:as drawn|turned (\d+)°)\n/g),
    ].map((m) => `${m[1]},${m[2]},${m[3] ?? 0}`);
    expect(typed.length).toBeGreaterThan(20);
    expect(played).toEqual(typed);
    expect(io.stdout).not.toContain('Not possible');
  });

  it('plays all three expansions with drafted triangles, asking the person out of turn too; the record replays', async () => {
    const pick = chooser(1);
    const io = memoryIo({}, false, (_prompt, io) => String(1 + pick(Math.max(1, menuSize(io)))));
    const args = ['play', '-b', 'greedy,random', '-s', '1', '-x', 'princess-and-dragon,tower,halflings'];
    const options = ['-o', 'halflings-symbols=on', '-o', 'halflings-deal=draft', '--record', 'game.json'];
    expect(await run([...args, ...options], io)).toBe(0);
    const out = io.stdout;
    expect(out).toContain('Carcassonne, base game + halflings + tower + princess-and-dragon');
    expect(out).toContain('Game over.');
    // H-3 draft: the person picks from the face-up triangles, numbered like the menu.
    expect(out).toContain('Draft: take one of the face-up triangles');
    expect(out).toMatch(/\[1\] take a (triangle|field triangle)/);
    // H-4: the choice between a triangle and the pile.
    expect(out).toContain('Play a triangle from your hand instead of drawing, or draw a tile');
    // D-7: a step of the hunt on another player's turn is asked of the person.
    expect(out).toMatch(/The dragon hunts: step [2-6] of 6 is yours \(P[12] \w+ placed the dragon tile\)/);
    expect(out).toMatch(/moved the dragon to \(-?\d+,-?\d+\) \(step \d\)/);
    // The log in words: no tile id, and a rule named only where it explains points.
    const log = out.split('\n').filter((l) => /^(P\d \S+: | {4}\S)/.test(l) && !/^ {4}[.|CDMT\d-]/.test(l));
    expect(log.length).toBeGreaterThan(50);
    for (const l of log) expect(l).not.toMatch(/\b(BA|DG|TO|H[12])[/-]\S+/);
    for (const l of log) if (/\(rule /.test(l)) expect(l).toMatch(/points?|scored/);
    // The Tower: the pieces and prisoners are in the table.
    expect(out).toContain('tower pieces  prisoners held  triangles');
    expect(io.prompts.every((p) => p === 'P0 You> ')).toBe(true);
    const check = await replayCheck(io.files.get('game.json') ?? '');
    expect(check.code).toBe(0);
  });

  it('refuses wrong entries with a one-line reason, changes nothing and asks again', async () => {
    // The first decision of this deal, from the engine itself.
    const game = createGame({ players: 2, seed: 3 });
    if (!game.ok) throw new Error(game.error.message);
    const g = game.value;
    const legal = g.legalActions();
    const fits = (x: number, y: number, r: number) =>
      legal.some((a) => a.type === 'place' && a.x === x && a.y === y && a.rotation === r);
    // A cell next to the start tile and a rotation that does not fit there (B-4).
    const cells = [
      [0, -1],
      [1, 0],
      [0, 1],
      [-1, 0],
    ] as const;
    let misfit: [number, number, 0 | 90 | 180 | 270] | undefined;
    for (const [x, y] of cells) {
      for (const r of [0, 90, 180, 270] as const) if (!misfit && !fits(x, y, r)) misfit = [x, y, r];
    }
    if (!misfit) throw new Error('every placement fits');
    const refused = g.encode({ type: 'place', x: misfit[0], y: misfit[1], rotation: misfit[2] });
    if (refused.ok) throw new Error('expected a refusal');
    const inputs = [
      'xyzzy',
      String(legal.length + 1),
      '0',
      '40 40 0',
      misfit.join(' '),
      '1 0 45',
      'H1-01 0 1 nw',
    ];
    const io = memoryIo({}, false, [...inputs, 'quit']);
    expect(await run(['play', '--bots', 'greedy', '--seed', '3', '--record', 'game.json'], io)).toBe(0);
    const lines = io.stdout.split('\n');
    const after = (entry: string) => lines[lines.indexOf(`P0 You> ${entry}`) + 1];
    expect(after('xyzzy')).toBe(
      '"xyzzy" is not a command, a number from the list, coordinates or an action of the list: type help.',
    );
    expect(after(String(legal.length + 1))).toBe(
      `${legal.length + 1} is not in the list: type a number from 1 to ${legal.length} (or help).`,
    );
    expect(after('0')).toBe(`0 is not in the list: type a number from 1 to ${legal.length} (or help).`);
    expect(after('40 40 0')).toMatch(/^Not possible: .* touches no placed tile edge to edge \(rule B-4\)$/);
    expect(after(misfit.join(' '))).toBe(`Not possible: ${refused.error.message} (rule B-4)`);
    expect(refused.error.code).toMatch(/^tile\/(edge-mismatch|cell-occupied)$/);
    expect(after('1 0 45')).toBe(
      '"45" is not a rotation: write 0, 90, 180 or 270 (or r90; nw, ne, se, sw for a triangle)',
    );
    expect(after('H1-01 0 1 nw')).toMatch(/^Your tile is \S+, not H1-01\.$/);
    // One decision only: shown once, asked again after each wrong entry; the game did not move.
    expect(io.stdout.split(RULE).length).toBe(2);
    expect(io.prompts.length).toBe(inputs.length + 1);
    const rec = recordOf(io);
    expect(rec.actions).toEqual([]);
    expect(rec.expect).toEqual({ scores: [0, 0], phase: 'place', toAct: 0 });
    expect((await replayCheck(io.files.get('game.json') ?? '')).code).toBe(0);
  });

  it('takes a decision with a single legal action without asking, in one line; --no-auto asks (D-7, B-6)', async () => {
    // Seed 35, "1" at every prompt: early on, phase 2 with only "pass", then forced dragon steps
    // (a seed found for the random bot's moves, which Game.randomMove draws since it was added).
    const args = ['play', '-b', 'random', '-s', '35', '-x', 'princess-and-dragon,tower,halflings'];
    const forced =
      /\nP0 You: the dragon (north|east|south|west) to \(-?\d+,-?\d+\) \(auto: the only legal step\)\n/;
    const auto = memoryIo({}, false, (_prompt, io) => (forced.test(io.stdout) ? 'quit' : '1'));
    expect(await run([...args, '--record', 'game.json'], auto)).toBe(0);
    expect(auto.stdout).toMatch(forced);
    expect(auto.stdout).toContain('\nP0 You: no meeple (auto: nothing else is possible)\n');
    // No decision of the hunt was shown: every step that fell to the person was forced.
    expect(auto.stdout).not.toContain('The dragon hunts:');
    const taken = [...auto.stdout.matchAll(/\(auto: /g)].length;
    expect(taken).toBeGreaterThanOrEqual(2);
    // The same game asked at every decision: one prompt more per auto line, the same actions.
    const answers = auto.prompts.length - 1 + taken;
    let asked = 0;
    const manual = memoryIo({}, false, () => (++asked > answers ? 'quit' : '1'));
    expect(await run([...args, '--no-auto', '--record', 'game.json'], manual)).toBe(0);
    expect(manual.stdout).not.toContain('(auto: ');
    expect(manual.stdout).toMatch(
      /The dragon hunts: step 1 of 6 is yours[^]*?\n {2}\[1\] the dragon \w+ to \(-?\d+,-?\d+\)\nP0 You> 1\n/,
    );
    expect(manual.prompts.length).toBe(auto.prompts.length + taken);
    expect(recordOf(manual).actions).toEqual(recordOf(auto).actions);
    // After the pass, the dragon's first step is asked on an unchanged board: not drawn again.
    const hunt = manual.stdout.split(RULE).find((d) => d.includes('step 1 of 6 is yours')) ?? '';
    expect(hunt).toMatch(/^\nThe board is as drawn above \(type board to see it again\)\.\n/);
    expect((await replayCheck(auto.files.get('game.json') ?? '')).code).toBe(0);
  });

  it('does not draw the board again after a wrong entry or a command, only when it changed or is asked for', async () => {
    const io = memoryIo({}, false, [
      'xyzzy',
      'help',
      '99',
      '40 40 0',
      'moves',
      '1',
      'scores',
      'board',
      'quit',
    ]);
    expect(await run(['play', '--bots', 'random', '--seed', '3'], io)).toBe(0);
    const [, first = '', second = ''] = io.stdout.split(`${RULE}\n`);
    const board1 = first.slice(0, first.indexOf('\nC city') + 1);
    const board2 = second.slice(0, second.indexOf('     player'));
    expect(board1).toMatch(/^ +-?\d+[ \d-]*\n/);
    expect(board2).toMatch(/^ +-?\d+[ \d-]*\n/);
    expect(board2).not.toBe(board1);
    const count = (s: string) => io.stdout.split(s).length - 1;
    // Two decisions (the tile, then phase 2 on a changed board); the board command draws it once more.
    expect(io.stdout.split(RULE).length).toBe(3);
    expect(count(board1)).toBe(1);
    expect(count(board2)).toBe(2);
    expect(io.stdout.indexOf(board2, io.stdout.indexOf('P0 You> board\n'))).toBeGreaterThan(0);
  });

  it('takes a triangle by coordinates and explains one that does not fit (H-4)', async () => {
    let triangle = '';
    const io = memoryIo({}, false, (_prompt, io) => {
      const now = decision(io);
      if (!now.includes('Play a triangle from your hand')) return triangle === '' ? '1' : 'quit';
      if (!now.includes('Not possible')) {
        const own =
          /Your triangles, with the right angle in each corner \(type a triangle by its name\):\n[^]*?\n {2}(H\d-\d\d) nw/.exec(
            now,
          );
        return `${own?.[1] ?? '?'} 40 40 nw`;
      }
      const m = /\n {2}(H\d-\d\d) \((-?\d+),(-?\d+)\): \[\d+\] (nw|ne|se|sw)/.exec(now);
      triangle = m ? `${m[1]} ${m[2]} ${m[3]} ${m[4]}` : 'quit';
      return triangle;
    });
    expect(await run(['play', '--bots', 'random', '--seed', '8', '-x', 'halflings'], io)).toBe(0);
    expect(io.stdout).toMatch(
      /\nP0 You> H\d-\d\d 40 40 nw\nNot possible: H\d-\d\d nw does not fit \(40,40\): .* \(rule H-4\)\n/,
    );
    const [, x, y, corner] = triangle.split(' ');
    const corners: Record<string, string> = {
      nw: 'north-west',
      ne: 'north-east',
      se: 'south-east',
      sw: 'south-west',
    };
    // The log names the triangle by what it shows, not by its id.
    expect(io.stdout).toMatch(
      new RegExp(
        `\\nP0 You: a (triangle|field triangle)[^\\n]* at \\(${x},${y}\\), right angle ${corners[corner ?? '']}\\n`,
      ),
    );
  });

  it('reads words and commands: an ambiguous word is named, "pass" passes, quit stops', async () => {
    const io = memoryIo({}, false, [
      'help',
      'legend',
      'scores',
      'moves',
      'board',
      '1',
      'meeple',
      'pass',
      'quit',
    ]);
    expect(await run(['play', '--bots', 'random', '--seed', '3', '--record', 'game.json'], io)).toBe(0);
    expect(io.stdout).toContain('What you can type:');
    expect(io.stdout).toContain('C city, ^ pennant');
    // "meeple" names the pass ("no meeple") and the two meeples of the tile just placed.
    expect(io.stdout).toContain('"meeple" matches 3 actions (1, 2, 3): type its number or more words.');
    expect(io.stdout).toContain('P0 You: no meeple\n');
    expect(io.stdout).toContain('You left the game. Scores so far:');
    const rec = recordOf(io);
    expect((rec.actions as Action[]).map((a) => a.type)).toEqual([
      'place',
      'pass',
      'place',
      expect.any(String),
    ]);
  });

  it('quits cleanly at the end of the input, saving the record', async () => {
    const io = memoryIo({}, false, []);
    expect(await run(['play', '--bots', 'greedy', '--seed', '5', '--record', 'game.json'], io)).toBe(0);
    expect(io.stdout).toContain('(end of input)');
    expect(io.stdout).toContain('Game record written to game.json');
    expect(recordOf(io).actions).toEqual([]);
    expect((await replayCheck(io.files.get('game.json') ?? '')).code).toBe(0);
  });

  it('never shows the person another player’s triangles before they are played (H-3)', async () => {
    const config = { players: 3, seed: 21, expansions: ['halflings' as const] };
    const start = createGame(config);
    if (!start.ok) throw new Error(start.error.message);
    const hand = (p: number) => (viewOf(start.value, p).hands?.[p] ?? []).slice();
    const mine = hand(0);
    const theirs = [
      { player: 1, ids: hand(1) },
      { player: 2, ids: hand(2) },
    ];
    expect(mine.length).toBe(3);
    const io = memoryIo({}, false, () => '1');
    expect(await run(['play', '--bots', 'greedy,random', '--seed', '21', '-x', 'halflings'], io)).toBe(0);
    expect(io.stdout).toContain('Game over.');
    for (const id of mine) expect(io.stdout).toContain(id);
    // The bots play some of their triangles during the game, told in words.
    expect(io.stdout).toMatch(/\nP[12] \S+: a (triangle|field triangle)[^\n]* at /);
    // Another player's triangles are never named (H-3): the log says what a played one shows.
    for (const { ids } of theirs) {
      for (const id of ids) if (!mine.includes(id)) expect(io.stdout).not.toContain(id);
    }
  });

  it('plays second with --seat 1, in colour on a terminal and in plain text with --no-color', async () => {
    const io = memoryIo({}, true, ['quit']);
    expect(await run(['play', '--bots', 'random', '--seat', '1', '--seed', '4'], io)).toBe(0);
    expect(io.stdout).toContain('You are P1 You.');
    // P0 (the bot) plays first: its lines come before the first prompt.
    const first = io.stdout.indexOf('P1 You> ');
    expect(io.stdout.slice(0, first)).toMatch(
      /P0 random\S*: [^\n]+ at \(-?\d+,-?\d+\), (as drawn|turned \d+°)/,
    );
    expect(io.stdout).toContain('\x1b[');
    const plain = memoryIo({}, true, ['quit']);
    expect(await run(['play', '--bots', 'random', '--seat', '1', '--seed', '4', '--no-color'], plain)).toBe(
      0,
    );
    expect(plain.stdout).not.toContain('\x1b[');
    // Colour changes the look, never the characters.
    expect(io.stdout.replace(new RegExp(`${ESC}\\[[0-9;]*m`, 'g'), '')).toBe(plain.stdout);
  });

  it('plays a few turns against mcts with a small budget', async () => {
    const io = memoryIo({}, false, ['1', '1', '1', '1', 'quit']);
    const args = ['play', '--bots', 'mcts', '--seed', '2', '--mcts-iterations', '20'];
    expect(await run(args, io)).toBe(0);
    expect(io.stdout).toMatch(/\nP1 mcts: [^\n]+ at \(-?\d+,-?\d+\), (as drawn|turned \d+°)\n/);
    expect(io.prompts.length).toBe(5);
  });

  it('refuses bad options with exit code 2', async () => {
    const cases: [string[], string][] = [
      [['play', '--bots', 'bogus'], 'unknown bot "bogus"'],
      [['play', '--bots', 'random', '--seat', '2', '--seed', '1'], '--seat must be a seat from 0 to 1'],
      [['play', '--bots', 'random,random,random,random,random,random', '--seed', '1'], 'at most 5 bots'],
      [['play', '--bots', 'random', '-x', 'nope'], 'unknown expansion "nope"'],
      [['play', '--seed', '1'], "required option '-b, --bots <names>' not specified"],
    ];
    for (const [args, message] of cases) {
      const io = memoryIo({}, false, ['quit']);
      expect(await run(args, io)).toBe(2);
      expect(io.stderr).toContain(message);
      expect(io.prompts).toEqual([]);
    }
  });

  it('has help with examples', async () => {
    const io = memoryIo();
    expect(await run(['play', '--help'], io)).toBe(0);
    expect(io.stdout).toContain('$ carcassonne play --bots mcts');
    expect(io.stdout).toContain('--record <file>');
    expect(io.stdout).toMatch(/--no-auto\s+ask even when a decision has a single legal action/);
    expect(io.stdout).toMatch(/Seats\s+count from 0, as in records and --viewer/);
  });
});

describe('readEntry', () => {
  it('reads numbers, commands, coordinates in several forms, triangles and words', () => {
    expect(readEntry(' 12 ')).toEqual({ kind: 'number', n: 12 });
    expect(readEntry('Q')).toEqual({ kind: 'command', command: 'quit' });
    expect(readEntry('?')).toEqual({ kind: 'command', command: 'help' });
    expect(readEntry('3 -1 90')).toEqual({ kind: 'coords', x: 3, y: -1, rotation: 90 });
    expect(readEntry('3,-1 r270')).toEqual({ kind: 'coords', x: 3, y: -1, rotation: 270 });
    expect(readEntry('(3,-1) 180°')).toEqual({ kind: 'coords', x: 3, y: -1, rotation: 180 });
    expect(readEntry('-2 4')).toEqual({ kind: 'coords', x: -2, y: 4 });
    expect(readEntry('H1-03 2 0 se')).toEqual({ kind: 'coords', x: 2, y: 0, rotation: 180, tile: 'H1-03' });
    expect(readEntry('field south 1 0')).toEqual({ kind: 'words', words: ['field', 'south', '1,0'] });
    expect(readEntry('H2-07')).toEqual({ kind: 'words', words: ['h2-07'] });
    expect(readEntry('1 2 45')).toMatchObject({
      kind: 'bad',
      message: expect.stringContaining('"45" is not a rotation'),
    });
    expect(readEntry('')).toEqual({ kind: 'empty' });
  });
});

describe('renderBoardText', () => {
  const catalog = BUILTIN.catalog();
  const view: BoardView = {
    tiles: [
      { tile: 'BA/RCr', x: 0, y: 0, rotation: 0 },
      { tile: 'BA/L', x: 1, y: 0, rotation: 0 },
      { tile: 'TO/RCr', x: -1, y: 0, rotation: 0 },
      // H-1: two triangles in one cell, along the diagonal from the north-east to the south-west corner.
      { tile: 'H1-01', x: 0, y: 1, rotation: 0, corner: 'nw' },
      { tile: 'H1-04', x: 0, y: 1, rotation: 180, corner: 'se' },
    ],
    meeples: [
      { player: 1, x: 0, y: 0, feature: 1, kind: 'city', meeple: 0 },
      { player: 0, x: 1, y: 0, feature: 0, kind: 'monastery', meeple: 0 },
      { player: 2, x: -1, y: 0, feature: 0, kind: 'tower', meeple: 0 },
    ],
    towers: [{ x: -1, y: 0, feature: 0, height: 3, meeple: 2 }],
    dragon: { x: 1, y: 0 },
    fairy: { x: 0, y: 0 },
  };
  const text = renderBoardText(view, catalog, {
    marks: [
      { x: 1, y: 1 },
      { x: 0, y: -1 },
    ],
  });
  const lines = text.split('\n');
  /** The characters of cell (x, y) on the board, row by row (x from -1, y from -1; a 2-character margin). */
  const cell = (x: number, y: number): string[] =>
    [0, 1, 2].map((r) =>
      (lines[1 + (y + 1) * CELL_H + r] ?? '').slice(3 + (x + 1) * CELL_W, 3 + (x + 2) * CELL_W),
    );

  it('draws a hand-built position: coordinates, sides, meeples by seat, tower, dragon, fairy, triangles', () => {
    expect(text).toBe(
      [
        '     -1      0      1   ',
        '                        ',
        '-1         0,-1         ',
        '                        ',
        '    CCCCC  CC1CCFD..... ',
        ' 0 --2T3---------...M0..',
        '    .....  .....  ..... ',
        '           ..../.       ',
        ' 1        --./...  1,1  ',
        '          ./..M.        ',
        '     -1      0      1   ',
        '',
      ].join('\n'),
    );
  });

  it('puts the axes on the cells they name and splits a cell of two triangles along its diagonal', () => {
    expect(lines[0]?.indexOf(' 0 ')).toBe(3 + CELL_W + (CELL_W >> 1) - 1);
    expect(cell(0, 0)).toEqual([' CC1CCF', '-------', ' ..... ']); // player 1's knight, the fairy
    // The diagonal runs through one character per row, from the north-east to the south-west.
    const tri = cell(0, 1);
    expect(tri.map((row) => row.indexOf('/'))).toEqual([5, 3, 1]);
    expect(tri[1]?.startsWith('--')).toBe(true); // H1-01's road leaves its west side
    expect(tri[2]).toContain('M'); // H1-04's monastery in the south-east half
    expect(cell(-1, 0)[1]).toContain('2T3'); // player 2's meeple on a tower of height 3
    expect(cell(1, 0)).toEqual(['D..... ', '...M0..', ' ..... ']); // the dragon; a monk beside the M
    expect(cell(1, 1)[1]?.trim()).toBe('1,1'); // a free cell where the tile fits
  });
});

describe('actionPhrase', () => {
  it('tells two meeples of one player on one spot apart, so a person can pick either (H-13, T-3, D-14, D-10)', () => {
    // Ann's two knights share the start's city (a crop circle's doing); Ben builds a tower beside it.
    const knight = { player: 0, x: 0, y: 0, feature: 1 };
    const game = createGame({
      players: 2,
      expansions: ['tower', 'princess-and-dragon'],
      draws: ['TO/RR', 'BA/RFr'],
      setup: { meeples: [knight, knight] },
      firstPlayer: 1,
    });
    if (!game.ok) throw new Error(game.error.message);
    const g = game.value;
    for (const a of [
      { type: 'place', x: 1, y: 0, rotation: 0 },
      { type: 'tower', x: 1, y: 0 },
    ] as const) {
      const r = g.apply(a, 1);
      if (!r.ok) throw new Error(r.error.message);
    }
    const table = { view: viewOf(g, 1), tiles: g.catalog, names: ['Ann', 'Ben'] };
    const phrases = table.view.legalActions.map((a) => actionPhrase(table, a, 'capture'));
    expect(phrases).toEqual([
      'capture nobody',
      'capture P0 Ann’s meeple #0 on the city at (0,0)',
      'capture P0 Ann’s meeple #1 on the city at (0,0)',
    ]);
    // Typed words pick exactly one of them.
    const picked = (typed: string) => {
      const entry = readEntry(typed);
      const words = entry.kind === 'words' ? entry.words : [];
      return phrases.filter((p, i) =>
        wordsMatch(words, phraseWords(p), actionKeys(table.view.legalActions[i] ?? { type: 'pass' })),
      );
    };
    expect(picked('capture #1')).toEqual(['capture P0 Ann’s meeple #1 on the city at (0,0)']);
    expect(picked('ann #0')).toEqual(['capture P0 Ann’s meeple #0 on the city at (0,0)']);
    // The other phrases that name a meeple on a shared spot.
    const spot = { x: 0, y: 0, feature: 1 };
    expect(actionPhrase(table, { type: 'fairy', ...spot, meeple: 1 }, 'action')).toBe(
      'the fairy next to the meeple #1 on the city at (0,0)',
    );
    expect(actionPhrase(table, { type: 'princess', owner: 0, ...spot, meeple: 0 }, 'action')).toBe(
      'the princess sends P0 Ann’s knight #0 on the city at (0,0) home',
    );
    expect(actionPhrase(table, { type: 'crop', ...spot, meeple: 1 }, 'crop-circle', 'remove')).toBe(
      'remove the meeple #1 from the city at (0,0)',
    );
    // One meeple on a spot: the phrase is as before.
    expect(actionPhrase(table, { type: 'capture', owner: 0, ...spot }, 'capture')).toBe(
      'capture P0 Ann’s meeple on the city at (0,0)',
    );
  });
});
