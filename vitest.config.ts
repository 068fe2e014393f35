import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/__tests__/*.test.ts', 'apps/*/src/**/__tests__/*.test.{ts,tsx}', 'scripts/__tests__/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.e2e.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/src/**/__tests__/*.int.test.ts'],
          // after each test: the order counters equal count(*) in every open test server
          setupFiles: ['apps/server/src/testing/integration-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
