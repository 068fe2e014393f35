import { sql } from 'kysely';
import { BUSINESS_UTC_OFFSET_MINUTES } from '@aurum/domain/system/business-time';
import type { TreasuryMetal } from '@aurum/domain/treasury/treasury-metals';
import type { UserCategory } from '@aurum/domain/users/user-enums';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';
import { sidesOnBooks } from '../ledger/ledger-read-service.ts';

/**
 * What the dealer's P&L reads (decisions 1030, 1045), all SQL: the income and expense books' postings
 * with their entry's metal and customer's category, and the orders filled and undone. Days are
 * business dates (Asia/Kuala_Lumpur).
 */

/** A read's moments [from, before) and its filters. */
export interface PnlRange {
  from: Date;
  before: Date;
  metal?: TreasuryMetal | undefined;
  category?: UserCategory | undefined;
}

/** The income and expense books the P&L reads (every house book of an income or expense GL account). */
export const PNL_BOOKS = [
  'house:spread',
  'house:fees',
  'house:interestMyr',
  'house:interestXau',
  'house:hedging',
  'house:hedgeFees',
  'house:revaluation',
  'house:bankCharges',
  'house:custodyFees',
  'house:refineryCharges',
  'house:providerFees',
] as const;
export type PnlBook = (typeof PNL_BOOKS)[number];

/** The business date of a timestamp column, yyyy-MM-dd. */
const dayOf = (column: string) =>
  sql<string>`to_char((${sql.ref(column)} AT TIME ZONE 'UTC') + ${BUSINESS_UTC_OFFSET_MINUTES}::int * interval '1 minute', 'YYYY-MM-DD')`;

const metalOf = (symbol: string) => sql<TreasuryMetal | null>`split_part(${sql.ref(symbol)}, '/', 1)`;

/**
 * Each side of a posting that touches a P&L book, in [from, before): credit-positive on that book
 * (income positive, an expense negative), with its entry, the entry's metal, order and customer and
 * the customer's category. A year's closing entry is not income of the year it is dated in.
 */
function bookSides(q: Queryable, r: PnlRange, books: readonly PnlBook[]) {
  const k = kysely(q);
  return k
    .selectFrom(sidesOnBooks(q, r, books).as('p'))
    .leftJoin('users as u', 'u.id', 'p.entry_user_id')
    .select([
      'p.entry_id',
      'p.kind',
      'p.created_at',
      'p.note',
      dayOf('p.created_at').as('date'),
      sql<PnlBook>`p.book`.as('book'),
      'p.amount',
      'p.order_id',
      'p.source_kind',
      'p.source_id',
      sql<number | null>`p.entry_user_id`.as('user_id'),
      sql<TreasuryMetal | null>`p.metal`.as('metal'),
      sql<UserCategory | null>`u.category`.as('category'),
    ])
    .where('p.kind', '<>', 'finance.yearClose')
    .$if(r.metal !== undefined, (w) => w.where('p.metal', '=', r.metal!))
    .$if(r.category !== undefined, (w) => w.where('u.category', '=', r.category!));
}

/** The P&L books' movements per day, book, metal and category. */
export async function incomeByDay(q: Queryable, r: PnlRange) {
  return kysely(q)
    .selectFrom(bookSides(q, r, PNL_BOOKS).as('i'))
    .select(['i.date', 'i.book', 'i.metal', 'i.category', sql<string>`sum(i.amount)::text`.as('amount')])
    .groupBy(['i.date', 'i.book', 'i.metal', 'i.category'])
    .execute();
}

/** The postings behind a figure, latest first, at most `limit`; their count and sum per book. */
export async function incomePostings(q: Queryable, r: PnlRange, books: readonly PnlBook[], limit: number) {
  const k = kysely(q);
  const lines = await k.selectFrom(bookSides(q, r, books).as('i')).selectAll().orderBy('i.created_at', 'desc').orderBy('i.entry_id', 'desc').limit(limit).execute();
  const sums = await k
    .selectFrom(bookSides(q, r, books).as('i'))
    .select(['i.book', sql<number>`count(*)::int`.as('count'), sql<string>`sum(i.amount)::text`.as('amount')])
    .groupBy('i.book')
    .execute();
  return { lines, sums };
}

/**
 * The orders' volume events in [from, before): a fill (+) at its fill time, and the cancel or revert
 * of a filled order (-) at its time, so that a day's volume never changes once the day is over.
 */
function volumeEvents(q: Queryable, r: PnlRange) {
  const k = kysely(q);
  const event = (sign: 1 | -1) => {
    const at = sign === 1 ? sql<Date>`o.filled_at` : sql<Date>`coalesce(o.reverted_at, o.canceled_at)`;
    return k
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .where('o.filled_at', 'is not', null)
      .where(at, '>=', r.from)
      .where(at, '<', r.before)
      .$if(r.metal !== undefined, (w) => w.where(metalOf('o.symbol'), '=', r.metal!))
      .$if(r.category !== undefined, (w) => w.where('u.category', '=', r.category!))
      .select([
        'o.id',
        'o.user_id',
        at.as('at'),
        sql<string>`${sign === 1 ? 'order.fill' : 'order.undo'}::text`.as('kind'),
        'o.action',
        'o.symbol',
        metalOf('o.symbol').as('metal'),
        sql<UserCategory>`u.category`.as('category'),
        sql<string>`(${sign}::int * o.quantity_gram)`.as('grams'),
        sql<string>`(${sign}::int * coalesce(o.amount, 0))`.as('amount'),
      ]);
  };
  return event(1).unionAll(event(-1));
}

/** Grams and MYR amounts filled (less those undone) per day, metal and category. */
export async function volumeByDay(q: Queryable, r: PnlRange) {
  return kysely(q)
    .selectFrom(volumeEvents(q, r).as('v'))
    .select([
      dayOf('v.at').as('date'),
      'v.metal',
      'v.category',
      sql<string>`sum(v.grams)::text`.as('grams'),
      sql<string>`sum(v.amount)::text`.as('amount'),
    ])
    .groupBy([sql`1`, sql`2`, sql`3`])
    .execute();
}

/** The fills and undoings behind the volume, latest first, at most `limit`; their count and sums. */
export async function filledOrders(q: Queryable, r: PnlRange, limit: number) {
  const k = kysely(q);
  const lines = await k.selectFrom(volumeEvents(q, r).as('v')).selectAll().orderBy('v.at', 'desc').orderBy('v.id', 'desc').limit(limit).execute();
  const sums = await k
    .selectFrom(volumeEvents(q, r).as('v'))
    .select([sql<number>`count(*)::int`.as('count'), sql<string>`coalesce(sum(v.grams), 0)::text`.as('grams'), sql<string>`coalesce(sum(v.amount), 0)::text`.as('amount')])
    .executeTakeFirstOrThrow();
  return { lines, sums };
}

/**
 * Per metal and each day boundary from `from` to `before` (both included, a day apart): the latest
 * treasury history point at or before it (null fields when there is none).
 */
export async function positionAtBoundaries(q: Queryable, from: Date, before: Date, metals: readonly TreasuryMetal[]) {
  const { rows } = await sql<{ boundary: Date; metal: TreasuryMetal; net: string | null; mtm_myr: string | null; usd_per_ounce: string | null; usd_myr: string | null }>`
    SELECT b.at AS boundary, m.metal, p.net, p.mtm_myr, p.usd_per_ounce, p.usd_myr
    FROM generate_series(${from}::timestamptz, ${before}::timestamptz, interval '1 day') AS b(at)
    CROSS JOIN unnest(${[...metals]}::text[]) AS m(metal)
    LEFT JOIN LATERAL (
      SELECT h.net, h.mtm_myr, h.usd_per_ounce, h.usd_myr FROM treasury_history h WHERE h.metal = m.metal AND h.at <= b.at ORDER BY h.at DESC LIMIT 1
    ) p ON true
    ORDER BY m.metal, b.at`.execute(kysely(q));
  return rows;
}
