import { z } from 'zod';
import { OrderHedgeCover } from '../hedges/hedge-schemas.ts';
import { decimalOf, idField } from '../money/decimal-columns.ts';
import { ValidationMessage } from '../validation/rules.ts';
import { calendarDate } from '../validation/calendar-fields.ts';
import { SYMBOLS } from '../system/metals.ts';
import { ORDER_STATUSES, TIMELINE_ACTIONS } from './order-status.ts';
import { upperCode } from '../validation/preprocess.ts';

/**
 * The order calls of SPEC.md §7 (request bodies) and their answers, declared once: the server
 * validates with them, the console types its calls with them.
 */
export const ORDER_TYPES = ['MARKET', 'LIMIT', 'OFF_LINE'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const ORDER_SIDES = ['BUY', 'SELL'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
export const ORDER_CURRENCIES = ['MYR', 'USD'] as const;
export type OrderCurrency = (typeof ORDER_CURRENCIES)[number];

/** Minimum quantity of an order in grams when the server is not configured otherwise (DECISIONS.md §5). */
export const DEFAULT_MIN_ORDER_GRAMS = '1';

const optionalNote = z.preprocess((v) => (v === '' ? null : v), z.string().max(1000, { error: ValidationMessage.maxLength }).nullable().optional());
const id = idField;

/** Action on create: 0 buy, 1 sell (SPEC.md §3). */
export const ActionCode = z.union([z.literal(0), z.literal(1)]);

export const CreateOrderBody = z
  .object({
    userId: id,
    action: ActionCode,
    orderType: z.preprocess(upperCode, z.enum(['MARKET', 'LIMIT'])),
    /** Limit price: MYR per gram for XAU/MYR, USD per troy ounce for XAU/USD; ignored for market orders. */
    price: z.preprocess((v) => (v === '' || v === 0 ? null : typeof v === 'number' ? String(v) : v), decimalOf('price').nullable().optional()),
    symbol: z.preprocess(upperCode, z.enum(SYMBOLS)),
    currency: z.preprocess(upperCode, z.enum(ORDER_CURRENCIES)),
    /** Grams, 4 decimals. */
    quantity: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), decimalOf('grams')),
    /** GTD: the last business date the order may wait (yyyy-MM-dd); null is GTC. */
    goodTillDate: z.preprocess((v) => (v === '' ? null : v), calendarDate.nullable().optional()),
    comment: optionalNote,
    /**
     * The quote the console showed (a Price frame's quoteId, decision 0865): the order is priced at it,
     * or refused with 2091 once it has expired; absent, the live price prices it.
     */
    quoteId: z.preprocess((v) => (v === '' ? null : v), z.string().max(2048).nullable().optional()),
  })
  .refine((b) => b.orderType !== 'LIMIT' || (b.price !== null && b.price !== undefined), { path: ['price'], error: ValidationMessage.required })
  .refine((b) => (b.symbol === 'XAU/MYR' ? b.currency === 'MYR' : b.currency === 'USD'), { path: ['currency'], error: 'currencyOfSymbol' });
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;

export const CustomizeOrderBody = z
  .object({
    userId: id,
    action: ActionCode,
    symbol: z.preprocess(upperCode, z.enum(SYMBOLS)),
    currency: z.preprocess(upperCode, z.enum(ORDER_CURRENCIES)),
    quantity: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), decimalOf('grams')),
    source: optionalNote,
    /** What the desk paid an outside provider, per gram in the order's currency. */
    costPrice: decimalOf('price'),
    /** The quote the customer was given before adjustment, per gram. */
    quotePrice: decimalOf('price'),
    /** USD/MYR, 4 decimals. */
    exchangeRate: decimalOf('exchangeRate'),
    /** The price the customer pays or gets, per gram in the order's currency, 3 decimals. */
    finalPrice: decimalOf('price'),
    note: optionalNote,
    useAhtConfig: z.boolean().default(false),
    /** The maker checked the prices outside the metal's band against the live mid (decision 0751); without it such an order is refused (2092). */
    priceBandAcknowledged: z.boolean().default(false),
  })
  .refine((b) => (b.symbol === 'XAU/MYR' ? b.currency === 'MYR' : b.currency === 'USD'), { path: ['currency'], error: 'currencyOfSymbol' });
export type CustomizeOrderBody = z.infer<typeof CustomizeOrderBody>;

export const RevertOrderBody = z.object({
  userId: id,
  orderId: id,
  reason: z.string({ error: ValidationMessage.required }).trim().min(1, { error: ValidationMessage.required }).max(1000),
});

export const PaymentCreateBody = z.object({
  userId: id,
  orderId: id,
  note: optionalNote,
  /** MYR (2 decimals) for a buy, XAU grams (4 decimals) for a sell; checked against the order's side. */
  amount: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), decimalOf('posting')),
  paymentDate: calendarDate,
});

export const TotalOwedBody = z.object({ orderId: id, paymentDate: calendarDate });
export const RevertedDetailBody = z.object({ orderId: id });

/** Status names as the console sends them (Created) or as the server stores them (CREATED). */
export const StatusName = z.preprocess(upperCode, z.enum(ORDER_STATUSES));
export const ListCountBody = z.object({ filterType: z.literal('Status').default('Status'), status: z.array(StatusName).default([]) });

export const LegacyListBody = z.object({
  orderId: id.nullable().optional(),
  /** The legacy pair: [2, userId] (2 = USER_ID). */
  userCondition: z.array(z.union([z.number(), z.string()])).nullable().optional(),
  status: z.array(StatusName).nullable().optional(),
});

/** A timeline entry of an order (SPEC.md §3): the action and its date (ISO), a payment's date as the secondary date. */
export const TimelineEntry = z.object({ id: z.number().int(), action: z.enum(TIMELINE_ACTIONS), date: z.string(), secondaryDate: z.string().nullable() });
export type TimelineEntry = z.infer<typeof TimelineEntry>;

const text = z.string();
const maybe = z.string().nullable();

/**
 * An order as the connection, the socket and the order calls give it (SPEC.md §3 "Order"),
 * declared ONCE: the server builds it (order-repository `toNodes`), the GraphQL `Order` type is
 * generated from it (apps/server/src/http/graphql-from-zod.ts), the console parses and types its
 * answers with it. Amounts, prices and quantities are decimal strings; dates ISO strings.
 */
export const OrderNode = z.object({
  id: z.number().int(),
  executionId: text,
  orderType: z.enum(ORDER_TYPES),
  status: z.enum(ORDER_STATUSES),
  action: z.enum(ORDER_SIDES),
  symbol: text,
  userId: z.number().int(),
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
  timeline: z.array(TimelineEntry),
});
export type OrderNode = z.infer<typeof OrderNode>;

const owedKind = z.enum(['myr', 'xau']);
const rates = z.object({ personal: text, global: text, total: text });

/** The payment view (SPEC.md §3): amounts in the owed unit (MYR for buys, XAU grams for sells). */
export const PaymentView = z.object({
  kind: owedKind,
  amountTotal: text,
  amountPaid: text,
  amountOwed: text,
  interestTotal: text,
  interestPaid: text,
  interestOwed: text,
  interestRate: rates,
  payments: z.array(z.object({ id: z.number().int(), received: z.object({ kind: owedKind, value: text }), paymentMadeAt: text, submittedBy: maybe, note: maybe })),
});
export type PaymentView = z.infer<typeof PaymentView>;

const fees = z.object({ personal: maybe, global: maybe }).nullable();

/** GET order/{id}: the admin detail of SPEC.md §3 (decision 0407). */
export const OrderDetail = z.object({
  order: OrderNode,
  id: z.number().int(),
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
  interestRate: rates,
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
  timeline: z.array(TimelineEntry),
  external: z.object({ source: maybe, price: maybe, quantity: maybe }).nullable(),
  /** the hedges covering the order (decision 0845), with the spread earned in the order's currency */
  hedges: z.array(OrderHedgeCover),
  payment: PaymentView,
});
export type OrderDetail = z.infer<typeof OrderDetail>;

/** The answer of order/create and order/customize. */
export const OrderIdAnswer = z.object({ id: z.number().int() });

/** The status answer of settle, cancel, revert and payment/create. */
export const OrderStatusAnswer = z.object({ id: z.number().int(), status: text });
export type OrderStatusAnswer = z.infer<typeof OrderStatusAnswer>;

/** POST order/reverted_detail: who reverted an order, when and why (nulls when it is not reverted). */
export const RevertedDetail = z.object({ executor: maybe, executedAt: maybe, reason: maybe });
export type RevertedDetail = z.infer<typeof RevertedDetail>;

/** POST order/summary/{userId} (SPEC.md §3 "User order summary"): MYR amounts 2 decimals, grams 4. */
export const OrderSummary = z.object({
  buy: z.object({ totalAmount: text, unpaidAmount: text, outstandingQuantity: text }),
  sell: z.object({ totalQuantity: text, unpaidQuantity: text, outstandingAmount: text }),
});
export type OrderSummary = z.infer<typeof OrderSummary>;
