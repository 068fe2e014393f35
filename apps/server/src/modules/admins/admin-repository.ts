import { sql, type Expression, type ExpressionBuilder } from 'kysely';
import type { AdminRole } from '@aurum/domain/access/roles';
import type { Queryable } from '../../db/db.ts';
import type { AdminsTable, Database } from '../../db/db-types.ts';
import { containsPattern, kysely, sameText } from '../../db/query-builder.ts';

// the admin as this module lists and edits it; authentication reads its own (auth-repository.ts)
const selectAdmins = (q: Queryable) =>
  kysely(q)
    .selectFrom('admins as a')
    .leftJoin('admins as c', 'c.id', 'a.created_by')
    .select(['a.id', 'a.username', 'a.email', 'a.first_name', 'a.last_name', 'a.role', 'a.updated_at', 'a.created_at', 'c.username as creator'])
    .where('a.deleted_at', 'is', null);

type SelectedAdmin = Awaited<ReturnType<ReturnType<typeof selectAdmins>['executeTakeFirstOrThrow']>>;

/** A live admin with its dates and creator, as the list and the detail show it; its role typed by the domain. */
export type AdminListRow = Omit<SelectedAdmin, 'role'> & { role: AdminRole };

const typed = (row: SelectedAdmin | undefined): AdminListRow | undefined => row as AdminListRow | undefined;

export async function insertAdmin(
  q: Queryable,
  admin: { username: string; email: string; firstName: string; lastName: string; role: AdminRole; passwordHash: string; createdBy: number | null },
): Promise<number> {
  const row = await kysely(q)
    .insertInto('admins')
    .values({
      username: admin.username,
      email: admin.email,
      first_name: admin.firstName,
      last_name: admin.lastName,
      role: admin.role,
      password_hash: admin.passwordHash,
      created_by: admin.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function countAdmins(q: Queryable): Promise<number> {
  const row = await kysely(q).selectFrom('admins').select((eb) => eb.fn.countAll<number>().as('n')).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
  return row.n;
}

/** Advisory lock serialising changes that could remove the last superAdmin (delete, demote). */
const SUPER_ADMIN_LOCK = 7_261_003;

/**
 * How many live superAdmins there are, under a lock held until the transaction ends: two
 * concurrent removals of two superAdmins cannot both see "another one is left".
 */
export async function lockedSuperAdminCount(q: Queryable): Promise<number> {
  const k = kysely(q);
  await sql`SELECT pg_advisory_xact_lock(${SUPER_ADMIN_LOCK})`.execute(k);
  const row = await k
    .selectFrom('admins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'superAdmin')
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Which identity of an admin is taken by another live admin (username, e-mail: case-insensitive). */
export async function takenAdminIdentity(
  q: Queryable,
  who: { username?: string; email?: string },
  exceptAdminId = 0,
): Promise<'username' | 'email' | null> {
  const live = () => kysely(q).selectFrom('admins').select('id').where('deleted_at', 'is', null).where('id', '<>', exceptAdminId);
  if (who.username !== undefined && (await live().where(sameText('username', who.username)).executeTakeFirst())) return 'username';
  if (who.email !== undefined && (await live().where(sameText('email', who.email)).executeTakeFirst())) return 'email';
  return null;
}

export async function findAdminWithDates(q: Queryable, id: number, options: { forUpdate?: boolean } = {}): Promise<AdminListRow | undefined> {
  return typed(
    await selectAdmins(q)
      .where('a.id', '=', id)
      .$if(options.forUpdate === true, (qb) => qb.forUpdate('a'))
      .executeTakeFirst(),
  );
}

export async function updateAdmin(q: Queryable, id: number, a: { email: string; firstName: string; lastName: string; role: AdminRole }, at: Date): Promise<void> {
  await kysely(q)
    .updateTable('admins')
    .set({ email: a.email, first_name: a.firstName, last_name: a.lastName, role: a.role, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function markAdminDeleted(q: Queryable, id: number, at: Date): Promise<void> {
  await kysely(q).updateTable('admins').set({ deleted_at: at, updated_at: at }).where('id', '=', id).execute();
}

type AdminSort = 'id' | 'username' | 'email' | 'role' | 'createdAt';
const ADMIN_SORT: Record<AdminSort, (eb: ExpressionBuilder<Database & { a: AdminsTable }, 'a'>) => Expression<unknown>> = {
  id: (eb) => eb.ref('a.id'),
  username: (eb) => eb.fn('lower', ['a.username']),
  email: (eb) => eb.fn('lower', ['a.email']),
  role: (eb) => eb.ref('a.role'),
  createdAt: (eb) => eb.ref('a.created_at'),
};

/** The admin list: input matches username, e-mail or name (contains, case-insensitive); role filter. */
export async function listAdmins(
  q: Queryable,
  query: { page: number; limit: number; sort?: AdminSort | undefined; order: 'asc' | 'desc'; input?: string | undefined; role?: AdminRole | undefined },
): Promise<{ rows: AdminListRow[]; total: number }> {
  const input = query.input?.trim();
  const like = input ? containsPattern(input) : null;
  const filtered = <QB extends ReturnType<typeof selectAdmins> | ReturnType<typeof countLive>>(qb: QB): QB =>
    (qb as ReturnType<typeof selectAdmins>)
      .$if(like !== null, (b) =>
        b.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['a.username']), 'like', like!),
            eb(eb.fn('lower', ['a.email']), 'like', like!),
            eb(sql`lower(${eb.ref('a.first_name')} || ' ' || ${eb.ref('a.last_name')})`, 'like', like!),
          ]),
        ),
      )
      .$if(query.role !== undefined, (b) => b.where('a.role', '=', query.role!)) as QB;
  const count = await filtered(countLive(q)).executeTakeFirstOrThrow();
  const rows = await filtered(selectAdmins(q))
    .orderBy(ADMIN_SORT[query.sort ?? 'id'], query.order)
    .orderBy('a.id', query.order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return { rows: rows as AdminListRow[], total: count.n };
}

const countLive = (q: Queryable) => kysely(q).selectFrom('admins as a').select((eb) => eb.fn.countAll<number>().as('n')).where('a.deleted_at', 'is', null);
