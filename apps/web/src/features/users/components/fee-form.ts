import { z } from 'zod';
import { Decimal, SCALE, decimalField } from '@aurum/domain/money/decimal';
import { ValidationMessage } from '@aurum/domain/validation/rules';
import { ALLOWED_ACTIONS, ALLOWED_PAIRS, FEE_ADJUST_MODES, TIERS } from '@aurum/domain/users/user-enums';
import type { AllUsersFeeBody, TradeConfigBody } from '@aurum/domain/users/user-schemas';
import type { TradeConfigView } from '@aurum/domain/users/user-views';

/** Percent places: the stored fraction has SCALE.interestRate places, the percent two fewer. */
export const PERCENT_SCALE = SCALE.interestRate - 2;

/** A stored fraction shown as a percent (fraction x 100), without trailing zeros. */
export function percentOf(fraction: string): string {
  return new Decimal(fraction).mul(100).toString();
}

/** A percent typed by an admin as the fraction the server stores. */
export function fractionOf(percent: string): string {
  return new Decimal(percent).div(100).toString();
}

const percentField = decimalField(PERCENT_SCALE, { allowZero: true, max: '100' });

/** The fee part of the forms: interest rate in percent, premium and refinery fees in MYR/g. */
export const FeeForm = z.object({
  interestRate: percentField,
  premium: decimalField(SCALE.pricePerGram, { allowZero: true }),
  refineryFees: decimalField(SCALE.pricePerGram, { allowZero: true }),
  feeAdjustMode: z.enum(FEE_ADJUST_MODES),
});
export type FeeForm = z.infer<typeof FeeForm>;

/** One user's trade configuration form; an empty trade limit means none. */
export const TradeConfigForm = FeeForm.extend({
  allowedAction: z.enum(ALLOWED_ACTIONS, { error: ValidationMessage.required }),
  allowedPair: z.enum(ALLOWED_PAIRS, { error: ValidationMessage.required }),
  tradeLimit: z.union([z.literal(''), decimalField(SCALE.XAU)]),
  tier: z.enum(TIERS, { error: ValidationMessage.required }),
});
export type TradeConfigForm = z.infer<typeof TradeConfigForm>;

export function tradeConfigFormOf(view: TradeConfigView): TradeConfigForm {
  return { ...view, interestRate: percentOf(view.interestRate), tradeLimit: view.tradeLimit ?? '' };
}

export function tradeConfigBodyOf(form: TradeConfigForm): TradeConfigBody {
  return { ...form, interestRate: fractionOf(form.interestRate), tradeLimit: form.tradeLimit === '' ? null : form.tradeLimit };
}

export function allUsersFeeBodyOf(form: FeeForm): AllUsersFeeBody {
  return { ...form, interestRate: fractionOf(form.interestRate) };
}

/** Values of the messages these fields may show. */
export function feeErrorValues(message: string | undefined, field: 'interestRate' | 'premium' | 'refineryFees' | 'tradeLimit'): Record<string, string | number> {
  if (message === ValidationMessage.decimalPlaces) return { count: field === 'interestRate' ? PERCENT_SCALE : field === 'tradeLimit' ? SCALE.XAU : SCALE.pricePerGram };
  if (message === ValidationMessage.lessThanOrEqual) return { compared: 100 };
  return {};
}
