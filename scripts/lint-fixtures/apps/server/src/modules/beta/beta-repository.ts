// clean: a repository builds its queries, with a sql template for what the builder cannot say
import { sql } from 'kysely';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

export const findBeta = (q: Queryable, id: number) => kysely(q).selectFrom('beta').select('id').where('id', '=', id).executeTakeFirst();
// an advisory lock is a function call the builder has no verb for
export const lockBeta = (q: Queryable) => sql`SELECT pg_advisory_xact_lock(1)`.execute(kysely(q));
