// `npm run test:pack`: the packages as people install them. Packs engine, bots, art, protocol,
// server and cli (each builds itself first: `prepack`), installs the tarballs into a fresh project
// in a temporary directory that cannot see this repository (their other dependencies come from
// the npm registry), and there: plays the engine's README example to a finished game with each
// expansion set, a bot game, type-checks a strict TypeScript file against the public types, runs
// `carcassonne simulate --games 10`, and starts `carcassonne serve --port 0` to fetch /api/health
// and the web client at /. Prints each tarball's size and file count. Exits 1 on any failure.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = ['engine', 'bots', 'art', 'protocol', 'server', 'cli'];
const dir = mkdtempSync(join(tmpdir(), 'carc-pack-'));
const tarballs = join(dir, 'tarballs');
const project = join(dir, 'project');
mkdirSync(tarballs);
mkdirSync(project);
let failed = false;

const run = (cmd, args, cwd, env = {}) =>
  execFileSync(cmd, args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
const step = (name, fn) => {
  try {
    const out = fn();
    console.log(`ok   ${name}${out ? `: ${out}` : ''}`);
  } catch (e) {
    failed = true;
    console.log(
      `FAIL ${name}\n${String(e.stdout ?? '')}${String(e.stderr ?? '')}${e.stdout ? '' : String(e)}`,
    );
  }
};

try {
  // 1. Pack.
  const files = {};
  for (const p of PACKAGES) {
    // What the package's build prints comes before npm's JSON.
    const text = run('npm', ['pack', '--json', '--pack-destination', tarballs], join(ROOT, 'packages', p));
    const [info] = JSON.parse(text.slice(text.search(/^\[/m)));
    files[`@carc/${p}`] = `file:${join(tarballs, info.filename)}`;
    const tests = info.files.filter((f) => /(^|\/)test\/|\.test\.|fixtures\/(?!scenarios)/.test(f.path));
    console.log(
      `pack @carc/${p}: ${(info.size / 1024).toFixed(1)} kB, ${info.entryCount} files` +
        (tests.length > 0 ? `, ${tests.length} test files (!)` : ''),
    );
    if (tests.length > 0) failed = true;
  }

  // 2. Install into a project that knows nothing of this repository.
  const typescript = JSON.parse(
    readFileSync(join(ROOT, 'node_modules/typescript/package.json'), 'utf8'),
  ).version;
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify(
      {
        name: 'carc-pack-check',
        private: true,
        type: 'module',
        dependencies: { ...files, typescript },
        // The packages' dependencies on each other resolve to these tarballs, never to the registry.
        overrides: files,
      },
      null,
      2,
    ),
  );
  step('npm install of the tarballs', () => {
    run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], project);
    return '';
  });

  step('@carc/engine has no runtime dependency', () => {
    const engine = JSON.parse(readFileSync(join(project, 'node_modules/@carc/engine/package.json'), 'utf8'));
    const deps = Object.keys({
      ...engine.dependencies,
      ...engine.peerDependencies,
      ...engine.optionalDependencies,
    });
    if (deps.length > 0) throw new Error(`it depends on ${deps.join(', ')}`);
    return '';
  });

  // 3. The engine's example, with each expansion set, to a finished game.
  writeFileSync(
    join(project, 'engine.mjs'),
    `import { createGame } from '@carc/engine';
const sets = [[], ['princess-and-dragon'], ['tower'], ['halflings'], ['princess-and-dragon', 'tower', 'halflings']];
for (const expansions of sets) {
  const created = createGame({ players: 3, expansions });
  if (!created.ok) throw new Error(created.error.message);
  const game = created.value;
  while (!game.isOver) {
    const actions = game.legalActions();
    const r = game.apply(actions[Math.floor(Math.random() * actions.length)]);
    if (!r.ok) throw new Error(r.error.message);
  }
  console.log(expansions.join('+') || 'base', [...game.state.scores].join('/'));
}
`,
  );
  step('engine: a finished game with each expansion set', () =>
    run('node', ['engine.mjs'], project).trim().replace(/\n/g, ', '),
  );

  // 4. A bot game.
  writeFileSync(
    join(project, 'bots.mjs'),
    `import { createGame } from '@carc/engine';
import { createBot, seatOf } from '@carc/bots';
const game = createGame({ players: 2, expansions: ['tower'] });
if (!game.ok) throw new Error(game.error.message);
const g = game.value;
const bots = [createBot('greedy', 1), createBot('random', 2)];
while (!g.isOver) {
  const move = bots[g.state.toAct].choose(seatOf(g, g.state.toAct));
  const r = g.apply(g.toAction(move));
  if (!r.ok) throw new Error(r.error.message);
}
console.log('greedy vs random', [...g.state.scores].join('/'));
`,
  );
  step('bots: greedy against random to the end', () => run('node', ['bots.mjs'], project).trim());

  // 5. Strict TypeScript against the public types.
  writeFileSync(
    join(project, 'types.ts'),
    `import type { Action, GameView } from '@carc/engine';
import { Match } from '@carc/engine';
import type { ServerMessage, ViewerMessage } from '@carc/protocol';
import { Receiver, Session } from '@carc/protocol';
import { renderSvg } from '@carc/art';
const m = Match.create({ players: 2, expansions: ['halflings'], options: {}, seed: '0'.repeat(32) }, ['A', 'B']);
if (!m.ok) throw new Error(m.error.message);
const session = new Session(m.value);
const receiver = new Receiver();
const welcome: ServerMessage = session.welcome(0, 0, { game: 'g', status: 'playing', players: [] });
const read: ViewerMessage[] = receiver.receive(welcome).messages;
const view: GameView | undefined = read[0]?.type === 'welcome' ? read[0].view : undefined;
const first: Action | undefined = view?.legalActions[0];
console.log(typeof renderSvg, first?.type);
`,
  );
  step('tsc --noEmit --strict on the public types', () => {
    run(
      'npx',
      [
        'tsc',
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--target',
        'es2022',
        '--skipLibCheck',
        'false',
        'types.ts',
      ],
      project,
    );
    return '';
  });

  // 6. The command line.
  step('npx carcassonne simulate --games 10', () => {
    const out = run('npx', ['carcassonne', 'simulate', '--games', '10'], project);
    if (!/10/.test(out)) throw new Error(out);
    return out.trim().split('\n')[0];
  });

  // The other commands: a tournament, the options, a record (the engine ships its scenarios) replayed
  // and drawn, and the terminal game's help (it waits for a player at the keyboard).
  step('carcassonne tournament, options, replay, render, play --help', () => {
    run(
      'npx',
      ['carcassonne', 'tournament', '--bots', 'greedy,random', '--games', '4', '--seed', '1'],
      project,
    );
    if (!/tile-set-base/.test(run('npx', ['carcassonne', 'options'], project)))
      throw new Error('no options listed');
    const scenarios = join(project, 'node_modules/@carc/engine/fixtures/scenarios');
    const record = join(
      scenarios,
      readdirSync(scenarios)
        .filter((f) => f.endsWith('.json'))
        .sort()[0],
    );
    JSON.parse(run('npx', ['carcassonne', 'replay', record], project));
    run('npx', ['carcassonne', 'render', record, '--svg', join(project, 'board.svg')], project);
    if (!readFileSync(join(project, 'board.svg'), 'utf8').startsWith('<svg')) throw new Error('no SVG drawn');
    run('npx', ['carcassonne', 'play', '--help'], project);
    return '';
  });

  // 7. The server with its web client.
  await new Promise((resolve) => {
    const child = spawn('npx', ['carcassonne', 'serve', '--port', '0'], {
      cwd: project,
      env: { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'games.db')}`, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let log = '';
    const done = (ok, what) => {
      clearTimeout(timer);
      if (!ok) failed = true;
      console.log(`${ok ? 'ok  ' : 'FAIL'} carcassonne serve: ${what}${ok ? '' : `\n${log}`}`);
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Gone already.
      }
      resolve();
    };
    const timer = setTimeout(() => done(false, 'did not listen within 60 s'), 60_000);
    const onData = (chunk) => {
      log += chunk;
      const url = /"url":"(http:\/\/[^"]+)"/.exec(log)?.[1];
      if (url === undefined || child.checked) return;
      child.checked = true;
      (async () => {
        const health = await fetch(`${url}/api/health`).then((r) => r.json());
        const page = await fetch(`${url}/`).then((r) => r.text());
        if (health.ok !== true) return done(false, `/api/health said ${JSON.stringify(health)}`);
        if (!/<html/i.test(page) || !/assets\//.test(page)) return done(false, 'no web client at /');
        done(true, `${url}/api/health ok, the web client served at /`);
      })().catch((e) => done(false, String(e)));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(failed ? 'test:pack failed' : 'test:pack passed');
process.exit(failed ? 1 : 0);
