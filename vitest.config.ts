import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The web client's plain modules read the language from Svelte state (i18n/index.svelte.ts).
  plugins: [svelte({ configFile: false })],
  resolve: {
    // Tests run against the packages' sources, not their build output.
    alias: {
      '@carc/engine': fileURLToPath(new URL('./packages/engine/src/index.ts', import.meta.url)),
      '@carc/art': fileURLToPath(new URL('./packages/art/src/index.ts', import.meta.url)),
      '@carc/bots': fileURLToPath(new URL('./packages/bots/src/index.ts', import.meta.url)),
      '@carc/protocol': fileURLToPath(new URL('./packages/protocol/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    testTimeout: 300_000,
    // Two files at a time: the default leaves one core idle on a 2-core machine, and the long
    // playouts and the browser games then take turns instead of overlapping.
    maxWorkers: 2,
    // CI reads the counts from the JSON report (.ci/summary.mjs).
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: process.env.CI ? { json: 'test-results.json' } : undefined,
  },
});
