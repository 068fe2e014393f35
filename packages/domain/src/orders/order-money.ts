import { Decimal, SCALE, roundTo } from '../money/decimal.ts';
import { GRAMS_PER_TROY_OUNCE } from '../system/metals.ts';
import type { OrderStatus } from './order-status.ts';

/**
 * The money of an order (DECISIONS.md §5), pure: amounts, what a fill reserves, what is owed,
 * interest, payments. The server's order service runs these in its transactions; the console's
 * preview and views use the same ones.
 */

/** Amount of an order: price per gram x quantity in grams, rounded half-up to the currency's 2 decimals. */
export function orderAmount(pricePerGram: string, quantityGrams: string): string {
  return roundTo(new Decimal(pricePerGram).times(quantityGrams), SCALE.MYR);
}

/** USD amount of an XAU/USD order: USD per troy ounce x grams / 31.1034768, half-up to 2 decimals. */
export function usdAmount(usdPerOunce: string, quantityGrams: string): string {
  return roundTo(new Decimal(usdPerOunce).times(quantityGrams).div(GRAMS_PER_TROY_OUNCE), SCALE.USD);
}

/** What a user has to pay or deliver with: fund (MYR), gold (XAU grams), credit line (MYR). */
export interface WalletFunds {
  fund: string;
  gold: string;
  credit: string;
}

/** What a fill reserves: MYR from the fund and the credit line (a buy), gold (a sell). */
export interface Reservation {
  balanceDeducted: string;
  creditDeducted: string;
  goldReserved: string;
}

/**
 * What a fill reserves (DECISIONS.md §5), or null when the user cannot pay for it (2080): a buy
 * takes its amount from the fund first (balanceDeducted), then from the credit line
 * (creditDeducted); a sell reserves gold as far as it goes, and the rest must be covered by the
 * credit line at the order's MYR price (checked, not reserved).
 */
export function reserveOnFill(action: 'BUY' | 'SELL', amount: string, quantityGrams: string, myrPerGram: string, wallet: WalletFunds): Reservation | null {
  if (action === 'BUY') {
    const balanceDeducted = roundTo(Decimal.min(wallet.fund, amount), SCALE.MYR);
    const creditDeducted = roundTo(Decimal.min(wallet.credit, new Decimal(amount).minus(balanceDeducted)), SCALE.MYR);
    if (new Decimal(balanceDeducted).plus(creditDeducted).lt(amount)) return null;
    return { balanceDeducted, creditDeducted, goldReserved: '0.0000' };
  }
  const goldReserved = roundTo(Decimal.min(wallet.gold, quantityGrams), SCALE.XAU);
  const uncovered = new Decimal(quantityGrams).minus(goldReserved).times(myrPerGram);
  if (uncovered.gt(wallet.credit)) return null;
  return { balanceDeducted: '0.00', creditDeducted: '0.00', goldReserved };
}

/**
 * The wallet right after a fill's reservation, as a review shows it before the order is placed: a
 * buy's fund and credit line less what the fill takes from each, a sell's gold less what it
 * reserves. What the customer receives comes later (a buyer's gold, a seller's MYR: when the order is paid).
 */
export function walletAfterFill(wallet: WalletFunds, r: Reservation): WalletFunds {
  return {
    fund: roundTo(new Decimal(wallet.fund).minus(r.balanceDeducted), SCALE.MYR),
    credit: roundTo(new Decimal(wallet.credit).minus(r.creditDeducted), SCALE.MYR),
    gold: roundTo(new Decimal(wallet.gold).minus(r.goldReserved), SCALE.XAU),
  };
}

/**
 * Whether a limit order can be paid for at its limit price (MYR per gram), checked at create (it
 * reserves only when it fills): a buy needs fund + credit for price x grams; a sell needs the
 * credit line to cover the grams its gold does not.
 */
export function limitAffordable(action: 'BUY' | 'SELL', quantityGrams: string, limitMyrPerGram: string, wallet: WalletFunds): boolean {
  const price = new Decimal(limitMyrPerGram);
  if (action === 'BUY') return new Decimal(wallet.fund).plus(wallet.credit).gte(price.times(quantityGrams));
  return Decimal.max(new Decimal(quantityGrams).minus(wallet.gold), 0).times(price).lte(wallet.credit);
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

/** The unit owed on an order: MYR (2 decimals) on a buy, XAU grams (4) on a sell. */
export function owedScale(action: 'BUY' | 'SELL'): number {
  return action === 'BUY' ? SCALE.MYR : SCALE.XAU;
}

/** What an order records of its money (the orders row). */
export interface OrderMoney {
  action: 'BUY' | 'SELL';
  status: OrderStatus;
  quantityGram: string;
  /** MYR amount, null until filled. */
  amount: string | null;
  balanceDeducted: string;
  goldReserved: string;
  interestRatePersonal: string;
  interestRateGlobal: string;
  /** Interest due at `interestFrom` and not yet paid. */
  interestCarried: string;
  /** yyyy-MM-dd: the later of the interest start date and the last payment's date; null before settlement. */
  interestFrom: string | null;
}

/** A payment not refunded: the parts that went to interest and to the principal. */
export interface PaymentParts {
  toInterest: string;
  toPrincipal: string;
}

/** Principal still owed: MYR on a buy, XAU grams on a sell (DECISIONS.md §5); 0 before a fill. */
export function principalOwed(order: OrderMoney, principalPaid: readonly string[]): string {
  if (order.amount === null) return '0';
  return order.action === 'BUY' ? buyOwed(order.amount, order.balanceDeducted, principalPaid) : sellOwed(order.quantityGram, order.goldReserved, principalPaid);
}

/** Where an order's money stands at a payment date, in the owed unit. */
export interface OwedAt {
  scale: number;
  /** Principal owed. */
  principal: string;
  /** Interest due at the date (carried + accrued). */
  due: string;
  interestPaid: string;
  principalPaid: string;
}

const sumAt = (values: readonly string[], scale: number) => roundTo(values.reduce((s, v) => s.plus(v), new Decimal(0)), scale);

/** Whether interest accrues on an order in this status (it is settled and not yet paid). */
export function accruesInterest(status: OrderStatus): boolean {
  return status === 'SETTLED' || status === 'OVERDUE';
}

/** What an order owes at a payment date (yyyy-MM-dd), given its payments that were not refunded. */
export function owedAt(order: OrderMoney, payments: readonly PaymentParts[], date: string): OwedAt {
  const scale = owedScale(order.action);
  const principal = principalOwed(order, payments.map((p) => p.toPrincipal));
  const rates = { personal: order.interestRatePersonal, global: order.interestRateGlobal };
  const due = accruesInterest(order.status) ? interestDue(principal, order.interestCarried, order.interestFrom, date, rates, scale) : roundTo(order.interestCarried, scale);
  return {
    scale,
    principal: roundTo(principal, scale),
    due,
    interestPaid: sumAt(payments.map((p) => p.toInterest), scale),
    principalPaid: sumAt(payments.map((p) => p.toPrincipal), scale),
  };
}

/** Nothing owed any more, principal nor interest: the order completes (PAID). */
export function owesNothing(owed: OwedAt): boolean {
  return new Decimal(owed.principal).isZero() && new Decimal(owed.due).isZero();
}

/** Principal plus interest due, in the owed unit. */
export function owedWithInterest(owed: OwedAt): string {
  return roundTo(new Decimal(owed.principal).plus(owed.due), owed.scale);
}

/**
 * total_owed (SPEC.md §7): what an order owes at a date, interest included, in its owed unit; 0
 * once it no longer owes anything by its status (PAID, canceled, reverted, not yet filled).
 */
export function totalOwed(order: Pick<OrderMoney, 'action' | 'status'>, owed: OwedAt): { kind: 'myr' | 'xau'; value: string } {
  const open = order.status === 'SETTLED' || order.status === 'OVERDUE' || order.status === 'FILLED';
  return { kind: order.action === 'BUY' ? 'myr' : 'xau', value: open ? owedWithInterest(owed) : roundTo('0', owed.scale) };
}

/** Why a payment is refused, or null: more decimals than MYR has (a buy), or more than is owed with interest. */
export type PaymentRefusal = { rule: 'decimalPlaces' } | { rule: 'aboveOwed'; owed: string; unit: 'MYR' | 'XAU g' };

export function paymentRefusal(action: 'BUY' | 'SELL', amount: string, owed: OwedAt): PaymentRefusal | null {
  if (action === 'BUY' && new Decimal(amount).decimalPlaces() > SCALE.MYR) return { rule: 'decimalPlaces' };
  const total = owedWithInterest(owed);
  if (new Decimal(amount).gt(total)) return { rule: 'aboveOwed', owed: total, unit: action === 'BUY' ? 'MYR' : 'XAU g' };
  return null;
}

/** Where interest runs from after a payment: the payment date, or the interest start date when that is later. */
export function interestFromAfterPayment(interestFrom: string | null, paymentDate: string): string {
  return interestFrom && interestFrom > paymentDate ? interestFrom : paymentDate;
}

/** When interest starts on an order settled at `settledAt`: after the grace days (DECISIONS.md §5). */
export function interestStartAt(settledAt: Date, graceDays: number): Date {
  return new Date(settledAt.getTime() + graceDays * 86_400_000);
}
