import { z } from 'zod';
import { HEDGE_CURRENCIES, HEDGE_SIDES, HedgeCreateBody, type HedgeCreateBody as Body } from '@aurum/domain/hedges/hedge-schemas';
import { decimalOf } from '@aurum/domain/money/decimal-columns';
import { TREASURY_METALS } from '@aurum/domain/treasury/treasury-metals';
import { ValidationMessage } from '@aurum/domain/validation/rules';
import { BUSINESS_UTC_OFFSET, businessClock, isBusinessDateText } from '@aurum/domain/system/business-time';

const shape = HedgeCreateBody.shape;
const optional = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]);

/**
 * The Record hedge form: the body's own rules per field (packages/domain hedge-schemas), the
 * trade's moment as the browser's local date and time, and at most one order to link (more are
 * linked from the hedge's page); an order needs its grams and grams need an order.
 */
export const HedgeForm = z
  .object({
    clientRef: shape.clientRef,
    provider: shape.provider,
    providerOrderId: optional(z.string().max(64, { error: ValidationMessage.maxLength })),
    metal: z.enum(TREASURY_METALS),
    side: z.enum(HEDGE_SIDES),
    quantity: decimalOf('grams'),
    price: decimalOf('price'),
    currency: z.enum(HEDGE_CURRENCIES),
    fee: optional(decimalOf('amount', { allowZero: true })),
    tradedAt: z.string().refine(isBusinessMoment, { error: ValidationMessage.invalidDate }),
    orderId: optional(z.string().regex(/^[1-9]\d{0,15}$/, { error: ValidationMessage.invalidNumber })),
    linkQuantity: optional(decimalOf('grams')),
  })
  .superRefine((v, ctx) => {
    if (v.orderId !== '' && v.linkQuantity === '') ctx.addIssue({ code: 'custom', path: ['linkQuantity'], message: ValidationMessage.required });
    if (v.linkQuantity !== '' && v.orderId === '') ctx.addIssue({ code: 'custom', path: ['orderId'], message: ValidationMessage.required });
  });
export type HedgeForm = z.infer<typeof HedgeForm>;

/**
 * 'yyyy-MM-ddTHH:mm' of a moment in business time (the datetime-local input's value): the dealer
 * types Kuala Lumpur time, as every time of the console is shown, whatever the browser's zone.
 */
export function businessMoment(at: Date): string {
  const { date, minutes } = businessClock(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** A datetime-local value naming a real day and time ('2026-02-30T10:00' does not). */
function isBusinessMoment(value: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.exec(value);
  return m !== null && isBusinessDateText(m[1]!);
}

/** The instant of a datetime-local value read as business time. */
export function fromBusinessMoment(value: string): Date {
  return new Date(`${value.length === 16 ? `${value}:00` : value}${BUSINESS_UTC_OFFSET}`);
}

/** A fresh client reference: a retry of the same form sends the same one (the server answers the first hedge). */
export function newClientRef(): string {
  return `H-${crypto.randomUUID().slice(0, 18)}`;
}

export function hedgeFormDefaults(now: Date): HedgeForm {
  return {
    clientRef: newClientRef(),
    provider: '',
    providerOrderId: '',
    metal: 'XAU',
    side: 'BUY',
    quantity: '',
    price: '',
    currency: 'MYR',
    fee: '',
    tradedAt: businessMoment(now),
    orderId: '',
    linkQuantity: '',
  };
}

/** The body of POST hedge/create from the form. */
export function hedgeBodyOf(v: HedgeForm): Body {
  return {
    clientRef: v.clientRef,
    provider: v.provider,
    ...(v.providerOrderId ? { providerOrderId: v.providerOrderId } : {}),
    metal: v.metal,
    side: v.side,
    quantity: v.quantity,
    price: v.price,
    currency: v.currency,
    fee: v.fee === '' ? '0' : v.fee,
    tradedAt: fromBusinessMoment(v.tradedAt).toISOString(),
    ...(v.orderId ? { orders: [{ orderId: Number(v.orderId), quantity: v.linkQuantity }] } : {}),
  };
}

/** The link form of a hedge's page: one order and its grams. */
export const LinkForm = z.object({
  orderId: z.string().regex(/^[1-9]\d{0,15}$/, { error: ValidationMessage.invalidNumber }),
  quantity: decimalOf('grams'),
});
export type LinkForm = z.infer<typeof LinkForm>;
