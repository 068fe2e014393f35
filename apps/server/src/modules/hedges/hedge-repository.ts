import type { HedgeCreateBody, HedgeListQuery, HedgeView, HedgeCurrency, HedgeSide, HedgeState } from '@aurum/domain/hedges/hedge-schemas';
import type { Page } from '@aurum/domain/list/paging';
import type { TreasuryMetal } from '@aurum/domain/treasury/treasury-metals';
import { Decimal, roundTo } from '@aurum/domain/money/decimal';
import { startOfBusinessDay } from '@aurum/domain/system/business-time';
import type { Queryable } from '../../db/db.ts';

/** Advisory lock class of hedges: pg_advisory_xact_lock(class, metal), so the position before a hedge is read by one hedge at a time. */
const HEDGE_LOCK_CLASS = 7_261_300;
const METAL_KEY: Record<TreasuryMetal, number> = { XAU: 1, XPT: 2, XAG: 3 };

export async function lockHedgesOfMetal(q: Queryable, metal: TreasuryMetal): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [HEDGE_LOCK_CLASS, METAL_KEY[metal]]);
}

export interface HedgeRow {
  id: number;
  client_ref: string;
  provider: string;
  provider_order_id: string | null;
  metal: TreasuryMetal;
  side: HedgeSide;
  quantity: string;
  price: string;
  currency: HedgeCurrency;
  fee: string;
  traded_at: Date;
  state: HedgeState;
  position_before: string;
  position_after: string;
  request_hash: string;
  created_by_name: string | null;
  created_at: Date;
  linked: string;
}

const HEDGE_COLUMNS = `h.id, h.client_ref, h.provider, h.provider_order_id, h.metal, h.side, h.quantity, h.price, h.currency, h.fee,
  h.traded_at, h.state, h.position_before, h.position_after, h.request_hash, a.username AS created_by_name, h.created_at,
  COALESCE((SELECT sum(ho.quantity) FROM hedge_orders ho WHERE ho.hedge_id = h.id), 0)::numeric(24, 4) AS linked`;
const HEDGE_FROM = 'hedges h LEFT JOIN admins a ON a.id = h.created_by';

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
  h: HedgeCreateBody & { positionBefore: string; positionAfter: string; requestHash: string; by: number; now: Date },
): Promise<number | null> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO hedges (client_ref, provider, provider_order_id, metal, side, quantity, price, currency, fee, traded_at, state,
       position_before, position_after, request_hash, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'filled', $11, $12, $13, $14, $15)
     ON CONFLICT (client_ref) DO NOTHING RETURNING id`,
    [
      h.clientRef,
      h.provider,
      h.providerOrderId ?? null,
      h.metal,
      h.side,
      h.quantity,
      h.price,
      h.currency,
      h.fee,
      new Date(h.tradedAt),
      h.positionBefore,
      h.positionAfter,
      h.requestHash,
      h.by,
      h.now,
    ],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export async function findHedgeByRef(q: Queryable, clientRef: string): Promise<{ id: number; request_hash: string } | undefined> {
  const [row] = await q.query<{ id: number; request_hash: string }>('SELECT id, request_hash FROM hedges WHERE client_ref = $1', [clientRef]);
  return row ? { id: Number(row.id), request_hash: row.request_hash } : undefined;
}

export async function findHedge(q: Queryable, id: number): Promise<HedgeRow | undefined> {
  const [row] = await q.query<HedgeRow>(`SELECT ${HEDGE_COLUMNS} FROM ${HEDGE_FROM} WHERE h.id = $1`, [id]);
  return row;
}

/** Locks the hedge's row (the first lock of a link, settle or cancel), then reads it with its linked grams. */
export async function lockHedge(q: Queryable, id: number): Promise<HedgeRow | undefined> {
  const locked = await q.query('SELECT id FROM hedges WHERE id = $1 FOR UPDATE', [id]);
  if (locked.length === 0) return undefined;
  return findHedge(q, id);
}

export async function setHedgeState(q: Queryable, id: number, from: readonly HedgeState[], to: HedgeState): Promise<boolean> {
  const rows = await q.query('UPDATE hedges SET state = $2 WHERE id = $1 AND state = ANY($3::text[]) RETURNING id', [id, to, [...from]]);
  return rows.length === 1;
}

export interface LinkOrderRow {
  id: number;
  action: 'BUY' | 'SELL';
  status: string;
  symbol: string;
  quantity_gram: string;
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
  await q.query('SELECT id FROM orders WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [ids]);
  const rows = await q.query<LinkOrderRow>(
    `SELECT o.id, o.action, o.status, o.symbol, o.quantity_gram,
       COALESCE((SELECT sum(ho.quantity) FROM hedge_orders ho JOIN hedges h ON h.id = ho.hedge_id
                 WHERE ho.order_id = o.id AND h.state <> 'canceled'), 0)::numeric(24, 4) AS linked
     FROM orders o WHERE o.id = ANY($1::bigint[])`,
    [ids],
  );
  return new Map(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id), linked: String(r.linked) }]));
}

/** Adds the links; a hedge linked to the order already gets the grams added to its link. */
export async function insertLinks(q: Queryable, hedgeId: number, links: ReadonlyArray<{ orderId: number; quantity: string }>): Promise<void> {
  for (const l of links) {
    await q.query(
      `INSERT INTO hedge_orders (hedge_id, order_id, quantity) VALUES ($1, $2, $3)
       ON CONFLICT (hedge_id, order_id) DO UPDATE SET quantity = hedge_orders.quantity + EXCLUDED.quantity`,
      [hedgeId, l.orderId, l.quantity],
    );
  }
}

export interface CoveredOrderRow {
  order_id: number;
  username: string | null;
  action: 'BUY' | 'SELL';
  status: string;
  symbol: string;
  currency: HedgeCurrency;
  quantity_gram: string;
  myr_price: string | null;
  usd_price: string | null;
  exchange_rate: string | null;
  quantity: string;
}

/** The orders a hedge covers, with the linked grams, in order id order. */
export async function coveredOrders(q: Queryable, hedgeId: number): Promise<CoveredOrderRow[]> {
  return q.query<CoveredOrderRow>(
    `SELECT ho.order_id, u.username, o.action, o.status, o.symbol, o.currency, o.quantity_gram, o.myr_price, o.usd_price, o.exchange_rate, ho.quantity
     FROM hedge_orders ho JOIN orders o ON o.id = ho.order_id LEFT JOIN users u ON u.id = o.user_id
     WHERE ho.hedge_id = $1 ORDER BY ho.order_id`,
    [hedgeId],
  );
}

export interface OrderHedgeRow {
  hedge_id: number;
  client_ref: string;
  provider: string;
  side: HedgeSide;
  state: HedgeState;
  price: string;
  currency: HedgeCurrency;
  quantity: string;
}

/** The hedges covering an order (canceled ones too: the view says so), oldest first. */
export async function hedgesOfOrder(q: Queryable, orderId: number): Promise<OrderHedgeRow[]> {
  return q.query<OrderHedgeRow>(
    `SELECT h.id AS hedge_id, h.client_ref, h.provider, h.side, h.state, h.price, h.currency, ho.quantity
     FROM hedge_orders ho JOIN hedges h ON h.id = ho.hedge_id WHERE ho.order_id = $1 ORDER BY h.traded_at, h.id`,
    [orderId],
  );
}

const SORT_COLUMN: Record<NonNullable<HedgeListQuery['sort']>, string> = {
  id: 'h.id',
  tradedAt: 'h.traded_at',
  quantity: 'h.quantity',
  price: 'h.price',
  provider: 'lower(h.provider)',
};

/** The hedge list: filters by metal, provider (part of its name), state and trade day; newest trade first unless sorted. */
export async function listHedges(q: Queryable, query: HedgeListQuery): Promise<Page<HedgeView>> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (cond: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(cond(`$${params.length}`));
  };
  if (query.metal) add((p) => `h.metal = ${p}`, query.metal);
  if (query.state) add((p) => `h.state = ${p}`, query.state);
  if (query.provider) add((p) => `strpos(lower(h.provider), lower(${p})) > 0`, query.provider);
  if (query.tradedFrom) add((p) => `h.traded_at >= ${p}`, startOfBusinessDay(query.tradedFrom));
  if (query.tradedTo) add((p) => `h.traded_at < ${p}`, startOfBusinessDay(query.tradedTo, 1));
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const [count] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM hedges h ${filter}`, params);
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const orderBy = query.sort ? `${SORT_COLUMN[query.sort]} ${direction}, h.id ${direction}` : 'h.traded_at DESC, h.id DESC';
  const rows = await q.query<HedgeRow>(
    `SELECT ${HEDGE_COLUMNS} FROM ${HEDGE_FROM} ${filter} ORDER BY ${orderBy} LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
    params,
  );
  return { items: rows.map(toHedgeView), page: query.page, limit: query.limit, total: Number(count?.n ?? 0) };
}
