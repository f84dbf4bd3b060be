import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
    ignores: ['packages/engine/src/**/*.test.ts', 'packages/engine/src/bench/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', '@carc/*', 'fs', 'path'] }],
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
);
