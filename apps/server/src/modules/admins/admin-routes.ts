import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AdminCreateBody, AdminEditBody, AdminListQuery, AdminPasswordBody } from '@aurum/domain/admins/admin-schemas';
import { AdminDetail, AdminListAnswer, AdminListItem } from '@aurum/domain/admins/admin-views';
import { csvColumnsOf } from '@aurum/domain/export/export-schemas';
import { route } from '../../http/route.ts';
import { EXPORT_BATCH, exportRoute, pagedRows } from '../../http/csv-export.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminDetail, adminList, createAdmin, deleteAdmin, editAdmin, logoutAdmin, resetAdminPassword } from './admin-service.ts';

const ADMIN_PARAMS = z.object({ adminId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const tags = ['admins'];

const SECURE = '/v0/web/secure';

export function registerAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/admin/list`,
    reads: 'replica',
    summary: 'Admin list: input (username, e-mail or name contains), role, sort, order, page, limit',
    tags,
    auth: 'admin',
    query: AdminListQuery,
    response: AdminListAnswer,
    handler: async ({ db, query }) => adminList(db, query),
  });

  exportRoute(app, deps, {
    list: 'admins',
    summary: 'The admin list as a CSV attachment: every admin matching its filters (input, role) in its order (sort, order)',
    tags: [...tags, 'export'],
    query: AdminListQuery.omit({ page: true, limit: true }),
    columns: csvColumnsOf(AdminListItem),
    rows: (db, query) => pagedRows((page, limit) => adminList(db, { ...query, page, limit }), EXPORT_BATCH),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/admin/create`,
    summary: 'Create an admin; a username or e-mail already taken is 409 (1001, the field)',
    tags,
    auth: 'admin',
    permission: 'addAdmin',
    audit: 'admin.create',
    body: AdminCreateBody,
    response: z.object({ id: z.number().int() }),
    handler: async (ctx) => createAdmin(changeOf(ctx, deps), ctx.body),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/admin/:adminId`,
    summary: 'An admin with created at, created by and the permissions of its role',
    tags,
    auth: 'admin',
    params: ADMIN_PARAMS,
    response: AdminDetail,
    handler: async ({ db, params }) => adminDetail(db, params.adminId),
  });

  route(app, deps, {
    method: 'PUT',
    url: `${SECURE}/admin/:adminId`,
    summary: 'Edit an admin (e-mail, names, role); demoting the last superAdmin is 409 (3003)',
    tags,
    auth: 'admin',
    permission: 'editAdmin',
    audit: 'admin.update',
    params: ADMIN_PARAMS,
    body: AdminEditBody,
    response: AdminDetail,
    handler: async (ctx) => editAdmin(changeOf(ctx, deps), ctx.params.adminId, ctx.body),
  });

  route(app, deps, {
    method: 'DELETE',
    url: `${SECURE}/admin/:adminId`,
    summary: 'Delete an admin (soft) and end its sessions; not oneself (409, 3004), not the last superAdmin (409, 3003)',
    tags,
    auth: 'admin',
    permission: 'deleteAdmin',
    audit: 'admin.delete',
    params: ADMIN_PARAMS,
    response: z.object({ id: z.number().int(), sessionsEnded: z.number().int() }),
    handler: async (ctx) => deleteAdmin(changeOf(ctx, deps), ctx.params.adminId),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/admin/:adminId/reset_password`,
    summary: "Set an admin's password {password}; every session of that admin ends",
    tags,
    auth: 'admin',
    permission: 'resetAdminPassword',
    audit: 'admin.resetPassword',
    params: ADMIN_PARAMS,
    body: AdminPasswordBody,
    response: z.object({ id: z.number().int(), sessionsEnded: z.number().int() }),
    handler: async (ctx) => resetAdminPassword(changeOf(ctx, deps), ctx.params.adminId, ctx.body.password),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/admin/logout/:adminId`,
    summary: 'Force logout: ends every session of that admin at once',
    tags,
    auth: 'admin',
    permission: 'logoutAdmin',
    audit: 'admin.forceLogout',
    params: z.object({ adminId: z.coerce.number().int().positive() }),
    response: z.object({ sessionsEnded: z.number().int() }),
    handler: async (ctx) => logoutAdmin(changeOf(ctx, deps), ctx.params.adminId),
  });
}
