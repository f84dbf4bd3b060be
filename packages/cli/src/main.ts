#!/usr/bin/env node
/** Entry point of the `carcassonne` command (bin of @carc/cli). */
import { nodeIo } from './io.js';
import { run } from './program.js';

// A closed pipe (`carcassonne replay game.json | head`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

process.exitCode = await run(process.argv.slice(2), nodeIo());
