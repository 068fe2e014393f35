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
