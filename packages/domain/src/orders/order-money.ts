import { Decimal, SCALE, roundTo } from '../money/decimal.ts';

/** Amount of an order: price per gram x quantity in grams, rounded half-up to the currency's 2 decimals. */
export function orderAmount(pricePerGram: string, quantityGrams: string): string {
  return roundTo(new Decimal(pricePerGram).times(quantityGrams), SCALE.MYR);
}

/** Owed on a buy (MYR): amount - balance deducted at fill - payments; never below zero. */
export function buyOwed(amount: string, balanceDeducted: string, payments: readonly string[]): string {
  const owed = payments.reduce((s, p) => s.minus(p), new Decimal(amount).minus(balanceDeducted));
  return roundTo(Decimal.max(owed, 0), SCALE.MYR);
}

/** Owed on a sell (XAU grams): quantity - gold reserved at fill - deliveries; never below zero. */
export function sellOwed(quantity: string, goldReserved: string, deliveries: readonly string[]): string {
  const owed = deliveries.reduce((s, d) => s.minus(d), new Decimal(quantity).minus(goldReserved));
  return roundTo(Decimal.max(owed, 0), SCALE.XAU);
}

/** Whole calendar days from the interest start date to the payment date (yyyy-MM-dd), at least 0. */
export function interestDays(interestStartDate: string, paymentDate: string): number {
  const a = Date.parse(`${interestStartDate}T00:00:00Z`);
  const b = Date.parse(`${paymentDate}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b)) throw new Error('dates must be yyyy-MM-dd');
  return Math.max(0, Math.round((b - a) / 86_400_000));
}

/**
 * Interest on an overdue order (DECISIONS.md §5): owed x (personal + global rate) x days / 365,
 * rounded half-up at the owed unit's scale (2 for MYR, 4 for XAU grams).
 */
export function interest(owed: string, personalRate: string, globalRate: string, days: number, scale: number): string {
  const rate = new Decimal(personalRate).plus(globalRate);
  return roundTo(new Decimal(owed).times(rate).times(days).div(365), scale);
}

/** A payment may be at most what is owed (amount plus interest) and at most what the payer has. */
export function paymentAllowed(payment: string, owedWithInterest: string, available: string): boolean {
  const p = new Decimal(payment);
  return p.gt(0) && p.lte(owedWithInterest) && p.lte(available);
}

/**
 * Interest owed on a settled order at a payment date: what was carried unpaid at `from` plus the
 * interest on the principal still owed from `from` (the later of the interest start date and the
 * last payment's date) to `date`. Before the interest start date nothing accrues.
 */
export function interestDue(
  principalOwed: string,
  carried: string,
  from: string | null,
  date: string,
  rates: { personal: string; global: string },
  scale: number,
): string {
  const days = from === null ? 0 : interestDays(from, date);
  return roundTo(new Decimal(carried).plus(interest(principalOwed, rates.personal, rates.global, days, scale)), scale);
}

/** A payment covers the interest due first, then the principal. */
export function splitPayment(payment: string, due: string, scale: number): { toInterest: string; toPrincipal: string; carried: string } {
  const p = new Decimal(payment);
  const toInterest = Decimal.min(p, due);
  return {
    toInterest: roundTo(toInterest, scale),
    toPrincipal: roundTo(p.minus(toInterest), scale),
    carried: roundTo(new Decimal(due).minus(toInterest), scale),
  };
}
