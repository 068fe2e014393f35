import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyMultipart from '@fastify/multipart';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { AppError, badRequest, notFound } from './http/app-error.ts';
import type { AppDeps } from './app-deps.ts';
import { registerAuthRoutes } from './modules/auth/auth-routes.ts';
import { registerSystemRoutes } from './modules/system/system-routes.ts';
import { registerAdminRoutes } from './modules/admins/admin-routes.ts';
import { registerModeRoutes } from './modules/system/mode-routes.ts';
import { registerHolidayRoutes } from './modules/system/holiday-routes.ts';
import { registerAdjustRoutes } from './modules/system/adjust-routes.ts';
import { registerUserRoutes } from './modules/users/user-routes.ts';
import { registerBankRoutes } from './modules/bank/bank-routes.ts';
import { registerWalletRoutes } from './modules/wallet/wallet-routes.ts';
import { registerAssetRoutes } from './modules/assets/asset-routes.ts';
import { multipartOptions } from './modules/assets/receipt-upload.ts';
import { registerAuditRoutes } from './modules/audit/audit-routes.ts';
import { registerNotificationRoutes } from './modules/notifications/notification-routes.ts';
import { readBuildInfo, type BuildInfo } from './modules/system/build-info.ts';
import { MarketService } from './modules/market/market-service.ts';
import { registerMarketRoutes } from './modules/market/market-routes.ts';
import type { PriceSource } from './modules/market/price-sources.ts';
import { attachSocketHub, type SocketHub } from './modules/live/socket-hub.ts';
import { registerOrderRoutes } from './modules/orders/order-routes.ts';
import { registerOrderGraphql } from './modules/orders/order-graphql.ts';
import { OrderEngine } from './modules/orders/engine.ts';

export interface BuildAppOptions {
  /** A pino logger (server.ts); none in tests. */
  logger?: FastifyBaseLogger;
  build?: BuildInfo;
  /** The price feed this process may run (null: none; the process still shows what others publish). */
  priceSource?: PriceSource | null;
  /** Socket options (tests shorten the session sweep). */
  socket?: { throttleMs?: number; sweepMs?: number };
  /** Extra routes (tests register probes of the mechanisms here). */
  extraRoutes?: (app: FastifyInstance, deps: AppDeps) => void;
}

const API_PREFIXES = ['/v0/', '/docs', '/infoz', '/healthz', '/mobile/'];

/** The Fastify application: error contract, OpenAPI, every module's routes, the built console. */
export interface AurumApp extends FastifyInstance {
  market: MarketService;
  sockets: SocketHub;
  /** The order engine (limit matching, GTD expiry, auto settle, overdue); tests call runOnce(now). */
  orders: OrderEngine;
}

export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<AurumApp> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: deps.config.bodyLimitBytes,
    trustProxy: false,
  });

  // zod validates inside route(); JSON Schemas exist for the OpenAPI document only
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // JSON bodies: an empty body is no body; anything unparsable is a 400 (1000)
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('Malformed JSON body'), undefined);
    }
  });

  app.setErrorHandler((error, req, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ code: error.code, context: error.context });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    const code = (error as { code?: string }).code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.status(413).send({ code: ErrorCode.BadRequest, context: 'Request body too large' });
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return reply.status(415).send({ code: ErrorCode.BadRequest, context: 'Unsupported content type' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: ErrorCode.BadRequest, context: 'Bad request' });
    }
    req.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ code: ErrorCode.Unknown, context: null });
  });

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
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          basic: { type: 'http', scheme: 'basic' },
        },
      },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  registerSystemRoutes(app, deps, options.build ?? readBuildInfo());
  registerAuthRoutes(app, deps);
  registerAdminRoutes(app, deps);
  registerModeRoutes(app, deps);
  registerHolidayRoutes(app, deps);
  registerAdjustRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerBankRoutes(app, deps);
  registerWalletRoutes(app, deps);
  await app.register(fastifyMultipart, multipartOptions); // receipts: one file, 5 MB
  registerAssetRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerNotificationRoutes(app, deps);
  const market = new MarketService(deps.db, deps.events, options.priceSource ?? null, deps.now, {
    tickMs: deps.config.priceTickMs,
    staleMs: deps.config.priceStaleSeconds * 1000,
    historySize: 900,
  });
  await market.start();
  registerMarketRoutes(app, deps, market);
  registerOrderRoutes(app, deps, market);
  registerOrderGraphql(app, deps);
  const orders = new OrderEngine(deps, market);
  orders.start();
  const sockets = attachSocketHub(app, deps, market, deps.events, options.socket);
  app.addHook('onClose', async () => {
    await orders.stop();
    await sockets.close();
    await market.stop();
  });
  options.extraRoutes?.(app, deps);

  const dist = deps.config.webDist;
  const hasConsole = existsSync(join(dist, 'index.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
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
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const error = notFound(`No route ${req.method} ${path}`);
    return reply.status(404).send({ code: error.code, context: error.context });
  });

  return Object.assign(app, { market, sockets, orders }) as unknown as AurumApp;
}
