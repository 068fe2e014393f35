import { sql } from 'kysely';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/**
 * The journal summed for the finance desk, all SQL. A posting debits its `from` account and credits
 * its `to` account; each account is read as its kind of book: a user's book without the user, a
 * vault or a provider without its name (`user:0:fund`, `metal:XAU:vault:X`), which the service maps
 * to its GL account.
 */

/** Per kind of book: credits minus debits before `from`, and debits and credits in [from, before). */
export interface BookFigures {
  book: string;
  opening: string;
  debits: string;
  credits: string;
}

/** The kind of book of a journal account, in SQL. */
const bookOf = (column: string) =>
  sql<string>`regexp_replace(regexp_replace(${sql.ref(column)}, '^user:[0-9]+:', 'user:0:'), '^(metal:[A-Z]{3}:(vault|provider)):.*$', '\\1:X')`;

export async function bookFigures(q: Queryable, from: Date, before: Date): Promise<BookFigures[]> {
  const k = kysely(q);
  const side = (account: 'p.from_account' | 'p.to_account', debit: boolean) =>
    k
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_entries as e', 'e.id', 'p.entry_id')
      .where('e.created_at', '<', before)
      .select([
        bookOf(account).as('book'),
        sql<boolean>`e.created_at < ${from}`.as('earlier'),
        (debit ? sql<string>`p.amount` : sql<string>`0::numeric`).as('debit'),
        (debit ? sql<string>`0::numeric` : sql<string>`p.amount`).as('credit'),
      ]);
  return k
    .selectFrom(side('p.from_account', true).unionAll(side('p.to_account', false)).as('s'))
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
