// Lint, with the import boundaries of DEVELOPERS.md:
// - packages/domain imports nothing of ours (no apps, no frameworks, no I/O);
// - apps import the domain by its package name only, never by a relative path into it;
// - the server and the console never import each other;
// - a console feature does not reach into another feature.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const noAppsFromDomain = {
  group: ['@aurum/server', '@aurum/server/*', '@aurum/web', '@aurum/web/*', '**/apps/**'],
  message: 'packages/domain imports nothing of ours.',
};
const noIoInDomain = {
  group: ['node:*', 'fs', 'path', 'http', 'react', 'react-*', 'fastify', 'fastify-*', '@fastify/*', 'pg', '@electric-sql/*'],
  message: 'packages/domain is pure: no I/O and no framework.',
};
const consoleNotServer = { group: ['@aurum/server', '@aurum/server/*', '**/apps/server/**', '**/server/src/**'], message: 'The console does not import the server.' };
const domainByName = {
  group: ['**/packages/domain/**'],
  message: 'Import the domain by its package name: @aurum/domain/<noun>/<file>.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'apps/web/build-report.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noAppsFromDomain, noIoInDomain] }] },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [domainByName, { group: ['@aurum/web', '@aurum/web/*', '**/apps/web/**'], message: 'The server does not import the console.' }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [domainByName, consoleNotServer] },
      ],
    },
  },
  // a feature does not reach into another feature: ../../<other-feature>/ from inside features/<noun>/
  // (shared code is imported as #shared/...)
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            domainByName,
            consoleNotServer,
            { group: ['../../*/**', '**/features/**'], message: 'A feature does not import another feature; share through src/shared or the domain.' },
          ],
        },
      ],
    },
  },
  // browser tests start the real server through its test harness: the one place the console's tree may
  {
    files: ['apps/web/test/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [domainByName] }] },
  },
);
