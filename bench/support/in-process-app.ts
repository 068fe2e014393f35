import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type AurumApp } from '../../apps/server/src/app.ts';
import { openDatabase, signingKey } from '../../apps/server/src/bootstrap.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { Db } from '../../apps/server/src/db/db.ts';
import { createEventBus } from '../../apps/server/src/live/event-bus.ts';
import { createMailer } from '../../apps/server/src/mail/mailer.ts';
import { seedDemo } from '../../apps/server/src/seed/seed.ts';
import { freshPostgresDatabase } from '../../apps/server/src/testing/postgres-databases.ts';

export interface InProcessApp {
  db: Db;
  app: AurumApp;
  base: string;
  label: string;
  close(): Promise<void>;
}

/**
 * The demo data on a fresh database of `driver` (PostgreSQL: a database `<name>_*` on
 * TEST_DATABASE_URL; PGlite: a data folder in $TMPDIR) and the real application listening on it in
 * the bench's own process, no job started, so the bench times the calls and reads the database beside them.
 */
export async function openInProcessApp(driver: 'postgres' | 'pglite', name: string): Promise<InProcessApp> {
  const dataDir = mkdtempSync(join(tmpdir(), `${name.replace(/_/g, '-')}-`));
  const pgdb = driver === 'postgres' ? await freshPostgresDatabase(name) : null;
  const config = loadConfig({
    NODE_ENV: 'development',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PRICE_SOURCE: 'none',
    ORDER_ENGINE_INTERVAL_MS: '0',
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
  });
  const opened = await openDatabase(config);
  await seedDemo(opened.db, config);
  const events = await createEventBus(opened.db);
  const deps = {
    config,
    db: opened.db,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger: { info: () => undefined } }),
    jwtSecret: await signingKey(opened.db, config.jwtSecret),
    now: () => new Date(),
    events,
  };
  const app = await buildApp(deps, { build: { branch: 'bench', commit: '0000000' } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const [version] = await opened.db.query<{ v: string }>("SELECT current_setting('server_version') AS v");
  return {
    db: opened.db,
    app,
    base: `http://127.0.0.1:${port}`,
    label: driver === 'postgres' ? `PostgreSQL ${version!.v}` : `PGlite (PostgreSQL ${version!.v})`,
    async close() {
      await app.close();
      await events.close();
      await opened.close();
      await pgdb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
