import pino from 'pino';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, signingKey, type OpenedDatabase } from './bootstrap.ts';
import { listenWhileWaiting, type WaitingListener } from './http/waiting-listener.ts';
import { isConnectionError } from './db/connection-errors.ts';
import { closeWithin, createLifecycle } from './http/lifecycle.ts';
import type { PriceSource } from './modules/market/price-sources.ts';

/**
 * Process start: configuration, database, seed, HTTP. `app.ts` holds the application itself.
 *
 * Only the configuration and the database's opening are loaded before the database is open: on an
 * empty data folder openDatabase waits for a child process creating PGlite's cluster (about 570 MB
 * while it runs), and this process then holds the least it can (no application modules yet), so the
 * first start's peak stays near a bare PGlite's (bench/memory.ts, decision 0935).
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const logger = pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  });
  // a database error never ends the process: one that escaped every handler is logged, not fatal;
  // anything else still is (as Node's default), for the orchestrator to restart a broken process
  const escaped = (kind: string) => (error: unknown) => {
    if (isConnectionError(error)) return logger.warn({ err: error }, `database connection error (${kind}); the process keeps serving`);
    logger.fatal({ err: error }, kind);
    process.exit(1);
  };
  process.on('unhandledRejection', escaped('unhandled rejection'));
  process.on('uncaughtException', escaped('uncaught exception'));
  const opened = await openWhenReachable(config, logger);
  const { db } = opened;
  const topology = db.driver === 'postgres'
    ? (await import('./db/database-topology.ts')).openDatabaseTopology(db, {
        replicaUrl: config.readDatabaseUrl,
        maxLagSeconds: config.replicaMaxLagSeconds,
        readYourWritesWaitMs: config.readYourWritesWaitMs,
        namedStatements: config.databasePoolMode === 'session',
        log: logger,
      })
    : null;
  const [{ buildApp }, { createMailer }, { seedDemo }, { countAdmins }, { createEventBus }, { httpPollingSource, simulatedSource }, { ensureCompliancePolicy }] = await Promise.all([
    import('./app.ts'),
    import('./mail/mailer.ts'),
    import('./seed/seed.ts'),
    import('./modules/admins/admin-service.ts'),
    import('./live/event-bus.ts'),
    import('./modules/market/price-sources.ts'),
    import('./modules/compliance/policy-service.ts'),
  ]);
  // due diligence enforced from a production database's first start (decision 1106)
  await ensureCompliancePolicy(db, config.nodeEnv === 'production', new Date());
  let seeded: Awaited<ReturnType<typeof seedDemo>> = [];
  if (config.nodeEnv === 'production') {
    if ((await countAdmins(db)) === 0) {
      console.error(
        'No admin exists yet. A production start seeds nothing: create the first superAdmin with\n' +
          '  AURUM_ADMIN_PASSWORD=... npm run admin:create -- --username <name> --email <address>\nthen start again.',
      );
      await opened.close();
      process.exit(3);
    }
  } else {
    seeded = await seedDemo(db, config);
  }
  const deps = {
    config,
    db,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger }),
    jwtSecret: await signingKey(db, config.jwtSecret),
    now: () => new Date(),
    events: await createEventBus(db),
    topology,
  };
  const priceSource: PriceSource | null =
    config.priceSource === 'simulated'
      ? simulatedSource({ xau: '2650', xpt: '980', xag: '31.5', usdMyr: '4.4700', volatility: 0.0004 })
      : config.priceSource === 'http'
        ? httpPollingSource(config.priceSourceUrl!)
        : null;
  const priceCheckSource: PriceSource | null =
    config.priceCheckSource === 'simulated'
      ? simulatedSource({ xau: '2650', xpt: '980', xag: '31.5', usdMyr: '4.4700', volatility: 0.0004 })
      : config.priceCheckSource === 'http'
        ? httpPollingSource(config.priceCheckSourceUrl!)
        : null;
  const lifecycle = createLifecycle();
  const app = await buildApp(deps, { logger, priceSource, priceCheckSource, lifecycle });
  // a blocked event loop answers nothing, not even SIGTERM: another thread ends it (decision 0937)
  app.loop.startWatchdog(config.eventLoopBlockLimitSeconds, logger);
  /**
   * SIGTERM drains (docs/decisions/0002-readiness-and-drain.md): /readyz answers 503 while every call
   * is still served for DRAIN_SECONDS (the proxy's check takes the process out), then the listener
   * closes, calls in flight finish, the sockets are told 1012 (the consoles reconnect elsewhere at
   * once), the jobs stop and hand their leases over, the database closes. SIGINT (a person at a
   * terminal) skips the drain. The whole never takes longer than SHUTDOWN_TIMEOUT_SECONDS.
   */
  let stopping = false;
  const shutdown = async (signal: 'SIGTERM' | 'SIGINT') => {
    if (stopping) return;
    stopping = true;
    const bound = setTimeout(() => {
      logger.error({ signal, seconds: config.shutdownTimeoutSeconds }, 'shutdown bound reached: exiting now');
      process.exit(1);
    }, config.shutdownTimeoutSeconds * 1000);
    bound.unref();
    try {
      lifecycle.startDraining();
      if (signal === 'SIGTERM' && config.drainSeconds > 0) {
        logger.info({ signal, drainSeconds: config.drainSeconds }, 'draining: /readyz answers 503, calls are still served');
        await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
      }
      logger.info({ signal }, 'shutting down');
      lifecycle.startClosing();
      await app.jobs.stop(); // the runs in hand end before the app and the database close
      // calls in flight get what is left of the bound, less a few seconds for the rest
      await closeWithin(app, Math.max(1, config.shutdownTimeoutSeconds - config.drainSeconds - 3) * 1000);
      await deps.events.close();
      await topology?.close();
      await opened.close();
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  await (await import('./http/metrics-listener.ts')).listenMetrics(app.metrics, { host: config.host, port: config.metricsPort });
  // the background jobs (price feed, order engine, notification worker, socket sweeps) start once it listens
  app.jobs.start();
  topology?.start();
  const bound = app.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : config.port;
  const address = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  const lines = [
    '',
    `Aurum console: ${address}/   (API ${address}/v0, OpenAPI ${address}/docs)`,
    `Database: ${opened.where}`,
  ];
  if (seeded.length > 0) {
    lines.push('Demo sign-ins (seeded now on an empty database):');
    for (const s of seeded) lines.push(`  ${s.role.padEnd(18)} ${s.username.padEnd(18)} ${s.password}`);
  } else if (config.nodeEnv !== 'production') {
    lines.push(`Sign in as ${config.adminUsername} (AURUM_ADMIN_USERNAME); demo accounts are listed in the README.`);
  }
  console.log(lines.join('\n') + '\n');
}

/**
 * Opens the database, waiting as long as it cannot be reached (a PostgreSQL server still starting,
 * a failover under way): meanwhile the port answers 503 (3302) to every call, /readyz included,
 * and each try is logged. Anything else (a replica at DATABASE_URL, a failed migration) ends the
 * start at once.
 */
async function openWhenReachable(config: Config, logger: pino.Logger): Promise<OpenedDatabase> {
  let waiting: WaitingListener | null = null;
  let delayMs = 500;
  for (;;) {
    try {
      const opened = await openDatabase(config, { log: logger });
      await waiting?.close();
      return opened;
    } catch (error) {
      if (!config.databaseUrl || !isConnectionError(error)) {
        await waiting?.close();
        throw error;
      }
      waiting ??= await listenWhileWaiting(config.host, config.port);
      logger.warn({ err: error, retryInMs: delayMs }, 'the database cannot be reached yet; /readyz answers 503 until it can');
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      delayMs = Math.min(delayMs * 2, 5_000);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
