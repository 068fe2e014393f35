import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyMultipart from '@fastify/multipart';
import { BACKGROUND_HEADER, BACKGROUND_VALUE } from '@aurum/domain/auth/background';
import { badRequest, notFound } from './http/app-error.ts';
import { nestedDeeperThan } from './http/json-depth.ts';
import { clientErrorHandler, frameworkErrors, replyWithError } from './http/error-contract.ts';
import { docsContentSecurityPolicy, securityHeadersHook, sendConsoleIndex } from './http/security-headers.ts';
import { Metrics, registerMetricsHooks, registerMetricsRoute } from './http/metrics.ts';
import { LoopWatch } from './watchdog/loop-watch.ts';
import { registerLoopBlockProbe } from './watchdog/loop-block-probe.ts';
import type { AppDeps } from './app-deps.ts';
import { registerAuthRoutes } from './modules/auth/auth-routes.ts';
import { registerSecondFactorRoutes } from './modules/auth/second-factor-routes.ts';
import { registerSystemRoutes } from './modules/system/system-routes.ts';
import { registerAdminRoutes } from './modules/admins/admin-routes.ts';
import { registerModeRoutes } from './modules/system/mode-routes.ts';
import { registerHolidayRoutes } from './modules/system/holiday-routes.ts';
import { registerAdjustRoutes } from './modules/system/adjust-routes.ts';
import { registerUserRoutes } from './modules/users/user-routes.ts';
import { registerBankRoutes } from './modules/bank/bank-routes.ts';
import { registerWalletRoutes } from './modules/wallet/wallet-routes.ts';
import { registerDayCloseRoutes } from './modules/finance/day-close-routes.ts';
import { registerFinanceRoutes } from './modules/finance/finance-routes.ts';
import { registerJournalExport } from './modules/finance/journal-export-routes.ts';
import { registerGlMappingRoutes } from './modules/finance/gl-mapping-routes.ts';
import { registerPnlRoutes } from './modules/finance/pnl-routes.ts';
import { registerLedgerAdjustmentRoutes } from './modules/finance/ledger-adjustment-routes.ts';
import { registerStatementBatchRoutes } from './modules/statements/statement-batch-routes.ts';
import { registerStatementRoutes } from './modules/statements/statement-routes.ts';
import { registerCustomerRoutes } from './modules/customers/customer-routes.ts';
import { registerAssetRoutes } from './modules/assets/asset-routes.ts';
import { multipartOptions } from './modules/assets/receipt-upload.ts';
import { registerVaultRoutes } from './modules/vault/vault-routes.ts';
import { registerInboxRoutes } from './modules/inbox/inbox-routes.ts';
import { registerAuditRoutes } from './modules/audit/audit-routes.ts';
import { registerNotificationRoutes } from './modules/notifications/notification-routes.ts';
import { readBuildInfo, type BuildInfo } from './modules/system/build-info.ts';
import { MarketService } from './modules/market/market-service.ts';
import { registerMarketRoutes } from './modules/market/market-routes.ts';
import type { PriceSource } from './modules/market/price-sources.ts';
import { quoteSigner } from './modules/market/price-quotes.ts';
import { attachSocketHub, type SocketHub } from './live/socket-hub.ts';
import { provideRouteMechanisms } from './http/route.ts';
import { createLifecycle, lifecycleHook, type Lifecycle } from './http/lifecycle.ts';
import { requestAuthenticator, socketAuth } from './modules/auth/auth-service.ts';
import { routeAuditWriter } from './modules/audit/audit-service.ts';
import { registerOrderRoutes } from './modules/orders/order-routes.ts';
import { registerSavedViewRoutes } from './modules/saved-views/saved-view-routes.ts';
import { registerHoldRoutes } from './modules/compliance/hold-routes.ts';
import { registerPolicyRoutes } from './modules/compliance/policy-routes.ts';
import { registerListRoutes } from './modules/compliance/list-routes.ts';
import { registerDueDiligenceRoutes } from './modules/compliance/due-diligence-routes.ts';
import { registerHitRoutes } from './modules/compliance/hit-routes.ts';
import { screenIfNamesChanged, screeningJob } from './modules/compliance/screening-service.ts';
import { SILENT_AUDIT } from './http/change.ts';
import { screeningBacklogJob } from './modules/compliance/screening-backlog-service.ts';
import { registerHedgeRoutes } from './modules/hedges/hedge-routes.ts';
import { registerOrderGraphql } from './modules/orders/order-graphql.ts';
import { OrderEngine } from './modules/orders/engine.ts';
import { orderCountsJob } from './modules/orders/order-counts-job.ts';
import { JobsRunner } from './jobs/jobs-runner.ts';
import { registerTreasuryRoutes } from './modules/treasury/treasury-routes.ts';
import { treasuryBandJob, treasuryBooksJob } from './modules/treasury/treasury-jobs.ts';
import { registerReconciliationRoutes } from './modules/reconciliation/reconciliation-routes.ts';
import { reconciliationJob } from './modules/reconciliation/reconciliation-service.ts';
import { backupJob } from './modules/backup/backup-service.ts';

export interface BuildAppOptions {
  /** A pino logger (server.ts); none in tests. */
  logger?: FastifyBaseLogger;
  build?: BuildInfo;
  /** The price feed this process may run (null: none; the process still shows what others publish). */
  priceSource?: PriceSource | null;
  /** The second source that cross-checks the primary (decision 0862; null: none, unless PRICE_CHECK_SOURCE says another process runs one). */
  priceCheckSource?: PriceSource | null;
  /** Socket options (tests shorten the session sweep). */
  socket?: { throttleMs?: number; sweepMs?: number };
  /** Where the process stands on its way out (server.ts drives it on SIGTERM); default a new one, serving. */
  lifecycle?: Lifecycle;
  /** Extra routes (tests register probes of the mechanisms here). */
  extraRoutes?: (app: FastifyInstance, deps: AppDeps) => void;
}

const API_PREFIXES = ['/v0/', '/docs', '/infoz', '/healthz', '/livez', '/readyz', '/metrics', '/mobile/'];

/** The Fastify application: error contract, OpenAPI, every module's routes, the built console. */
export interface AurumApp extends FastifyInstance {
  market: MarketService;
  sockets: SocketHub;
  /** The order engine (limit matching, GTD expiry, auto settle, overdue); tests call runOnce(now). */
  orders: OrderEngine;
  /** The background jobs, none started: server.ts starts them after listen, a test the ones it needs. */
  jobs: JobsRunner;
  lifecycle: Lifecycle;
  /** Its Prometheus metrics (GET /metrics; the port of METRICS_PORT: http/metrics-listener.ts). */
  metrics: Metrics;
  /** The event loop's heartbeat and calls in flight; server.ts starts its watchdog thread (decision 0937). */
  loop: LoopWatch;
}

export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<AurumApp> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: deps.config.bodyLimitBytes,
    trustProxy: false,
    // refusals before any route (the HTTP parser, the router) answer the error contract too
    clientErrorHandler,
    frameworkErrors,
    // a call arriving while the server closes is answered by the lifecycle hook with the error body
    return503OnClosing: false,
  });
  const lifecycle = options.lifecycle ?? createLifecycle();
  lifecycleHook(app, lifecycle);

  // zod validates inside route(); JSON Schemas exist for the OpenAPI document only
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // JSON bodies: an empty body is no body; anything unparsable, or nested deeper than MAX_JSON_DEPTH, is a 400 (1000)
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(badRequest('Malformed JSON body'), undefined);
    }
    if (nestedDeeperThan(parsed)) return done(badRequest('JSON body nested too deeply'), undefined);
    done(null, parsed);
  });

  // every error answers {code, context} (http/error-contract.ts): AppErrors, Fastify's and multipart's, input the database refused
  app.setErrorHandler(replyWithError);

  // security headers on every answer, errors and the console included (README "Security"): worked
  // out by helmet once per Host, set as reply headers (index.html replaces the policy with its nonce's)
  const security = { hsts: deps.config.hsts };
  app.addHook('onRequest', securityHeadersHook(security));
  // before any route: each route gets its own duration hook (README "Metrics")
  const metrics = new Metrics();
  registerMetricsHooks(app, metrics);
  // before any route too: each route's calls are written where the watchdog thread reads them
  const loop = new LoopWatch();
  loop.watchCalls(app);
  loop.onBlock(metrics.loopBlocked);
  loop.start();
  app.addHook('onClose', () => loop.stop());

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Aurum back office API',
        version: '0.1.0',
        description:
          'Every call the console makes. Failed calls answer {"code": int, "context": string|null} (DECISIONS.md §2).',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              `The access token of a live session. Every call with it counts as an action of the admin and keeps the session alive (idle limit), except a call sent with the header \`${BACKGROUND_HEADER}: ${BACKGROUND_VALUE}\`, which a console puts on what it does on its own (polling, refetches).`,
          },
          basic: { type: 'http', scheme: 'basic' },
        },
      },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', transformStaticCSP: docsContentSecurityPolicy });

  // what route() needs of the modules, as interfaces (a mechanism imports no module)
  provideRouteMechanisms(app, { authenticate: requestAuthenticator(deps), writeAudit: routeAuditWriter(deps.config), idempotentReplay: metrics.idempotentReplayed });
  registerSystemRoutes(app, deps, options.build ?? readBuildInfo(), lifecycle);
  registerAuthRoutes(app, deps);
  registerSecondFactorRoutes(app, deps);
  registerAdminRoutes(app, deps);
  registerModeRoutes(app, deps);
  registerHolidayRoutes(app, deps);
  registerAdjustRoutes(app, deps);
  // a customer's new or changed names are screened in the transaction that writes them (decision
  // 1108); the user's audit row, read by staff outside compliance, says nothing of it
  registerUserRoutes(app, deps, async (c, userId) => void (await screenIfNamesChanged({ ...c, audit: SILENT_AUDIT }, userId)));
  registerBankRoutes(app, deps);
  registerWalletRoutes(app, deps);
  registerFinanceRoutes(app, deps);
  registerDayCloseRoutes(app, deps);
  registerPnlRoutes(app, deps);
  registerLedgerAdjustmentRoutes(app, deps);
  registerJournalExport(app, deps);
  registerStatementBatchRoutes(app, deps);
  registerStatementRoutes(app, deps);
  registerCustomerRoutes(app, deps);
  await app.register(fastifyMultipart, multipartOptions); // limits per route (route()'s multipart)
  registerAssetRoutes(app, deps);
  registerVaultRoutes(app, deps);
  registerGlMappingRoutes(app, deps);
  registerInboxRoutes(app, deps);
  registerAuditRoutes(app, deps);
  const notifications = registerNotificationRoutes(app, deps);
  const checkSource = options.priceCheckSource ?? null;
  const market = new MarketService(
    deps.db,
    deps.events,
    options.priceSource ?? null,
    deps.now,
    {
      tickMs: deps.config.priceTickMs,
      staleMs: deps.config.priceStaleSeconds * 1000,
      historySize: 900,
      // the cross-check applies in every process once one is configured (the feed may run in another one)
      check: checkSource || deps.config.priceCheckSource !== 'none' ? { staleMs: deps.config.priceCheckStaleSeconds * 1000, disagreeBps: deps.config.priceDisagreeBps } : null,
      quotes: quoteSigner(deps.jwtSecret, deps.config.priceQuoteSeconds * 1000),
      writeAudit: routeAuditWriter(deps.config),
      log: app.log,
    },
    checkSource,
  );
  await market.open(); // settings and the bus: this process shows what others publish, before any job runs
  registerMarketRoutes(app, deps, market);
  registerOrderRoutes(app, deps, market);
  registerSavedViewRoutes(app, deps);
  registerHoldRoutes(app, deps, market);
  registerPolicyRoutes(app, deps);
  registerListRoutes(app, deps);
  registerDueDiligenceRoutes(app, deps);
  registerHitRoutes(app, deps);
  registerHedgeRoutes(app, deps, market);
  registerOrderGraphql(app, deps);
  registerTreasuryRoutes(app, deps, market);
  registerReconciliationRoutes(app, deps);
  const orders = new OrderEngine(deps, market);
  const sockets = attachSocketHub(app, socketAuth(deps), market, deps.events, options.socket);
  // built, not started (decision 0903)
  const jobs = new JobsRunner([
    market.feedJob,
    market.statusJob,
    orders,
    orderCountsJob(deps.db),
    notifications,
    treasuryBooksJob(deps),
    treasuryBandJob(deps, { quotes: () => market.currentQuotes() }),
    reconciliationJob(deps),
    backupJob(deps, app.log),
    screeningJob(deps),
    screeningBacklogJob(deps),
    ...sockets.jobs,
  ]);
  metrics.watch({
    now: deps.now,
    pool: () => deps.db.poolStats?.() ?? null,
    listener: () => deps.events.health(),
    openSockets: () => sockets.clientCount(),
    priceTicks: () => {
      const health = market.feedHealth();
      return health.check ? { primary: health.primary.lastTickAt, check: health.check.lastTickAt } : { primary: health.primary.lastTickAt };
    },
    jobs: jobs.names(),
    engineJob: orders.name,
    topology: () => deps.topology?.stats() ?? null,
  });
  jobs.onRun(metrics.jobRun);
  registerMetricsRoute(app, metrics, deps.config.metricsToken);
  // the live sockets go before the HTTP server closes: it waits for every connection, and an
  // upgraded one stays open until told (a shutdown, or a restart, waited on connected consoles)
  app.addHook('preClose', () => sockets.close());
  app.addHook('onClose', async () => {
    await jobs.stop();
    await market.close();
  });
  options.extraRoutes?.(app, deps);
  if (deps.config.testLoopBlockRoute) registerLoopBlockProbe(app);

  const dist = deps.config.webDist;
  const hasConsole = existsSync(join(dist, 'index.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      allowedPath: (path) => path !== '/index.html', // index.html only with its nonce (the not-found handler)
      // the build's .br and .gz copies of each asset (apps/web/scripts/precompress.ts), sent as the browser accepts
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, path) {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));
    if (!isApi && (req.method === 'GET' || req.method === 'HEAD') && hasConsole && !path.startsWith('/assets/')) {
      // the console is a single-page application: every screen path serves index.html
      return sendConsoleIndex(reply, join(dist, 'index.html'), security);
    }
    const error = notFound(`No route ${req.method} ${path}`);
    return reply.status(404).send({ code: error.code, context: error.context });
  });

  return Object.assign(app, { market, sockets, orders, jobs, lifecycle, metrics, loop }) as unknown as AurumApp;
}
