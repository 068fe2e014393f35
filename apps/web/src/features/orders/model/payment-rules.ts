import { SCALE, cmp, decimalPlaces, isDecimalText } from '@aurum/domain/money/decimal';
import { ValidationMessage } from '@aurum/domain/validation/rules';
import { businessClock } from '@aurum/domain/system/market-status';
import { stripSeparators } from '#shared/format/number.ts';

/** Today's business date (Asia/Kuala_Lumpur, DECISIONS.md §3): the latest payment date the server takes. */
export function businessToday(now: Date = new Date()): string {
  return businessClock(now).date;
}

/** The unit a payment of an order is made in: MYR (2 decimals) for a buy, XAU grams (4) for a sell. */
export function paymentUnit(action: 'BUY' | 'SELL' | 'buy' | 'sell'): { kind: 'myr' | 'xau'; scale: number } {
  return action.toUpperCase() === 'BUY' ? { kind: 'myr', scale: SCALE.MYR } : { kind: 'xau', scale: SCALE.XAU };
}

/**
 * What is wrong with a typed payment amount (separators stripped), as a validation message key
 * and its values; null when it may be sent. `owed` (interest included, at the payment date) caps
 * it when known (SPEC.md §5: payment value must be at most the amount owed); `available` (the
 * user's fund for a buy, gold for a sell) caps it too, with SPEC.md §5's 'payment value must be at
 * most the fund or the amount owed' (the server refuses it as 2080, SPEC.md §8).
 */
export function paymentProblem(typed: string, scale: number, owed: string | null, available: string | null = null): { message: string; values?: Record<string, string | number> } | null {
  const value = stripSeparators(typed);
  if (value === '') return { message: ValidationMessage.required };
  if (!isDecimalText(value)) return { message: ValidationMessage.invalidNumber };
  if (cmp(value, '0') <= 0) return { message: ValidationMessage.greaterThanZero };
  if (decimalPlaces(value) > scale) return { message: ValidationMessage.decimalPlaces, values: { count: scale } };
  if (owed !== null && isDecimalText(owed) && cmp(value, owed) > 0) return { message: ValidationMessage.lessThanOrEqual, values: { compared: owed } };
  if (available !== null && isDecimalText(available) && cmp(value, available) > 0) return { message: 'paymentValue' };
  return null;
}
