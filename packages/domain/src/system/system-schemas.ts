import { z } from 'zod';
import { Decimal, isDecimalText } from '../money/decimal.ts';
import { ID_MAX, decimalOf, signedDecimalOf } from '../money/decimal-columns.ts';
import { ValidationMessage } from '../validation/rules.ts';
import { calendarDate, calendarMoment } from '../validation/calendar-fields.ts';

/** POST mode/set_panic, set_trading_period, set_auto_settle: `{enabled}`. */
export const ModeBody = z.object({ enabled: z.boolean({ error: ValidationMessage.required }) });
export type ModeBody = z.infer<typeof ModeBody>;

/** GET mode (SPEC.md §7). */
export const ModeAnswer = z.object({
  panicMode: z.boolean(),
  tradingPeriodMode: z.boolean(),
  autoSettleConfig: z.object({ enabled: z.boolean(), reenableAt: z.string().nullable() }),
});
export type ModeAnswer = z.infer<typeof ModeAnswer>;


export const HolidayBody = z.object({
  name: z
    .string({ error: ValidationMessage.required })
    .min(1, { error: ValidationMessage.required })
    .max(100, { error: ValidationMessage.maxLength })
    .refine((v) => v.trim() === v, { error: ValidationMessage.noEdgeSpaces }),
  date: calendarDate,
});
export type HolidayBody = z.infer<typeof HolidayBody>;

export const Holiday = HolidayBody.extend({ id: z.number().int() });
export type Holiday = z.infer<typeof Holiday>;

/** DELETE holiday: `{id: [number]}`. */
export const HolidayDeleteBody = z.object({ id: z.array(z.number().int().positive().max(ID_MAX)).min(1).max(366) });

/** POST adjust/{metal}[/aht]/currency/update: currencyKind 'MYR', bid, ask (strings, may be negative). */
export const CurrencyAdjustBody = z.object({
  currencyKind: z.literal('MYR'),
  bid: signedDecimalOf('exchangeRate', '10'),
  ask: signedDecimalOf('exchangeRate', '10'),
});
export type CurrencyAdjustBody = z.infer<typeof CurrencyAdjustBody>;

/** POST adjust/{metal}[/aht]/spread/update: USD per troy ounce, not negative. */
export const SpreadAdjustBody = z.object({
  buySpread: decimalOf('spread', { allowZero: true, max: '10000' }),
  sellSpread: decimalOf('spread', { allowZero: true, max: '10000' }),
});
export type SpreadAdjustBody = z.infer<typeof SpreadAdjustBody>;

/** POST adjust/{metal}[/aht]/userFee/update: fees MYR per gram, interest rate a fraction at most 1 (100 %). */
export const UserFeeAdjustBody = z.object({
  refineryFees: decimalOf('fee', { allowZero: true, max: '100000' }),
  premium: decimalOf('fee', { allowZero: true, max: '100000' }),
  interestRate: decimalOf('interestRate', { allowZero: true, max: '1' }),
});
export type UserFeeAdjustBody = z.infer<typeof UserFeeAdjustBody>;

const BidAskWire = z.object({ bid: z.string(), ask: z.string() });

/** GET adjust/{metal} (SPEC.md §7). */
export const MetalAdjustAnswer = z.object({
  currency: BidAskWire.extend({ currencyKind: z.literal('MYR') }),
  spread: SpreadAdjustBody,
  userFee: UserFeeAdjustBody,
  ahtCurrency: BidAskWire.extend({ currencyKind: z.literal('MYR') }),
  ahtSpread: SpreadAdjustBody,
  ahtUserFee: UserFeeAdjustBody,
});
export type MetalAdjustAnswer = z.infer<typeof MetalAdjustAnswer>;

/** GET adjust: the gold currency adjustments, regular and after-hour. */
export const AdjustAnswer = z.object({ currency: BidAskWire, ahtCurrency: BidAskWire });

/** Manual Metal Price Setting: USD per troy ounce until `expiresAt` (or until withdrawn). */
export const ManualPriceBody = z
  .object({
    metal: z.string().max(10),
    bid: decimalOf('manualPrice'),
    ask: decimalOf('manualPrice'),
    expiresAt: calendarMoment.nullable(),
  })
  .refine((v) => !isDecimalText(v.bid) || !isDecimalText(v.ask) || new Decimal(v.ask).gte(v.bid), {
    error: ValidationMessage.greaterThanOrEqual,
    path: ['ask'],
  });
export type ManualPriceBody = z.infer<typeof ManualPriceBody>;
