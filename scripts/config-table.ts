/**
 * `npm run docs:config`: rewrites README.md's configuration table (between its config-table
 * markers) from CONFIG_SCHEMA in apps/server/src/config.ts, where each variable's name, meaning
 * and default are declared. A unit test (apps/server/src/__tests__/config.test.ts) fails while the
 * README is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withConfigTable } from '../apps/server/src/config-table.ts';

const file = join(import.meta.dirname, '..', 'README.md');
const before = readFileSync(file, 'utf8');
const after = withConfigTable(before);
if (after === before) {
  console.log('README.md: the configuration table is up to date');
} else {
  writeFileSync(file, after);
  console.log('README.md: the configuration table was rewritten');
}
