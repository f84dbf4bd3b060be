import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';

const nodeAndPackages = [
  { group: ['node:*', '@carc/*', 'fs', 'path'], message: 'the engine runs anywhere and stands alone' },
];
/** The engine's core: what every expansion stands on. It knows no expansion and no record format. */
const CORE = ['geometry', 'tiles', 'board', 'features', 'rules', 'util'].map(
  (dir) => `packages/engine/src/${dir}/**/*.ts`,
);
const EXPANSIONS = ['halflings', 'tower', 'princessDragon'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', 'packages/server/web/**', '.scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    // The web client runs in browsers: TypeScript inside .svelte files too.
    files: ['packages/web/**/*.svelte', 'packages/web/**/*.svelte.ts'],
    languageOptions: { globals: globals.browser, parserOptions: { parser: tseslint.parser } },
  },
  {
    files: ['packages/web/src/**/*.ts'],
    languageOptions: { globals: globals.browser },
  },
  {
    rules: {
      eqeqeq: ['error', 'smart'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Scripts (CI helpers, configs) run in Node.
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    // The engine runs in browsers and workers: no Node or DOM APIs, and nothing from other packages.
    files: ['packages/engine/src/**/*.ts'],
    ignores: ['packages/engine/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: nodeAndPackages }],
    },
  },
  {
    files: [...CORE, 'packages/engine/src/types.ts'],
    ignores: ['packages/engine/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...nodeAndPackages,
            {
              group: ['**/expansions/**', '**/notation/**'],
              message: 'the core imports no expansion and no record code',
            },
          ],
        },
      ],
    },
  },
  ...EXPANSIONS.map((name) => ({
    // An expansion stands on the core only: never on another expansion, nor on records.
    files: [`packages/engine/src/expansions/${name}/**/*.ts`],
    ignores: ['packages/engine/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...nodeAndPackages,
            {
              group: [
                ...EXPANSIONS.filter((x) => x !== name).map((x) => `**/${x}/**`),
                '**/notation/**',
                '../index.js',
              ],
              message: 'an expansion imports the core only, never another expansion',
            },
          ],
        },
      ],
    },
  })),
  {
    // The artwork runs wherever the engine runs (a web board draws from it): no Node or DOM APIs,
    // and of the other packages only the engine.
    files: ['packages/art/src/**/*.ts'],
    ignores: ['packages/art/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', '@carc/*', '!@carc/engine'],
              message: 'the artwork runs anywhere, on the engine only',
            },
          ],
        },
      ],
    },
  },
  {
    // Bots run wherever the engine runs: no Node or DOM APIs, and of the other packages only the engine.
    files: ['packages/bots/src/**/*.ts'],
    ignores: ['packages/bots/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', '@carc/cli', 'fs', 'path'] }],
    },
  },
  {
    // The web client: browser code, never Node's; of the server only what its protocol package says.
    files: ['packages/web/src/**/*.ts', 'packages/web/src/**/*.svelte'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', '@carc/cli'], message: 'the web client runs in browsers' },
          ],
          paths: [{ name: '@carc/server', message: 'the server only through @carc/protocol' }],
        },
      ],
    },
  },
);
