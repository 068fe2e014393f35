import { sql } from 'kysely';
import type { EntrySourceKind } from '@aurum/domain/wallet/ledger';
import type { Queryable } from '../../db/db.ts';
import { isoDate, kysely } from '../../db/query-builder.ts';

/**
 * The journal summed over many accounts and moments, all SQL. A posting debits its `from` account and credits
 * its `to` account; the reads group the postings by pair of accounts, then by kind of book, and the service maps each
 * account to its GL account. A close's snapshot (decision 1002) stands for everything before its
 * end, by kind of book: a user's book without the user, a vault or a provider without its name
 * (`user:0:fund`, `metal:XAU:vault:X`).
 */

/**
 * The kind of book of a journal account, in SQL (bookKindOf of the chart of accounts): a user's book
 * as user 0's, a vault or a provider without its name. Prefix tests and string functions, not a
 * regular expression: a read works it out for every pair of accounts that moved, and regexp_replace
 * cost more than the sums themselves.
 */
export const bookOf = (column: string) => {
  const a = sql.ref(column);
  return sql<string>`CASE WHEN ${a} LIKE 'user:%' THEN 'user:0:' || split_part(${a}, ':', 3)
    WHEN ${a} LIKE 'metal:___:vault:%' THEN left(${a}, 15) || ':X'
    WHEN ${a} LIKE 'metal:___:provider:%' THEN left(${a}, 18) || ':X'
    ELSE ${a} END`;
};

/** The source id of the entry aliased `e` when it is of that kind (an entry's order, its request), else null. */
export const sourceIdOf = (kind: EntrySourceKind) => sql<number | null>`CASE WHEN e.source_kind = ${kind} THEN e.source_id END`;

/**
 * The journal's sums by kind of book: the books of the latest close ended by `from` (rows without a
 * `to_book`, their balance as `earlier`), then per pair of kinds of book the postings since that
 * close dated before `from` (`earlier`) and in [from, before) (`within`). The close is looked up
 * first, so that the postings' range is a constant the planner sees (an index range scan over the
 * days since the close); the postings are grouped by pair of accounts, then the kind is worked out
 * once per pair, and a read gets a few dozen rows whatever the number of customers.
 */
export async function bookSums(q: Queryable, from: Date, before: Date): Promise<Array<{ from_book: string; to_book: string | null; earlier: string; within: string }>> {
  const k = kysely(q);
  const close = await k
    .selectFrom('ledger_day_closes')
    .select((eb) => [isoDate(eb.ref('business_date')).as('date'), 'ends_at'])
    .where('ends_at', '<=', from)
    .orderBy('business_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  const pairs = k
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_postings as p', 'p.entry_id', 'e.id')
    .$if(close !== undefined, (w) => w.where('e.created_at', '>=', new Date(close!.ends_at)))
    .where('e.created_at', '<', before)
    .select([
      'p.from_account',
      'p.to_account',
      sql<string>`coalesce(sum(p.amount) FILTER (WHERE e.created_at < ${from}), 0)`.as('earlier'),
      sql<string>`coalesce(sum(p.amount) FILTER (WHERE e.created_at >= ${from}), 0)`.as('within'),
    ])
    .groupBy(['p.from_account', 'p.to_account']);
  const byKind = k
    .selectFrom(pairs.as('pairs'))
    .select([
      bookOf('pairs.from_account').as('from_book'),
      bookOf('pairs.to_account').as('to_book'),
      sql<string>`sum(pairs.earlier)::text`.as('earlier'),
      sql<string>`sum(pairs.within)::text`.as('within'),
    ])
    .groupBy([bookOf('pairs.from_account'), bookOf('pairs.to_account')]);
  if (close === undefined) return byKind.execute();
  // the close's row comes back with its books (a row without a book when it has none): a close
  // reopened between the two statements has lost its books, and the read starts again
  const rows = await k
    .selectFrom('ledger_day_closes as c')
    .leftJoin('ledger_close_books as b', 'b.business_date', 'c.business_date')
    .where('c.business_date', '=', sql<Date>`${close.date}::date`)
    .select([sql<string | null>`b.book`.as('from_book'), sql<string | null>`NULL::text`.as('to_book'), sql<string>`coalesce(b.balance, 0)::text`.as('earlier'), sql<string>`'0'`.as('within')])
    .unionAll(byKind)
    .execute();
  if (!rows.some((r) => r.to_book === null)) return bookSums(q, from, before);
  return rows.flatMap((r) => (r.from_book === null ? [] : [{ ...r, from_book: r.from_book }]));
}

/** A batch of the journal's postings of [from, before) in journal order: the postings of up to `entries` entries after the cursor (created_at, id). */
export async function journalPostings(q: Queryable, from: Date, before: Date, after: { at: Date; id: number } | null, entries: number) {
  const k = kysely(q);
  const batch = k
    .selectFrom('ledger_entries as e')
    .select(['e.id', 'e.created_at', 'e.recorded_at', 'e.kind', 'e.note', 'e.user_id', 'e.source_kind', 'e.source_id'])
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', before)
    .$if(after !== null, (w) => w.where(sql<boolean>`(e.created_at, e.id) > (${after!.at}, ${after!.id})`))
    .orderBy('e.created_at')
    .orderBy('e.id')
    .limit(entries);
  return k
    .selectFrom(batch.as('e'))
    .innerJoin('ledger_postings as p', 'p.entry_id', 'e.id')
    .select([
      'e.id as entry_id',
      'e.created_at',
      'e.recorded_at',
      'e.kind',
      'e.note',
      'e.user_id',
      'p.id as posting_id',
      'p.from_account',
      'p.to_account',
      'p.asset',
      'p.amount',
      sourceIdOf('order').as('order_id'),
      sourceIdOf('request').as('request_id'),
    ])
    .orderBy('e.created_at')
    .orderBy('e.id')
    .orderBy('p.id')
    .execute();
}

/**
 * Each side of a posting that touches one of `books` (exact journal accounts) among the entries
 * dated in [from, before): credit-positive on that book, with its entry, the entry's order and metal. A relation for a caller's own query to select from (the P&L joins its orders
 * and customers), never a list of rows.
 */
export function bookSides(q: Queryable, range: { from: Date; before: Date }, books: readonly string[]) {
  const k = kysely(q);
  const side = (credit: boolean) =>
    k
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_postings as p', 'p.entry_id', 'e.id')
      .where('e.created_at', '>=', range.from)
      .where('e.created_at', '<', range.before)
      .where(credit ? 'p.to_account' : 'p.from_account', 'in', [...books])
      .select([
        'e.id as entry_id',
        'e.kind',
        'e.created_at',
        'e.note',
        'e.user_id as entry_user_id',
        (credit ? sql<string>`p.to_account` : sql<string>`p.from_account`).as('book'),
        (credit ? sql<string>`p.amount` : sql<string>`-p.amount`).as('amount'),
        'e.metal',
        'e.source_kind',
        'e.source_id',
        sourceIdOf('order').as('order_id'),
      ]);
  return side(true).unionAll(side(false));
}

/**
 * The journal's movements of [from, before) by pair of kinds of book, with no opening: the postings of
 * that stretch alone, grouped by pair of accounts, then by kind (as bookSums groups them). What a day
 * moved whichever closes there are (the daily summarised journal, decision 1017): its cost follows
 * the day's postings, not the days since a close.
 */
export async function bookMovements(q: Queryable, from: Date, before: Date): Promise<Array<{ from_book: string; to_book: string; within: string }>> {
  const k = kysely(q);
  const pairs = k
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_postings as p', 'p.entry_id', 'e.id')
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', before)
    .select(['p.from_account', 'p.to_account', sql<string>`sum(p.amount)`.as('within')])
    .groupBy(['p.from_account', 'p.to_account']);
  return k
    .selectFrom(pairs.as('pairs'))
    .select([bookOf('pairs.from_account').as('from_book'), bookOf('pairs.to_account').as('to_book'), sql<string>`sum(pairs.within)::text`.as('within')])
    .groupBy([bookOf('pairs.from_account'), bookOf('pairs.to_account')])
    .execute();
}
