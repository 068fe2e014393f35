import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { Decimal, SCALE, roundTo } from '@aurum/domain/money/decimal';
import { ORDER_MACHINE, nextStatus, type OrderAction } from '@aurum/domain/orders/order-machine';
import {
  interestFromAfterPayment,
  interestStartAt,
  limitAffordable,
  orderAmount,
  owedAt as owedOf,
  owesNothing,
  paymentRefusal,
  reserveOnFill,
  splitPayment,
  totalOwed,
  usdAmount,
  type OrderMoney,
  type OwedAt,
} from '@aurum/domain/orders/order-money';
import { completePostings, fillPostings, paymentPostings, reversalPostings, settlePostings } from '@aurum/domain/orders/order-postings';
import { fillPricesAtMarket, limitMyrPerGram, offlineFillPrices, type CustomerPrice, type FillPrices, type MarketPricing, type PersonalFees } from '@aurum/domain/orders/order-pricing';
import { goodTillDateInPast, paymentDateInFuture, tradeRuleViolation, type TradeRuleViolation } from '@aurum/domain/orders/order-rules';
import type { CreateOrderBody, CustomizeOrderBody, OrderDetail, OrderNode, OrderSummary, PaymentView, RevertedDetail } from '@aurum/domain/orders/order-schemas';
import { ORDER_STATUSES } from '@aurum/domain/orders/order-status';
import { detailFigures, orderSummary, paymentViewOf } from '@aurum/domain/orders/order-views';
import { businessClock, startOfBusinessDay } from '@aurum/domain/system/business-time';
import type { Posting } from '@aurum/domain/wallet/ledger';
import { appError, invalidFormat, notFound, type AppError } from '../../http/app-error.ts';
import type { Db, Queryable } from '../../db/db.ts';
import type { EventBus } from '../../live/event-bus.ts';
import type { MarketService, Settings } from '../market/market-service.ts';
import { orderHedges } from '../hedges/hedge-service.ts';
import { insufficientAssets, lockForMoney, lockWallets, postEntry, walletBalances } from '../wallet/wallet-service.ts';
import { checkCoverage, positionMoved } from '../treasury/treasury-service.ts';
import { userEverExisted } from '../users/user-service.ts';
import {
  addTimeline,
  adminNames,
  findOrder,
  findTradeUser,
  insertOrderRow,
  legacyList,
  linkEntry,
  orderFields,
  maxOrderId,
  orderPostings,
  setInterestState,
  toNode,
  toNodes,
  tradeRecord,
  updateOrderStatus,
  type OrderChanges,
  type OrderInsert,
  type OrderRow,
  type TradeUserRow,
} from './order-repository.ts';
import { insertPayment, paymentsOf, refundPayments, type PaymentRow } from './order-payment-repository.ts';
import { countByStatus } from './order-counts-repository.ts';
import { connectionRead, onlyStatuses, orderPage, type OrderFilter } from './order-connection-repository.ts';

/**
 * The orders' service: every change runs in the route's (or the engine's) transaction, takes its
 * locks first through lockForMoney (the lock order of money-moving transactions), applies the
 * domain's rules (packages/domain/src/orders: order-machine, order-rules, order-pricing,
 * order-money, order-postings, order-views) and writes through the orders' repositories. REST routes,
 * GraphQL resolvers, the engine and the demo seed all call it.
 */

/** What the life cycle needs besides the transaction. */
export interface OrderContext {
  q: Queryable;
  events: EventBus;
  now: Date;
  /** The admin acting, or null for the engine. */
  by: number | null;
  graceDays: number;
  /**
   * A buy filled although it leaves customers uncovered (the metal's coverage mode is 'alert'):
   * a route notes it on its audit row, the engine writes a row of its own (decision 0835).
   */
  coverageFlagged?: (flag: { orderId: number; metal: 'XAU'; shortBy: string | null }) => Promise<void> | void;
  /** route()'s beforeCommit: the coverage rule runs as the transaction's last step (its lock is held until commit). */
  beforeCommit?: (step: () => Promise<void>) => void;
}

/**
 * How a route wraps a command: `once` around the change once the locks are held (the
 * Idempotency-Key: a replay answers the first answer and changes nothing), and what it records of
 * the order before and after (the audit row).
 */
export interface CommandHooks<A> {
  once?: (run: () => Promise<A>) => Promise<A>;
  before?: (order: { id: number; status: string }) => void;
  after?: (node: OrderNode) => void;
}

/** 409 with code 3100 and a context the console shows as is (DECISIONS.md §2). */
export function statusConflict(action: OrderAction, status: string): AppError {
  const from = ORDER_MACHINE[action].from;
  const verb = { match: 'fill', expire: 'expire', settle: 'settle', markOverdue: 'mark overdue', pay: 'pay', complete: 'complete', cancel: 'cancel', revert: 'revert' }[action];
  return appError(ErrorCode.OrderStatusConflict, `Cannot ${verb} an order that is ${status}; only ${from.join(', ')} orders can be.`);
}

/** The order, locked for the rest of the transaction (two admins at once: the second waits, then sees the new status). */
export async function lockOrder(q: Queryable, id: number, userId?: number): Promise<OrderRow> {
  const row = await findOrder(q, id, true);
  if (!row || (userId !== undefined && row.user_id !== userId)) throw notFound('order');
  return row;
}

/** An order or 404. */
async function orderOr404(q: Queryable, orderId: number): Promise<OrderRow> {
  const row = await findOrder(q, orderId);
  if (!row) throw notFound('order');
  return row;
}

/** Business date (Asia/Kuala_Lumpur) of a moment, yyyy-MM-dd. */
export const businessDate = (d: Date) => businessClock(d).date;

/** Posts the non-zero postings as one journal entry linked to the order. */
async function post(ctx: OrderContext, row: OrderRow, purpose: string, postings: readonly Posting[], note?: string): Promise<void> {
  const nonZero = postings.filter((p) => new Decimal(p.amount).gt(0));
  if (nonZero.length === 0) return;
  const entryId = await postEntry(ctx.q, { kind: `order.${purpose}`, userId: row.user_id, note: note ?? `Order ${row.id}`, createdBy: ctx.by, postings: nonZero });
  await linkEntry(ctx.q, row.id, entryId, purpose);
}

/** Changes the status through the machine: a conditional UPDATE, so a concurrent change makes it a 409. */
async function transition(ctx: OrderContext, row: OrderRow, action: OrderAction, sets: OrderChanges = {}): Promise<OrderRow> {
  const to = nextStatus(action, row.status);
  if (to === null) throw statusConflict(action, row.status);
  if (!(await updateOrderStatus(ctx.q, row.id, row.status, to, ctx.now, sets))) throw statusConflict(action, 'changed meanwhile');
  return (await findOrder(ctx.q, row.id))!;
}

/** Publishes the order on the live socket (delivered when the transaction commits) and answers its node. */
export async function publishOrder(ctx: OrderContext, row: OrderRow, type: 'Market' | 'Limit' | 'OrderUpdated'): Promise<OrderNode> {
  const node = await toNode(ctx.q, row);
  await ctx.events.publish(ctx.q, { kind: 'order', type, userId: row.user_id, data: { ...node } });
  if (row.status !== 'CREATED') await positionMoved(ctx.q, ctx.events); // filled, settled, paid, canceled, reverted: the position moved
  return node;
}

/** A user's trade configuration, or 404. */
export async function tradeUser(q: Queryable, userId: number): Promise<TradeUserRow> {
  const u = await findTradeUser(q, userId);
  if (!u) throw notFound('user');
  return u;
}

const personalOf = (user: TradeUserRow): PersonalFees => ({ premium: user.premium, refineryFees: user.refinery_fees, feeAdjustMode: user.fee_adjust_mode });

/** Live fill prices of a user's order from the market's pricing (the domain's fillPricesAtMarket, personal fees included). */
export function livePrices(pricing: MarketPricing, user: TradeUserRow, side: 'BUY' | 'SELL'): { prices: FillPrices; customer: CustomerPrice } {
  return fillPricesAtMarket(pricing, personalOf(user), side);
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
 * Fills an order (CREATED → FILLED, or a new order straight to FILLED): the MYR amount at the
 * price, then what the domain's reserveOnFill reserves (a buy: fund, then credit line; a sell:
 * gold, the rest covered by the credit line), 422 (2080) when it cannot.
 */
export async function fillOrder(ctx: OrderContext, row: OrderRow, prices: FillPrices, user: TradeUserRow): Promise<OrderRow> {
  const amount = orderAmount(prices.myrPrice, row.quantity_gram);
  await lockWallets(ctx.q, [row.user_id]);
  const wallet = await walletBalances(ctx.q, row.user_id);
  const reserved = reserveOnFill(row.action, amount, row.quantity_gram, prices.myrPrice, wallet);
  if (!reserved) throw insufficientAssets();
  const filled = await transition(ctx, row, 'match', {
    filled_at: ctx.now,
    cost_price: prices.costPrice,
    quote_price: prices.quotePrice,
    myr_price: prices.myrPrice,
    usd_price: prices.usdPrice,
    exchange_rate: prices.exchangeRate,
    amount,
    usd_amount: prices.usdPrice ? usdAmount(prices.usdPrice, row.quantity_gram) : null,
    balance_deducted: reserved.balanceDeducted,
    credit_deducted: reserved.creditDeducted,
    gold_reserved: reserved.goldReserved,
    spread_adjustment: prices.spreadAdjustment,
    customized_adjustment: prices.customizedAdjustment,
    user_fee: prices.userFee,
    global_fee: prices.globalFee,
    interest_rate_personal: user.interest_rate,
    interest_rate_global: prices.interestRateGlobal,
  });
  await post(ctx, filled, 'fill', fillPostings(row.user_id, row.action, reserved));
  await addTimeline(ctx.q, row.id, 'FILLED', ctx.now, ctx.by);
  // a filled buy is metal owed from now on: the coverage rule, after the fill's own changes (decision 0835)
  if (row.action === 'BUY') await coverageAfter(ctx, row, 'order.fill');
  return filled;
}

/**
 * The treasury's coverage rule after an order's own changes that give customers metal claims: a
 * buy's fill, the cancel or revert of a filled sell (its gold goes back to the wallet). Refused:
 * 2090 (audited by route()); mode alert: flagged through ctx.coverageFlagged.
 */
async function coverageAfter(ctx: OrderContext, row: OrderRow, what: string): Promise<void> {
  const check = async () => {
    // a buy's fill takes its grams from the quota of its user's slot; a sell's cancel or revert reads the books
    const grams = what === 'order.fill' ? row.quantity_gram : '0';
    const coverage = await checkCoverage(ctx.q, 'XAU', `${what} ${row.id}`, grams, row.user_id);
    if (coverage.decision === 'flagged') await ctx.coverageFlagged?.({ orderId: row.id, metal: 'XAU', shortBy: coverage.shortBy });
  };
  // in a route: the transaction's last step, so the metal's coverage lock is held only until the commit that follows
  if (ctx.beforeCommit) ctx.beforeCommit(check);
  else await check();
}

/** A new order as the service is given it: the repository's insert less what insertOrder sets itself. */
export type NewOrder = Omit<OrderInsert, 'executionId' | 'isCustom' | 'createdAt' | 'createdBy'>;

/** A new order, CREATED, with its ORDER timeline entry. */
export async function insertOrder(ctx: OrderContext, o: NewOrder): Promise<OrderRow> {
  const executionId = `EX${ctx.now.getTime().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;
  const id = await insertOrderRow(ctx.q, { ...o, executionId, isCustom: o.orderType === 'OFF_LINE', createdAt: ctx.now, createdBy: ctx.by });
  await addTimeline(ctx.q, id, 'ORDER', ctx.now, ctx.by);
  return (await findOrder(ctx.q, id))!;
}

/** What the domain's money rules read of an order row. */
const moneyOf = (row: OrderRow): OrderMoney => ({
  action: row.action,
  status: row.status,
  quantityGram: row.quantity_gram,
  amount: row.amount,
  balanceDeducted: row.balance_deducted,
  goldReserved: row.gold_reserved,
  interestRatePersonal: row.interest_rate_personal,
  interestRateGlobal: row.interest_rate_global,
  interestCarried: row.interest_carried,
  interestFrom: row.interest_from,
});

/** Where an order's money stands at a payment date (the domain's owedAt over its payments not refunded). */
export async function owedAt(q: Queryable, row: OrderRow, date: string): Promise<OwedAt & { payments: PaymentRow[] }> {
  const payments = (await paymentsOf(q, row.id)).filter((p) => p.refundedAt === null);
  return { ...owedOf(moneyOf(row), payments, date), payments };
}

/** FILLED → SETTLED: the reserved fund and gold go to the trading desk; interest starts after the grace. Then PAID if nothing is owed. */
export async function settleOrder(ctx: OrderContext, row: OrderRow): Promise<OrderRow> {
  const interestStart = interestStartAt(ctx.now, ctx.graceDays);
  const settled = await transition(ctx, row, 'settle', {
    settled_at: ctx.now,
    settled_by: ctx.by,
    interest_start_at: interestStart,
    interest_from: businessDate(interestStart),
  });
  await post(ctx, settled, 'settle', settlePostings(row.user_id, settled.balance_deducted, settled.gold_reserved));
  await addTimeline(ctx.q, row.id, 'SETTLED', ctx.now, ctx.by);
  if (owesNothing(await owedAt(ctx.q, settled, businessDate(ctx.now)))) return completeOrder(ctx, settled);
  return settled;
}

/** SETTLED/OVERDUE → PAID: the buyer gets the gold, the seller the MYR amount. */
export async function completeOrder(ctx: OrderContext, row: OrderRow): Promise<OrderRow> {
  const done = await transition(ctx, row, 'complete', { completed_at: ctx.now });
  await post(ctx, done, 'complete', completePostings(row.user_id, row.action, row.quantity_gram, row.amount!));
  await addTimeline(ctx.q, row.id, 'COMPLETE', ctx.now, ctx.by);
  return done;
}

/** 422 (3102): a payment above what is owed, interest included. */
export const paymentAboveOwed = (owed: string, unit: string) =>
  appError(ErrorCode.PaymentAboveOwed, `The payment is more than what is owed (${owed} ${unit} including interest).`);

/**
 * A payment on a SETTLED or OVERDUE order: MYR from the fund for a buy, XAU grams from the gold
 * balance for a sell. It covers the interest due at its date first, then the principal (which gives
 * a buyer's credit line back). Never above what is owed nor above what is available. PAID when
 * nothing is owed any more.
 */
export async function payOrder(ctx: OrderContext, row: OrderRow, amount: string, paymentDate: string, note: string | null): Promise<OrderRow> {
  if (nextStatus('pay', row.status) === null) throw statusConflict('pay', row.status);
  const owed = await owedAt(ctx.q, row, paymentDate);
  const refused = paymentRefusal(row.action, amount, owed);
  if (refused?.rule === 'decimalPlaces') throw invalidFormat('amount');
  if (refused) throw paymentAboveOwed(refused.owed, refused.unit);
  const split = splitPayment(amount, owed.due, owed.scale);
  await setInterestState(ctx.q, row.id, split.carried, interestFromAfterPayment(row.interest_from, paymentDate), ctx.now);
  await insertPayment(ctx.q, {
    orderId: row.id,
    kind: row.action === 'BUY' ? 'MYR' : 'XAU',
    amount: roundTo(amount, owed.scale),
    toInterest: split.toInterest,
    toPrincipal: split.toPrincipal,
    paymentDate,
    note,
    submittedBy: ctx.by,
    createdAt: ctx.now,
  });
  const paid = (await findOrder(ctx.q, row.id))!;
  await post(ctx, paid, 'payment', paymentPostings(row.user_id, row.action, amount, split.toPrincipal), `Order ${row.id} payment`);
  await addTimeline(ctx.q, row.id, 'RECEIVED', ctx.now, ctx.by, startOfBusinessDay(paymentDate));
  if (owesNothing(await owedAt(ctx.q, paid, paymentDate))) return completeOrder(ctx, paid);
  return paid;
}

/** Reverses every posting the order caused, as one entry (2080 when the user no longer has what it got). */
async function reverseAll(ctx: OrderContext, row: OrderRow, purpose: string): Promise<void> {
  await post(ctx, row, purpose, reversalPostings(await orderPostings(ctx.q, row.id)), `Order ${row.id} ${purpose}`);
}

/** CREATED/FILLED → CANCELED (an admin, or the engine's expiry), releasing what the fill reserved. */
export async function cancelOrder(ctx: OrderContext, row: OrderRow, action: 'cancel' | 'expire' = 'cancel'): Promise<OrderRow> {
  const canceled = await transition(ctx, row, action, { canceled_at: ctx.now, canceled_by: ctx.by });
  await reverseAll(ctx, canceled, 'cancel');
  await addTimeline(ctx.q, row.id, 'CANCELED', ctx.now, ctx.by);
  if (row.action === 'SELL' && row.status !== 'CREATED') await coverageAfter(ctx, row, 'order.cancel');
  return canceled;
}

/** FILLED/SETTLED/OVERDUE/PAID → REVERTED: postings reversed, payments refunded. */
export async function revertOrder(ctx: OrderContext, row: OrderRow, reason: string): Promise<OrderRow> {
  const reverted = await transition(ctx, row, 'revert', { reverted_at: ctx.now, reverted_by: ctx.by, revert_reason: reason });
  await reverseAll(ctx, reverted, 'revert');
  if ((await refundPayments(ctx.q, row.id, ctx.now)) > 0) await addTimeline(ctx.q, row.id, 'REFUNDED', ctx.now, ctx.by);
  await addTimeline(ctx.q, row.id, 'REVERTED', ctx.now, ctx.by);
  if (row.action === 'SELL') await coverageAfter(ctx, row, 'order.revert');
  return reverted;
}

/** SETTLED → OVERDUE (the engine) once interest has started with something owed. */
export async function markOverdue(ctx: OrderContext, row: OrderRow): Promise<OrderRow> {
  const overdue = await transition(ctx, row, 'markOverdue');
  await addTimeline(ctx.q, row.id, 'INTEREST_START', row.interest_start_at ?? ctx.now, null);
  return overdue;
}

const direct = <A>(run: () => Promise<A>) => run();

/**
 * What order/create and order/customize share: the settings in force read in the transaction
 * first (the modes row under the settings lock, shared: a panic switch in flight is waited for and then seen,
 * docs/decisions/0041-money-paths-read-settings-under-lock.md), then the user's wallet locked (the lock
 * order of money-moving transactions), then inside `once` the user read and the trade rules checked
 * before `make` enters the order.
 */
async function forNewOrder(
  ctx: OrderContext,
  market: MarketService,
  minGrams: string,
  body: CreateOrderBody | CustomizeOrderBody,
  hooks: CommandHooks<{ id: number }>,
  make: (side: 'BUY' | 'SELL', user: TradeUserRow, settings: Settings) => Promise<{ id: number }>,
): Promise<{ id: number }> {
  const settings = await market.inForce(ctx.q);
  await lockForMoney(ctx.q, { userIds: [body.userId] });
  return (hooks.once ?? direct)(async () => {
    const side = body.action === 0 ? 'BUY' : 'SELL';
    const user = await tradeUser(ctx.q, body.userId);
    checkTradeRules(user, side, body.symbol, body.quantity, minGrams);
    return make(side, user, settings);
  });
}

/**
 * order/create: a market order fills at once at the user's live price; a limit order waits
 * (CREATED), checked now at its limit price and reserved when it fills. Refused: a trade rule
 * (order-rules), the pair's market closed (1008), a GTD date in the past, not enough assets (2080).
 */
export function createOrder(ctx: OrderContext, market: MarketService, minGrams: string, body: CreateOrderBody, hooks: CommandHooks<{ id: number }> = {}): Promise<{ id: number }> {
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

/** order/customize: an offline order entered with explicit prices, filled at once; possible unless offline orders are unavailable (panic). */
export function customizeOrder(ctx: OrderContext, market: MarketService, minGrams: string, body: CustomizeOrderBody, hooks: CommandHooks<{ id: number }> = {}): Promise<{ id: number }> {
  return forNewOrder(ctx, market, minGrams, body, hooks, async (side, user, inForce) => {
    const status = market.currentStatus(inForce);
    if (!status.offline.available) throw marketUnavailable(status.offline.reason ?? 'offline orders unavailable');
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
 * An admin's action on one order: the order (and its user's wallet) locked first, then, inside
 * `once`, the checks that need no order, the order read under its row lock, the change, the
 * OrderUpdated event. Answers {id, status}.
 */
async function onLockedOrder(
  ctx: OrderContext,
  target: { orderId: number; userId?: number },
  hooks: CommandHooks<StatusAnswer>,
  change: (row: OrderRow) => Promise<OrderRow>,
  precheck: () => void = () => undefined,
): Promise<StatusAnswer> {
  await lockForMoney(ctx.q, { orderIds: [target.orderId] }); // first: the lock order of money-moving transactions
  return (hooks.once ?? direct)(async () => {
    precheck();
    const row = await lockOrder(ctx.q, target.orderId, target.userId);
    hooks.before?.({ id: row.id, status: row.status });
    const node = await publishOrder(ctx, await change(row), 'OrderUpdated');
    hooks.after?.(node);
    return { id: node.id, status: node.status };
  });
}

/** order/settle/{id}/{userId}. */
export function settleByAdmin(ctx: OrderContext, orderId: number, userId: number, hooks: CommandHooks<StatusAnswer> = {}): Promise<StatusAnswer> {
  return onLockedOrder(ctx, { orderId, userId }, hooks, (row) => settleOrder(ctx, row));
}

/** order/cancel/{id}. */
export function cancelByAdmin(ctx: OrderContext, orderId: number, hooks: CommandHooks<StatusAnswer> = {}): Promise<StatusAnswer> {
  return onLockedOrder(ctx, { orderId }, hooks, (row) => cancelOrder(ctx, row));
}

/** order/revert {userId, orderId, reason}. */
export function revertByAdmin(ctx: OrderContext, orderId: number, userId: number, reason: string, hooks: CommandHooks<StatusAnswer> = {}): Promise<StatusAnswer> {
  return onLockedOrder(ctx, { orderId, userId }, hooks, (row) => revertOrder(ctx, row, reason));
}

/** order/payment/create: a payment dated today or before (business date, else 400 1001 paymentDate) on the order of that user. */
export function addPayment(
  ctx: OrderContext,
  p: { orderId: number; userId: number; amount: string; paymentDate: string; note: string | null },
  hooks: CommandHooks<StatusAnswer> = {},
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

/** The payment view of SPEC.md §3 at a date (today when not given). */
export async function paymentView(q: Queryable, row: OrderRow, date: string): Promise<PaymentView> {
  const owed = await owedAt(q, row, date);
  return paymentViewOf(moneyOf(row), owed, owed.payments);
}

export async function paymentViewOfOrder(q: Queryable, orderId: number, today: string): Promise<PaymentView> {
  return paymentView(q, await orderOr404(q, orderId), today);
}

/** order/total_owed: what an order owes at a payment date, interest included. */
export async function totalOwedAt(q: Queryable, orderId: number, paymentDate: string): Promise<{ kind: 'myr' | 'xau'; value: string }> {
  const row = await orderOr404(q, orderId);
  return totalOwed(row, await owedAt(q, row, paymentDate));
}

export async function revertedDetail(q: Queryable, orderId: number): Promise<RevertedDetail> {
  const row = await orderOr404(q, orderId);
  const names = await adminNames(q, [row.reverted_by]);
  return { executor: row.reverted_by ? (names.get(row.reverted_by) ?? null) : null, executedAt: row.reverted_at?.toISOString() ?? null, reason: row.revert_reason };
}

/** How many orders have each status asked (every status when none), in the order asked. */
export async function statusCounts(q: Queryable, statuses: readonly string[]): Promise<Array<{ status: string; count: number }>> {
  const wanted = statuses.length > 0 ? [...new Set(statuses)] : [...ORDER_STATUSES];
  const counts = await countByStatus(q, wanted);
  return wanted.map((s) => ({ status: s, count: counts.get(s) ?? 0 }));
}

export async function userOrderSummary(q: Queryable, userId: number): Promise<OrderSummary> {
  if (!(await userEverExisted(q, userId))) throw notFound('user');
  return orderSummary(await tradeRecord(q, userId));
}

export async function legacyOrders(q: Queryable, f: { orderId: number | null; userId: number | null; statuses: readonly string[] }): Promise<OrderNode[]> {
  return toNodes(q, await legacyList(q, f));
}

/** The admin detail of SPEC.md §3. Left null: what the order does not record (the other side's spread, an outside provider's quantity). */
export async function orderDetail(q: Queryable, orderId: number, today: string): Promise<OrderDetail> {
  const row = await orderOr404(q, orderId);
  const node = await toNode(q, row);
  const view = await paymentView(q, row, today);
  const names = await adminNames(q, [row.created_by, row.reverted_by]);
  const nameOf = (adminId: number | null) => (adminId === null ? null : (names.get(adminId) ?? null));
  const buy = row.action === 'BUY';
  const figures = detailFigures(
    {
      action: row.action,
      isCustom: row.is_custom,
      currency: row.currency,
      quantityGram: row.quantity_gram,
      myrPrice: row.myr_price,
      usdPrice: row.usd_price,
      costPrice: row.cost_price,
      exchangeRate: row.exchange_rate,
      balanceDeducted: row.balance_deducted,
      goldReserved: row.gold_reserved,
    },
    view,
  );
  return {
    order: node,
    id: row.id,
    username: node.username,
    type: row.is_custom ? 'offline' : 'online',
    orderType: row.is_custom ? 'offline' : row.order_type === 'LIMIT' ? 'limit' : 'market',
    action: buy ? 'buy' : 'sell',
    pair: row.symbol,
    status: row.status,
    quantity: { gram: node.quantityGram, oz: node.quantityOz },
    price: { ...figures.price, limit: row.limit_price },
    spread: { buy: buy ? row.spread_adjustment : null, sell: buy ? null : row.spread_adjustment },
    exchangeRate: row.exchange_rate,
    interest: view.interestTotal,
    interestRate: view.interestRate,
    premium: buy ? { personal: row.user_fee, global: row.global_fee } : null,
    refineryFees: buy ? null : { personal: row.user_fee, global: row.global_fee },
    totalAmount: row.amount,
    amountPaid: figures.amountPaid,
    amountUnpaid: figures.amountUnpaid,
    quantityPaid: figures.quantityPaid,
    quantityUnpaid: figures.quantityUnpaid,
    amountOwed: figures.amountOwed,
    expiration: { type: row.good_till_date ? 'GTD' : 'GTC', date: row.good_till_date },
    paymentDate: view.payments.at(-1)?.paymentMadeAt ?? null,
    settledAt: node.settledAt,
    settlementAmount: row.settled_at ? row.amount : null,
    costAmount: figures.costAmount,
    averagePrice: row.myr_price,
    adminNote: row.note,
    userComment: row.comment,
    revertReason: row.revert_reason,
    revertedExecutor: nameOf(row.reverted_by),
    revertedAt: row.reverted_at?.toISOString() ?? null,
    createdAt: node.createdAt,
    createdBy: nameOf(row.created_by),
    timeline: node.timeline,
    external: row.is_custom ? { source: row.source, price: row.cost_price, quantity: node.quantityGram } : null,
    hedges: await orderHedges(q, { id: row.id, action: row.action, currency: row.currency, myrPrice: row.myr_price, usdPrice: row.usd_price, exchangeRate: row.exchange_rate }),
    payment: view,
  };
}

/** One page of the orders connection: keyset on id (after/before), the page size, whether there is more on each side, the count. */
export interface ConnectionPage {
  size: number;
  backward: boolean;
  after: number | null;
  before: number | null;
}

/** Beyond this many matching orders, an arbitrary filter's total reads "10,000+" (decision 0421). */
export const COUNT_BOUND = 10_000;

export async function ordersConnection(q: Queryable, filter: OrderFilter, page: ConnectionPage) {
  // the other direction: is there anything beyond the cursor we came from?
  const from = page.backward ? page.before : page.after;
  // page, total and "beyond" in one statement (one round trip); on a PostgreSQL pool a bounded count
  // runs beside it on another connection (PGlite has one connection: one statement is quickest)
  const concurrentCount = 'driver' in q && (q as Db).driver === 'postgres';
  const read = await connectionRead(q, filter, page, COUNT_BOUND + 1, from === null ? null : { cond: page.backward ? '>=' : '<=', id: from }, { concurrentCount });
  const total = onlyStatuses(filter) || read.total <= COUNT_BOUND ? { count: read.total, lowerBound: false } : { count: COUNT_BOUND, lowerBound: true };
  const more = read.rows.length > page.size;
  const pageRows = read.rows.slice(0, page.size);
  if (page.backward) pageRows.reverse();
  const hasNextPage = page.backward ? read.beyond : more;
  const hasPreviousPage = page.backward ? more : read.beyond;
  return { nodes: await toNodes(q, pageRows), hasNextPage, hasPreviousPage, totalCount: total.count, totalIsLowerBound: total.lowerBound };
}

/**
 * The orders matching a filter, by id ascending in keyset batches (the connection's order and
 * query), as the connection's nodes without their timelines: the CSV export's rows. A batch is read
 * when the previous one has been taken; orders created after the first read are left out (an id
 * ceiling), so the file is the list as of its start.
 */
export async function* orderExportBatches(q: Queryable, filter: OrderFilter, batch: number): AsyncGenerator<ReadonlyArray<Omit<OrderNode, 'timeline'>>> {
  const top = await maxOrderId(q);
  if (top === null) return;
  let after: number | null = null;
  for (;;) {
    // the connection's forward page (orderPage reads one more than asked: a full batch is `batch`
    // rows); the ceiling is applied here, not in the query, so the page keeps its index plan
    const rows = await orderPage(q, filter, batch - 1, false, after, null);
    const kept = rows.filter((r) => r.id <= top);
    if (kept.length > 0) yield kept.map((r) => orderFields(r, r.username ?? ''));
    if (rows.length < batch || kept.length < rows.length) return;
    after = rows[rows.length - 1]!.id;
  }
}
