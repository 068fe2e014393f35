import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { Decimal, SCALE, roundTo } from '@aurum/domain/money/decimal';
import {
  CreateOrderBody,
  CustomizeOrderBody,
  LegacyListBody,
  ListCountBody,
  PaymentCreateBody,
  RevertOrderBody,
  RevertedDetailBody,
  TotalOwedBody,
} from '@aurum/domain/orders/order-schemas';
import { ORDER_STATUSES } from '@aurum/domain/orders/order-status';
import { GRAMS_PER_TROY_OUNCE } from '@aurum/domain/system/metals';
import { allowsPair, allowsSide } from '@aurum/domain/users/user-enums';
import { AppError, invalidFormat, notFound } from '../../http/app-error.ts';
import { route } from '../../http/route.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Queryable } from '../../db/db.ts';
import type { AuthAdmin } from '../auth/authenticate.ts';
import type { MarketService } from '../market/market-service.ts';
import { walletBalances } from '../wallet/ledger-repository.ts';
import { idempotent } from '../../http/idempotency.ts';
import { ORDER_COLUMNS, findOrder, toNode, toNodes, type OrderRow } from './order-repository.ts';
import {
  businessDate,
  cancelOrder,
  fillOrder,
  insertOrder,
  livePrices,
  lockOrder,
  owedAt,
  paymentView,
  payOrder,
  publishOrder,
  revertOrder,
  settleOrder,
  tradeUser,
  type OrderContext,
  type TradeUser,
} from './order-service.ts';

const SECURE = '/v0/web/secure';
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const OrderIdParams = z.object({ orderId: id });

export const notAllowedToTrade = (context: string) => new AppError(422, ErrorCode.NotAllowedToTrade, context);
export const marketUnavailable = (context: string) => new AppError(422, ErrorCode.FeatureUnavailable, context);

/** The checks of DECISIONS.md §5 that do not depend on the price: allowed side and pair, trade limit, minimum quantity. */
function checkTradeRules(user: TradeUser, side: 'BUY' | 'SELL', symbol: 'XAU/MYR' | 'XAU/USD', quantity: string, minGrams: string): void {
  if (new Decimal(quantity).lt(minGrams)) throw invalidFormat(`quantity (at least ${minGrams} g)`);
  if (!allowsSide(user.allowed_action, side === 'BUY' ? 'buy' : 'sell')) throw notAllowedToTrade(`allowed action: ${user.allowed_action}`);
  if (!allowsPair(user.allowed_pair, symbol)) throw notAllowedToTrade(`allowed pair: ${user.allowed_pair}`);
  if (user.trade_limit !== null && new Decimal(quantity).gt(user.trade_limit)) {
    throw new AppError(422, ErrorCode.TradeLimitExceeded, `trade limit: ${roundTo(user.trade_limit, SCALE.XAU)} g`);
  }
}

export function registerOrderRoutes(app: FastifyInstance, deps: AppDeps, market: MarketService): void {
  const ctxOf = (db: Queryable, admin: AuthAdmin | null): OrderContext => ({
    q: db,
    events: deps.events,
    now: deps.now(),
    by: admin?.id ?? null,
    graceDays: deps.config.orderInterestGraceDays,
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/create`,
    summary: 'Create a market or limit order for a user (market orders fill at once); Idempotency-Key honoured; answers {id}',
    tags: ['orders'],
    auth: 'admin',
    permission: 'createOrder',
    audit: 'order.create',
    body: CreateOrderBody,
    response: z.object({ id: z.number() }),
    handler: async ({ db, body, admin, req, audit }) =>
      idempotent(db, req, 'order/create', admin!.id, body, async () => {
        const ctx = ctxOf(db, admin);
        const side = body.action === 0 ? 'BUY' : 'SELL';
        const user = await tradeUser(db, body.userId);
        checkTradeRules(user, side, body.symbol, body.quantity, deps.config.orderMinGrams);
        const pricing = market.orderPricing();
        const pair = body.symbol === 'XAU/MYR' ? 'myr' : 'usd';
        const status = pricing?.status ?? market.currentStatus();
        if (!status[pair].available) throw marketUnavailable(status[pair].reason ?? 'market closed');
        if (!pricing) throw marketUnavailable('market source disconnect');
        const isLimit = body.orderType === 'LIMIT';
        if (isLimit && body.goodTillDate && body.goodTillDate < businessDate(ctx.now)) throw invalidFormat('goodTillDate');
        const live = livePrices(pricing, user, side);
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
          useAhtConfig: status.variant === 'afterHour',
        });
        let row = created;
        if (isLimit) {
          // checked now at the limit price, reserved when it fills
          const usd = body.symbol === 'XAU/USD';
          const limitMyrPerGram = usd
            ? new Decimal(body.price!).times(side === 'BUY' ? live.customer.effectiveRate.ask : live.customer.effectiveRate.bid).div(GRAMS_PER_TROY_OUNCE)
            : new Decimal(body.price!);
          const { fund, gold, credit } = await walletBalances(db, user.id);
          const enough =
            side === 'BUY'
              ? new Decimal(fund).plus(credit).gte(limitMyrPerGram.times(body.quantity))
              : Decimal.max(new Decimal(body.quantity).minus(gold), 0).times(limitMyrPerGram).lte(credit);
          if (!enough) throw new AppError(422, ErrorCode.GreaterThanAvailableAssets, 'Greater than available assets.');
        } else {
          row = await fillOrder(ctx, created, live.prices, user);
        }
        const node = await publishOrder(ctx, row, isLimit ? 'Limit' : 'Market');
        audit.after(node);
        return { id: row.id };
      }, () => audit.note('idempotentReplay', true)),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/customize`,
    summary: 'Enter an offline (customised) order with explicit prices; filled at once; possible unless panic mode; answers {id}',
    tags: ['orders'],
    auth: 'admin',
    permission: 'createOrder',
    audit: 'order.customize',
    body: CustomizeOrderBody,
    response: z.object({ id: z.number() }),
    handler: async ({ db, body, admin, req, audit }) =>
      idempotent(db, req, 'order/customize', admin!.id, body, async () => {
        const ctx = ctxOf(db, admin);
        const side = body.action === 0 ? 'BUY' : 'SELL';
        const user = await tradeUser(db, body.userId);
        checkTradeRules(user, side, body.symbol, body.quantity, deps.config.orderMinGrams);
        const status = market.currentStatus();
        if (!status.offline.available) throw marketUnavailable(status.offline.reason ?? 'offline orders unavailable');
        const settings = market.xauSettings(body.useAhtConfig ? 'afterHour' : 'regular');
        const usd = body.currency === 'USD';
        const final = new Decimal(body.finalPrice);
        const myrPerGram = roundTo(usd ? final.times(body.exchangeRate) : final, SCALE.pricePerGram);
        const usdPerOz = roundTo((usd ? final : final.div(body.exchangeRate)).times(GRAMS_PER_TROY_OUNCE), SCALE.USD);
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
        const row = await fillOrder(
          ctx,
          created,
          {
            costPrice: body.costPrice,
            quotePrice: body.quotePrice,
            myrPrice: myrPerGram,
            usdPrice: usdPerOz,
            exchangeRate: body.exchangeRate,
            spreadAdjustment: null,
            customizedAdjustment: roundTo(final.minus(body.quotePrice), SCALE.pricePerGram),
            userFee: null,
            globalFee: null,
            interestRateGlobal: settings?.fee.interestRate ?? '0',
          },
          user,
        );
        const node = await publishOrder(ctx, row, 'OrderUpdated');
        audit.after(node);
        return { id: row.id };
      }, () => audit.note('idempotentReplay', true)),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/settle/:orderId/:userId`,
    summary: "Settle a filled order of a user: the reserved fund and gold go to the desk, interest starts after the grace",
    tags: ['orders'],
    auth: 'admin',
    permission: 'settleOrder',
    audit: 'order.settle',
    params: z.object({ orderId: id, userId: id }),
    response: z.object({ id: z.number(), status: z.string() }),
    handler: async ({ db, params, admin, audit }) => {
      const ctx = ctxOf(db, admin);
      const row = await lockOrder(db, params.orderId, params.userId);
      audit.before({ id: row.id, status: row.status });
      const settled = await settleOrder(ctx, row);
      const node = await publishOrder(ctx, settled, 'OrderUpdated');
      audit.after({ id: node.id, status: node.status, settledAt: node.settledAt, interestStartAt: node.interestStartAt });
      return { id: node.id, status: node.status };
    },
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/cancel/:orderId`,
    summary: 'Cancel a waiting or filled order, releasing what it reserved',
    tags: ['orders'],
    auth: 'admin',
    permission: 'cancelOrder',
    audit: 'order.cancel',
    params: OrderIdParams,
    response: z.object({ id: z.number(), status: z.string() }),
    handler: async ({ db, params, admin, audit }) => {
      const ctx = ctxOf(db, admin);
      const row = await lockOrder(db, params.orderId);
      audit.before({ id: row.id, status: row.status });
      const canceled = await cancelOrder(ctx, row);
      const node = await publishOrder(ctx, canceled, 'OrderUpdated');
      audit.after({ id: node.id, status: node.status });
      return { id: node.id, status: node.status };
    },
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/revert`,
    summary: "Revert an order with a reason: its postings are reversed and its payments refunded; it leaves the user's trade record",
    tags: ['orders'],
    auth: 'admin',
    permission: 'revertOrder',
    audit: 'order.revert',
    body: RevertOrderBody,
    response: z.object({ id: z.number(), status: z.string() }),
    handler: async ({ db, body, admin, audit }) => {
      const ctx = ctxOf(db, admin);
      const row = await lockOrder(db, body.orderId, body.userId);
      audit.before({ id: row.id, status: row.status });
      const reverted = await revertOrder(ctx, row, body.reason);
      const node = await publishOrder(ctx, reverted, 'OrderUpdated');
      audit.after({ id: node.id, status: node.status, reason: body.reason });
      return { id: node.id, status: node.status };
    },
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/payment/create`,
    summary: 'Record a payment (MYR for a buy, XAU grams delivered for a sell), interest first; Idempotency-Key honoured',
    tags: ['orders'],
    auth: 'admin',
    permission: 'addOrderPayment',
    audit: 'order.payment',
    body: PaymentCreateBody,
    response: z.object({ id: z.number(), status: z.string() }),
    handler: async ({ db, body, admin, req, audit }) =>
      idempotent(db, req, 'order/payment/create', admin!.id, body, async () => {
        const ctx = ctxOf(db, admin);
        if (body.paymentDate > businessDate(ctx.now)) throw invalidFormat('paymentDate');
        const row = await lockOrder(db, body.orderId, body.userId);
        audit.before({ id: row.id, status: row.status });
        const paid = await payOrder(ctx, row, body.amount, body.paymentDate, body.note ?? null);
        const node = await publishOrder(ctx, paid, 'OrderUpdated');
        audit.after({ id: node.id, status: node.status, amount: body.amount, paymentDate: body.paymentDate });
        return { id: node.id, status: node.status };
      }, () => audit.note('idempotentReplay', true)),
  });

  const orderOr404 = async (db: Queryable, orderId: number): Promise<OrderRow> => {
    const row = await findOrder(db, orderId);
    if (!row) throw notFound('order');
    return row;
  };

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/payment_view/:orderId`,
    summary: "An order's payment view: amounts and interest (total, paid, owed), interest rates, payments",
    tags: ['orders'],
    auth: 'admin',
    readOnly: true,
    params: OrderIdParams,
    handler: async ({ db, params }) => paymentView(db, await orderOr404(db, params.orderId), businessDate(deps.now())),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/reverted_detail`,
    summary: 'Who reverted an order, when and why (nulls when it is not reverted)',
    tags: ['orders'],
    auth: 'admin',
    readOnly: true,
    body: RevertedDetailBody,
    handler: async ({ db, body }) => {
      const row = await orderOr404(db, body.orderId);
      const [who] = row.reverted_by ? await db.query<{ username: string }>('SELECT username FROM admins WHERE id = $1', [row.reverted_by]) : [];
      return { executor: who?.username ?? null, executedAt: row.reverted_at?.toISOString() ?? null, reason: row.revert_reason };
    },
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/list_count`,
    summary: 'How many orders have each of the given statuses (all statuses when none given)',
    tags: ['orders'],
    auth: 'admin',
    readOnly: true,
    body: ListCountBody,
    handler: async ({ db, body }) => {
      const wanted = body.status.length > 0 ? [...new Set(body.status)] : [...ORDER_STATUSES];
      const rows = await db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM orders WHERE status = ANY($1::text[]) GROUP BY status', [
        wanted,
      ]);
      const counts = new Map(rows.map((r) => [r.status, r.n]));
      return wanted.map((s) => ({ status: s, count: counts.get(s) ?? 0 }));
    },
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/summary/:userId`,
    summary: "A user's trade record: buy totals (amount, unpaid, gold not yet delivered) and sell totals (quantity, undelivered, MYR not yet paid out)",
    tags: ['orders'],
    auth: 'admin',
    readOnly: true,
    params: z.object({ userId: id }),
    handler: async ({ db, params }) => {
      const [exists] = await db.query('SELECT 1 FROM users WHERE id = $1', [params.userId]);
      if (!exists) throw notFound('user');
      const [r] = await db.query<Record<string, string>>(
        `WITH o AS (
           SELECT o.*, coalesce((SELECT sum(p.to_principal) FROM order_payments p WHERE p.order_id = o.id AND p.refunded_at IS NULL), 0) AS principal_paid
             FROM orders o WHERE o.user_id = $1 AND o.status IN ('FILLED', 'SETTLED', 'OVERDUE', 'PAID'))
         SELECT coalesce(sum(amount) FILTER (WHERE action = 'BUY'), 0)::text AS buy_total,
                coalesce(sum(amount - balance_deducted - principal_paid) FILTER (WHERE action = 'BUY' AND status <> 'PAID'), 0)::text AS buy_unpaid,
                coalesce(sum(quantity_gram) FILTER (WHERE action = 'BUY' AND status <> 'PAID'), 0)::text AS buy_outstanding,
                coalesce(sum(quantity_gram) FILTER (WHERE action = 'SELL'), 0)::text AS sell_total,
                coalesce(sum(quantity_gram - gold_reserved - principal_paid) FILTER (WHERE action = 'SELL' AND status <> 'PAID'), 0)::text AS sell_unpaid,
                coalesce(sum(amount) FILTER (WHERE action = 'SELL' AND status <> 'PAID'), 0)::text AS sell_outstanding
           FROM o`,
        [params.userId],
      );
      return {
        buy: { totalAmount: roundTo(r!.buy_total!, 2), unpaidAmount: roundTo(r!.buy_unpaid!, 2), outstandingQuantity: roundTo(r!.buy_outstanding!, 4) },
        sell: { totalQuantity: roundTo(r!.sell_total!, 4), unpaidQuantity: roundTo(r!.sell_unpaid!, 4), outstandingAmount: roundTo(r!.sell_outstanding!, 2) },
      };
    },
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/total_owed`,
    summary: 'What an order owes at a payment date, interest included: {kind: myr|xau, value}',
    tags: ['orders'],
    auth: 'admin',
    readOnly: true,
    body: TotalOwedBody,
    response: z.object({ kind: z.string(), value: z.string() }),
    handler: async ({ db, body }) => {
      const row = await orderOr404(db, body.orderId);
      const owed = await owedAt(db, row, body.paymentDate);
      const open = row.status === 'SETTLED' || row.status === 'OVERDUE' || row.status === 'FILLED';
      return {
        kind: row.action === 'BUY' ? 'myr' : 'xau',
        value: open ? roundTo(new Decimal(owed.principal).plus(owed.due), owed.scale) : roundTo('0', owed.scale),
      };
    },
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/list`,
    summary: 'Legacy order list: by order id, by user ([2, userId]) and by statuses; newest first, at most 1000',
    tags: ['orders'],
    auth: 'admin',
    readOnly: true,
    body: LegacyListBody,
    handler: async ({ db, body }) => {
      const where: string[] = [];
      const args: unknown[] = [];
      if (body.orderId) where.push(`o.id = $${args.push(body.orderId)}`);
      const cond = body.userCondition;
      if (cond && cond.length >= 2) {
        const userId = Number(cond[1]);
        if (!Number.isSafeInteger(userId) || userId <= 0) throw invalidFormat('userCondition');
        where.push(`o.user_id = $${args.push(userId)}`);
      }
      if (body.status && body.status.length > 0) where.push(`o.status = ANY($${args.push(body.status)}::text[])`);
      const rows = await db.query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM orders o ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY o.id DESC LIMIT 1000`,
        args,
      );
      return toNodes(db, rows);
    },
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/order/:orderId`,
    summary: 'Order detail (SPEC.md §3 "Order detail"): the order, its prices in every unit, money owed and paid, revert information',
    tags: ['orders'],
    auth: 'admin',
    params: OrderIdParams,
    handler: async ({ db, params }) => orderDetail(db, await orderOr404(db, params.orderId), businessDate(deps.now())),
  });
}

/** The admin detail of SPEC.md §3. Left null: what the order does not record (the other side's spread, an outside provider's quantity). */
export async function orderDetail(db: Queryable, row: OrderRow, today: string) {
  const node = await toNode(db, row);
  const view = await paymentView(db, row, today);
  const names = await db.query<{ id: number; username: string }>('SELECT id, username FROM admins WHERE id = ANY($1::bigint[])', [
    [row.created_by, row.reverted_by].filter((v): v is number => v !== null),
  ]);
  const nameOf = (adminId: number | null) => names.find((n) => n.id === adminId)?.username ?? null;
  const myrG = row.myr_price ? new Decimal(row.myr_price) : null;
  const usdOz = row.usd_price ? new Decimal(row.usd_price) : null;
  const usdG = usdOz ? usdOz.div(GRAMS_PER_TROY_OUNCE) : null;
  const buy = row.action === 'BUY';
  const r = (v: Decimal | null, scale: number) => (v === null ? null : roundTo(v, scale));
  const costAmount =
    row.cost_price === null
      ? null
      : row.is_custom
        ? roundTo(new Decimal(row.cost_price).times(row.quantity_gram).times(row.currency === 'USD' ? row.exchange_rate ?? '1' : '1'), SCALE.MYR)
        : roundTo(new Decimal(row.cost_price).times(row.exchange_rate ?? '0').div(GRAMS_PER_TROY_OUNCE).times(row.quantity_gram), SCALE.MYR);
  const owedMyr = buy ? view.amountOwed : '0.00';
  const owedXau = buy ? '0.0000' : view.amountOwed;
  return {
    order: node,
    id: row.id,
    username: node.username,
    type: row.is_custom ? 'offline' : 'online',
    orderType: row.is_custom ? 'offline' : row.order_type.toLowerCase(),
    action: buy ? 'buy' : 'sell',
    pair: row.symbol,
    status: row.status,
    quantity: { gram: node.quantityGram, oz: node.quantityOz },
    price: {
      myrPerGram: r(myrG, SCALE.pricePerGram),
      myrPerKg: r(myrG ? myrG.times(1000) : null, SCALE.MYR),
      usdPerGram: r(usdG, SCALE.pricePerGram),
      usdPerKg: r(usdG ? usdG.times(1000) : null, SCALE.USD),
      usdPerOz: r(usdOz, SCALE.USD),
      limit: row.limit_price,
    },
    spread: { buy: buy ? row.spread_adjustment : null, sell: buy ? null : row.spread_adjustment },
    exchangeRate: row.exchange_rate,
    interest: view.interestTotal,
    interestRate: view.interestRate,
    premium: buy ? { personal: row.user_fee, global: row.global_fee } : null,
    refineryFees: buy ? null : { personal: row.user_fee, global: row.global_fee },
    totalAmount: row.amount,
    amountPaid: buy ? roundTo(new Decimal(row.balance_deducted).plus(view.amountPaid), SCALE.MYR) : null,
    amountUnpaid: buy ? view.amountOwed : null,
    quantityPaid: buy ? null : roundTo(new Decimal(row.gold_reserved).plus(view.amountPaid), SCALE.XAU),
    quantityUnpaid: buy ? null : view.amountOwed,
    amountOwed: { myr: owedMyr, xau: owedXau },
    expiration: { type: row.good_till_date ? 'GTD' : 'GTC', date: row.good_till_date },
    paymentDate: view.payments.at(-1)?.paymentMadeAt ?? null,
    settledAt: node.settledAt,
    settlementAmount: row.settled_at ? row.amount : null,
    costAmount,
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
    payment: view,
  };
}
