import { sql } from 'kysely';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';
import { sourceIdOf } from './ledger-sums-repository.ts';

/**
 * Users' sides of the journal for their wallets' history and their statements, all SQL (decisions
 * 0511, 1010, 1012). Every read starts
 * from the users' own postings (the partial indexes on `from_user_id` and `to_user_id`), never from
 * the journal: its cost follows these users' history, not everyone's. One read serves one user or a
 * batch of them (a month's statements of every user read a batch per query).
 */

/** Each posting side that is one of the users' books, signed from the user's view. */
function userSides(q: Queryable, userIds: readonly number[]) {
  const k = kysely(q);
  return k
    .selectFrom('ledger_postings as p')
    .select([sql<number>`p.from_user_id`.as('user_id'), 'p.entry_id', 'p.from_account as account', sql<string>`-p.amount`.as('delta')])
    .where('p.from_user_id', 'in', userIds)
    .unionAll(
      k
        .selectFrom('ledger_postings as p')
        .select([sql<number>`p.to_user_id`.as('user_id'), 'p.entry_id', 'p.to_account as account', sql<string>`p.amount`.as('delta')])
        .where('p.to_user_id', 'in', userIds),
    );
}

/**
 * The entry of each side, by its primary key, one lookup per side: a plain join lets the planner hash
 * every entry of the range (the whole month's journal, for each batch of users).
 */
const entryOfSide = (q: Queryable) =>
  kysely(q)
    .selectFrom('ledger_entries as le')
    .select(['le.id', 'le.kind', 'le.note', 'le.created_at', 'le.source_kind', 'le.source_id'])
    .whereRef('le.id', '=', sql.ref('s.entry_id'))
    .limit(1)
    .as('e');

/** Each user's balance per book (account) from the postings of entries made before `before`. */
export async function balancesBefore(q: Queryable, userIds: readonly number[], before: Date): Promise<Array<{ user_id: number; account: string; balance: string }>> {
  if (userIds.length === 0) return [];
  return kysely(q)
    .selectFrom(userSides(q, userIds).as('s'))
    .innerJoinLateral(() => entryOfSide(q), (join) => join.onTrue())
    .where('e.created_at', '<', before)
    .select(['s.user_id', 's.account', sql<string>`sum(s.delta)::text`.as('balance')])
    .groupBy(['s.user_id', 's.account'])
    .execute();
}

/** One row per user, entry and book with the entries made in [from, before), by user then in journal order (time, then id). */
export interface StatementRow {
  user_id: number;
  entry_id: number;
  kind: string;
  note: string | null;
  created_at: Date;
  order_id: number | null;
  request_id: number | null;
  account: string;
  delta: string;
}

export async function statementRows(q: Queryable, userIds: readonly number[], from: Date, before: Date): Promise<StatementRow[]> {
  if (userIds.length === 0) return [];
  const k = kysely(q);
  return k
    .selectFrom(userSides(q, userIds).as('s'))
    .innerJoinLateral(() => entryOfSide(q), (join) => join.onTrue())
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', before)
    .select([
      's.user_id',
      's.entry_id',
      'e.kind',
      'e.note',
      'e.created_at',
      sourceIdOf('order').as('order_id'),
      sourceIdOf('request').as('request_id'),
      's.account',
      sql<string>`sum(s.delta)::text`.as('delta'),
    ])
    .groupBy(['s.user_id', 's.entry_id', 'e.kind', 'e.note', 'e.created_at', 'e.id', 'e.source_kind', 'e.source_id', 's.account'])
    .orderBy('s.user_id')
    .orderBy('e.created_at')
    .orderBy('s.entry_id')
    .orderBy('s.account')
    .execute() as Promise<StatementRow[]>;
}

/** How many statement lines a user has: one per posting side that is one of its books. */
export async function historyLineCount(q: Queryable, userId: number): Promise<number> {
  const k = kysely(q);
  const side = (column: 'from_user_id' | 'to_user_id') => k.selectFrom('ledger_postings').select((eb) => eb.fn.countAll<number>().as('n')).where(column, '=', userId);
  const row = await k.selectNoFrom(() => [sql<number>`${side('from_user_id')} + ${side('to_user_id')}`.as('n')]).executeTakeFirstOrThrow();
  return row.n;
}

/** A page of a user's statement lines (each posting side of the user), newest first. */
export async function historyLines(q: Queryable, userId: number, limit: number, offset: number) {
  const k = kysely(q);
  const side = (name: 'from' | 'to') =>
    k
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_entries as e', 'e.id', 'p.entry_id')
      .leftJoin('admins as a', 'a.id', 'e.created_by')
      .select([
        'p.id as posting_id',
        sql<'from' | 'to'>`${name}::text`.as('side'),
        'e.id as entry_id',
        'e.kind',
        'e.note',
        'e.note_code',
        'e.note_params',
        'e.created_at',
        'a.username as created_by',
        'p.from_account',
        'p.to_account',
        'p.asset',
        'p.amount',
      ])
      .where(name === 'from' ? 'p.from_user_id' : 'p.to_user_id', '=', userId);
  return k
    .selectFrom(side('from').unionAll(side('to')).as('lines'))
    .selectAll()
    .orderBy('entry_id', 'desc')
    .orderBy('posting_id', 'desc')
    .orderBy('side')
    .limit(limit)
    .offset(offset)
    .execute();
}
