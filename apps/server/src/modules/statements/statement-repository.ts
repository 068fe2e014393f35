import { sql } from 'kysely';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/**
 * A user's side of the journal for its statement, all SQL (decision 1010). Every read starts from the
 * user's own postings (the partial indexes on `from_user_id` and `to_user_id`), never from the
 * journal: its cost follows the user's history, not everyone's.
 */

/** Each posting side that is one of the user's books, signed from the user's view. */
function userSides(q: Queryable, userId: number) {
  const k = kysely(q);
  return k
    .selectFrom('ledger_postings as p')
    .select(['p.entry_id', 'p.from_account as account', sql<string>`-p.amount`.as('delta')])
    .where('p.from_user_id', '=', userId)
    .unionAll(k.selectFrom('ledger_postings as p').select(['p.entry_id', 'p.to_account as account', sql<string>`p.amount`.as('delta')]).where('p.to_user_id', '=', userId));
}

/** The user's balance per book (account) from the postings of entries made before `before`. */
export async function balancesBefore(q: Queryable, userId: number, before: Date): Promise<Array<{ account: string; balance: string }>> {
  return kysely(q)
    .selectFrom(userSides(q, userId).as('s'))
    .innerJoin('ledger_entries as e', 'e.id', 's.entry_id')
    .where('e.created_at', '<', before)
    .select(['s.account', sql<string>`sum(s.delta)::text`.as('balance')])
    .groupBy('s.account')
    .execute();
}

/** One row per entry and book of the user with the entries made in [from, before), in journal order (time, then id). */
export interface StatementRow {
  entry_id: number;
  kind: string;
  note: string | null;
  created_at: Date;
  order_id: number | null;
  request_id: number | null;
  account: string;
  delta: string;
}

export async function statementRows(q: Queryable, userId: number, from: Date, before: Date): Promise<StatementRow[]> {
  const k = kysely(q);
  return k
    .selectFrom(userSides(q, userId).as('s'))
    .innerJoin('ledger_entries as e', 'e.id', 's.entry_id')
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', before)
    .select((eb) => [
      's.entry_id',
      'e.kind',
      'e.note',
      'e.created_at',
      eb.selectFrom('order_ledger_entries as o').select('o.order_id').whereRef('o.entry_id', '=', 'e.id').limit(1).as('order_id'),
      eb
        .selectFrom('payment_requests as r')
        .select('r.id')
        .where((w) => w.or([w('r.hold_entry_id', '=', w.ref('e.id')), w('r.decision_entry_id', '=', w.ref('e.id'))]))
        .limit(1)
        .as('request_id'),
      's.account',
      sql<string>`sum(s.delta)::text`.as('delta'),
    ])
    .groupBy(['s.entry_id', 'e.kind', 'e.note', 'e.created_at', 'e.id', 's.account'])
    .orderBy('e.created_at')
    .orderBy('s.entry_id')
    .orderBy('s.account')
    .execute() as Promise<StatementRow[]>;
}
