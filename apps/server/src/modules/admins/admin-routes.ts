import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { permissionsOf } from '@aurum/domain/access/permissions';
import { SERVER_ROLE_OF } from '@aurum/domain/access/roles';
import { AdminCreateBody, AdminEditBody, AdminListQuery, AdminPasswordBody } from '@aurum/domain/admins/admin-schemas';
import { AdminDetail, AdminListAnswer, type AdminListItem } from '@aurum/domain/admins/admin-views';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { route } from '../../http/route.ts';
import { appError, notFound } from '../../http/app-error.ts';
import type { AppDeps } from '../../app-deps.ts';
import { announceAdminChanged } from '../auth/auth-cache.ts';
import { hashPassword } from '../auth/passwords.ts';
import { endAllSessions } from '../auth/sessions.ts';
import { uniquely } from '../users/unique-violation.ts';
import {
  findAdminById,
  findAdminWithDates,
  insertAdmin,
  listAdmins,
  lockedSuperAdminCount,
  takenAdminIdentity,
  type AdminListRow,
} from './admin-repository.ts';

const ADMIN_PARAMS = z.object({ adminId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const tags = ['admins'];

export const ADMIN_CONTEXT = {
  lastSuperAdmin: 'The last superAdmin cannot be deleted or given another role; make another admin superAdmin first.',
  deleteSelf: 'You cannot delete your own account; another superAdmin must do it.',
} as const;

const duplicateAdmin = (field: 'username' | 'email') => appError(ErrorCode.InvalidFormat, field, { status: 409 });
const adminDuplicateOfIndex = (index: string) =>
  index === 'admins_username_key' ? duplicateAdmin('username') : index === 'admins_email_key' ? duplicateAdmin('email') : null;
const lastSuperAdmin = () => appError(ErrorCode.LastSuperAdmin, ADMIN_CONTEXT.lastSuperAdmin);

function toListItem(r: AdminListRow): AdminListItem {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    fullName: `${r.first_name} ${r.last_name}`.trim(),
    role: SERVER_ROLE_OF[r.role],
    createdAt: r.created_at.toISOString(),
    createdBy: r.creator,
  };
}

function toDetail(r: AdminListRow): AdminDetail {
  return { ...toListItem(r), updatedAt: r.updated_at.toISOString(), permissions: permissionsOf(r.role) };
}

const SECURE = '/v0/web/secure';

export function registerAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/admin/list`,
    summary: 'Admin list: input (username, e-mail or name contains), role, sort, order, page, limit',
    tags,
    auth: 'admin',
    query: AdminListQuery,
    response: AdminListAnswer,
    handler: async ({ db, query }) => {
      const { rows, total } = await listAdmins(db, query);
      return { items: rows.map(toListItem), page: query.page, limit: query.limit, total };
    },
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
    handler: async ({ db, body, admin, audit }) => {
      const taken = await takenAdminIdentity(db, body);
      if (taken) throw duplicateAdmin(taken);
      const passwordHash = await hashPassword(body.password);
      const id = await uniquely(db, () => insertAdmin(db, {
        username: body.username,
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        role: body.role,
        passwordHash,
        createdBy: admin!.id,
      }), adminDuplicateOfIndex);
      audit.after(toDetail((await findAdminWithDates(db, id))!));
      return { id };
    },
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/admin/:adminId`,
    summary: 'An admin with created at, created by and the permissions of its role',
    tags,
    auth: 'admin',
    params: ADMIN_PARAMS,
    response: AdminDetail,
    handler: async ({ db, params }) => {
      const row = await findAdminWithDates(db, params.adminId);
      if (!row) throw notFound('admin');
      return toDetail(row);
    },
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
    handler: async ({ db, params, body, audit }) => {
      const superAdmins = await lockedSuperAdminCount(db);
      const before = await findAdminWithDates(db, params.adminId, { forUpdate: true });
      if (!before) throw notFound('admin');
      if (before.role === 'superAdmin' && body.role !== 'superAdmin' && superAdmins <= 1) throw lastSuperAdmin();
      const taken = await takenAdminIdentity(db, { email: body.email }, before.id);
      if (taken) throw duplicateAdmin(taken);
      await uniquely(
        db,
        () =>
          db.query('UPDATE admins SET email = $2, first_name = $3, last_name = $4, role = $5, updated_at = $6 WHERE id = $1', [
            before.id,
            body.email,
            body.firstName,
            body.lastName,
            body.role,
            deps.now(),
          ]),
        adminDuplicateOfIndex,
      );
      await announceAdminChanged(db, before.id);
      const after = toDetail((await findAdminWithDates(db, before.id))!);
      audit.before(toDetail(before));
      audit.after(after);
      return after;
    },
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
    handler: async ({ db, params, admin, audit }) => {
      const superAdmins = await lockedSuperAdminCount(db);
      const target = await findAdminWithDates(db, params.adminId, { forUpdate: true });
      if (!target) throw notFound('admin');
      if (target.id === admin!.id) throw appError(ErrorCode.CannotDeleteSelf, ADMIN_CONTEXT.deleteSelf);
      if (target.role === 'superAdmin' && superAdmins <= 1) throw lastSuperAdmin();
      const now = deps.now();
      await db.query('UPDATE admins SET deleted_at = $2, updated_at = $2 WHERE id = $1', [target.id, now]);
      await announceAdminChanged(db, target.id);
      const sessionsEnded = await endAllSessions(db, target.id, 'forced', now);
      audit.before(toDetail(target));
      audit.after({ deleted: true, sessionsEnded });
      return { id: target.id, sessionsEnded };
    },
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
    handler: async ({ db, params, body, audit }) => {
      const target = await findAdminWithDates(db, params.adminId, { forUpdate: true });
      if (!target) throw notFound('admin');
      const now = deps.now();
      await db.query('UPDATE admins SET password_hash = $2, updated_at = $3 WHERE id = $1', [target.id, await hashPassword(body.password), now]);
      const sessionsEnded = await endAllSessions(db, target.id, 'password-reset', now);
      audit.before({ adminId: target.id, username: target.username });
      audit.after({ passwordChanged: true, sessionsEnded });
      return { id: target.id, sessionsEnded };
    },
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
