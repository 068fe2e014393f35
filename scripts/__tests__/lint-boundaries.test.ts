import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIXTURES = join(ROOT, 'scripts', 'lint-fixtures');

/** Each fixture file and the rule (with a word of its message) lint must report there. */
const BROKEN: Array<{ file: string; rule: string; message: RegExp; count?: number }> = [
  { file: 'packages/domain/src/orders/imports-the-server.ts', rule: 'no-restricted-imports', message: /domain imports nothing of ours/ },
  { file: 'apps/server/src/http/imports-a-module.ts', rule: 'no-restricted-imports', message: /mechanism .* imports no module/ },
  { file: 'apps/server/src/modules/alpha/alpha-service.ts', rule: 'no-restricted-imports', message: /only through its \*-service\.ts/ },
  { file: 'apps/server/src/modules/alpha/alpha-routes.ts', rule: 'no-restricted-imports', message: /no repository, no query builder/ },
  { file: 'apps/server/src/modules/alpha/alpha-routes.ts', rule: 'no-restricted-syntax', message: /No SQL in a routes file/, count: 2 },
  { file: 'apps/server/src/modules/alpha/alpha-jobs.ts', rule: 'no-restricted-syntax', message: /No SQL outside a \*-repository\.ts/ },
  { file: 'apps/server/src/modules/alpha/alpha-jobs.ts', rule: 'no-restricted-syntax', message: /No SQL text passed to query\(\)/ },
  { file: 'apps/server/src/modules/alpha/alpha-repository.ts', rule: 'no-restricted-syntax', message: /No SQL text passed to query\(\)/ },
  { file: 'apps/server/src/modules/alpha/alpha-worker.ts', rule: 'no-restricted-imports', message: /Only a \*-repository\.ts builds queries/ },
  { file: 'apps/server/src/modules/alpha/alpha-journal-repository.ts', rule: 'no-restricted-syntax', message: /journal's tables belong to modules\/ledger/ },
  { file: 'apps/web/src/features/one/one-screen.ts', rule: 'no-restricted-imports', message: /feature does not import another feature/ },
];

describe('the dependency rules of npm run lint (eslint.config.js)', () => {
  let results: ESLint.LintResult[];
  beforeAll(async () => {
    // the real configuration, with the fixture tree standing in for the repository's root
    const eslint = new ESLint({ cwd: FIXTURES, overrideConfigFile: join(ROOT, 'eslint.config.js') });
    results = await eslint.lintFiles(['**/*.ts']);
  }, 60_000);
  const messagesOf = (file: string) => results.find((r) => r.filePath === join(FIXTURES, file))?.messages ?? [];

  it.each(BROKEN)('reports $rule in $file', ({ file, rule, message, count }) => {
    const found = messagesOf(file).filter((m) => m.ruleId === rule && message.test(m.message));
    expect(found).toHaveLength(count ?? 1);
  });

  it('reports nothing in a module that keeps to the rules', () => {
    expect(messagesOf('apps/server/src/modules/beta/beta-routes.ts')).toEqual([]);
    expect(messagesOf('apps/server/src/modules/beta/beta-repository.ts')).toEqual([]);
    expect(messagesOf('apps/server/src/modules/ledger/ledger-repository.ts')).toEqual([]);
  });

  it('lints every fixture file (none ignored)', () => {
    const files = new Set(results.map((r) => r.filePath));
    for (const { file } of BROKEN) expect(files.has(join(FIXTURES, file))).toBe(true);
  });
});
