import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { Decimal, SCALE, roundTo } from '@aurum/domain/money/decimal';
import { ORDER_MACHINE, nextStatus, type OrderAction } from '@aurum/domain/orders/order-machine';
import { buyOwed, interestDue, orderAmount, sellOwed, splitPayment } from '@aurum/domain/orders/order-money';
import type { OrderNode, PaymentView } from '@aurum/domain/orders/order-schemas';
import { businessClock } from '@aurum/domain/system/market-status';
import { GRAMS_PER_TROY_OUNCE } from '@aurum/domain/system/metals';
import { customerPrice, type AdjustSettings, type CustomerPrice } from '@aurum/domain/system/pricing';
import type { FeeAdjustMode } from '@aurum/domain/users/user-enums';
import { houseAccount, userAccount, type Posting } from '@aurum/domain/wallet/ledger';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Queryable } from '../../db/db.ts';
import type { EventBus } from '../live/event-bus.ts';
import { insufficientAssets, lockWallets, postEntry, walletBalances } from '../wallet/ledger-repository.ts';
import { addTimeline, findOrder, paymentsOf, sum, toNode, type OrderRow } from './order-repository.ts';

/** What the life cycle needs besides the transaction. */
export interface OrderContext {
  q: Queryable;
  events: EventBus;
  now: Date;
  /** The admin acting, or null for the engine. */
  by: number | null;
  graceDays: number;
}

/** 409 with code 3100 and a context the console shows as is (DECISIONS.md §2). */
export function statusConflict(action: OrderAction, status: string): AppError {
  const from = ORDER_MACHINE[action].from;
  const verb = { match: 'fill', expire: 'expire', settle: 'settle', markOverdue: 'mark overdue', pay: 'pay', complete: 'complete', cancel: 'cancel', revert: 'revert' }[action];
  return new AppError(409, ErrorCode.OrderStatusConflict, `Cannot ${verb} an order that is ${status}; only ${from.join(', ')} orders can be.`);
}

/** The order, locked for the rest of the transaction (two admins at once: the second waits, then sees the new status). */
export async function lockOrder(q: Queryable, id: number, userId?: number): Promise<OrderRow> {
  const row = await findOrder(q, id, true);
  if (!row || (userId !== undefined && row.user_id !== userId)) throw notFound('order');
  return row;
}

/** Business date (Asia/Kuala_Lumpur) of a moment, yyyy-MM-dd. */
export const businessDate = (d: Date) => businessClock(d).date;

async function link(q: Queryable, orderId: number, entryId: number, purpose: string): Promise<void> {
  await q.query('INSERT INTO order_ledger_entries (order_id, entry_id, purpose) VALUES ($1, $2, $3)', [orderId, entryId, purpose]);
}

async function post(ctx: OrderContext, row: OrderRow, purpose: string, postings: Posting[], note?: string): Promise<void> {
  const nonZero = postings.filter((p) => new Decimal(p.amount).gt(0));
  if (nonZero.length === 0) return;
  const entryId = await postEntry(ctx.q, { kind: `order.${purpose}`, userId: row.user_id, note: note ?? `Order ${row.id}`, createdBy: ctx.by, postings: nonZero });
  await link(ctx.q, row.id, entryId, purpose);
}

/** Changes the status through the machine: a conditional UPDATE, so a concurrent change makes it a 409. */
async function transition(ctx: OrderContext, row: OrderRow, action: OrderAction, sets: Record<string, unknown> = {}): Promise<OrderRow> {
  const to = nextStatus(action, row.status);
  if (to === null) throw statusConflict(action, row.status);
  const names = Object.keys(sets);
  const assignments = names.map((n, i) => `${n} = $${i + 4}`);
  const updated = await ctx.q.query<{ id: number }>(
    `UPDATE orders SET status = $2, updated_at = $3${assignments.length ? ', ' + assignments.join(', ') : ''} WHERE id = $1 AND status = '${row.status}' RETURNING id`,
    [row.id, to, ctx.now, ...names.map((n) => sets[n])],
  );
  if (updated.length === 0) throw statusConflict(action, 'changed meanwhile');
  return (await findOrder(ctx.q, row.id))!;
}

/** Publishes the order on the live socket (delivered when the transaction commits) and answers its node. */
export async function publishOrder(ctx: OrderContext, row: OrderRow, type: 'Market' | 'Limit' | 'OrderUpdated'): Promise<OrderNode> {
  const node = await toNode(ctx.q, row);
  await ctx.events.publish(ctx.q, { kind: 'order', type, userId: row.user_id, data: { ...node } });
  return node;
}

export interface TradeUser {
  id: number;
  allowed_action: 'all' | 'buyAndSell' | 'buyOnly' | 'sellOnly' | 'readOnly';
  allowed_pair: 'none' | 'XAU/MYR' | 'XAU/USD';
  interest_rate: string;
  premium: string;
  refinery_fees: string;
  trade_limit: string | null;
  fee_adjust_mode: FeeAdjustMode;
}

export async function tradeUser(q: Queryable, userId: number): Promise<TradeUser> {
  const [u] = await q.query<TradeUser>(
    `SELECT id, allowed_action, allowed_pair, interest_rate, premium, refinery_fees, trade_limit, fee_adjust_mode
       FROM users WHERE id = $1 AND deleted_at IS NULL`,
    [userId],
  );
  if (!u) throw notFound('user');
  return u;
}

/** The prices a fill records. */
export interface FillPrices {
  costPrice: string | null;
  quotePrice: string | null;
  myrPrice: string; // MYR per gram
  usdPrice: string | null; // USD per troy ounce
  exchangeRate: string | null;
  spreadAdjustment: string | null;
  customizedAdjustment: string | null;
  userFee: string | null;
  globalFee: string | null;
  interestRateGlobal: string;
}

/** Live fill prices of a user's order from the market's pricing (DECISIONS.md §4, personal fees included). */
export function livePrices(
  pricing: { quote: { bid: string; ask: string }; fx: { bid: string; ask: string }; settings: AdjustSettings },
  user: TradeUser,
  side: 'BUY' | 'SELL',
): { prices: FillPrices; customer: CustomerPrice } {
  const customer = customerPrice(pricing.quote, pricing.fx, pricing.settings, {
    premium: user.premium,
    refineryFees: user.refinery_fees,
    feeAdjustMode: user.fee_adjust_mode,
  });
  const buy = side === 'BUY';
  const personalApplies = user.fee_adjust_mode === 'both' || user.fee_adjust_mode === (buy ? 'buy' : 'sell');
  return {
    customer,
    prices: {
      costPrice: buy ? pricing.quote.ask : pricing.quote.bid,
      quotePrice: buy ? customer.usd.buy : customer.usd.sell,
      myrPrice: buy ? customer.myr.buy : customer.myr.sell,
      usdPrice: buy ? customer.usd.buy : customer.usd.sell,
      exchangeRate: buy ? customer.effectiveRate.ask : customer.effectiveRate.bid,
      spreadAdjustment: buy ? pricing.settings.spread.buySpread : pricing.settings.spread.sellSpread,
      customizedAdjustment: null,
      userFee: personalApplies ? (buy ? user.premium : user.refinery_fees) : '0.000',
      globalFee: buy ? pricing.settings.fee.premium : pricing.settings.fee.refineryFees,
      interestRateGlobal: pricing.settings.fee.interestRate,
    },
  };
}

/**
 * Fills an order (CREATED → FILLED, or a new order straight to FILLED): the MYR amount at the
 * price, then a buy reserves it from the fund (balanceDeducted) and then the credit line
 * (creditDeducted); a sell reserves gold as far as it goes, and the rest must be covered by the
 * credit line at the order's amount. 422 (2080) when it is not.
 */
export async function fillOrder(ctx: OrderContext, row: OrderRow, prices: FillPrices, user: TradeUser): Promise<OrderRow> {
  const amount = orderAmount(prices.myrPrice, row.quantity_gram);
  const usdAmount = prices.usdPrice ? roundTo(new Decimal(prices.usdPrice).times(row.quantity_gram).div(GRAMS_PER_TROY_OUNCE), SCALE.USD) : null;
  await lockWallets(ctx.q, [row.user_id]);
  const wallet = await walletBalances(ctx.q, row.user_id);
  let balanceDeducted = '0.00';
  let creditDeducted = '0.00';
  let goldReserved = '0.0000';
  const postings: Posting[] = [];
  if (row.action === 'BUY') {
    balanceDeducted = roundTo(Decimal.min(wallet.fund, amount), SCALE.MYR);
    creditDeducted = roundTo(Decimal.min(wallet.credit, new Decimal(amount).minus(balanceDeducted)), SCALE.MYR);
    if (new Decimal(balanceDeducted).plus(creditDeducted).lt(amount)) throw insufficientAssets();
    postings.push({ from: userAccount(row.user_id, 'fund'), to: userAccount(row.user_id, 'fundHeld'), asset: 'MYR', amount: balanceDeducted });
    postings.push({ from: userAccount(row.user_id, 'credit'), to: houseAccount('creditLine'), asset: 'MYR', amount: creditDeducted });
  } else {
    goldReserved = roundTo(Decimal.min(wallet.gold, row.quantity_gram), SCALE.XAU);
    const uncovered = new Decimal(row.quantity_gram).minus(goldReserved).times(prices.myrPrice);
    if (uncovered.gt(wallet.credit)) throw insufficientAssets();
    postings.push({ from: userAccount(row.user_id, 'gold'), to: userAccount(row.user_id, 'goldHeld'), asset: 'XAU', amount: goldReserved });
  }
  const filled = await transition(ctx, row, 'match', {
    filled_at: ctx.now,
    cost_price: prices.costPrice,
    quote_price: prices.quotePrice,
    myr_price: prices.myrPrice,
    usd_price: prices.usdPrice,
    exchange_rate: prices.exchangeRate,
    amount,
    usd_amount: usdAmount,
    balance_deducted: balanceDeducted,
    credit_deducted: creditDeducted,
    gold_reserved: goldReserved,
    spread_adjustment: prices.spreadAdjustment,
    customized_adjustment: prices.customizedAdjustment,
    user_fee: prices.userFee,
    global_fee: prices.globalFee,
    interest_rate_personal: user.interest_rate,
    interest_rate_global: prices.interestRateGlobal,
  });
  await post(ctx, filled, 'fill', postings);
  await addTimeline(ctx.q, row.id, 'FILLED', ctx.now, ctx.by);
  return filled;
}

export interface NewOrder {
  userId: number;
  action: 'BUY' | 'SELL';
  orderType: 'MARKET' | 'LIMIT' | 'OFF_LINE';
  symbol: 'XAU/MYR' | 'XAU/USD';
  currency: 'MYR' | 'USD';
  quantity: string;
  limitPrice: string | null;
  goodTillDate: string | null;
  comment: string | null;
  note: string | null;
  source: string | null;
  useAhtConfig: boolean;
}

export async function insertOrder(ctx: OrderContext, o: NewOrder): Promise<OrderRow> {
  const executionId = `EX${ctx.now.getTime().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;
  const [row] = await ctx.q.query<{ id: number }>(
    `INSERT INTO orders (execution_id, user_id, action, order_type, status, symbol, currency, quantity_gram, limit_price, good_till_date,
                         comment, note, source, is_custom, use_aht_config, created_at, created_by, updated_at)
     VALUES ($1, $2, $3, $4, 'CREATED', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $15) RETURNING id`,
    [
      executionId,
      o.userId,
      o.action,
      o.orderType,
      o.symbol,
      o.currency,
      o.quantity,
      o.limitPrice,
      o.goodTillDate,
      o.comment,
      o.note,
      o.source,
      o.orderType === 'OFF_LINE',
      o.useAhtConfig,
      ctx.now,
      ctx.by,
    ],
  );
  await addTimeline(ctx.q, row!.id, 'ORDER', ctx.now, ctx.by);
  return (await findOrder(ctx.q, row!.id))!;
}

/** Principal still owed: MYR on a buy, XAU grams on a sell (DECISIONS.md §5). */
export function principalOwed(row: OrderRow, principalPaid: readonly string[]): string {
  if (row.amount === null) return '0';
  return row.action === 'BUY' ? buyOwed(row.amount, row.balance_deducted, principalPaid) : sellOwed(row.quantity_gram, row.gold_reserved, principalPaid);
}

const scaleOf = (row: OrderRow) => (row.action === 'BUY' ? SCALE.MYR : SCALE.XAU);
const rates = (row: OrderRow) => ({ personal: row.interest_rate_personal, global: row.interest_rate_global });

/** Where an order's money stands at a payment date: principal owed, interest due, paid parts. */
export async function owedAt(q: Queryable, row: OrderRow, date: string) {
  const payments = (await paymentsOf(q, row.id)).filter((p) => p.refunded_at === null);
  const scale = scaleOf(row);
  const principal = principalOwed(row, payments.map((p) => p.to_principal));
  const accrues = row.status === 'SETTLED' || row.status === 'OVERDUE';
  const due = accrues ? interestDue(principal, row.interest_carried, row.interest_from, date, rates(row), scale) : roundTo(row.interest_carried, scale);
  return {
    scale,
    payments,
    principal: roundTo(principal, scale),
    due,
    interestPaid: sum(payments.map((p) => p.to_interest), scale),
    principalPaid: sum(payments.map((p) => p.to_principal), scale),
  };
}

/** FILLED → SETTLED: the reserved fund and gold go to the trading desk; interest starts after the grace. Then PAID if nothing is owed. */
export async function settleOrder(ctx: OrderContext, row: OrderRow): Promise<OrderRow> {
  const interestStart = new Date(ctx.now.getTime() + ctx.graceDays * 86_400_000);
  const settled = await transition(ctx, row, 'settle', {
    settled_at: ctx.now,
    settled_by: ctx.by,
    interest_start_at: interestStart,
    interest_from: businessDate(interestStart),
  });
  await post(ctx, settled, 'settle', [
    { from: userAccount(row.user_id, 'fundHeld'), to: houseAccount('tradingMyr'), asset: 'MYR', amount: settled.balance_deducted },
    { from: userAccount(row.user_id, 'goldHeld'), to: houseAccount('tradingXau'), asset: 'XAU', amount: roundTo(settled.gold_reserved, SCALE.XAU) },
  ]);
  await addTimeline(ctx.q, row.id, 'SETTLED', ctx.now, ctx.by);
  const owed = await owedAt(ctx.q, settled, businessDate(ctx.now));
  if (new Decimal(owed.principal).isZero() && new Decimal(owed.due).isZero()) return completeOrder(ctx, settled);
  return settled;
}

/** SETTLED/OVERDUE → PAID: the buyer gets the gold, the seller the MYR amount. */
export async function completeOrder(ctx: OrderContext, row: OrderRow): Promise<OrderRow> {
  const done = await transition(ctx, row, 'complete', { completed_at: ctx.now });
  const posting: Posting =
    row.action === 'BUY'
      ? { from: houseAccount('tradingXau'), to: userAccount(row.user_id, 'gold'), asset: 'XAU', amount: roundTo(row.quantity_gram, SCALE.XAU) }
      : { from: houseAccount('tradingMyr'), to: userAccount(row.user_id, 'fund'), asset: 'MYR', amount: row.amount! };
  await post(ctx, done, 'complete', [posting]);
  await addTimeline(ctx.q, row.id, 'COMPLETE', ctx.now, ctx.by);
  return done;
}

/** 422 (3102): a payment above what is owed, interest included. */
export const paymentAboveOwed = (owed: string, unit: string) =>
  new AppError(422, ErrorCode.PaymentAboveOwed, `The payment is more than what is owed (${owed} ${unit} including interest).`);

/**
 * A payment on a SETTLED or OVERDUE order: MYR from the fund for a buy, XAU grams from the gold
 * balance for a sell. It covers the interest due at its date first, then the principal (which gives
 * a buyer's credit line back). Never above what is owed nor above what is available. PAID when
 * nothing is owed any more.
 */
export async function payOrder(ctx: OrderContext, row: OrderRow, amount: string, paymentDate: string, note: string | null): Promise<OrderRow> {
  if (nextStatus('pay', row.status) === null) throw statusConflict('pay', row.status);
  const owed = await owedAt(ctx.q, row, paymentDate);
  const unit = row.action === 'BUY' ? 'MYR' : 'XAU g';
  const value = new Decimal(amount);
  if (row.action === 'BUY' && value.decimalPlaces() > SCALE.MYR) throw new AppError(400, ErrorCode.InvalidFormat, 'amount');
  const total = new Decimal(owed.principal).plus(owed.due);
  if (value.gt(total)) throw paymentAboveOwed(roundTo(total, owed.scale), unit);
  const split = splitPayment(amount, owed.due, owed.scale);
  const from = row.interest_from && row.interest_from > paymentDate ? row.interest_from : paymentDate;
  await ctx.q.query('UPDATE orders SET interest_carried = $2, interest_from = $3, updated_at = $4 WHERE id = $1', [row.id, split.carried, from, ctx.now]);
  await ctx.q.query(
    `INSERT INTO order_payments (order_id, kind, amount, to_interest, to_principal, payment_date, note, submitted_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [row.id, row.action === 'BUY' ? 'MYR' : 'XAU', roundTo(amount, owed.scale), split.toInterest, split.toPrincipal, paymentDate, note, ctx.by, ctx.now],
  );
  const paid = (await findOrder(ctx.q, row.id))!;
  const postings: Posting[] =
    row.action === 'BUY'
      ? [
          { from: userAccount(row.user_id, 'fund'), to: houseAccount('tradingMyr'), asset: 'MYR', amount: roundTo(amount, SCALE.MYR) },
          { from: houseAccount('creditLine'), to: userAccount(row.user_id, 'credit'), asset: 'MYR', amount: roundTo(split.toPrincipal, SCALE.MYR) },
        ]
      : [{ from: userAccount(row.user_id, 'gold'), to: houseAccount('tradingXau'), asset: 'XAU', amount: roundTo(amount, SCALE.XAU) }];
  await post(ctx, paid, 'payment', postings, `Order ${row.id} payment`);
  await addTimeline(ctx.q, row.id, 'RECEIVED', ctx.now, ctx.by, new Date(`${paymentDate}T00:00:00+08:00`));
  const after = await owedAt(ctx.q, paid, paymentDate);
  if (new Decimal(after.principal).isZero() && new Decimal(after.due).isZero()) return completeOrder(ctx, paid);
  return paid;
}

/** Reverses every posting the order caused, as one entry (2080 when the user no longer has what it got). */
async function reverseAll(ctx: OrderContext, row: OrderRow, purpose: string): Promise<void> {
  const postings = await ctx.q.query<{ from_account: Posting['from']; to_account: Posting['to']; asset: 'MYR' | 'XAU'; amount: string }>(
    `SELECT p.from_account, p.to_account, p.asset, p.amount FROM ledger_postings p
       JOIN order_ledger_entries l ON l.entry_id = p.entry_id WHERE l.order_id = $1 ORDER BY p.id`,
    [row.id],
  );
  // net per account pair, so that a reservation released once is not released again
  const net = new Map<string, Decimal>();
  for (const p of postings) {
    const [a, b] = p.from_account < p.to_account ? [p.from_account, p.to_account] : [p.to_account, p.from_account];
    const key = `${a}|${b}|${p.asset}`;
    const signed = new Decimal(p.amount).times(p.from_account === a ? 1 : -1);
    net.set(key, (net.get(key) ?? new Decimal(0)).plus(signed));
  }
  const reversal: Posting[] = [];
  for (const [key, value] of net) {
    if (value.isZero()) continue;
    const [a, b, asset] = key.split('|') as [Posting['from'], Posting['to'], 'MYR' | 'XAU'];
    // value > 0: a net moved to b, so move it back from b to a
    reversal.push(value.gt(0) ? { from: b, to: a, asset, amount: roundTo(value, SCALE[asset]) } : { from: a, to: b, asset, amount: roundTo(value.neg(), SCALE[asset]) });
  }
  await post(ctx, row, purpose, reversal, `Order ${row.id} ${purpose}`);
}

/** CREATED/FILLED → CANCELED (an admin), releasing what the fill reserved. */
export async function cancelOrder(ctx: OrderContext, row: OrderRow, action: 'cancel' | 'expire' = 'cancel'): Promise<OrderRow> {
  const canceled = await transition(ctx, row, action, { canceled_at: ctx.now, canceled_by: ctx.by });
  await reverseAll(ctx, canceled, 'cancel');
  await addTimeline(ctx.q, row.id, 'CANCELED', ctx.now, ctx.by);
  return canceled;
}

/** FILLED/SETTLED/OVERDUE/PAID → REVERTED: postings reversed, payments refunded. */
export async function revertOrder(ctx: OrderContext, row: OrderRow, reason: string): Promise<OrderRow> {
  const reverted = await transition(ctx, row, 'revert', { reverted_at: ctx.now, reverted_by: ctx.by, revert_reason: reason });
  await reverseAll(ctx, reverted, 'revert');
  const refunded = await ctx.q.query('UPDATE order_payments SET refunded_at = $2 WHERE order_id = $1 AND refunded_at IS NULL RETURNING id', [row.id, ctx.now]);
  if (refunded.length > 0) await addTimeline(ctx.q, row.id, 'REFUNDED', ctx.now, ctx.by);
  await addTimeline(ctx.q, row.id, 'REVERTED', ctx.now, ctx.by);
  return reverted;
}

/** SETTLED → OVERDUE (the engine) once interest has started with something owed. */
export async function markOverdue(ctx: OrderContext, row: OrderRow): Promise<OrderRow> {
  const overdue = await transition(ctx, row, 'markOverdue');
  await addTimeline(ctx.q, row.id, 'INTEREST_START', row.interest_start_at ?? ctx.now, null);
  return overdue;
}

/** The payment view of SPEC.md §3 at a date (today when not given). */
export async function paymentView(q: Queryable, row: OrderRow, date: string): Promise<PaymentView> {
  const owed = await owedAt(q, row, date);
  const kind = row.action === 'BUY' ? 'myr' : 'xau';
  const total = row.amount === null ? '0' : row.action === 'BUY' ? new Decimal(row.amount).minus(row.balance_deducted) : new Decimal(row.quantity_gram).minus(row.gold_reserved);
  const s = owed.scale;
  return {
    kind,
    amountTotal: roundTo(total, s),
    amountPaid: owed.principalPaid,
    amountOwed: owed.principal,
    interestTotal: roundTo(new Decimal(owed.interestPaid).plus(owed.due), s),
    interestPaid: owed.interestPaid,
    interestOwed: owed.due,
    interestRate: {
      personal: roundTo(row.interest_rate_personal, SCALE.interestRate),
      global: roundTo(row.interest_rate_global, SCALE.interestRate),
      total: roundTo(new Decimal(row.interest_rate_personal).plus(row.interest_rate_global), SCALE.interestRate),
    },
    payments: owed.payments.map((p) => ({
      id: p.id,
      received: { kind, value: roundTo(p.amount, s) },
      paymentMadeAt: p.payment_date,
      submittedBy: p.submitted_by,
      note: p.note,
    })),
  };
}
