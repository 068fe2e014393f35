import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { SCALE, roundTo } from '@aurum/domain/money/decimal';
import { limitAffordable } from '@aurum/domain/orders/order-money';
import { liveMid, offlinePriceBreaches, type OfflinePriceCheck } from '@aurum/domain/orders/offline-price-band';
import { limitMyrPerGram, offlineFillPrices } from '@aurum/domain/orders/order-pricing';
import { goodTillDateInPast, paymentDateInFuture, tradeRuleViolation, type TradeRuleViolation } from '@aurum/domain/orders/order-rules';
import type { CreateOrderBody, CustomizeOrderBody, OrderNode } from '@aurum/domain/orders/order-schemas';
import { appError, invalidFormat, notFound, type AppError } from '../../http/app-error.ts';
import type { Queryable } from '../../db/db.ts';
import type { MarketService } from '../market/market-service.ts';
import type { Settings } from '../market/market-settings-service.ts';
import { offlinePriceBand } from '../treasury/treasury-service.ts';
import { lockForMoney, walletBalances } from '../wallet/wallet-service.ts';
import { findOrder, type OrderRow, type TradeUserRow } from './order-repository.ts';
import {
  businessDate,
  cancelOrder,
  fillOrder,
  insertOrder,
  livePrices,
  payOrder,
  publishOrder,
  revertOrder,
  settleOrder,
  tradeUser,
  type OrderContext,
} from './order-life-cycle-service.ts';
import { refuseIfRestricted } from '../compliance/gate-service.ts';

/**
 * The orders' commands, as REST routes call them: the locks first through lockForMoney (the lock
 * order of money-moving transactions), then the checks, the life cycle's step
 * (order-life-cycle-service.ts) and the order's event and audit values. A repeated Idempotency-Key
 * never reaches them: route() answers it (`idempotent`, docs/decisions/0560).
 */

/** What a route records of the order before and after a command (the audit row). */
export interface CommandHooks {
  before?: (order: { id: number; status: string }) => void;
  after?: (node: OrderNode) => void;
}

/** The order, locked for the rest of the transaction (two admins at once: the second waits, then sees the new status). */
export async function lockOrder(q: Queryable, id: number, userId?: number): Promise<OrderRow> {
  const row = await findOrder(q, id, true);
  if (!row || (userId !== undefined && row.user_id !== userId)) throw notFound('order');
  return row;
}

/** The answer to a trade rule the order breaks (DECISIONS.md §2, §5). */
function refusal(v: TradeRuleViolation): AppError {
  switch (v.rule) {
    case 'minimumQuantity':
      return invalidFormat('quantity', { rule: 'minimumQuantity', value: v.value });
    case 'allowedAction':
      return appError(ErrorCode.NotAllowedToTrade, `allowed action: ${v.allowed}`);
    case 'allowedPair':
      return appError(ErrorCode.NotAllowedToTrade, `allowed pair: ${v.allowed}`);
    case 'tradeLimit':
      return appError(ErrorCode.TradeLimitExceeded, `trade limit: ${v.limit} g`);
  }
}

function checkTradeRules(user: TradeUserRow, side: 'BUY' | 'SELL', symbol: 'XAU/MYR' | 'XAU/USD', quantity: string, minGrams: string): void {
  const rules = { allowedAction: user.allowed_action, allowedPair: user.allowed_pair, tradeLimit: user.trade_limit };
  const broken = tradeRuleViolation(rules, side === 'BUY' ? 'buy' : 'sell', symbol, quantity, minGrams);
  if (broken) throw refusal(broken);
}

const marketUnavailable = (context: string) => appError(ErrorCode.FeatureUnavailable, context);

/**
 * What order/create and order/customize share: the settings in force read in the transaction
 * first (the modes row under the settings lock, shared: a panic switch in flight is waited for and then seen,
 * docs/decisions/0041-money-paths-read-settings-under-lock.md), then the user's wallet locked (the lock
 * order of money-moving transactions), then the user read and the trade rules checked
 * before `make` enters the order.
 */
async function forNewOrder(
  ctx: OrderContext,
  market: MarketService,
  minGrams: string,
  body: CreateOrderBody | CustomizeOrderBody,
  hooks: CommandHooks,
  make: (side: 'BUY' | 'SELL', user: TradeUserRow, settings: Settings) => Promise<{ id: number }>,
): Promise<{ id: number }> {
  const settings = await market.inForce(ctx.q);
  await lockForMoney(ctx.q, { userIds: [body.userId] });
  // a held or frozen customer places no order, buy or sell (decision 1101), nor one whose due
  // diligence is not current under enforcement (decision 1106): read after the wallet lock
  await refuseIfRestricted(ctx.q, [body.userId], { now: ctx.now, dueDiligence: true });
  const side = body.action === 0 ? 'BUY' : 'SELL';
  const user = await tradeUser(ctx.q, body.userId);
  checkTradeRules(user, side, body.symbol, body.quantity, minGrams);
  return make(side, user, settings);
}

/**
 * order/create: a market order fills at once at the user's live price; a limit order waits
 * (CREATED), checked now at its limit price and reserved when it fills. Refused: a trade rule
 * (order-rules), the pair's market closed (1008), a GTD date in the past, not enough assets (2080).
 */
export function createOrder(ctx: OrderContext, market: MarketService, minGrams: string, body: CreateOrderBody, hooks: CommandHooks = {}): Promise<{ id: number }> {
  return forNewOrder(ctx, market, minGrams, body, hooks, async (side, user, settings) => {
    const pricing = market.orderPricing(settings);
    const pair = body.symbol === 'XAU/MYR' ? 'myr' : 'usd';
    const status = pricing?.status ?? market.currentStatus(settings);
    if (!status[pair].available) throw marketUnavailable(status[pair].reason ?? 'market closed');
    if (!pricing) throw marketUnavailable('market source disconnect');
    const isLimit = body.orderType === 'LIMIT';
    if (isLimit && goodTillDateInPast(body.goodTillDate, businessDate(ctx.now))) throw invalidFormat('goodTillDate');
    // a quote the console showed prices the order while it lasts (decision 0865); else the live price does
    const quoted = body.quoteId ? market.checkQuote(body.quoteId, ctx.now) : null;
    if (quoted && !quoted.ok) throw appError(ErrorCode.QuoteExpired, 'quoteId', { detail: { rule: 'quote', why: quoted.why } });
    const live = livePrices(quoted?.ok ? quoted.pricing : pricing, user, side);
    const created = await insertOrder(ctx, {
      userId: body.userId,
      action: side,
      orderType: body.orderType,
      symbol: body.symbol,
      currency: body.currency,
      quantity: body.quantity,
      limitPrice: isLimit ? roundTo(body.price!, SCALE.pricePerGram) : null,
      goodTillDate: isLimit ? (body.goodTillDate ?? null) : null,
      comment: body.comment ?? null,
      note: null,
      source: null,
      useAhtConfig: (quoted?.ok ? quoted.pricing.variant : status.variant) === 'afterHour',
    });
    let row = created;
    if (isLimit) {
      const atLimit = limitMyrPerGram(body.symbol, side, body.price!, live.customer.effectiveRate);
      if (!limitAffordable(side, body.quantity, atLimit, await walletBalances(ctx.q, user.id))) {
        throw appError(ErrorCode.GreaterThanAvailableAssets, 'Greater than available assets.');
      }
    } else {
      row = await fillOrder(ctx, created, live.prices, user);
    }
    hooks.after?.(await publishOrder(ctx, row, isLimit ? 'Limit' : 'Market'));
    return { id: row.id };
  });
}

/**
 * An offline order's typed prices against the live mid and the XAU band (decision 0751): the mid
 * of the quote that prices orders now (a manual price when one is in force); nothing is checked
 * before the first quotes. `order/customize/price_check` answers it; order/customize refuses it unacknowledged.
 */
export async function offlinePriceCheck(q: Queryable, market: MarketService, body: CustomizeOrderBody, settings?: Settings): Promise<OfflinePriceCheck> {
  const bandPct = await offlinePriceBand(q, 'XAU');
  const pricing = market.orderPricing(settings);
  if (!pricing) return { bandPct, mid: null, breaches: [] };
  const mid = liveMid(pricing.quote, pricing.fx);
  return { bandPct, mid, breaches: offlinePriceBreaches(body, mid, bandPct) };
}

/**
 * order/customize: an offline order entered with explicit prices, filled at once; possible unless
 * offline orders are unavailable (panic); a price outside the band only once acknowledged (2092),
 * the acknowledgement noted on the audit row with each price, its mid and distance.
 */
export function customizeOrder(ctx: OrderContext, market: MarketService, minGrams: string, body: CustomizeOrderBody, hooks: CommandHooks = {}): Promise<{ id: number }> {
  return forNewOrder(ctx, market, minGrams, body, hooks, async (side, user, inForce) => {
    const status = market.currentStatus(inForce);
    if (!status.offline.available) throw marketUnavailable(status.offline.reason ?? 'offline orders unavailable');
    const check = await offlinePriceCheck(ctx.q, market, body, inForce);
    if (check.breaches.length > 0) {
      if (!body.priceBandAcknowledged) {
        throw appError(ErrorCode.OfflinePriceOutsideBand, check.breaches[0]!.field, {
          detail: { rule: 'priceBand', band: check.bandPct, fields: check.breaches.map((b) => b.field).join(',') },
        });
      }
      await ctx.priceBandAcknowledged?.({ bandPct: check.bandPct, breaches: check.breaches });
    }
    const settings = market.xauSettings(body.useAhtConfig ? 'afterHour' : 'regular', inForce);
    const created = await insertOrder(ctx, {
      userId: body.userId,
      action: side,
      orderType: 'OFF_LINE',
      symbol: body.symbol,
      currency: body.currency,
      quantity: body.quantity,
      limitPrice: null,
      goodTillDate: null,
      comment: null,
      note: body.note ?? null,
      source: body.source ?? null,
      useAhtConfig: body.useAhtConfig,
    });
    const row = await fillOrder(ctx, created, offlineFillPrices(body, settings?.fee.interestRate ?? '0'), user);
    hooks.after?.(await publishOrder(ctx, row, 'OrderUpdated'));
    return { id: row.id };
  });
}

/** The answer of an action on an order: its id and new status. */
export type StatusAnswer = { id: number; status: string };

/**
 * An admin's action on one order: the order (and its user's wallet) locked first, then the
 * checks that need no order, the order read under its row lock, the change, the
 * OrderUpdated event. Answers {id, status}.
 */
async function onLockedOrder(
  ctx: OrderContext,
  target: { orderId: number; userId?: number },
  hooks: CommandHooks,
  change: (row: OrderRow) => Promise<OrderRow>,
  precheck: () => void = () => undefined,
): Promise<StatusAnswer> {
  await lockForMoney(ctx.q, { orderIds: [target.orderId] }); // first: the lock order of money-moving transactions
  precheck();
  const row = await lockOrder(ctx.q, target.orderId, target.userId);
  hooks.before?.({ id: row.id, status: row.status });
  const node = await publishOrder(ctx, await change(row), 'OrderUpdated');
  hooks.after?.(node);
  return { id: node.id, status: node.status };
}

/** order/settle/{id}/{userId}. */
export function settleByAdmin(ctx: OrderContext, orderId: number, userId: number, hooks: CommandHooks = {}): Promise<StatusAnswer> {
  return onLockedOrder(ctx, { orderId, userId }, hooks, (row) => settleOrder(ctx, row));
}

/** order/cancel/{id}. */
export function cancelByAdmin(ctx: OrderContext, orderId: number, hooks: CommandHooks = {}): Promise<StatusAnswer> {
  return onLockedOrder(ctx, { orderId }, hooks, (row) => cancelOrder(ctx, row));
}

/** order/revert {userId, orderId, reason}. */
export function revertByAdmin(ctx: OrderContext, orderId: number, userId: number, reason: string, hooks: CommandHooks = {}): Promise<StatusAnswer> {
  return onLockedOrder(ctx, { orderId, userId }, hooks, (row) => revertOrder(ctx, row, reason));
}

/** order/payment/create: a payment dated today or before (business date, else 400 1001 paymentDate) on the order of that user. */
export function addPayment(
  ctx: OrderContext,
  p: { orderId: number; userId: number; amount: string; paymentDate: string; note: string | null },
  hooks: CommandHooks = {},
): Promise<StatusAnswer> {
  return onLockedOrder(
    ctx,
    p,
    hooks,
    (row) => payOrder(ctx, row, p.amount, p.paymentDate, p.note),
    () => {
      if (paymentDateInFuture(p.paymentDate, businessDate(ctx.now))) throw invalidFormat('paymentDate');
    },
  );
}
