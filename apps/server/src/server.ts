import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, signingKey } from './bootstrap.ts';
import type { PriceSource } from './modules/market/price-sources.ts';

/**
 * Process start: configuration, database, seed, HTTP. `app.ts` holds the application itself.
 *
 * Only the configuration and the database's opening are loaded before the database is open: on an
 * empty data folder openDatabase waits for a child process creating PGlite's cluster (about 570 MB
 * while it runs), and this process then holds the least it can (no application modules yet), so the
 * first start's peak stays near a bare PGlite's (bench/memory.ts, docs/decisions.md "Issue 14: the
 * first start's peak").
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
  const opened = await openDatabase(config);
  const { db } = opened;
  const [{ buildApp }, { createMailer }, { seedDemo }, { countAdmins }, { createEventBus }, { httpPollingSource, simulatedSource }] = await Promise.all([
    import('./app.ts'),
    import('./mail/mailer.ts'),
    import('./seed/seed.ts'),
    import('./modules/admins/admin-service.ts'),
    import('./live/event-bus.ts'),
    import('./modules/market/price-sources.ts'),
  ]);
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
  const app = await buildApp(deps, { logger, priceSource, priceCheckSource });
  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await app.jobs.stop(); // the runs in hand end before the app and the database close
    await app.close();
    await deps.events.close();
    await opened.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  await (await import('./http/metrics-listener.ts')).listenMetrics(app.metrics, { host: config.host, port: config.metricsPort });
  // the background jobs (price feed, order engine, notification worker, socket sweeps) start once it listens
  app.jobs.start();
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

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
