import { z } from 'zod';
import { ORDER_STATUSES, TIMELINE_ACTIONS } from '@aurum/domain/orders/order-status';
import { ORDER_CURRENCIES, ORDER_SIDES, ORDER_TYPES, type OrderNode, type PaymentView } from '@aurum/domain/orders/order-schemas';

/**
 * Answers of the order calls, checked against the domain's types (OrderNode, PaymentView) so the
 * console and the server cannot drift apart silently.
 */
const text = z.string();
const maybe = z.string().nullable();

export const TimelineEntryWire = z.object({ id: z.number(), action: z.enum(TIMELINE_ACTIONS), date: text, secondaryDate: maybe });

export const OrderNodeWire = z.object({
  id: z.number(),
  executionId: text,
  orderType: z.enum(ORDER_TYPES),
  status: z.enum(ORDER_STATUSES),
  action: z.enum(ORDER_SIDES),
  symbol: text,
  userId: z.number(),
  username: text,
  currency: z.enum(ORDER_CURRENCIES),
  quantityGram: text,
  quantityOz: text,
  costPrice: maybe,
  quotePrice: maybe,
  myrPrice: maybe,
  usdPrice: maybe,
  exchangeRate: maybe,
  limitPrice: maybe,
  amount: maybe,
  createdAt: text,
  filledAt: maybe,
  settledAt: maybe,
  interestStartAt: maybe,
  completedAt: maybe,
  goodTillDate: maybe,
  goodTilDate: maybe,
  creditDeducted: text,
  balanceDeducted: text,
  goldReserved: text,
  spreadAdjustment: maybe,
  customizedAdjustment: maybe,
  userFee: maybe,
  globalFee: maybe,
  source: maybe,
  note: maybe,
  comment: maybe,
  isCustom: z.boolean(),
  timeline: z.array(TimelineEntryWire),
}) satisfies z.ZodType<OrderNode>;

const kind = z.enum(['myr', 'xau']);
export const PaymentViewWire = z.object({
  kind,
  amountTotal: text,
  amountPaid: text,
  amountOwed: text,
  interestTotal: text,
  interestPaid: text,
  interestOwed: text,
  interestRate: z.object({ personal: text, global: text, total: text }),
  payments: z.array(
    z.object({ id: z.number(), received: z.object({ kind, value: text }), paymentMadeAt: text, submittedBy: maybe, note: maybe }),
  ),
}) satisfies z.ZodType<PaymentView>;

const fees = z.object({ personal: maybe, global: maybe }).nullable();

/** GET order/{id} (docs/decisions.md "Orders": the admin detail of SPEC.md §3). */
export const OrderDetailWire = z.object({
  order: OrderNodeWire,
  id: z.number(),
  username: text,
  type: z.enum(['online', 'offline']),
  orderType: z.enum(['market', 'limit', 'offline']),
  action: z.enum(['buy', 'sell']),
  pair: text,
  status: z.enum(ORDER_STATUSES),
  quantity: z.object({ gram: text, oz: text }),
  price: z.object({ myrPerGram: maybe, myrPerKg: maybe, usdPerGram: maybe, usdPerKg: maybe, usdPerOz: maybe, limit: maybe }),
  spread: z.object({ buy: maybe, sell: maybe }),
  exchangeRate: maybe,
  interest: text,
  interestRate: z.object({ personal: text, global: text, total: text }),
  premium: fees,
  refineryFees: fees,
  totalAmount: maybe,
  amountPaid: maybe,
  amountUnpaid: maybe,
  quantityPaid: maybe,
  quantityUnpaid: maybe,
  amountOwed: z.object({ myr: text, xau: text }),
  expiration: z.object({ type: z.enum(['GTC', 'GTD']), date: maybe }),
  paymentDate: maybe,
  settledAt: maybe,
  settlementAmount: maybe,
  costAmount: maybe,
  averagePrice: maybe,
  adminNote: maybe,
  userComment: maybe,
  revertReason: maybe,
  revertedExecutor: maybe,
  revertedAt: maybe,
  createdAt: text,
  createdBy: maybe,
  timeline: z.array(TimelineEntryWire),
  external: z.object({ source: maybe, price: maybe, quantity: maybe }).nullable(),
  payment: PaymentViewWire,
});
export type OrderDetail = z.infer<typeof OrderDetailWire>;

/** The status answer of settle, cancel, revert and payment/create. */
export const OrderStatusAnswer = z.object({ id: z.number(), status: text });

/** Query keys of the order calls (one root, so a change invalidates every order view). */
export const orderKeys = {
  all: ['orders'] as const,
  connection: (variables: unknown) => ['orders', 'connection', variables] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
  payment: (id: number) => ['orders', 'payment', id] as const,
  reverted: (id: number) => ['orders', 'reverted', id] as const,
  owed: (id: number, date: string) => ['orders', 'owed', id, date] as const,
  counts: ['orders', 'counts'] as const,
  summary: (userId: number) => ['orders', 'summary', userId] as const,
};
