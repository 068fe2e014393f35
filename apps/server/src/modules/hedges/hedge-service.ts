import { createHash } from 'node:crypto';
import { Decimal, roundTo } from '@aurum/domain/money/decimal';
import { usdOutstanding, usdRevaluation } from '@aurum/domain/hedges/hedge-postings';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type {
  HedgeCreateBody,
  HedgeDetail,
  HedgeLinkBody,
  HedgeListQuery,
  HedgePage,
  HedgeView,
  OrderHedgeCover,
} from '@aurum/domain/hedges/hedge-schemas';
import { linkRefusal, linkRefusalText, orderSpread, positionAfter, type LinkOrder } from '@aurum/domain/hedges/hedge-rules';
import { appError, notFound } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { metalPrice, netPosition, positionMoved } from '../treasury/treasury-service.ts';
import type { Quotes } from '../../live/event-bus.ts';
import {
  coveredOrders,
  findHedge,
  findHedgeByRef,
  hedgesOfOrder,
  insertHedge,
  insertLinks,
  listHedges,
  lockHedge,
  lockHedgesOfMetal,
  lockOrdersForLink,
  setHedgeState,
  toHedgeView,
  type HedgeRow,
  type LinkOrderRow,
  unsettledUsdHedges,
} from './hedge-repository.ts';
import { bookCancel, bookHedge, bookResults, bookSettlement, refuseClosedTrade, type CoveredOrder, type JournalHedge } from './hedge-journal-service.ts';

/**
 * Hedges (decisions 0840-0843): trades with
 * outside providers, recorded once per client reference, with the net position before and after;
 * the orders they cover (optional: a hedge follows the net position, not order by order); settle
 * and cancel (a canceled hedge no longer counts in the position nor against an order's grams).
 */

const hedgeNotFound = () => notFound('hedge');

/** The request's fingerprint: the parsed body, its moment as an instant, keys in one order. */
function requestHash(body: HedgeCreateBody): string {
  const canonical = {
    clientRef: body.clientRef,
    provider: body.provider,
    providerOrderId: body.providerOrderId ?? null,
    metal: body.metal,
    side: body.side,
    quantity: normal(body.quantity),
    price: normal(body.price),
    currency: body.currency,
    fee: normal(body.fee),
    tradedAt: new Date(body.tradedAt).toISOString(),
    orders: (body.orders ?? []).map((o) => ({ orderId: o.orderId, quantity: normal(o.quantity) })),
    // only when given: the hashes of bodies without it stay what they were
    ...(body.exchangeRate === undefined ? {} : { exchangeRate: normal(body.exchangeRate) }),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** '10', '10.0' and '10.0000' are the same quantity. */
function normal(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/\.?0+$/, '') : decimal;
}

async function detailOf(q: Queryable, row: HedgeRow): Promise<HedgeDetail> {
  const view = toHedgeView(row);
  const orders = await coveredOrders(q, view.id);
  return {
    ...view,
    orders: orders.map((o) => {
      const spread = orderSpread(
        { action: o.action, currency: o.currency, myrPrice: o.myr_price, usdPrice: o.usd_price, exchangeRate: o.exchange_rate },
        { price: view.price, currency: view.currency },
        o.quantity,
      );
      return {
        orderId: Number(o.order_id),
        username: o.username,
        action: o.action,
        status: o.status,
        symbol: o.symbol,
        currency: o.currency,
        orderQuantity: o.quantity_gram,
        quantity: o.quantity,
        orderPrice: (o.currency === 'MYR' ? o.myr_price : o.usd_price) ?? null,
        spreadPerGram: spread?.perGram ?? null,
        spread: spread?.total ?? null,
      };
    }),
  };
}

export async function hedgeDetail(q: Queryable, id: number): Promise<HedgeDetail> {
  const row = await findHedge(q, id);
  if (!row) throw hedgeNotFound();
  return detailOf(q, row);
}

export async function hedgeList(q: Queryable, query: HedgeListQuery): Promise<HedgePage> {
  return listHedges(q, query);
}

/**
 * Records a hedge. The same clientRef with the same body answers the first hedge again and writes
 * nothing; with another body 409 (3101). The position before is the net position read in this
 * transaction (hedges of the metal one at a time: an advisory lock), after it the hedge's grams
 * added (buy) or taken off (sell). Orders named are linked under the link rules.
 */
export async function recordHedge(c: Change, body: HedgeCreateBody, quotes: () => Quotes | null): Promise<HedgeDetail> {
  await lockHedgesOfMetal(c.q, body.metal);
  const hash = requestHash(body);
  const replay = async (first: { id: number; request_hash: string }) => {
    if (first.request_hash !== hash) throw appError(ErrorCode.IdempotencyKeyReused, 'This client reference was used for another hedge.');
    c.audit.note('replayOf', first.id);
    return hedgeDetail(c.q, first.id);
  };
  const known = await findHedgeByRef(c.q, body.clientRef);
  if (known) return replay(known);
  const tradedAt = new Date(body.tradedAt);
  await refuseClosedTrade(c, tradedAt);
  const before = await netPosition(c.q, body.metal);
  const after = positionAfter(before, body.side, body.quantity);
  const links = body.orders ?? [];
  const covered = links.length > 0 ? await lockOrdersForLink(c.q, links.map((o) => o.orderId)) : new Map<number, LinkOrderRow>();
  const firstRate = links.map((o) => covered.get(o.orderId)?.exchange_rate).find((r) => r !== null && r !== undefined) ?? null;
  const rate = body.exchangeRate ?? firstRate ?? metalPrice(quotes(), body.metal)?.usdMyr ?? null;
  const bookedRate = body.currency === 'USD' && rate !== null ? roundTo(rate, 4) : null;
  const id = await insertHedge(c.q, { ...body, positionBefore: before, positionAfter: after, requestHash: hash, by: c.by, now: c.now, bookedRate });
  if (id === null) return replay((await findHedgeByRef(c.q, body.clientRef))!);
  const hedge = journalHedgeOf((await lockHedge(c.q, id))!);
  await bookHedge(c, hedge, bookedRate);
  if (links.length > 0) {
    await addLinks(c.q, (await lockHedge(c.q, id))!, links, covered);
    await bookResults(c, hedge, coveredOf(covered, links), tradedAt);
  }
  await positionMoved(c.q, c.events, [body.metal]);
  const detail = await hedgeDetail(c.q, id);
  c.audit.after(detail);
  return detail;
}

/** A hedge row as its journal entries read it. */
function journalHedgeOf(r: HedgeRow): JournalHedge {
  return { id: Number(r.id), side: r.side, metal: r.metal, quantity: r.quantity, price: r.price, currency: r.currency, fee: r.fee, tradedAt: new Date(r.traded_at) };
}

/** The covered orders of new links, with what their results need. */
function coveredOf(rows: ReadonlyMap<number, LinkOrderRow>, links: ReadonlyArray<{ orderId: number; quantity: string }>): CoveredOrder[] {
  return links.map((l) => {
    const r = rows.get(l.orderId)!;
    return { orderId: l.orderId, grams: l.quantity, action: r.action, midMyrPerGram: r.mid_myr_per_gram, exchangeRate: r.exchange_rate, userId: Number(r.user_id) };
  });
}

/** Checks and writes links, the hedge's row locked already; the orders' rows are locked here (or were, `locked`). */
async function addLinks(
  q: Queryable,
  hedge: HedgeRow,
  links: ReadonlyArray<{ orderId: number; quantity: string }>,
  locked?: ReadonlyMap<number, LinkOrderRow>,
): Promise<ReadonlyMap<number, LinkOrderRow>> {
  const rows = locked ?? (await lockOrdersForLink(q, links.map((l) => l.orderId)));
  const missing = links.findIndex((l) => !rows.has(l.orderId));
  if (missing >= 0) throw notFound(`order ${links[missing]!.orderId}`);
  const orders = new Map<number, LinkOrder>();
  for (const [id, r] of rows) {
    orders.set(id, { id, action: r.action, status: r.status, metal: r.symbol.split('/')[0]!, quantity: r.quantity_gram, linked: r.linked });
  }
  const refusal = linkRefusal({ side: hedge.side, metal: hedge.metal, state: hedge.state, quantity: hedge.quantity, linked: String(hedge.linked) }, orders, links);
  if (refusal) throw appError(ErrorCode.HedgeLinkRefused, linkRefusalText(refusal), { detail: refusal });
  await insertLinks(q, hedge.id, links);
  return rows;
}

/** Links orders to an existing hedge (the hedge's row, then the orders' rows in id order, are locked). */
export async function linkHedge(c: Change, hedgeId: number, body: HedgeLinkBody): Promise<HedgeDetail> {
  const hedge = await lockHedge(c.q, hedgeId);
  if (!hedge) throw hedgeNotFound();
  const before = await detailOf(c.q, hedge);
  const rows = await addLinks(c.q, hedge, body.orders);
  // a link made later is the accounting event of its result: dated now
  if (hedge.in_journal) await bookResults(c, journalHedgeOf(hedge), coveredOf(rows, body.orders), c.now);
  const after = await hedgeDetail(c.q, hedgeId);
  c.audit.before({ id: before.id, linked: before.linked, orders: before.orders.map((o) => ({ orderId: o.orderId, quantity: o.quantity })) });
  c.audit.after({ id: after.id, linked: after.linked, orders: after.orders.map((o) => ({ orderId: o.orderId, quantity: o.quantity })) });
  return after;
}

async function changeState(c: Change, hedgeId: number, to: 'settled' | 'canceled'): Promise<HedgeView> {
  const hedge = await lockHedge(c.q, hedgeId);
  if (!hedge) throw hedgeNotFound();
  if (hedge.state !== 'filled' || !(await setHedgeState(c.q, hedgeId, ['filled'], to))) {
    throw appError(ErrorCode.HedgeStateConflict, `The hedge is ${hedge.state}: only a filled hedge can be ${to}.`);
  }
  if (hedge.in_journal) await (to === 'settled' ? bookSettlement(c, journalHedgeOf(hedge)) : bookCancel(c, journalHedgeOf(hedge)));
  const after = toHedgeView((await findHedge(c.q, hedgeId))!);
  // a canceled hedge leaves the position (a settled one stays in it)
  if (to === 'canceled') await positionMoved(c.q, c.events, [hedge.metal]);
  c.audit.before({ id: hedgeId, clientRef: hedge.client_ref, state: hedge.state });
  c.audit.after({ id: hedgeId, clientRef: hedge.client_ref, state: after.state });
  return after;
}

/** The provider delivered or paid: filled -> settled. */
export function settleHedge(c: Change, hedgeId: number): Promise<HedgeView> {
  return changeState(c, hedgeId, 'settled');
}

/** The trade did not happen: filled -> canceled; it leaves the position and frees the orders' grams. */
export function cancelHedge(c: Change, hedgeId: number): Promise<HedgeView> {
  return changeState(c, hedgeId, 'canceled');
}

/** The order detail's part (orders module): the hedges covering an order, with the spread earned in the order's currency. */
export async function orderHedges(
  q: Queryable,
  order: { id: number; action: 'BUY' | 'SELL'; currency: 'MYR' | 'USD'; myrPrice: string | null; usdPrice: string | null; exchangeRate: string | null },
): Promise<OrderHedgeCover[]> {
  const rows = await hedgesOfOrder(q, order.id);
  return rows.map((r) => {
    const spread = r.state === 'canceled' ? null : orderSpread(order, { price: r.price, currency: r.currency }, r.quantity);
    return {
      hedgeId: Number(r.hedge_id),
      clientRef: r.client_ref,
      provider: r.provider,
      side: r.side,
      state: r.state,
      quantity: r.quantity,
      price: r.price,
      currency: r.currency,
      spreadPerGram: spread?.perGram ?? null,
      spread: spread?.total ?? null,
    };
  });
}

/**
 * The FX revaluation of the USD the hedges leave with their providers at a moment, at a closing
 * USD/MYR mid (decision 1041): per unsettled USD hedge in the journal, what it leaves (usdOutstanding)
 * times the rate's move since it was booked. MYR, a gain positive, unrounded.
 */
export async function usdHedgesRevaluation(q: Queryable, at: Date, rate: string): Promise<Decimal> {
  let total = new Decimal(0);
  for (const h of await unsettledUsdHedges(q, at)) total = total.plus(usdRevaluation(usdOutstanding(h), h.booked_rate, rate));
  return total;
}
