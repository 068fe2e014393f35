import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { Decimal, roundTo } from '@aurum/domain/money/decimal';
import { ORDER_MACHINE, nextStatus, type OrderAction } from '@aurum/domain/orders/order-machine';
import type { PriceBandBreach } from '@aurum/domain/orders/offline-price-band';
import type { EntryNote } from '@aurum/domain/wallet/entry-notes';
import {
  interestFromAfterPayment,
  interestStartAt,
  orderAmount,
  owedAt as owedOf,
  owesNothing,
  paymentRefusal,
  reserveOnFill,
  splitPayment,
  usdAmount,
  type OrderMoney,
  type OwedAt,
} from '@aurum/domain/orders/order-money';
import { feePerGramOf, fillIncome } from '@aurum/domain/finance/fill-income';
import { completePostings, fillIncomePostings, fillPostings, incomeSharePostings, paymentPostings, reversalPostings, settlePostings } from '@aurum/domain/orders/order-postings';
import { fillPricesAtMarket, type CustomerPrice, type FillPrices, type MarketPricing, type PersonalFees } from '@aurum/domain/orders/order-pricing';
import type { OrderNode } from '@aurum/domain/orders/order-schemas';
import { businessClock, startOfBusinessDay } from '@aurum/domain/system/business-time';
import { metalOfSymbol } from '@aurum/domain/system/metals';
import { backdatedMoment, valueMoment } from '@aurum/domain/finance/day-close';
import type { Posting } from '@aurum/domain/wallet/ledger';
import { appError, invalidFormat, notFound, type AppError } from '../../http/app-error.ts';
import type { Queryable } from '../../db/db.ts';
import type { EventBus } from '../../live/event-bus.ts';
import { walletBalances } from '../wallet/wallet-service.ts';
import { entryPostings, insufficientAssets, lockUserBooks, postEntry } from '../ledger/ledger-service.ts';
import { refuseClosedMoment } from '../ledger/ledger-close-service.ts';
import { checkCoverage, positionMoved } from '../treasury/treasury-service.ts';
import {
  addTimeline,
  findOrder,
  findTradeUser,
  insertOrderRow,
  linkEntry,
  orderEntryIds,
  setInterestState,
  toNode,
  updateOrderStatus,
  type OrderChanges,
  type OrderInsert,
  type OrderRow,
  type TradeUserRow,
} from './order-repository.ts';
import { insertPayment, paymentsOf, refundPayments, type PaymentRow } from './order-payment-repository.ts';
import { reclassifiedShare } from './order-income-repository.ts';

/**
 * The orders' life cycle: each step of the domain's machine (fill, settle, pay, complete, cancel,
 * revert, overdue) as one change in the caller's transaction (a command's, the engine's or the
 * demo seed's), with its postings, timeline entry and coverage check. The commands take the locks
 * (order-command-service.ts); the rules are the domain's (packages/domain/src/orders).
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
  /** An offline order placed with prices outside the band, acknowledged by its maker: noted on the audit row (decision 0751). */
  priceBandAcknowledged?: (check: { bandPct: string; breaches: PriceBandBreach[] }) => Promise<void> | void;
  /** route()'s beforeCommit: the coverage rule runs as the transaction's last step (its lock is held until commit). */
  beforeCommit?: (step: () => Promise<void>) => void;
}

/** 409 with code 3100 and a context the console shows as is (DECISIONS.md §2). */
export function statusConflict(action: OrderAction, status: string): AppError {
  const from = ORDER_MACHINE[action].from;
  const verb = { match: 'fill', expire: 'expire', settle: 'settle', markOverdue: 'mark overdue', pay: 'pay', complete: 'complete', cancel: 'cancel', revert: 'revert' }[action];
  return appError(ErrorCode.OrderStatusConflict, `Cannot ${verb} an order that is ${status}; only ${from.join(', ')} orders can be.`);
}

/** Business date (Asia/Kuala_Lumpur) of a moment, yyyy-MM-dd. */
export const businessDate = (d: Date) => businessClock(d).date;

/** Posts the non-zero postings as one journal entry linked to the order, dated now or at `at` (a payment on its payment date). */
async function post(ctx: OrderContext, row: OrderRow, purpose: string, postings: readonly Posting[], note?: EntryNote, at?: Date): Promise<void> {
  const nonZero = postings.filter((p) => new Decimal(p.amount).gt(0));
  if (nonZero.length === 0) return;
  const entryId = await postEntry(ctx.q, {
    kind: `order.${purpose}`,
    userId: row.user_id,
    noteCode: note ?? { code: 'order', params: { id: row.id } },
    createdBy: ctx.by,
    postings: nonZero,
    source: { kind: 'order', id: row.id },
    metal: metalOfSymbol(row.symbol),
    ...(at ? { at } : {}),
  });
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

/**
 * Fills an order (CREATED → FILLED, or a new order straight to FILLED): the MYR amount at the
 * price, then what the domain's reserveOnFill reserves (a buy: fund, then credit line; a sell:
 * gold, the rest covered by the credit line), 422 (2080) when it cannot.
 */
export async function fillOrder(ctx: OrderContext, row: OrderRow, prices: FillPrices, user: TradeUserRow): Promise<OrderRow> {
  const amount = orderAmount(prices.myrPrice, row.quantity_gram);
  await lockUserBooks(ctx.q, [row.user_id]);
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
    mid_myr_per_gram: prices.midMyrPerGram,
  });
  await post(ctx, filled, 'fill', fillPostings(row.user_id, row.action, reserved));
  // the amount is fixed from the fill on: its spread and fee leave the trading desk for their income books (decision 1020)
  if (prices.midMyrPerGram !== null) {
    const feePerGram = feePerGramOf(prices.userFee, prices.globalFee);
    await post(ctx, filled, 'income', fillIncomePostings(fillIncome({ action: row.action, grams: row.quantity_gram, amount, feePerGram, mid: prices.midMyrPerGram })));
  }
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
export const moneyOf = (
  row: Pick<OrderRow, 'action' | 'status' | 'quantity_gram' | 'amount' | 'balance_deducted' | 'gold_reserved' | 'interest_rate_personal' | 'interest_rate_global' | 'interest_carried' | 'interest_from'>,
): OrderMoney => ({
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
  // dated on its payment date (its last moment, or now when it is today); a closed day refuses it before anything is written
  const valueAt = valueMoment(paymentDate, ctx.now);
  if (valueAt === null) throw invalidFormat('paymentDate');
  await refuseClosedMoment(ctx.q, valueAt, 'The payment');
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
  await post(ctx, paid, 'payment', paymentPostings(row.user_id, row.action, split), { code: 'order.payment', params: { id: row.id } }, backdatedMoment(paymentDate, ctx.now));
  await addTimeline(ctx.q, row.id, 'RECEIVED', ctx.now, ctx.by, startOfBusinessDay(paymentDate));
  if (owesNothing(await owedAt(ctx.q, paid, paymentDate))) return completeOrder(ctx, paid);
  return paid;
}

/**
 * Reverses every posting the order caused, as one entry (2080 when the user no longer has what it
 * got), with its share of the income reclassification if it had one (decision 1021).
 */
async function reverseAll(ctx: OrderContext, row: OrderRow, purpose: 'cancel' | 'revert'): Promise<void> {
  const share = await reclassifiedShare(ctx.q, row.id);
  const posted = [...(await entryPostings(ctx.q, await orderEntryIds(ctx.q, row.id))), ...(share ? incomeSharePostings(row.action, share) : [])];
  await post(ctx, row, purpose, reversalPostings(posted), { code: purpose === 'cancel' ? 'order.canceled' : 'order.reverted', params: { id: row.id } });
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
