// Lint, with the import boundaries of ARCHITECTURE.md:
// - packages/domain imports nothing of ours (no apps, no frameworks, no I/O);
// - apps import the domain by its package name only, never by a relative path into it;
// - the server and the console never import each other;
// - server mechanisms (http, db, jobs, mail, live, watchdog) import no module: what they need is handed to them;
// - a server module imports another module only through its `*-service.ts` files;
// - a routes file (`*-routes.ts`) holds no SQL and imports no repository or query helper;
// - SQL lives in `*-repository.ts` only (decision 0917): no other module file holds SQL text or
//   imports the query builder, and no file passes SQL text to `query(` (kysely(q) builds it);
// - the journal's tables (ledger_entries, ledger_postings and the closes' tables) are named only in
//   modules/ledger: every other module reads and writes the journal through its services;
// - a console feature does not import another feature at all (stricter than "through a public entry").
// scripts/__tests__/lint-boundaries.test.ts lints scripts/lint-fixtures/ (files breaking each rule) with this config.
// Import circles are dependency-cruiser's (.dependency-cruiser.cjs), which npm run lint runs after this.
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

const noConsoleFromServer = { group: ['@aurum/web', '@aurum/web/*', '**/apps/web/**'], message: 'The server does not import the console.' };
const serverBase = [domainByName, noConsoleFromServer];
const MECHANISMS = ['http', 'db', 'jobs', 'mail', 'live', 'watchdog'].map((m) => `apps/server/src/${m}/**/*.ts`);
const noModuleInMechanism = {
  regex: '(^|/)modules/',
  message: 'A mechanism (http, db, jobs, mail, live, watchdog) imports no module: take what it needs as an interface, built in app.ts.',
};
// From modules/<noun>/<file>.ts, another module is ../<other>/<file>.ts: only its *-service.ts files.
const onlyThroughServices = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/(?![^/]+-service\\.ts$)',
  message: "A module reaches another module only through its *-service.ts files.",
};
const noQueriesInRoutes = {
  regex: '(-repository\\.ts|/db/query-builder\\.ts|/db/unique-violation\\.ts)$',
  message: 'A routes file parses, calls its service and answers: no repository, no query builder.',
};
const SQL_TEXT = '/\\b(SELECT|INSERT|UPDATE|DELETE|WITH)\\s/';
const noSqlText = [
  { selector: `Literal[value=${SQL_TEXT}]`, message: 'No SQL in a routes file: queries live in the repository.' },
  { selector: `TemplateElement[value.raw=${SQL_TEXT}]`, message: 'No SQL in a routes file: queries live in the repository.' },
];
const sqlTextIn = (message) => [
  { selector: `Literal[value=${SQL_TEXT}]`, message },
  { selector: `TemplateElement[value.raw=${SQL_TEXT}]`, message },
];
const noSqlOutsideRepositories = sqlTextIn('No SQL outside a *-repository.ts: queries live in the module\'s repository.');
// q.query('...') or q.query(`...`): SQL text handed to the driver instead of built by kysely(q)
const noQueryText = {
  selector: "CallExpression[callee.property.name='query'][arguments.0.type=/^(Literal|TemplateLiteral)$/]",
  message: 'No SQL text passed to query(): build the statement with kysely(q), or a sql template for what the builder cannot say.',
};
const noQueryBuilderOutsideRepositories = {
  regex: '/db/query-builder\\.ts$',
  message: 'Only a *-repository.ts builds queries: call the repository instead.',
};
const MODULE_FILES = 'apps/server/src/modules/**/*.ts';
// the journal's tables belong to modules/ledger (one owner of the journal)
const JOURNAL_TABLE = '/\\bledger_(entries|postings|day_closes|close_books|closed_balances|period_closes)\\b/';
const noJournalTables = [
  { selector: `Literal[value=${JOURNAL_TABLE}]`, message: "The journal's tables belong to modules/ledger: read and write the journal through its services." },
  { selector: `TemplateElement[value.raw=${JOURNAL_TABLE}]`, message: "The journal's tables belong to modules/ledger: read and write the journal through its services." },
];
const LEDGER_FILES = 'apps/server/src/modules/ledger/**/*.ts';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'apps/web/build-report.json', 'scripts/lint-fixtures/**'] },
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
    rules: { 'no-restricted-imports': ['error', { patterns: serverBase }] },
  },
  {
    files: MECHANISMS,
    ignores: ['**/__tests__/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...serverBase, noModuleInMechanism] }] },
  },
  {
    files: ['apps/server/src/modules/*/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...serverBase, onlyThroughServices] }] },
  },
  {
    files: [MODULE_FILES],
    ignores: ['**/__tests__/**', '**/*-repository.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...serverBase, onlyThroughServices, noQueryBuilderOutsideRepositories] }],
      'no-restricted-syntax': ['error', ...noSqlOutsideRepositories, noQueryText, ...noJournalTables],
    },
  },
  {
    files: ['apps/server/src/modules/**/*-repository.ts'],
    ignores: ['**/__tests__/**'],
    rules: { 'no-restricted-syntax': ['error', noQueryText, ...noJournalTables] },
  },
  // the journal's owner names its tables
  {
    files: [LEDGER_FILES],
    ignores: ['**/__tests__/**', '**/*-repository.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noSqlOutsideRepositories, noQueryText] },
  },
  {
    files: ['apps/server/src/modules/ledger/*-repository.ts'],
    rules: { 'no-restricted-syntax': ['error', noQueryText] },
  },
  {
    files: ['apps/server/src/modules/*/*-routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...serverBase, onlyThroughServices, noQueriesInRoutes] }],
      'no-restricted-syntax': ['error', ...noSqlText, noQueryText],
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
