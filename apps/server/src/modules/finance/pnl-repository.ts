import { sql } from 'kysely';
import type { HedgeCurrency } from '@aurum/domain/hedges/hedge-schemas';
import { TRADE_RECORD_STATUSES } from '@aurum/domain/orders/order-views';
import { BUSINESS_UTC_OFFSET_MINUTES } from '@aurum/domain/system/business-time';
import type { TreasuryMetal } from '@aurum/domain/treasury/treasury-metals';
import type { UserCategory } from '@aurum/domain/users/user-enums';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';
import { sidesOnBooks } from '../ledger/ledger-read-service.ts';

/**
 * What the dealer's P&L reads (decision 1030), all SQL: the income books' postings attributed to
 * their entry's order, the orders filled, the hedges with the orders they cover, and the treasury's
 * position at each day's boundaries. Days are business dates (Asia/Kuala_Lumpur).
 */

/** A read's moments [from, before) and its filters. */
export interface PnlRange {
  from: Date;
  before: Date;
  metal?: TreasuryMetal | undefined;
  category?: UserCategory | undefined;
}

/** The income books the P&L reads. */
export const INCOME_BOOKS = ['house:spread', 'house:fees', 'house:interestMyr', 'house:interestXau'] as const;
export type IncomeBook = (typeof INCOME_BOOKS)[number];

/** The business date of a timestamp column, yyyy-MM-dd. */
const dayOf = (column: string) =>
  sql<string>`to_char((${sql.ref(column)} AT TIME ZONE 'UTC') + ${BUSINESS_UTC_OFFSET_MINUTES}::int * interval '1 minute', 'YYYY-MM-DD')`;

const metalOf = (symbol: string) => sql<TreasuryMetal | null>`split_part(${sql.ref(symbol)}, '/', 1)`;

/**
 * Each side of a posting that touches an income book, in [from, before): credit-positive on that
 * book, with its entry and the entry's order (the lowest linked one), the order's metal, user and
 * the user's category.
 */
function incomeSides(q: Queryable, r: PnlRange, books: readonly IncomeBook[]) {
  const k = kysely(q);
  return k
    .selectFrom(sidesOnBooks(q, r, books).as('p'))
    .leftJoin('orders as o', 'o.id', 'p.order_id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'p.entry_id',
      'p.kind',
      'p.created_at',
      'p.note',
      dayOf('p.created_at').as('date'),
      sql<IncomeBook>`p.book`.as('book'),
      'p.amount',
      'o.id as order_id',
      sql<number | null>`coalesce(o.user_id, p.entry_user_id)`.as('user_id'),
      metalOf('o.symbol').as('metal'),
      sql<UserCategory | null>`u.category`.as('category'),
    ])
    .$if(r.metal !== undefined, (w) => w.where(metalOf('o.symbol'), '=', r.metal!))
    .$if(r.category !== undefined, (w) => w.where('u.category', '=', r.category!));
}

/** The income books' movements per day, book, metal and category. */
export async function incomeByDay(q: Queryable, r: PnlRange) {
  return kysely(q)
    .selectFrom(incomeSides(q, r, INCOME_BOOKS).as('i'))
    .select(['i.date', 'i.book', 'i.metal', 'i.category', sql<string>`sum(i.amount)::text`.as('amount')])
    .groupBy(['i.date', 'i.book', 'i.metal', 'i.category'])
    .execute();
}

/** The postings behind an income figure, latest first, at most `limit`; their count and sum per book. */
export async function incomePostings(q: Queryable, r: PnlRange, books: readonly IncomeBook[], limit: number) {
  const k = kysely(q);
  const lines = await k.selectFrom(incomeSides(q, r, books).as('i')).selectAll().orderBy('i.created_at', 'desc').orderBy('i.entry_id', 'desc').limit(limit).execute();
  const sums = await k
    .selectFrom(incomeSides(q, r, books).as('i'))
    .select(['i.book', sql<number>`count(*)::int`.as('count'), sql<string>`sum(i.amount)::text`.as('amount')])
    .groupBy('i.book')
    .execute();
  return { lines, sums };
}

/** Orders filled in [from, before) and still standing (a cancel or revert gave their fill back). */
function filled(q: Queryable, r: PnlRange) {
  return kysely(q)
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .where('o.filled_at', '>=', r.from)
    .where('o.filled_at', '<', r.before)
    .where('o.status', 'in', TRADE_RECORD_STATUSES)
    .$if(r.metal !== undefined, (w) => w.where(metalOf('o.symbol'), '=', r.metal!))
    .$if(r.category !== undefined, (w) => w.where('u.category', '=', r.category!));
}

/** Grams and MYR amounts filled per day, metal and category. */
export async function volumeByDay(q: Queryable, r: PnlRange) {
  return filled(q, r)
    .select([
      dayOf('o.filled_at').as('date'),
      metalOf('o.symbol').as('metal'),
      sql<UserCategory>`u.category`.as('category'),
      sql<string>`sum(o.quantity_gram)::text`.as('grams'),
      sql<string>`coalesce(sum(o.amount), 0)::text`.as('amount'),
    ])
    .groupBy([sql`1`, sql`2`, sql`3`])
    .execute();
}

/** The orders behind the volume, latest first, at most `limit`; their count and sums. */
export async function filledOrders(q: Queryable, r: PnlRange, limit: number) {
  const lines = await filled(q, r)
    .select([
      'o.id',
      'o.user_id',
      'o.filled_at',
      'o.action',
      'o.symbol',
      metalOf('o.symbol').as('metal'),
      sql<UserCategory>`u.category`.as('category'),
      'o.quantity_gram',
      sql<string>`coalesce(o.amount, 0)::text`.as('amount'),
    ])
    .orderBy('o.filled_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
  const sums = await filled(q, r)
    .select([sql<number>`count(*)::int`.as('count'), sql<string>`coalesce(sum(o.quantity_gram), 0)::text`.as('grams'), sql<string>`coalesce(sum(o.amount), 0)::text`.as('amount')])
    .executeTakeFirstOrThrow();
  return { lines, sums };
}

/**
 * The hedges traded in [from, before) and not canceled, one row per order each covers (or one with
 * no order), with what the result needs: the hedge's price, currency and fee, the order's action,
 * mid, rate, user and category. The category filter is applied by the service (a fee has none).
 */
export async function hedgesTraded(q: Queryable, r: PnlRange) {
  return kysely(q)
    .selectFrom('hedges as h')
    .leftJoin('hedge_orders as ho', 'ho.hedge_id', 'h.id')
    .leftJoin('orders as o', 'o.id', 'ho.order_id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .where('h.traded_at', '>=', r.from)
    .where('h.traded_at', '<', r.before)
    .where('h.state', '<>', 'canceled')
    .$if(r.metal !== undefined, (w) => w.where('h.metal', '=', r.metal!))
    .select([
      'h.id as hedge_id',
      'h.traded_at',
      dayOf('h.traded_at').as('date'),
      'h.metal',
      'h.price',
      'h.currency',
      'h.fee',
      'ho.order_id',
      'ho.quantity as grams',
      'o.action',
      'o.mid_myr_per_gram',
      'o.exchange_rate',
      'o.user_id',
      sql<UserCategory | null>`u.category`.as('category'),
    ])
    .orderBy('h.traded_at')
    .orderBy('h.id')
    .orderBy('ho.order_id')
    // CHECK lists in the schema
    .$narrowType<{ metal: TreasuryMetal; currency: HedgeCurrency; action: 'BUY' | 'SELL' | null }>()
    .execute();
}

/**
 * Per metal and each day boundary from `from` to `before` (both included, a day apart): the latest
 * treasury history point at or before it (null fields when there is none).
 */
export async function positionAtBoundaries(q: Queryable, from: Date, before: Date, metals: readonly TreasuryMetal[]) {
  const { rows } = await sql<{ boundary: Date; metal: TreasuryMetal; net: string | null; mtm_myr: string | null }>`
    SELECT b.at AS boundary, m.metal, p.net, p.mtm_myr
    FROM generate_series(${from}::timestamptz, ${before}::timestamptz, interval '1 day') AS b(at)
    CROSS JOIN unnest(${[...metals]}::text[]) AS m(metal)
    LEFT JOIN LATERAL (
      SELECT h.net, h.mtm_myr FROM treasury_history h WHERE h.metal = m.metal AND h.at <= b.at ORDER BY h.at DESC LIMIT 1
    ) p ON true
    ORDER BY m.metal, b.at`.execute(kysely(q));
  return rows;
}
