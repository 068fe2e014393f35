import { sql } from 'kysely';
import type { Queryable } from '../../db/db.ts';
import { asDate, isoDate, kysely } from '../../db/query-builder.ts';

/**
 * The journal summed for the finance desk, all SQL. A posting debits its `from` account and credits
 * its `to` account; each account is read as its kind of book: a user's book without the user, a
 * vault or a provider without its name (`user:0:fund`, `metal:XAU:vault:X`), which the service maps
 * to its GL account. A close's snapshot (decision 1002) stands for everything before its end.
 */

/** Per kind of book: credits minus debits before `from`, and debits and credits in [from, before). */
export interface BookFigures {
  book: string;
  opening: string;
  debits: string;
  credits: string;
}

/** The close a read starts from: its day (the snapshot's key) and its end. */
export interface CloseBase {
  date: string;
  endsAt: Date;
}

/** The kind of book of a journal account, in SQL. */
export const bookOf = (column: string) =>
  sql<string>`regexp_replace(regexp_replace(${sql.ref(column)}, '^user:[0-9]+:', 'user:0:'), '^(metal:[A-Z]{3}:(vault|provider)):.*$', '\\1:X')`;

/**
 * The journal's posting sides dated in [since, before) (null: from the beginning, up to now), as
 * (account, created_at, debit, credit): each posting gives its debit side and its credit side. The
 * entries are read first, by their date, then their postings.
 */
export function postingSides(q: Queryable, since: Date | null, before: Date | null) {
  const k = kysely(q);
  const side = (debit: boolean) =>
    k
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_postings as p', 'p.entry_id', 'e.id')
      .$if(since !== null, (w) => w.where('e.created_at', '>=', since!))
      .$if(before !== null, (w) => w.where('e.created_at', '<', before!))
      .select([
        (debit ? sql<string>`p.from_account` : sql<string>`p.to_account`).as('account'),
        'e.created_at',
        (debit ? sql<string>`p.amount` : sql<string>`0::numeric`).as('debit'),
        (debit ? sql<string>`0::numeric` : sql<string>`p.amount`).as('credit'),
      ]);
  return side(true).unionAll(side(false));
}

/** The latest close that ended at or before a moment: a read of that moment starts from its snapshot. */
export async function closeEndedBy(q: Queryable, at: Date): Promise<CloseBase | undefined> {
  const row = await kysely(q)
    .selectFrom('ledger_day_closes')
    .select((eb) => [isoDate(eb.ref('business_date')).as('date'), 'ends_at'])
    .where('ends_at', '<=', at)
    .orderBy('business_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { date: row.date, endsAt: new Date(row.ends_at) } : undefined;
}

/** Per kind of book: the opening at `from` (the base's snapshot plus the postings since its end) and the movements of [from, before). */
export async function bookFigures(q: Queryable, base: CloseBase | undefined, from: Date, before: Date): Promise<BookFigures[]> {
  const k = kysely(q);
  const journal = k
    .selectFrom(postingSides(q, base?.endsAt ?? null, before).as('s'))
    .select([bookOf('s.account').as('book'), sql<boolean>`s.created_at < ${from}`.as('earlier'), 's.debit', 's.credit']);
  const all = base
    ? journal.unionAll(
        k
          .selectFrom('ledger_close_books')
          .select(['book', sql<boolean>`true`.as('earlier'), sql<string>`0::numeric`.as('debit'), sql<string>`balance`.as('credit')])
          .where('business_date', '=', asDate(base.date)),
      )
    : journal;
  return k
    .selectFrom(all.as('s'))
    .select([
      's.book',
      sql<string>`coalesce(sum(s.credit - s.debit) FILTER (WHERE s.earlier), 0)::text`.as('opening'),
      sql<string>`coalesce(sum(s.debit) FILTER (WHERE NOT s.earlier), 0)::text`.as('debits'),
      sql<string>`coalesce(sum(s.credit) FILTER (WHERE NOT s.earlier), 0)::text`.as('credits'),
    ])
    .groupBy('s.book')
    .orderBy('s.book')
    .execute();
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
