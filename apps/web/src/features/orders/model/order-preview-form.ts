import { z } from 'zod';
import type { ErrorDetail } from '@aurum/domain/errors/catalogue';
import { Decimal, SCALE, decimalField, isDecimalText, roundTo } from '@aurum/domain/money/decimal';
import { limitOnWrongSide } from '@aurum/domain/orders/order-rules';
import { DEFAULT_MIN_ORDER_GRAMS, type CreateOrderBody, type CustomizeOrderBody } from '@aurum/domain/orders/order-schemas';
import { SYMBOLS, type Symbol } from '@aurum/domain/system/metals';
import type { TradeSide } from '@aurum/domain/users/user-enums';
import { ValidationMessage } from '@aurum/domain/validation/rules';

/**
 * The Create Order forms (online and offline) as zod schemas over the typed strings, and their
 * request bodies. The request rules are the domain's (CreateOrderBody, CustomizeOrderBody); what
 * the form adds needs the moment: the minimum quantity, the live price a limit must be beyond,
 * today's date for GTD.
 */
export const MIN_ORDER_GRAMS = DEFAULT_MIN_ORDER_GRAMS;
export const NOTE_MAX_LENGTH = 1000;
/** Validation keys the forms add to the domain's (validation namespace). */
export const OrderFormMessage = { priceLimit: 'priceLimit', minimumQuantity: 'minimumQuantity' } as const;

const required = { error: ValidationMessage.required };
const userIdField = z.string(required).regex(/^\d+$/, required);
const sideField = z.enum(['buy', 'sell'], required);
const symbolField = z.enum(SYMBOLS, required);
const note = z.string().max(NOTE_MAX_LENGTH, { error: ValidationMessage.maxLength });

function quantityField(minGrams: string) {
  return decimalField(SCALE.XAU).refine((v) => !isDecimalText(v) || new Decimal(v).gte(minGrams), {
    error: OrderFormMessage.minimumQuantity,
    params: { value: minGrams },
  });
}

export interface OnlineFormContext {
  /** Today in business time (yyyy-MM-dd): a GTD date may not be before it. */
  today: string;
  minGrams?: string;
  /** The user's live price on a side (MYR/g or USD/oz), read when the form validates. */
  livePrice: (symbol: Symbol, side: TradeSide) => string | null;
}

export function onlineOrderSchema(ctx: OnlineFormContext) {
  return z
    .object({
      userId: userIdField,
      orderType: z.enum(['MARKET', 'LIMIT'], required),
      action: sideField,
      symbol: symbolField,
      quantity: quantityField(ctx.minGrams ?? MIN_ORDER_GRAMS),
      price: z.string().optional(),
      expiration: z.enum(['GTC', 'GTD']),
      goodTillDate: z.string().optional(),
      comment: note.optional(),
    })
    .superRefine((v, issue) => {
      if (v.orderType !== 'LIMIT') return;
      const price = v.price ?? '';
      const parsed = decimalField(SCALE.pricePerGram).safeParse(price);
      if (!parsed.success) {
        issue.addIssue({ code: 'custom', path: ['price'], message: parsed.error.issues[0]?.message ?? ValidationMessage.invalidNumber });
      } else {
        const beyond = limitOnWrongSide(price, v.action, ctx.livePrice(v.symbol, v.action));
        if (beyond !== null) issue.addIssue({ code: 'custom', path: ['price'], message: OrderFormMessage.priceLimit, params: { price: beyond } });
      }
      if (v.expiration === 'GTD') {
        const date = v.goodTillDate ?? '';
        if (date === '') issue.addIssue({ code: 'custom', path: ['goodTillDate'], message: ValidationMessage.required });
        else if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
          issue.addIssue({ code: 'custom', path: ['goodTillDate'], message: ValidationMessage.invalidDate });
        else if (date < ctx.today) issue.addIssue({ code: 'custom', path: ['goodTillDate'], message: ValidationMessage.greaterThanOrEqual, params: { compared: ctx.today } });
      }
    });
}
export type OnlineOrderInput = z.input<ReturnType<typeof onlineOrderSchema>>;
export type OnlineOrderValues = z.output<ReturnType<typeof onlineOrderSchema>>;

export const currencyOf = (symbol: Symbol): 'MYR' | 'USD' => (symbol === 'XAU/MYR' ? 'MYR' : 'USD');

/**
 * POST order/create's body: action 0 buy / 1 sell, price only on a limit, GTD date only when GTD
 * (else null); a market order carries the quoteId of the price its preview showed (decision 0866), so
 * it is priced at that price or refused (2091) once the quote has expired.
 */
export function createOrderBody(v: OnlineOrderValues, quoteId: string | null = null): CreateOrderBody {
  const limit = v.orderType === 'LIMIT';
  const comment = v.comment?.trim() ?? '';
  return {
    userId: Number(v.userId),
    action: v.action === 'buy' ? 0 : 1,
    orderType: v.orderType,
    price: limit ? (v.price ?? null) : null,
    symbol: v.symbol,
    currency: currencyOf(v.symbol),
    quantity: v.quantity,
    goodTillDate: limit && v.expiration === 'GTD' ? (v.goodTillDate ?? null) : null,
    comment: comment === '' ? null : comment,
    ...(!limit && quoteId ? { quoteId } : {}),
  };
}

/** A positive number of any precision, formatted when sent (SPEC.md §5: exchange rate 4 decimals, final price 3). */
const positiveNumber = z
  .string(required)
  .min(1, required)
  .refine(isDecimalText, { error: ValidationMessage.invalidNumber })
  .refine((v) => !isDecimalText(v) || new Decimal(v).gt(0), { error: ValidationMessage.greaterThanZero });

export function offlineOrderSchema(ctx: { minGrams?: string } = {}) {
  return z.object({
    userId: userIdField,
    action: sideField,
    symbol: symbolField,
    quantity: quantityField(ctx.minGrams ?? MIN_ORDER_GRAMS),
    source: note.optional(),
    costPrice: decimalField(SCALE.pricePerGram),
    quotePrice: decimalField(SCALE.pricePerGram),
    exchangeRate: positiveNumber.refine((v) => !isDecimalText(v) || new Decimal(roundTo(v, SCALE.exchangeRate)).gt(0), { error: ValidationMessage.greaterThanZero }),
    finalPrice: positiveNumber.refine((v) => !isDecimalText(v) || new Decimal(roundTo(v, SCALE.pricePerGram)).gt(0), { error: ValidationMessage.greaterThanZero }),
    note: note.optional(),
    constantType: z.enum(['regular', 'afterHour']),
  });
}
export type OfflineOrderInput = z.input<ReturnType<typeof offlineOrderSchema>>;
export type OfflineOrderValues = z.output<ReturnType<typeof offlineOrderSchema>>;

/**
 * POST order/customize's body: exchange rate to 4 decimals, final price to 3, useAhtConfig when
 * after-hour; `priceBandAcknowledged` once the maker ticked the review's warning (decision 0751).
 */
export function customizeOrderBody(v: OfflineOrderValues, priceBandAcknowledged = false): CustomizeOrderBody {
  const text = (s: string | undefined) => (s?.trim() ? s.trim() : null);
  return {
    userId: Number(v.userId),
    action: v.action === 'buy' ? 0 : 1,
    symbol: v.symbol,
    currency: currencyOf(v.symbol),
    quantity: v.quantity,
    source: text(v.source),
    costPrice: v.costPrice,
    quotePrice: v.quotePrice,
    exchangeRate: roundTo(v.exchangeRate, SCALE.exchangeRate),
    finalPrice: roundTo(v.finalPrice, SCALE.pricePerGram),
    note: text(v.note),
    useAhtConfig: v.constantType === 'afterHour',
    priceBandAcknowledged,
  };
}

/**
 * The server's refusal of a quantity under its configured minimum (400, 1001, context 'quantity',
 * detail {rule: 'minimumQuantity', value: N}): the minimum, to show the form's message under the field.
 */
export function minimumFromServer(error: { context: string | null; detail?: ErrorDetail | undefined }): string | null {
  const { context, detail } = error;
  return context === 'quantity' && detail?.rule === 'minimumQuantity' && detail.value !== undefined ? String(detail.value) : null;
}

/**
 * Idempotency keys, one per form submission: a submission of the same body reuses the key until
 * it succeeds (a double click, or a retry after no answer came, creates one order); a changed body
 * gets a new key (the server refuses a key reused with another body, 409 3101); after a success
 * the next submission is a new order.
 */
export function submissionKeys(newKey: () => string = () => crypto.randomUUID()) {
  let current: { key: string; body: string } | null = null;
  return {
    keyFor(body: unknown): string {
      // the quote a body carries changes with every price: the same order under a newer quote keeps its key
      const text = JSON.stringify(body, (k, v: unknown) => (k === 'quoteId' ? undefined : v));
      if (!current || current.body !== text) current = { key: newKey(), body: text };
      return current.key;
    },
    /** The order was created: the next submission is another order. */
    succeeded(): void {
      current = null;
    },
  };
}
