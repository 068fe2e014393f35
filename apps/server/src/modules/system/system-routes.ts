import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../http/route.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { BuildInfo } from './build-info.ts';
import { databaseHealth } from './system-service.ts';

export function registerSystemRoutes(app: FastifyInstance, deps: AppDeps, build: BuildInfo): void {
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
