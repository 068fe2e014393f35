import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { HedgeCreateBody, HedgeListQuery, HedgeView, HedgeCurrency, HedgeSide, HedgeState } from '@aurum/domain/hedges/hedge-schemas';
import type { Page } from '@aurum/domain/list/paging';
import type { TreasuryMetal } from '@aurum/domain/treasury/treasury-metals';
import { Decimal, roundTo } from '@aurum/domain/money/decimal';
import { startOfBusinessDay } from '@aurum/domain/system/business-time';
import type { Queryable } from '../../db/db.ts';
import type { Database, HedgesTable } from '../../db/db-types.ts';
import { kysely } from '../../db/query-builder.ts';

/** Advisory lock class of hedges: pg_advisory_xact_lock(class, metal), so the position before a hedge is read by one hedge at a time. */
const HEDGE_LOCK_CLASS = 7_261_300;
const METAL_KEY: Record<TreasuryMetal, number> = { XAU: 1, XPT: 2, XAG: 3 };

export async function lockHedgesOfMetal(q: Queryable, metal: TreasuryMetal): Promise<void> {
  // an advisory lock is a function call the builder has no verb for
  await sql`SELECT pg_advisory_xact_lock(CAST(${HEDGE_LOCK_CLASS} AS int), CAST(${METAL_KEY[metal]} AS int))`.execute(kysely(q));
}

type HedgeEb = ExpressionBuilder<Database & { h: HedgesTable }, 'h'>;

/** The grams linked to the hedge `h` (all its links), at the scale of a quantity. */
const linkedOfHedge = (eb: HedgeEb) =>
  eb.cast<string>(
    eb.fn.coalesce(eb.selectFrom('hedge_orders as ho').select((s) => s.fn.sum<string>('ho.quantity').as('q')).whereRef('ho.hedge_id', '=', 'h.id'), eb.lit(0)).$castTo<string>(),
    'numeric(24, 4)',
  );

const selectHedges = (q: Queryable) =>
  kysely(q)
    .selectFrom('hedges as h')
    .leftJoin('admins as a', 'a.id', 'h.created_by')
    .select((eb) => [
      'h.id',
      'h.client_ref',
      'h.provider',
      'h.provider_order_id',
      'h.metal',
      'h.side',
      'h.quantity',
      'h.price',
      'h.currency',
      'h.fee',
      'h.traded_at',
      'h.state',
      'h.position_before',
      'h.position_after',
      'h.request_hash',
      'h.booked_rate',
      'h.in_journal',
      'a.username as created_by_name',
      'h.created_at',
      linkedOfHedge(eb).as('linked'),
    ])
    // CHECK lists in the schema; the domain names their values
    .$narrowType<{ metal: TreasuryMetal; side: HedgeSide; currency: HedgeCurrency; state: HedgeState }>();

export type HedgeRow = Awaited<ReturnType<ReturnType<typeof selectHedges>['executeTakeFirstOrThrow']>>;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function toHedgeView(r: HedgeRow): HedgeView {
  const linked = roundTo(String(r.linked), 4);
  return {
    id: Number(r.id),
    clientRef: r.client_ref,
    provider: r.provider,
    providerOrderId: r.provider_order_id,
    metal: r.metal,
    side: r.side,
    quantity: roundTo(r.quantity, 4),
    price: roundTo(r.price, 3),
    currency: r.currency,
    fee: roundTo(r.fee, 2),
    tradedAt: iso(r.traded_at),
    state: r.state,
    positionBefore: roundTo(r.position_before, 4),
    positionAfter: roundTo(r.position_after, 4),
    linked,
    unlinked: roundTo(new Decimal(r.quantity).minus(linked), 4),
    createdBy: r.created_by_name,
    createdAt: iso(r.created_at),
  };
}

/** Inserts the hedge unless its client reference is taken: the new id, or null (the reference's first hedge stands). */
export async function insertHedge(
  q: Queryable,
  h: HedgeCreateBody & { positionBefore: string; positionAfter: string; requestHash: string; by: number; now: Date; bookedRate: string | null },
): Promise<number | null> {
  const row = await kysely(q)
    .insertInto('hedges')
    .values({
      client_ref: h.clientRef,
      provider: h.provider,
      provider_order_id: h.providerOrderId ?? null,
      metal: h.metal,
      side: h.side,
      quantity: h.quantity,
      price: h.price,
      currency: h.currency,
      fee: h.fee,
      traded_at: new Date(h.tradedAt),
      state: 'filled',
      position_before: h.positionBefore,
      position_after: h.positionAfter,
      request_hash: h.requestHash,
      booked_rate: h.bookedRate,
      created_by: h.by,
      created_at: h.now,
    })
    .onConflict((oc) => oc.column('client_ref').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export async function findHedgeByRef(q: Queryable, clientRef: string): Promise<{ id: number; request_hash: string } | undefined> {
  const row = await kysely(q).selectFrom('hedges').select(['id', 'request_hash']).where('client_ref', '=', clientRef).executeTakeFirst();
  return row ? { id: Number(row.id), request_hash: row.request_hash } : undefined;
}

export async function findHedge(q: Queryable, id: number): Promise<HedgeRow | undefined> {
  return selectHedges(q).where('h.id', '=', id).executeTakeFirst();
}

/** Locks the hedge's row (the first lock of a link, settle or cancel), then reads it with its linked grams. */
export async function lockHedge(q: Queryable, id: number): Promise<HedgeRow | undefined> {
  const locked = await kysely(q).selectFrom('hedges').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!locked) return undefined;
  return findHedge(q, id);
}

export async function setHedgeState(q: Queryable, id: number, from: readonly HedgeState[], to: HedgeState): Promise<boolean> {
  const row = await kysely(q)
    .updateTable('hedges')
    .set({ state: to })
    .where('id', '=', id)
    .where('state', '=', (eb) => eb.fn.any(eb.val([...from])))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface LinkOrderRow {
  id: number;
  action: 'BUY' | 'SELL';
  status: string;
  symbol: string;
  quantity_gram: string;
  user_id: number;
  mid_myr_per_gram: string | null;
  exchange_rate: string | null;
  linked: string;
}

/**
 * Locks the orders' rows in id order (after the hedge's: the documented order of a link), then
 * reads each with the grams linked to hedges not canceled; in a statement of its own, so it sees
 * what a concurrent link committed while this one waited for the lock.
 */
export async function lockOrdersForLink(q: Queryable, orderIds: readonly number[]): Promise<Map<number, LinkOrderRow>> {
  const ids = [...new Set(orderIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  await kysely(q).selectFrom('orders').select('id').where('id', '=', (eb) => eb.fn.any(eb.val(ids))).orderBy('id').forUpdate().execute();
  const rows = await kysely(q)
    .selectFrom('orders as o')
    .select((eb) => [
      'o.id',
      'o.action',
      'o.status',
      'o.symbol',
      'o.quantity_gram',
      'o.user_id',
      'o.mid_myr_per_gram',
      'o.exchange_rate',
      eb
        .cast<string>(
          eb.fn
            .coalesce(
              eb
                .selectFrom('hedge_orders as ho')
                .innerJoin('hedges as h', 'h.id', 'ho.hedge_id')
                .select((s) => s.fn.sum<string>('ho.quantity').as('q'))
                .whereRef('ho.order_id', '=', 'o.id')
                .where('h.state', '<>', 'canceled'),
              eb.lit(0),
            )
            .$castTo<string>(),
          'numeric(24, 4)',
        )
        .as('linked'),
    ])
    .where('o.id', '=', (eb) => eb.fn.any(eb.val(ids)))
    .$narrowType<{ action: 'BUY' | 'SELL' }>()
    .execute();
  return new Map(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id), linked: String(r.linked) }]));
}

/** Adds the links; a hedge linked to the order already gets the grams added to its link. */
export async function insertLinks(q: Queryable, hedgeId: number, links: ReadonlyArray<{ orderId: number; quantity: string }>): Promise<void> {
  for (const l of links) {
    await kysely(q)
      .insertInto('hedge_orders')
      .values({ hedge_id: hedgeId, order_id: l.orderId, quantity: l.quantity })
      .onConflict((oc) => oc.columns(['hedge_id', 'order_id']).doUpdateSet((eb) => ({ quantity: eb(eb.ref('hedge_orders.quantity'), '+', eb.ref('excluded.quantity')) })))
      .execute();
  }
}

/** The orders a hedge covers, with the linked grams, in order id order. */
export async function coveredOrders(q: Queryable, hedgeId: number) {
  return kysely(q)
    .selectFrom('hedge_orders as ho')
    .innerJoin('orders as o', 'o.id', 'ho.order_id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select(['ho.order_id', 'u.username', 'o.action', 'o.status', 'o.symbol', 'o.currency', 'o.quantity_gram', 'o.myr_price', 'o.usd_price', 'o.exchange_rate', 'ho.quantity'])
    .where('ho.hedge_id', '=', hedgeId)
    .orderBy('ho.order_id')
    // CHECK lists in the schema
    .$narrowType<{ action: 'BUY' | 'SELL'; currency: HedgeCurrency }>()
    .execute();
}

export type CoveredOrderRow = Awaited<ReturnType<typeof coveredOrders>>[number];

/** The hedges covering an order (canceled ones too: the view says so), oldest first. */
export async function hedgesOfOrder(q: Queryable, orderId: number) {
  return kysely(q)
    .selectFrom('hedge_orders as ho')
    .innerJoin('hedges as h', 'h.id', 'ho.hedge_id')
    .select(['h.id as hedge_id', 'h.client_ref', 'h.provider', 'h.side', 'h.state', 'h.price', 'h.currency', 'ho.quantity'])
    .where('ho.order_id', '=', orderId)
    .orderBy('h.traded_at')
    .orderBy('h.id')
    // CHECK lists in the schema
    .$narrowType<{ side: HedgeSide; state: HedgeState; currency: HedgeCurrency }>()
    .execute();
}

export type OrderHedgeRow = Awaited<ReturnType<typeof hedgesOfOrder>>[number];

const SORT_COLUMN = {
  id: (eb: HedgeEb) => eb.ref('h.id'),
  tradedAt: (eb: HedgeEb) => eb.ref('h.traded_at'),
  quantity: (eb: HedgeEb) => eb.ref('h.quantity'),
  price: (eb: HedgeEb) => eb.ref('h.price'),
  provider: (eb: HedgeEb) => eb.fn<string>('lower', [eb.ref('h.provider')]),
} satisfies Record<NonNullable<HedgeListQuery['sort']>, unknown>;

/** The hedge list's filters on `hedges as h`. */
function filterHedges<QB extends SelectQueryBuilder<Database & { h: HedgesTable }, 'h', object>>(qb: QB, query: HedgeListQuery): QB {
  return qb
    .$if(Boolean(query.metal), (w) => w.where('h.metal', '=', query.metal!))
    .$if(Boolean(query.state), (w) => w.where('h.state', '=', query.state!))
    .$if(Boolean(query.provider), (w) =>
      w.where((eb) => eb(eb.fn('strpos', [eb.fn('lower', [eb.ref('h.provider')]), eb.fn('lower', [eb.val(query.provider!)])]), '>', 0)),
    )
    .$if(Boolean(query.tradedFrom), (w) => w.where('h.traded_at', '>=', startOfBusinessDay(query.tradedFrom!)))
    .$if(Boolean(query.tradedTo), (w) => w.where('h.traded_at', '<', startOfBusinessDay(query.tradedTo!, 1))) as QB;
}

/** The hedge list: filters by metal, provider (part of its name), state and trade day; newest trade first unless sorted. */
export async function listHedges(q: Queryable, query: HedgeListQuery): Promise<Page<HedgeView>> {
  const count = await filterHedges(kysely(q).selectFrom('hedges as h'), query)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const direction = query.order === 'desc' ? 'desc' : 'asc';
  const rows = await filterHedges(selectHedges(q), query)
    .$if(query.sort !== undefined, (qb) => qb.orderBy((eb) => SORT_COLUMN[query.sort!](eb), direction).orderBy('h.id', direction))
    .$if(query.sort === undefined, (qb) => qb.orderBy('h.traded_at', 'desc').orderBy('h.id', 'desc'))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return { items: rows.map(toHedgeView), page: query.page, limit: query.limit, total: Number(count.n ?? 0) };
}

/** The USD hedges in the journal traded before a moment and not settled or canceled by it: what they leave with their providers (decision 1041). */
export async function unsettledUsdHedges(q: Queryable, before: Date) {
  return kysely(q)
    .selectFrom('hedges')
    .select(['id', 'side', 'quantity', 'price', 'fee', 'booked_rate'])
    .where('currency', '=', 'USD')
    .where('in_journal', '=', true)
    .where('state', '=', 'filled')
    .where('traded_at', '<', before)
    .where('booked_rate', 'is not', null)
    .orderBy('id')
    .$narrowType<{ side: HedgeSide; booked_rate: string }>()
    .execute();
}
