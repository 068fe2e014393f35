import { Decimal } from '@aurum/domain/money/decimal';
import type { FillPrices } from '@aurum/domain/orders/order-pricing';
import type { Queryable } from '../db/db.ts';
import type { EventBus } from '../live/event-bus.ts';
import {
  cancelOrder,
  fillOrder,
  insertOrder,
  markOverdue,
  revertOrder,
  settleOrder,
  tradeUser,
  type OrderContext,
} from '../modules/orders/order-life-cycle-service.ts';

/** The seed publishes nothing: no socket is connected yet. */
const quietBus: EventBus = { publish: async () => undefined, subscribe: () => () => undefined, health: () => ({ connected: true, reconnects: 0 }), close: async () => undefined };

const offlinePrice = (myrPerGram: string): FillPrices => ({
  costPrice: myrPerGram,
  quotePrice: myrPerGram,
  myrPrice: myrPerGram,
  usdPrice: null,
  exchangeRate: '4.4700',
  spreadAdjustment: null,
  customizedAdjustment: '0.000',
  userFee: null,
  globalFee: null,
  interestRateGlobal: '0.080000',
  // the desk earns RM 1.50 a gram over the market mid (the spread account has something to show)
  midMyrPerGram: new Decimal(myrPerGram).minus('1.5').toFixed(),
});

/**
 * Demo orders in every status the life cycle reaches (CREATED, FILLED, SETTLED, OVERDUE, PAID,
 * CANCELED, REVERTED; REFUNDED is a timeline entry of a revert, not a status any action leads to),
 * for goldenlotus and kilnworks, through the same service as the routes (ledger postings and
 * timeline entries), in the seed's transaction.
 */
export async function seedOrders(tx: Queryable, ids: { users: ReadonlyMap<string, number>; maker: number; approver: number }, now = new Date()): Promise<void> {
  const shop = ids.users.get('goldenlotus');
  const kiln = ids.users.get('kilnworks');
  if (shop === undefined || kiln === undefined) return;
  const ctx = (by: number, at = now): OrderContext => ({ q: tx, events: quietBus, now: at, by, graceDays: 3 });
  const offline = async (userId: number, action: 'BUY' | 'SELL', grams: string, price: string, at = now) => {
    const row = await insertOrder(ctx(ids.maker, at), {
      userId,
      action,
      orderType: 'OFF_LINE',
      symbol: 'XAU/MYR',
      currency: 'MYR',
      quantity: grams,
      limitPrice: null,
      goodTillDate: null,
      comment: null,
      note: 'Demo order',
      source: 'Desk',
      useAhtConfig: false,
    });
    return fillOrder(ctx(ids.maker, at), row, offlinePrice(price), await tradeUser(tx, userId));
  };

  // goldenlotus (buy only, funded): waiting, filled, paid, canceled
  await insertOrder(ctx(ids.maker), {
    userId: shop,
    action: 'BUY',
    orderType: 'LIMIT',
    symbol: 'XAU/MYR',
    currency: 'MYR',
    quantity: '5.0000',
    limitPrice: '300.000',
    goodTillDate: null,
    comment: 'Buy if it dips',
    note: null,
    source: null,
    useAhtConfig: false,
  });
  await offline(shop, 'BUY', '10.0000', '380.000');
  await settleOrder(ctx(ids.approver), await offline(shop, 'BUY', '20.0000', '380.000'));
  await cancelOrder(ctx(ids.approver), await offline(shop, 'BUY', '2.0000', '380.000'));

  // kilnworks (credit line): settled and owing, overdue, reverted
  await settleOrder(ctx(ids.approver), await offline(kiln, 'BUY', '10.0000', '380.000'));
  const fiveDaysAgo = new Date(now.getTime() - 5 * 86_400_000);
  const late = await settleOrder(ctx(ids.approver, fiveDaysAgo), await offline(kiln, 'BUY', '5.0000', '380.000', fiveDaysAgo));
  await markOverdue(ctx(ids.approver), late);
  const sold = await settleOrder(ctx(ids.approver), await offline(kiln, 'SELL', '2.0000', '375.000'));
  await revertOrder(ctx(ids.approver), sold, 'Demo: entered at the wrong price');
}
