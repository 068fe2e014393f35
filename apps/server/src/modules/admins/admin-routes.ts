import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../http/route.ts';
import { notFound } from '../../http/app-error.ts';
import type { AppDeps } from '../../app-deps.ts';
import { endAllSessions } from '../auth/sessions.ts';
import { findAdminById } from './admin-repository.ts';

const SECURE = '/v0/web/secure';

export function registerAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/admin/logout/:adminId`,
    summary: 'Force logout: ends every session of that admin at once',
    tags: ['admins'],
    auth: 'admin',
    permission: 'logoutAdmin',
    audit: 'admin.forceLogout',
    params: z.object({ adminId: z.coerce.number().int().positive() }),
    response: z.object({ sessionsEnded: z.number().int() }),
    handler: async ({ db, params, audit }) => {
      const target = await findAdminById(db, params.adminId);
      if (!target) throw notFound('admin');
      const sessionsEnded = await endAllSessions(db, target.id, 'forced', deps.now());
      audit.before({ adminId: target.id, username: target.username });
      audit.after({ sessionsEnded });
      return { sessionsEnded };
    },
  });
}
