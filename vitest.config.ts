import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// graphql ships a CommonJS build (main) and an ESM one (module). Node loads the CommonJS one for the
// server and for graphql-jit alike; vite would hand the server the ESM one while graphql-jit's own
// require()s get the CommonJS one: two realms ("Cannot use GraphQLScalarType from another module or
// realm"). The server-side tests load the one Node loads.
const GRAPHQL_AS_NODE_LOADS_IT = { find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') };

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: [GRAPHQL_AS_NODE_LOADS_IT] },
        test: {
          name: 'unit',
          include: ['packages/*/src/**/__tests__/*.test.ts', 'apps/*/src/**/__tests__/*.test.ts', 'scripts/__tests__/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.e2e.test.ts', '**/*.cluster.test.ts', '**/*.ha.test.ts', '**/node_modules/**'],
          environment: 'node',
          // pure rules and helpers: a worker runs file after file, the modules loaded once
          isolate: false,
        },
      },
      {
        test: {
          // the shared kit rendered in jsdom with Testing Library: a console test file ending in .test.tsx
          name: 'component',
          include: ['apps/web/src/**/__tests__/*.test.tsx'],
          environment: 'jsdom',
          // jsdom polyfills for Radix, the real English translations, cleanup after each test
          setupFiles: ['apps/web/src/testing/component-setup.ts'],
          // one jsdom per worker, not per file (its set-up was a third of the suite's time): the
          // setup file empties the storage before each file and unmounts what a test rendered after it
          isolate: false,
        },
      },
      {
        resolve: { alias: [GRAPHQL_AS_NODE_LOADS_IT] },
        test: {
          name: 'integration',
          include: ['apps/server/src/**/__tests__/*.int.test.ts'],
          // after each test: the order counters equal count(*) in every open test server
          setupFiles: ['apps/server/src/testing/integration-setup.ts'],
          environment: 'node',
          // hang guards, not speed targets: CI's machines have run these suites at two to three times
          // a quiet machine's times; at half the CPU the longest default-bound test took 37 s
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // two files at once (vitest's default is one fewer than the cores: one on CI's two); each file
          // starts its own server and database, so files do not share state
          maxWorkers: 2,
          // a worker runs file after file in one process: the server's modules (and PGlite's
          // WebAssembly) are loaded once per worker, not once per file, which was half of the suite's
          // CPU time; each file's servers, databases and processes are its own and closed by it
          isolate: false,
        },
      },
      {
        resolve: { alias: [GRAPHQL_AS_NODE_LOADS_IT] },
        test: {
          // the production topology without containers (its own PostgreSQL, PgBouncer, HAProxy, three
          // server processes): one file, its scenarios in order on one set of processes
          name: 'cluster',
          include: ['apps/server/src/**/__tests__/*.cluster.test.ts'],
          environment: 'node',
          testTimeout: 150_000,
          hookTimeout: 150_000,
          pool: 'forks',
          maxWorkers: 1,
        },
      },
      {
        resolve: { alias: [GRAPHQL_AS_NODE_LOADS_IT] },
        test: {
          // failovers of a Patroni cluster (etcd, three PostgreSQL members, HAProxy with
          // deploy/haproxy-postgres.cfg) under money load: one file, its scenarios in order on one
          // cluster; mostly waiting on Patroni's timers. Each test's own timeout scales with its runs.
          name: 'ha',
          include: ['apps/server/src/**/__tests__/*.ha.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 240_000,
          pool: 'forks',
          maxWorkers: 1,
        },
      },
    ],
  },
});
