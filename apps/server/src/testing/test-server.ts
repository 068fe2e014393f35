import { closeWithin } from '../http/lifecycle.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { openDatabase, signingKey } from '../bootstrap.ts';
import type { Db } from '../db/db.ts';
import { createMailer } from '../mail/mailer.ts';
import { seedDemo } from '../seed/seed.ts';
import { hashPassword } from '../modules/auth/auth-service.ts';
import { DEMO_ADMINS } from '../seed/demo-accounts.ts';
import { freshPostgresDatabase } from './postgres-databases.ts';
import { openTestPglite } from './pglite-template.ts';
import { createEventBus } from '../live/event-bus.ts';
import type { AurumApp } from '../app.ts';
import { assertOrderCounts } from './order-counts-check.ts';

export interface TestServer {
  url: string;
  app: AurumApp;
  db: Db;
  config: Config;
  driver: 'pglite' | 'postgres';
  /** Mail the server has sent, newest last. */
  outbox(): Promise<Array<{ to: string; subject: string; text: string }>>;
  demo: {
    superAdmin: { username: string; password: string; email: string };
    byRole: Record<string, { username: string; password: string; email: string }>;
  };
  /** Moves the server's clock (tokens, sessions, throttling windows). */
  advanceClock(ms: number): void;
  /** The server's clock (Date.now() plus what advanceClock moved it by), e.g. to compute a TOTP code. */
  now(): Date;
  /**
   * Restarts the server as a process restart would: the application closes (its jobs, sockets
   * and connections go), then a new one is built on the same database, clock and signing key and
   * listens on the same port, with the same jobs started. `app` is the new application after it.
   */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** 'pglite' (default) or 'postgres' (TEST_DATABASE_URL; a fresh database per server). AURUM_TEST_DB picks it too. */
  driver?: 'pglite' | 'postgres';
  env?: Record<string, string>;
  app?: BuildAppOptions;
  /**
   * The background jobs to start once it listens (`app.jobs`: priceFeed, marketStatus, orderEngine,
   * notifications, socketSweep, socketPing), or 'all' as a real process does. Default none: a test
   * starts what it relies on, or drives a job with `app.jobs.get(name).runOnce(now)`.
   */
  jobs?: readonly string[] | 'all';
  /** On PostgreSQL: what the server connects to instead of its fresh database's URL (a fault test's TCP proxy). */
  databaseVia?: (url: string) => string;
  /**
   * Starts the event loop's watchdog thread, as server.ts does (decision 0937): a call that blocks the
   * loop this long ends the test's process (the run fails, naming the call) instead of hanging it.
   */
  watchdogSeconds?: number;
}

/** Test servers started and not yet closed (integration-setup.ts checks their order counters after each test). */
const openServers = new Set<TestServer>();

/** Checks the order counters of every open test server against count(*) (assertOrderCounts). */
export async function checkOpenTestServers(): Promise<void> {
  for (const server of openServers) await assertOrderCounts(server.db, `the test server at ${server.url}`);
}

/**
 * The demo passwords' hashes, made once per process: seeding a test server otherwise hashed seven
 * passwords with argon2id (19 MiB, two passes) every time, a fifth of its start. Each hash is still a
 * real one of its password (sign-in verifies it as it would any other).
 */
const demoHashes = new Map<string, Promise<string>>();
const demoHash = (password: string): Promise<string> => {
  let hash = demoHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    demoHashes.set(password, hash);
  }
  return hash;
};

/** Calls still running this long after a test server's close have their connections cut (a close never hangs a test). */
const CLOSE_BOUND_MS = 10_000;

/** The real server on a fresh, seeded database, listening on a free port of 127.0.0.1. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const driver = options.driver ?? (process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite');
  const dataDir = await mkdtemp(join(tmpdir(), 'aurum-test-'));
  const pgdb = driver === 'postgres' ? await freshPostgresDatabase() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    ...(pgdb ? { DATABASE_URL: options.databaseVia ? options.databaseVia(pgdb.url) : pgdb.url } : {}),
    ...options.env,
  });
  const opened = pgdb
    ? await openDatabase(config)
    : await openTestPglite().then((db) => ({ db, close: () => db.close(), where: 'PGlite in memory' }));
  await seedDemo(opened.db, config, demoHash);
  let offset = 0;
  const deps = {
    config,
    db: opened.db,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger: { info: () => undefined } }),
    jwtSecret: await signingKey(opened.db, config.jwtSecret),
    now: () => new Date(Date.now() + offset),
    events: await createEventBus(opened.db),
  };
  const build = async (port: number) => {
    const built = await buildApp(deps, { build: { branch: 'test', commit: '0123456789abcdef' }, ...options.app });
    await built.listen({ host: '127.0.0.1', port });
    if (options.watchdogSeconds) built.loop.startWatchdog(options.watchdogSeconds, { warn: (details, message) => console.warn(message, details) });
    if (options.jobs) built.jobs.start(options.jobs === 'all' ? undefined : options.jobs);
    return built;
  };
  let app = await build(0);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  config.port = port;
  const byRole: TestServer['demo']['byRole'] = {
    superAdmin: { username: config.adminUsername, password: config.adminPassword, email: config.adminEmail },
  };
  for (const a of DEMO_ADMINS) byRole[a.role] = { username: a.username, password: a.password, email: `${a.username}@aurum.example` };
  const server: TestServer = {
    url: `http://127.0.0.1:${port}`,
    app,
    db: opened.db,
    config,
    driver,
    outbox: async () =>
      (
        await opened.db.query<{ to_address: string; subject: string; body: string }>(
          'SELECT to_address, subject, body FROM mail_outbox ORDER BY id',
        )
      ).map((m) => ({ to: m.to_address, subject: m.subject, text: m.body })),
    demo: { superAdmin: byRole.superAdmin!, byRole },
    advanceClock: (ms) => {
      offset += ms;
    },
    now: () => deps.now(),
    async restart() {
      await closeWithin(app, CLOSE_BOUND_MS);
      app = await build(port);
      server.app = app;
    },
    async close() {
      if (!openServers.delete(server)) return;
      await app.jobs.stop();
      // the counters once more before the database goes; the server closes whatever they say
      const drift = await assertOrderCounts(opened.db, `the test server at ${server.url}`).then(
        () => null,
        (error: unknown) => error,
      );
      await closeWithin(app, CLOSE_BOUND_MS);
      await deps.events.close();
      await opened.close();
      await pgdb?.drop();
      await rm(dataDir, { recursive: true, force: true });
      if (drift) throw drift;
    },
  };
  openServers.add(server);
  return server;
}
