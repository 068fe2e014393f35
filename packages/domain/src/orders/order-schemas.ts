import { z } from 'zod';
import { SCALE, decimalField } from '../money/decimal.ts';
import { ValidationMessage } from '../validation/rules.ts';
import { SYMBOLS } from '../system/metals.ts';
import { ORDER_STATUSES, TIMELINE_ACTIONS } from './order-status.ts';

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

const ymd = z
  .string({ error: ValidationMessage.invalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: ValidationMessage.invalidDate })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    error: ValidationMessage.invalidDate,
  });
export const dateField = ymd;

const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);
const optionalNote = z.preprocess((v) => (v === '' ? null : v), z.string().max(1000, { error: ValidationMessage.maxLength }).nullable().optional());
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Action on create: 0 buy, 1 sell (SPEC.md §3). */
export const ActionCode = z.union([z.literal(0), z.literal(1)]);

export const CreateOrderBody = z
  .object({
    userId: id,
    action: ActionCode,
    orderType: z.preprocess(upper, z.enum(['MARKET', 'LIMIT'])),
    /** Limit price: MYR per gram for XAU/MYR, USD per troy ounce for XAU/USD; ignored for market orders. */
    price: z.preprocess((v) => (v === '' || v === 0 ? null : typeof v === 'number' ? String(v) : v), decimalField(SCALE.pricePerGram).nullable().optional()),
    symbol: z.preprocess(upper, z.enum(SYMBOLS)),
    currency: z.preprocess(upper, z.enum(ORDER_CURRENCIES)),
    /** Grams, 4 decimals. */
    quantity: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), decimalField(SCALE.XAU)),
    /** GTD: the last business date the order may wait (yyyy-MM-dd); null is GTC. */
    goodTillDate: z.preprocess((v) => (v === '' ? null : v), ymd.nullable().optional()),
    comment: optionalNote,
  })
  .refine((b) => b.orderType !== 'LIMIT' || (b.price !== null && b.price !== undefined), { path: ['price'], error: ValidationMessage.required })
  .refine((b) => (b.symbol === 'XAU/MYR' ? b.currency === 'MYR' : b.currency === 'USD'), { path: ['currency'], error: 'currencyOfSymbol' });
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;

export const CustomizeOrderBody = z
  .object({
    userId: id,
    action: ActionCode,
    symbol: z.preprocess(upper, z.enum(SYMBOLS)),
    currency: z.preprocess(upper, z.enum(ORDER_CURRENCIES)),
    quantity: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), decimalField(SCALE.XAU)),
    source: optionalNote,
    /** What the desk paid an outside provider, per gram in the order's currency. */
    costPrice: decimalField(SCALE.pricePerGram),
    /** The quote the customer was given before adjustment, per gram. */
    quotePrice: decimalField(SCALE.pricePerGram),
    /** USD/MYR, 4 decimals. */
    exchangeRate: decimalField(SCALE.exchangeRate),
    /** The price the customer pays or gets, per gram in the order's currency, 3 decimals. */
    finalPrice: decimalField(SCALE.pricePerGram),
    note: optionalNote,
    useAhtConfig: z.boolean().default(false),
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
  amount: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), decimalField(SCALE.XAU)),
  paymentDate: ymd,
});

export const TotalOwedBody = z.object({ orderId: id, paymentDate: ymd });
export const RevertedDetailBody = z.object({ orderId: id });

/** Status names as the console sends them (Created) or as the server stores them (CREATED). */
export const StatusName = z.preprocess(upper, z.enum(ORDER_STATUSES));
export const ListCountBody = z.object({ filterType: z.literal('Status').default('Status'), status: z.array(StatusName).default([]) });

export const LegacyListBody = z.object({
  orderId: id.nullable().optional(),
  /** The legacy pair: [2, userId] (2 = USER_ID). */
  userCondition: z.array(z.union([z.number(), z.string()])).nullable().optional(),
  status: z.array(StatusName).nullable().optional(),
});

export const TimelineEntry = z.object({ id: z.number(), action: z.enum(TIMELINE_ACTIONS), date: z.string(), secondaryDate: z.string().nullable() });
export type TimelineEntry = z.infer<typeof TimelineEntry>;

/** An order as the connection and the socket give it (SPEC.md §3 "Order"). Amounts are decimal strings. */
export interface OrderNode {
  id: number;
  executionId: string;
  orderType: OrderType;
  status: (typeof ORDER_STATUSES)[number];
  action: OrderSide;
  symbol: string;
  userId: number;
  username: string;
  currency: OrderCurrency;
  quantityGram: string;
  quantityOz: string;
  costPrice: string | null;
  quotePrice: string | null;
  myrPrice: string | null;
  usdPrice: string | null;
  exchangeRate: string | null;
  limitPrice: string | null;
  amount: string | null;
  createdAt: string;
  filledAt: string | null;
  settledAt: string | null;
  interestStartAt: string | null;
  completedAt: string | null;
  goodTillDate: string | null;
  goodTilDate: string | null;
  creditDeducted: string;
  balanceDeducted: string;
  goldReserved: string;
  spreadAdjustment: string | null;
  customizedAdjustment: string | null;
  userFee: string | null;
  globalFee: string | null;
  source: string | null;
  note: string | null;
  comment: string | null;
  isCustom: boolean;
  timeline: TimelineEntry[];
}

/** The payment view (SPEC.md §3): amounts in the owed unit (MYR for buys, XAU grams for sells). */
export interface PaymentView {
  kind: 'myr' | 'xau';
  amountTotal: string;
  amountPaid: string;
  amountOwed: string;
  interestTotal: string;
  interestPaid: string;
  interestOwed: string;
  interestRate: { personal: string; global: string; total: string };
  payments: Array<{ id: number; received: { kind: 'myr' | 'xau'; value: string }; paymentMadeAt: string; submittedBy: string | null; note: string | null }>;
}
