import { sql } from 'kysely';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/**
 * The users who existed during a period, read in id order by keyset (decision 1012): created before
 * its end and not deleted before its start. The count and the last id are fixed first, so a batch
 * covers exactly the users it announced, whoever is created meanwhile.
 */

export interface Period {
  from: Date;
  before: Date;
}

const inPeriod = (q: Queryable, period: Period) =>
  kysely(q)
    .selectFrom('users')
    .where('created_at', '<', period.before)
    .where((w) => w.or([w('deleted_at', 'is', null), w('deleted_at', '>=', period.from)]));

/** How many users the period has, and the highest id among them (0 when none). */
export async function periodRoster(q: Queryable, period: Period): Promise<{ count: number; lastId: number }> {
  const r = await inPeriod(q, period)
    .select([sql<string>`count(*)::text`.as('count'), sql<string>`coalesce(max(id), 0)::text`.as('last_id')])
    .executeTakeFirstOrThrow();
  return { count: Number(r.count), lastId: Number(r.last_id) };
}

export interface RosterUser {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  preferred_language: string;
}

/** The next users of the period after `after`, up to `upTo` (both ids), at most `limit`, by id. */
export async function periodUsers(q: Queryable, period: Period, after: number, upTo: number, limit: number): Promise<RosterUser[]> {
  const rows = await inPeriod(q, period)
    .select(['id', 'username', 'first_name', 'last_name', 'preferred_language'])
    .where('id', '>', after)
    .where('id', '<=', upTo)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
