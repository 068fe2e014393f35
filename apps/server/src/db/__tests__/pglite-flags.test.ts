import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PGLITE_NODE_FLAGS } from '../pglite-db.ts';

const scripts = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', '..', '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('the Node flags of a PGlite server', () => {
  it('npm start and npm run dev run the server with them (V8 reads them on the command line only)', () => {
    for (const name of ['start', 'dev']) {
      expect(scripts[name], name).toContain(`node ${PGLITE_NODE_FLAGS.join(' ')} apps/server/src/server.ts`);
    }
  });
});
