import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreateOrderBody,
  CustomizeOrderBody,
  LegacyListBody,
  ListCountBody,
  OrderDetail,
  OrderIdAnswer,
  OrderStatusAnswer,
  OrderSummary,
  PaymentCreateBody,
  PaymentView,
  RevertOrderBody,
  RevertedDetail,
  RevertedDetailBody,
  TotalOwedBody,
} from '@aurum/domain/orders/order-schemas';
import { OfflinePriceCheck } from '@aurum/domain/orders/offline-price-band';
import { invalidFormat } from '../../http/app-error.ts';
import { route, type AuditRecorder, type AuthAdmin } from '../../http/route.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Queryable } from '../../db/db.ts';
import type { MarketService } from '../market/market-service.ts';
import { businessDate, type OrderContext } from './order-life-cycle-service.ts';
import { addPayment, cancelByAdmin, createOrder, customizeOrder, offlinePriceCheck, revertByAdmin, settleByAdmin, type CommandHooks } from './order-command-service.ts';
import { legacyOrders, orderDetail, paymentViewOfOrder, revertedDetail, statusCounts, totalOwedAt, userOrderSummary } from './order-read-service.ts';
import { registerOrderExports } from './order-export-routes.ts';

/** The order calls of SPEC.md §7 (REST): parse (the domain's schemas, by route()), call the orders' services, answer. */

const SECURE = '/v0/web/secure';
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const OrderIdParams = z.object({ orderId: id });

export function registerOrderRoutes(app: FastifyInstance, deps: AppDeps, market: MarketService): void {
  registerOrderExports(app, deps);
  const ctxOf = (db: Queryable, admin: AuthAdmin | null, audit?: AuditRecorder, beforeCommit?: (step: () => Promise<void>) => void): OrderContext => ({
    q: db,
    events: deps.events,
    now: deps.now(),
    by: admin?.id ?? null,
    graceDays: deps.config.orderInterestGraceDays,
    // the treasury's coverage rule in mode alert: the change is accepted and flagged on its audit row
    ...(audit
      ? {
          coverageFlagged: (flag) => audit.note('coverage', { decision: 'flagged', ...flag }),
          priceBandAcknowledged: (check) => audit.note('priceBand', { acknowledged: true, ...check }),
        }
      : {}),
    ...(beforeCommit ? { beforeCommit } : {}),
  });
  const today = () => businessDate(deps.now());

  /** order/create and order/customize: the same call around their service function. */
  const newOrderRoute = <B extends CreateOrderBody | CustomizeOrderBody>(
    call: 'create' | 'customize',
    summary: string,
    body: z.ZodType<B>,
    enter: (ctx: OrderContext, body: B, hooks: CommandHooks) => Promise<{ id: number }>,
  ) =>
    route(app, deps, {
      method: 'POST',
      url: `${SECURE}/order/${call}`,
      summary,
      tags: ['orders'],
      auth: 'admin',
      permission: 'createOrder',
      audit: `order.${call}`,
      idempotent: true,
      body,
      response: OrderIdAnswer,
      handler: ({ db, body, admin, audit, beforeCommit }) => enter(ctxOf(db, admin, audit, beforeCommit), body, { after: (node) => audit.after(node) }),
    });
  newOrderRoute(
    'create',
    'Create a market or limit order for a user (market orders fill at once); Idempotency-Key honoured; answers {id}',
    CreateOrderBody,
    (ctx, body, hooks) => createOrder(ctx, market, deps.config.orderMinGrams, body, hooks),
  );
  newOrderRoute(
    'customize',
    'Enter an offline (customised) order with explicit prices; filled at once; possible unless panic mode; answers {id}',
    CustomizeOrderBody,
    (ctx, body, hooks) => customizeOrder(ctx, market, deps.config.orderMinGrams, body, hooks),
  );

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/customize/price_check`,
    summary: "An offline order's prices against the live mid and the XAU band, before it is placed (nothing changes); answers {bandPct, mid, breaches}",
    tags: ['orders'],
    auth: 'admin',
    // a read (the band and the live mid every console shows): no permission, no audit
    readOnly: true,
    body: CustomizeOrderBody,
    response: OfflinePriceCheck,
    handler: ({ db, body }) => offlinePriceCheck(db, market, body),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/settle/:orderId/:userId`,
    summary: "Settle a filled order of a user: the reserved fund and gold go to the desk, interest starts after the grace",
    tags: ['orders'],
    auth: 'admin',
    permission: 'settleOrder',
    audit: 'order.settle',
    idempotent: true,
    params: z.object({ orderId: id, userId: id }),
    response: OrderStatusAnswer,
    handler: ({ db, params, admin, audit }) =>
      settleByAdmin(ctxOf(db, admin), params.orderId, params.userId, {
        before: (o) => audit.before(o),
        after: (node) => audit.after({ id: node.id, status: node.status, settledAt: node.settledAt, interestStartAt: node.interestStartAt }),
      }),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/cancel/:orderId`,
    summary: 'Cancel a waiting or filled order, releasing what it reserved',
    tags: ['orders'],
    auth: 'admin',
    permission: 'cancelOrder',
    audit: 'order.cancel',
    idempotent: true,
    params: OrderIdParams,
    response: OrderStatusAnswer,
    handler: ({ db, params, admin, audit, beforeCommit }) =>
      cancelByAdmin(ctxOf(db, admin, audit, beforeCommit), params.orderId, { before: (o) => audit.before(o), after: (node) => audit.after({ id: node.id, status: node.status }) }),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/revert`,
    summary: "Revert an order with a reason: its postings are reversed and its payments refunded; it leaves the user's trade record",
    tags: ['orders'],
    auth: 'admin',
    permission: 'revertOrder',
    audit: 'order.revert',
    idempotent: true,
    body: RevertOrderBody,
    response: OrderStatusAnswer,
    handler: ({ db, body, admin, audit }) =>
      revertByAdmin(ctxOf(db, admin, audit), body.orderId, body.userId, body.reason, {
        before: (o) => audit.before(o),
        after: (node) => audit.after({ id: node.id, status: node.status, reason: body.reason }),
      }),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/payment/create`,
    summary: 'Record a payment (MYR for a buy, XAU grams delivered for a sell), interest first; Idempotency-Key honoured',
    tags: ['orders'],
    auth: 'admin',
    permission: 'addOrderPayment',
    audit: 'order.payment',
    idempotent: true,
    body: PaymentCreateBody,
    response: OrderStatusAnswer,
    handler: ({ db, body, admin, audit }) =>
      addPayment(
        ctxOf(db, admin),
        { orderId: body.orderId, userId: body.userId, amount: body.amount, paymentDate: body.paymentDate, note: body.note ?? null },
        {
          before: (o) => audit.before(o),
          after: (node) => audit.after({ id: node.id, status: node.status, amount: body.amount, paymentDate: body.paymentDate }),
        },
      ),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/payment_view/:orderId`,
    summary: "An order's payment view: amounts and interest (total, paid, owed), interest rates, payments",
    tags: ['orders'],
    auth: 'admin',
    readOnly: true,
    params: OrderIdParams,
    response: PaymentView,
    handler: ({ db, params }) => paymentViewOfOrder(db, params.orderId, today()),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/reverted_detail`,
    summary: 'Who reverted an order, when and why (nulls when it is not reverted)',
    tags: ['orders'],
    auth: 'admin',
    readOnly: true,
    body: RevertedDetailBody,
    response: RevertedDetail,
    handler: ({ db, body }) => revertedDetail(db, body.orderId),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/list_count`,
    reads: 'replica',
    summary: 'How many orders have each of the given statuses (all statuses when none given)',
    tags: ['orders'],
    auth: 'admin',
    readOnly: true,
    body: ListCountBody,
    handler: ({ db, body }) => statusCounts(db, body.status),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/summary/:userId`,
    summary: "A user's trade record: buy totals (amount, unpaid, gold not yet delivered) and sell totals (quantity, undelivered, MYR not yet paid out)",
    tags: ['orders'],
    auth: 'admin',
    readOnly: true,
    params: z.object({ userId: id }),
    response: OrderSummary,
    handler: ({ db, params }) => userOrderSummary(db, params.userId),
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
    handler: ({ db, body }) => totalOwedAt(db, body.orderId, body.paymentDate),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/order/list`,
    reads: 'replica',
    summary: 'Legacy order list: by order id, by user ([2, userId]) and by statuses; newest first, at most 1000',
    tags: ['orders'],
    auth: 'admin',
    readOnly: true,
    body: LegacyListBody,
    handler: async ({ db, body }) => {
      const cond = body.userCondition;
      const userId = cond && cond.length >= 2 ? Number(cond[1]) : null;
      if (userId !== null && (!Number.isSafeInteger(userId) || userId <= 0)) throw invalidFormat('userCondition');
      return legacyOrders(db, { orderId: body.orderId ?? null, userId, statuses: body.status ?? [] });
    },
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/order/:orderId`,
    summary: 'Order detail (SPEC.md §3 "Order detail"): the order, its prices in every unit, money owed and paid, revert information',
    tags: ['orders'],
    auth: 'admin',
    params: OrderIdParams,
    response: OrderDetail,
    handler: ({ db, params }) => orderDetail(db, params.orderId, today()),
  });
}
