import { sql } from 'kysely';
import type { Queryable } from '../../db/db.ts';
import { isoDate, kysely } from '../../db/query-builder.ts';

/**
 * The journal summed for the finance desk, all SQL. A posting debits its `from` account and credits
 * its `to` account; the reads group the postings by pair of accounts and the service maps each
 * account to its GL account. A close's snapshot (decision 1002) stands for everything before its
 * end, by kind of book: a user's book without the user, a vault or a provider without its name
 * (`user:0:fund`, `metal:XAU:vault:X`).
 */

/** The kind of book of a journal account, in SQL (bookKindOf of the chart of accounts). */
export const bookOf = (column: string) =>
  sql<string>`regexp_replace(regexp_replace(${sql.ref(column)}, '^user:[0-9]+:', 'user:0:'), '^(metal:[A-Z]{3}:(vault|provider)):.*$', '\\1:X')`;

/**
 * Per pair of accounts (a posting's from and to), the amounts of the postings dated in [since, from)
 * and in [from, before) (null bounds: the journal's beginning, up to now). One pass over the
 * stretch's postings, grouped by pair: a day's pairs are far fewer than its postings.
 */
export async function pairSums(q: Queryable, since: Date | null, from: Date, before: Date | null): Promise<Array<{ from_account: string; to_account: string; earlier: string; within: string }>> {
  return kysely(q)
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_postings as p', 'p.entry_id', 'e.id')
    .$if(since !== null, (w) => w.where('e.created_at', '>=', since!))
    .$if(before !== null, (w) => w.where('e.created_at', '<', before!))
    .select([
      'p.from_account',
      'p.to_account',
      sql<string>`coalesce(sum(p.amount) FILTER (WHERE e.created_at < ${from}), 0)::text`.as('earlier'),
      sql<string>`coalesce(sum(p.amount) FILTER (WHERE e.created_at >= ${from}), 0)::text`.as('within'),
    ])
    .groupBy(['p.from_account', 'p.to_account'])
    .execute();
}

/** The close a read starts from: its day (the snapshot's key) and its end. */
export interface CloseBase {
  date: string;
  endsAt: Date;
}

/** The latest close ended by a moment and its books' snapshot, in one statement (a read's first step). */
export async function snapshotEndedBy(q: Queryable, at: Date): Promise<{ base: CloseBase; books: Array<{ book: string; balance: string }> } | undefined> {
  const k = kysely(q);
  const latest = k.selectFrom('ledger_day_closes').select(['business_date', 'ends_at']).where('ends_at', '<=', at).orderBy('business_date', 'desc').limit(1);
  const rows = await k
    .selectFrom(latest.as('c'))
    .leftJoin('ledger_close_books as b', 'b.business_date', 'c.business_date')
    .select((eb) => [isoDate(eb.ref('c.business_date')).as('date'), 'c.ends_at', 'b.book', 'b.balance'])
    .execute();
  if (rows.length === 0) return undefined;
  const books = rows.flatMap((r) => (r.book === null || r.balance === null ? [] : [{ book: r.book, balance: r.balance }]));
  return { base: { date: rows[0]!.date, endsAt: new Date(rows[0]!.ends_at) }, books };
}

/** A batch of the journal's postings of [from, before) in journal order: the postings of up to `entries` entries after the cursor (created_at, id). */
export async function journalPostings(q: Queryable, from: Date, before: Date, after: { at: Date; id: number } | null, entries: number) {
  const k = kysely(q);
  const batch = k
    .selectFrom('ledger_entries as e')
    .select(['e.id', 'e.created_at', 'e.kind', 'e.note'])
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', before)
    .$if(after !== null, (w) => w.where(sql<boolean>`(e.created_at, e.id) > (${after!.at}, ${after!.id})`))
    .orderBy('e.created_at')
    .orderBy('e.id')
    .limit(entries);
  return k
    .selectFrom(batch.as('e'))
    .innerJoin('ledger_postings as p', 'p.entry_id', 'e.id')
    .select((eb) => [
      'e.id as entry_id',
      'e.created_at',
      'e.kind',
      'e.note',
      'p.id as posting_id',
      'p.from_account',
      'p.to_account',
      'p.asset',
      'p.amount',
      eb.selectFrom('order_ledger_entries as o').select('o.order_id').whereRef('o.entry_id', '=', 'e.id').limit(1).as('order_id'),
      eb
        .selectFrom('payment_requests as r')
        .select('r.id')
        .where((w) => w.or([w('r.hold_entry_id', '=', w.ref('e.id')), w('r.decision_entry_id', '=', w.ref('e.id'))]))
        .limit(1)
        .as('request_id'),
    ])
    .orderBy('e.created_at')
    .orderBy('e.id')
    .orderBy('p.id')
    .execute();
}
