import type { AdminRole } from '@aurum/domain/access/roles';
import { SERVER_ROLE_OF } from '@aurum/domain/access/roles';
import type { AdminUserWire } from '@aurum/domain/auth/schemas';
import type { Queryable } from '../../db/db.ts';

export interface AdminRow {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: AdminRole;
  password_hash: string;
  updated_at: Date;
  creator: string | null;
}

const SELECT = `SELECT a.id, a.username, a.email, a.first_name, a.last_name, a.role, a.password_hash, a.updated_at,
  c.username AS creator FROM admins a LEFT JOIN admins c ON c.id = a.created_by`;

export async function findAdminByUsername(q: Queryable, username: string): Promise<AdminRow | undefined> {
  const rows = await q.query<AdminRow>(`${SELECT} WHERE lower(a.username) = lower($1) AND a.deleted_at IS NULL`, [username]);
  return rows[0];
}

export async function findAdminByEmail(q: Queryable, email: string): Promise<AdminRow | undefined> {
  const rows = await q.query<AdminRow>(`${SELECT} WHERE lower(a.email) = lower($1) AND a.deleted_at IS NULL`, [email]);
  return rows[0];
}

export async function findAdminById(q: Queryable, id: number): Promise<AdminRow | undefined> {
  const rows = await q.query<AdminRow>(`${SELECT} WHERE a.id = $1 AND a.deleted_at IS NULL`, [id]);
  return rows[0];
}

export async function insertAdmin(
  q: Queryable,
  admin: { username: string; email: string; firstName: string; lastName: string; role: AdminRole; passwordHash: string; createdBy: number | null },
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO admins (username, email, first_name, last_name, role, password_hash, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [admin.username, admin.email, admin.firstName, admin.lastName, admin.role, admin.passwordHash, admin.createdBy],
  );
  return rows[0]!.id;
}

export async function countAdmins(q: Queryable): Promise<number> {
  const rows = await q.query<{ n: number }>('SELECT count(*) AS n FROM admins WHERE deleted_at IS NULL');
  return rows[0]!.n;
}

/** The admin as the auth calls answer it. */
export function toAdminWire(row: AdminRow): AdminUserWire {
  return {
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: SERVER_ROLE_OF[row.role],
    updatedAt: row.updated_at.toISOString(),
    creator: row.creator,
  };
}

/** Advisory lock serialising changes that could remove the last superAdmin (delete, demote). */
const SUPER_ADMIN_LOCK = 7_261_003;

/**
 * How many live superAdmins there are, under a lock held until the transaction ends: two
 * concurrent removals of two superAdmins cannot both see "another one is left".
 */
export async function lockedSuperAdminCount(q: Queryable): Promise<number> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [SUPER_ADMIN_LOCK]);
  const rows = await q.query<{ n: number }>("SELECT count(*) AS n FROM admins WHERE role = 'superAdmin' AND deleted_at IS NULL");
  return rows[0]!.n;
}

/** Which identity of an admin is taken by another live admin (username, e-mail: case-insensitive). */
export async function takenAdminIdentity(
  q: Queryable,
  who: { username?: string; email?: string },
  exceptAdminId = 0,
): Promise<'username' | 'email' | null> {
  if (who.username !== undefined) {
    const rows = await q.query('SELECT 1 FROM admins WHERE lower(username) = lower($1) AND deleted_at IS NULL AND id <> $2', [
      who.username,
      exceptAdminId,
    ]);
    if (rows.length > 0) return 'username';
  }
  if (who.email !== undefined) {
    const rows = await q.query('SELECT 1 FROM admins WHERE lower(email) = lower($1) AND deleted_at IS NULL AND id <> $2', [
      who.email,
      exceptAdminId,
    ]);
    if (rows.length > 0) return 'email';
  }
  return null;
}

export interface AdminListRow extends AdminRow {
  created_at: Date;
}

const LIST_SELECT = `SELECT a.id, a.username, a.email, a.first_name, a.last_name, a.role, a.password_hash, a.updated_at, a.created_at,
  c.username AS creator FROM admins a LEFT JOIN admins c ON c.id = a.created_by`;

export async function findAdminWithDates(q: Queryable, id: number, options: { forUpdate?: boolean } = {}): Promise<AdminListRow | undefined> {
  const rows = await q.query<AdminListRow>(
    `${LIST_SELECT} WHERE a.id = $1 AND a.deleted_at IS NULL ${options.forUpdate ? 'FOR UPDATE OF a' : ''}`,
    [id],
  );
  return rows[0];
}

const ADMIN_SORT_SQL: Record<'id' | 'username' | 'email' | 'role' | 'createdAt', string> = {
  id: 'a.id',
  username: 'lower(a.username)',
  email: 'lower(a.email)',
  role: 'a.role',
  createdAt: 'a.created_at',
};

/** The admin list: input matches username, e-mail or name (contains, case-insensitive); role filter. */
export async function listAdmins(
  q: Queryable,
  query: { page: number; limit: number; sort?: keyof typeof ADMIN_SORT_SQL | undefined; order: 'asc' | 'desc'; input?: string | undefined; role?: AdminRole | undefined },
): Promise<{ rows: AdminListRow[]; total: number }> {
  const where = ['a.deleted_at IS NULL'];
  const params: unknown[] = [];
  const input = query.input?.trim();
  if (input) {
    params.push(`%${input.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const p = `$${params.length}`;
    where.push(`(lower(a.username) LIKE ${p} OR lower(a.email) LIKE ${p} OR lower(a.first_name || ' ' || a.last_name) LIKE ${p})`);
  }
  if (query.role) {
    params.push(query.role);
    where.push(`a.role = $${params.length}`);
  }
  const whereSql = where.join(' AND ');
  const [count] = await q.query<{ n: number }>(`SELECT count(*) AS n FROM admins a WHERE ${whereSql}`, params);
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const rows = await q.query<AdminListRow>(
    `${LIST_SELECT} WHERE ${whereSql} ORDER BY ${ADMIN_SORT_SQL[query.sort ?? 'id']} ${direction}, a.id ${direction}
     LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.limit, (query.page - 1) * query.limit],
  );
  return { rows, total: count!.n };
}
