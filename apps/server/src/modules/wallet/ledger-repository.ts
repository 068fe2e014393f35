import { sql } from 'kysely';
import type { AccountId, Posting } from '@aurum/domain/wallet/ledger';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/** Takes one transaction-scoped advisory lock (pg_advisory_xact_lock(class, key)), held until the transaction ends. */
export async function advisoryXactLock(q: Queryable, lockClass: number, key: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${lockClass}::int, ${key}::int)`.execute(kysely(q));
}

/** The users (makers and receivers) of these payment requests. */
export async function requestUsers(q: Queryable, requestIds: readonly number[]): Promise<Array<{ user_id: number; receiver_user_id: number | null }>> {
  return kysely(q)
    .selectFrom('payment_requests')
    .select(['user_id', 'receiver_user_id'])
    .where('id', '=', (eb) => eb.fn.any(eb.val(requestIds)))
    .execute();
}

/** The users of these orders. */
export async function orderUsers(q: Queryable, orderIds: readonly number[]): Promise<Array<{ user_id: number }>> {
  return kysely(q)
    .selectFrom('orders')
    .select('user_id')
    .where('id', '=', (eb) => eb.fn.any(eb.val(orderIds)))
    .execute();
}

/** Locks these rows FOR UPDATE in ascending id (the rows are locked in the order they are returned). */
export async function lockRows(q: Queryable, table: 'users' | 'payment_requests' | 'orders', ids: readonly number[]): Promise<void> {
  await kysely(q)
    .selectFrom(table)
    .select('id')
    .where('id', '=', (eb) => eb.fn.any(eb.val(ids)))
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Balances of some accounts, derived from the journal (accounts without postings are absent). */
export async function accountBalances(q: Queryable, accounts: readonly string[]): Promise<Map<AccountId, string>> {
  if (accounts.length === 0) return new Map();
  const k = kysely(q);
  const list = [...accounts];
  const rows = await k
    .selectFrom(
      k
        .selectFrom('ledger_postings')
        .select(['to_account as account', 'amount as delta'])
        .where('to_account', '=', (eb) => eb.fn.any(eb.val(list)))
        .unionAll(
          k
            .selectFrom('ledger_postings')
            .select((eb) => ['from_account as account', eb.neg(eb.ref('amount')).as('delta')])
            .where('from_account', '=', (eb) => eb.fn.any(eb.val(list))),
        )
        .as('t'),
    )
    .select((eb) => ['t.account', sql<string>`sum(${eb.ref('t.delta')})::text`.as('balance')])
    .groupBy('t.account')
    .execute();
  return new Map(rows.map((r) => [r.account as AccountId, r.balance]));
}

/** Inserts a journal entry and its postings (the service has checked them); answers the entry's id. */
export async function insertEntry(
  q: Queryable,
  entry: { kind: string; userId: number | null; note: string | null; createdBy: number | null; postings: readonly Posting[]; at?: Date },
): Promise<number> {
  const k = kysely(q);
  const { id } = await k
    .insertInto('ledger_entries')
    .values({ kind: entry.kind, user_id: entry.userId, note: entry.note, created_by: entry.createdBy, ...(entry.at ? { created_at: entry.at } : {}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const p of entry.postings) {
    await k.insertInto('ledger_postings').values({ entry_id: id, from_account: p.from, to_account: p.to, asset: p.asset, amount: p.amount }).execute();
  }
  return id;
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
