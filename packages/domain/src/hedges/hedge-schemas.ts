import { z } from 'zod';
import { decimalOf, idField } from '../money/decimal-columns.ts';
import { listQuery, pageSchema } from '../list/paging.ts';
import { ValidationMessage } from '../validation/rules.ts';
import { calendarDate, calendarMoment } from '../validation/calendar-fields.ts';
import { TREASURY_METALS } from '../treasury/treasury-metals.ts';
import { blankToUndefined, upperCode } from '../validation/preprocess.ts';

/**
 * Hedges (decision 0840): trades with
 * outside providers that bring the house's net position back within its band. A hedge follows the
 * net position, not order by order; it may name the orders it covers (parts of several orders),
 * and an order may be covered by several hedges.
 */
export const HEDGE_SIDES = ['BUY', 'SELL'] as const;
export type HedgeSide = (typeof HEDGE_SIDES)[number];
export const HEDGE_STATES = ['filled', 'settled', 'canceled'] as const;
export type HedgeState = (typeof HEDGE_STATES)[number];
export const HEDGE_CURRENCIES = ['MYR', 'USD'] as const;
export type HedgeCurrency = (typeof HEDGE_CURRENCIES)[number];

/** At most this many orders named in one call (record or link). */
export const HEDGE_LINKS_MAX = 100;
export const HEDGE_TEXT_MAX = 64;
export const HEDGE_PROVIDER_MAX = 100;

/** Printable text without surrounding spaces. */
const label = (max: number) =>
  z
    .string({ error: ValidationMessage.required })
    .min(1, { error: ValidationMessage.required })
    .max(max, { error: ValidationMessage.maxLength })
    .refine((v) => v.trim() === v && !/\p{Cc}/u.test(v), { error: ValidationMessage.noEdgeSpaces });

/** One order a hedge covers and how many grams of it. */
export const HedgeLink = z.object({ orderId: idField, quantity: decimalOf('grams') });
export type HedgeLink = z.infer<typeof HedgeLink>;

const links = z
  .array(HedgeLink)
  .max(HEDGE_LINKS_MAX)
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    list.forEach((l, i) => {
      if (seen.has(l.orderId)) ctx.addIssue({ code: 'custom', path: [i, 'orderId'], message: 'duplicate' });
      seen.add(l.orderId);
    });
  });

/**
 * POST hedge/create. `clientRef` is the idempotency key: the same clientRef with the same body
 * answers the first hedge again (no second row); with another body it is 409 (3101). `price` is
 * per gram in MYR (currency MYR) or per troy ounce in USD (currency USD), the units of the orders'
 * prices; `fee` is in the hedge's currency.
 */
export const HedgeCreateBody = z.object({
  clientRef: label(HEDGE_TEXT_MAX),
  provider: label(HEDGE_PROVIDER_MAX),
  providerOrderId: z.preprocess(blankToUndefined, label(HEDGE_TEXT_MAX).optional()),
  metal: z.preprocess(upperCode, z.enum(TREASURY_METALS)),
  side: z.preprocess(upperCode, z.enum(HEDGE_SIDES)),
  quantity: decimalOf('grams'),
  price: decimalOf('price'),
  currency: z.preprocess(upperCode, z.enum(HEDGE_CURRENCIES)),
  fee: z.preprocess(blankToUndefined, decimalOf('amount', { allowZero: true }).default('0')),
  tradedAt: calendarMoment,
  orders: z.preprocess(blankToUndefined, links.optional()),
  /** A USD hedge's USD/MYR rate for the journal (decision 1042); else the first covered order's rate, else the live mid. */
  exchangeRate: z.preprocess(blankToUndefined, decimalOf('exchangeRate').optional()),
});
export type HedgeCreateBody = z.infer<typeof HedgeCreateBody>;

/** POST hedge/link/{hedgeId}: more orders the hedge covers. */
export const HedgeLinkBody = z.object({ orders: links.refine((l) => l.length > 0, { error: ValidationMessage.required }) });
export type HedgeLinkBody = z.infer<typeof HedgeLinkBody>;

export const HedgeIdParams = z.object({ hedgeId: idField });

export const HEDGE_SORT_FIELDS = ['id', 'tradedAt', 'quantity', 'price', 'provider'] as const;

/** GET hedge/list: filters (metal, provider, state, traded from/to as yyyy-MM-dd business days) and the shared paging. */
export const HedgeListQuery = listQuery(HEDGE_SORT_FIELDS).extend({
  metal: z.preprocess((v) => upperCode(blankToUndefined(v)), z.enum(TREASURY_METALS).optional()),
  provider: z.preprocess(blankToUndefined, z.string().max(HEDGE_PROVIDER_MAX).optional()),
  state: z.preprocess(blankToUndefined, z.enum(HEDGE_STATES).optional()),
  tradedFrom: z.preprocess(blankToUndefined, calendarDate.optional()),
  tradedTo: z.preprocess(blankToUndefined, calendarDate.optional()),
});
export type HedgeListQuery = z.infer<typeof HedgeListQuery>;

const text = z.string();
const maybe = z.string().nullable();

/** One hedge as the list and the detail answer it; grams 4 decimals, price 3, fee 2. */
export const HedgeView = z.object({
  id: z.number().int(),
  clientRef: text,
  provider: text,
  providerOrderId: maybe,
  metal: z.enum(TREASURY_METALS),
  side: z.enum(HEDGE_SIDES),
  quantity: text,
  price: text,
  currency: z.enum(HEDGE_CURRENCIES),
  fee: text,
  tradedAt: text,
  state: z.enum(HEDGE_STATES),
  /** the house's net position of the metal before and after this hedge (grams, signed) */
  positionBefore: text,
  positionAfter: text,
  /** grams of orders linked to it, and what is left to link */
  linked: text,
  unlinked: text,
  createdBy: maybe,
  createdAt: text,
});
export type HedgeView = z.infer<typeof HedgeView>;

export const HedgePage = pageSchema(HedgeView);
export type HedgePage = z.infer<typeof HedgePage>;

/** One order a hedge covers, with the spread earned on the linked grams (null when a price is missing). */
export const HedgeCoveredOrder = z.object({
  orderId: z.number().int(),
  username: maybe,
  action: z.enum(['BUY', 'SELL']),
  status: text,
  symbol: text,
  currency: z.enum(HEDGE_CURRENCIES),
  orderQuantity: text,
  quantity: text,
  /** the order's customer price: MYR per gram or USD per troy ounce */
  orderPrice: maybe,
  spreadPerGram: maybe,
  spread: maybe,
});
export type HedgeCoveredOrder = z.infer<typeof HedgeCoveredOrder>;

export const HedgeDetail = HedgeView.extend({ orders: z.array(HedgeCoveredOrder) });
export type HedgeDetail = z.infer<typeof HedgeDetail>;

/** A hedge covering an order, as the order's detail shows it (spread in the order's currency). */
export const OrderHedgeCover = z.object({
  hedgeId: z.number().int(),
  clientRef: text,
  provider: text,
  side: z.enum(HEDGE_SIDES),
  state: z.enum(HEDGE_STATES),
  quantity: text,
  price: text,
  currency: z.enum(HEDGE_CURRENCIES),
  spreadPerGram: maybe,
  spread: maybe,
});
export type OrderHedgeCover = z.infer<typeof OrderHedgeCover>;
