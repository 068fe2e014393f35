import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../http/route.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { BuildInfo } from './build-info.ts';
import { databaseHealth } from './system-service.ts';
import { readiness } from './readiness.ts';
import type { Lifecycle } from '../../http/lifecycle.ts';

export function registerSystemRoutes(app: FastifyInstance, deps: AppDeps, build: BuildInfo, lifecycle: Lifecycle): void {
  route(app, deps, {
    method: 'GET',
    url: '/livez',
    summary: 'Liveness: 200 while the process runs (no database call); a proxy or orchestrator restarts a process that stops answering',
    tags: ['system'],
    auth: 'public',
    response: z.object({ status: z.literal('ok') }),
    handler: async () => ({ status: 'ok' as const }),
  });
  route(app, deps, {
    method: 'GET',
    url: '/readyz',
    summary:
      'Readiness: 200 when this process can serve (database answering with its migrations at head, live listener connected, not draining); else 503 with the error body (3302 database, 3303 draining) and Retry-After. A proxy sends calls only to ready processes',
    tags: ['system'],
    auth: 'public',
    response: z.object({ status: z.literal('ready') }),
    handler: async () => readiness(deps.db, deps.events, lifecycle),
  });
  route(app, deps, {
    method: 'GET',
    url: '/infoz',
    summary: 'Branch and commit of the running server',
    tags: ['system'],
    auth: 'public',
    response: z.object({ branch: z.string(), commit: z.string() }),
    handler: async () => build,
  });
  route(app, deps, {
    method: 'GET',
    url: '/healthz',
    summary: 'Liveness and database reachability',
    tags: ['system'],
    auth: 'public',
    response: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
    handler: async () => databaseHealth(deps.db),
  });
}
