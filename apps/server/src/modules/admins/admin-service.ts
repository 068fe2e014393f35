import { fullName } from '@aurum/domain/users/full-name';
import { permissionsOf } from '@aurum/domain/access/permissions';
import { SERVER_ROLE_OF } from '@aurum/domain/access/roles';
import type { AdminCreateBody, AdminEditBody, AdminListQuery } from '@aurum/domain/admins/admin-schemas';
import type { AdminDetail, AdminListItem } from '@aurum/domain/admins/admin-views';
import type { Page } from '@aurum/domain/list/paging';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { appError, notFound } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { uniquely } from '../../db/unique-violation.ts';
import { announceAdminChanged, changeAdminPassword, endAllSessions, hashPassword, refuseWeakPassword } from '../auth/auth-service.ts';
import {
  countAdmins,
  findAdminWithDates,
  insertAdmin,
  listAdmins,
  lockedSuperAdminCount,
  markAdminDeleted,
  takenAdminIdentity,
  updateAdmin,
  type AdminListRow,
} from './admin-repository.ts';

// what the seed, the start and the CLI need of admins (the reads of sign-in are auth's)
export { countAdmins, insertAdmin };

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
    fullName: fullName({ firstName: r.first_name, lastName: r.last_name }),
    role: SERVER_ROLE_OF[r.role],
    createdAt: r.created_at.toISOString(),
    createdBy: r.creator,
  };
}

function toDetail(r: AdminListRow): AdminDetail {
  return { ...toListItem(r), updatedAt: r.updated_at.toISOString(), permissions: permissionsOf(r.role) };
}

/** The live admin of a call's path, or 404. */
async function adminOr404(q: Queryable, id: number, options: { forUpdate?: boolean } = {}): Promise<AdminListRow> {
  const row = await findAdminWithDates(q, id, options);
  if (!row) throw notFound('admin');
  return row;
}

export async function adminList(q: Queryable, query: AdminListQuery): Promise<Page<AdminListItem>> {
  const { rows, total } = await listAdmins(q, query);
  return { items: rows.map(toListItem), page: query.page, limit: query.limit, total };
}

export async function adminDetail(q: Queryable, id: number): Promise<AdminDetail> {
  return toDetail(await adminOr404(q, id));
}

export async function createAdmin(c: Change, body: AdminCreateBody): Promise<{ id: number }> {
  const taken = await takenAdminIdentity(c.q, body);
  if (taken) throw duplicateAdmin(taken);
  await refuseWeakPassword(body.password, [body.username, body.email, body.firstName, body.lastName]);
  const passwordHash = await hashPassword(body.password);
  const { username, email, firstName, lastName, role } = body;
  const id = await uniquely(c.q, () => insertAdmin(c.q, { username, email, firstName, lastName, role, passwordHash, createdBy: c.by }), adminDuplicateOfIndex);
  c.audit.after(toDetail((await findAdminWithDates(c.q, id))!));
  return { id };
}

/** Edits an admin (e-mail, names, role); demoting the last superAdmin is refused (409, 3003). */
export async function editAdmin(c: Change, id: number, body: AdminEditBody): Promise<AdminDetail> {
  const superAdmins = await lockedSuperAdminCount(c.q);
  const before = await adminOr404(c.q, id, { forUpdate: true });
  if (before.role === 'superAdmin' && body.role !== 'superAdmin' && superAdmins <= 1) throw lastSuperAdmin();
  const taken = await takenAdminIdentity(c.q, { email: body.email }, before.id);
  if (taken) throw duplicateAdmin(taken);
  await uniquely(c.q, () => updateAdmin(c.q, before.id, body, c.now), adminDuplicateOfIndex);
  await announceAdminChanged(c.q, before.id);
  const after = toDetail((await findAdminWithDates(c.q, before.id))!);
  c.audit.before(toDetail(before));
  c.audit.after(after);
  return after;
}

/** Deletes an admin (soft) and ends its sessions; not oneself (3004), not the last superAdmin (3003). */
export async function deleteAdmin(c: Change, id: number): Promise<{ id: number; sessionsEnded: number }> {
  const superAdmins = await lockedSuperAdminCount(c.q);
  const target = await adminOr404(c.q, id, { forUpdate: true });
  if (target.id === c.by) throw appError(ErrorCode.CannotDeleteSelf, ADMIN_CONTEXT.deleteSelf);
  if (target.role === 'superAdmin' && superAdmins <= 1) throw lastSuperAdmin();
  await markAdminDeleted(c.q, target.id, c.now);
  await announceAdminChanged(c.q, target.id);
  const sessionsEnded = await endAllSessions(c.q, target.id, 'forced', c.now);
  c.audit.before(toDetail(target));
  c.audit.after({ deleted: true, sessionsEnded });
  return { id: target.id, sessionsEnded };
}

export async function resetAdminPassword(c: Change, id: number, password: string): Promise<{ id: number; sessionsEnded: number }> {
  const target = await adminOr404(c.q, id, { forUpdate: true });
  await refuseWeakPassword(password, [target.username, target.email, target.first_name, target.last_name]);
  await changeAdminPassword(c.q, target.id, password, c.now);
  const sessionsEnded = await endAllSessions(c.q, target.id, 'password-reset', c.now);
  c.audit.before({ adminId: target.id, username: target.username });
  c.audit.after({ passwordChanged: true, sessionsEnded });
  return { id: target.id, sessionsEnded };
}

/** Force logout: ends every session of that admin at once. */
export async function logoutAdmin(c: Change, id: number): Promise<{ sessionsEnded: number }> {
  const target = await adminOr404(c.q, id);
  const sessionsEnded = await endAllSessions(c.q, target.id, 'forced', c.now);
  c.audit.before({ adminId: target.id, username: target.username });
  c.audit.after({ sessionsEnded });
  return { sessionsEnded };
}
