import { Decimal, SCALE, roundTo } from '../money/decimal.ts';
import { GRAMS_PER_TROY_OUNCE } from '../system/metals.ts';
import { buyOwed, sellOwed, type OrderMoney, type OwedAt } from './order-money.ts';
import type { OrderSummary, PaymentView } from './order-schemas.ts';
import type { OrderStatus } from './order-status.ts';

/** The views of an order's money the order calls answer (SPEC.md §3), computed from what the order records. */

/** A payment as recorded, not refunded. */
export interface PaymentRecord {
  id: number;
  amount: string;
  paymentDate: string;
  submittedBy: string | null;
  note: string | null;
}

/**
 * The payment view of SPEC.md §3 at a date, in the owed unit: amountTotal is what the fill did
 * not cover, amountPaid/amountOwed the principal part, interest* the interest; rates as fractions
 * to 6 decimals (personal + global = total).
 */
export function paymentViewOf(order: OrderMoney, owed: OwedAt, payments: readonly PaymentRecord[]): PaymentView {
  const kind = order.action === 'BUY' ? 'myr' : 'xau';
  const total =
    order.amount === null ? '0' : order.action === 'BUY' ? new Decimal(order.amount).minus(order.balanceDeducted) : new Decimal(order.quantityGram).minus(order.goldReserved);
  const s = owed.scale;
  return {
    kind,
    amountTotal: roundTo(total, s),
    amountPaid: owed.principalPaid,
    amountOwed: owed.principal,
    interestTotal: roundTo(new Decimal(owed.interestPaid).plus(owed.due), s),
    interestPaid: owed.interestPaid,
    interestOwed: owed.due,
    interestRate: {
      personal: roundTo(order.interestRatePersonal, SCALE.interestRate),
      global: roundTo(order.interestRateGlobal, SCALE.interestRate),
      total: roundTo(new Decimal(order.interestRatePersonal).plus(order.interestRateGlobal), SCALE.interestRate),
    },
    payments: payments.map((p) => ({ id: p.id, received: { kind, value: roundTo(p.amount, s) }, paymentMadeAt: p.paymentDate, submittedBy: p.submittedBy, note: p.note })),
  };
}

/** The statuses of a user's trade record (a canceled or reverted order is not in it). */
export const TRADE_RECORD_STATUSES: readonly OrderStatus[] = ['FILLED', 'SETTLED', 'OVERDUE', 'PAID'];

/** An order of the trade record, with the principal paid on it (payments not refunded). */
export interface TradeRecordOrder {
  action: 'BUY' | 'SELL';
  status: OrderStatus;
  amount: string | null;
  quantityGram: string;
  balanceDeducted: string;
  goldReserved: string;
  principalPaid: string;
}

/**
 * A user's order summary (SPEC.md §3): buy totalAmount, unpaidAmount (not covered and not yet
 * paid), outstandingQuantity (grams not yet delivered); sell totalQuantity, unpaidQuantity (grams
 * not yet delivered by the user), outstandingAmount (MYR not yet paid out). PAID orders owe nothing.
 */
export function orderSummary(orders: readonly TradeRecordOrder[]): OrderSummary {
  let buyTotal = new Decimal(0);
  let buyUnpaid = new Decimal(0);
  let buyOutstanding = new Decimal(0);
  let sellTotal = new Decimal(0);
  let sellUnpaid = new Decimal(0);
  let sellOutstanding = new Decimal(0);
  for (const o of orders) {
    if (!TRADE_RECORD_STATUSES.includes(o.status)) continue;
    const open = o.status !== 'PAID';
    if (o.action === 'BUY') {
      if (o.amount !== null) buyTotal = buyTotal.plus(o.amount);
      if (open && o.amount !== null) buyUnpaid = buyUnpaid.plus(buyOwed(o.amount, o.balanceDeducted, [o.principalPaid]));
      if (open) buyOutstanding = buyOutstanding.plus(o.quantityGram);
    } else {
      sellTotal = sellTotal.plus(o.quantityGram);
      if (open) sellUnpaid = sellUnpaid.plus(sellOwed(o.quantityGram, o.goldReserved, [o.principalPaid]));
      if (open && o.amount !== null) sellOutstanding = sellOutstanding.plus(o.amount);
    }
  }
  return {
    buy: { totalAmount: roundTo(buyTotal, SCALE.MYR), unpaidAmount: roundTo(buyUnpaid, SCALE.MYR), outstandingQuantity: roundTo(buyOutstanding, SCALE.XAU) },
    sell: { totalQuantity: roundTo(sellTotal, SCALE.XAU), unpaidQuantity: roundTo(sellUnpaid, SCALE.XAU), outstandingAmount: roundTo(sellOutstanding, SCALE.MYR) },
  };
}

/** What the admin detail computes from an order's prices and money (the rest it shows as recorded). */
export interface DetailFacts {
  action: 'BUY' | 'SELL';
  isCustom: boolean;
  currency: 'MYR' | 'USD';
  quantityGram: string;
  /** MYR per gram. */
  myrPrice: string | null;
  /** USD per troy ounce. */
  usdPrice: string | null;
  /** Per troy ounce in USD (online), per gram in the order's currency (offline). */
  costPrice: string | null;
  exchangeRate: string | null;
  balanceDeducted: string;
  goldReserved: string;
}

/**
 * The figures of the admin detail (SPEC.md §3 "Order detail"): prices per gram, kilogram and
 * ounce; the cost amount (MYR: what the desk paid, online at the quote per ounce and the rate,
 * offline at the cost per gram in the order's currency); paid and unpaid parts (what the fill
 * covered counts as paid); the amount owed in MYR and XAU.
 */
export function detailFigures(o: DetailFacts, view: PaymentView) {
  const myrG = o.myrPrice ? new Decimal(o.myrPrice) : null;
  const usdOz = o.usdPrice ? new Decimal(o.usdPrice) : null;
  const usdG = usdOz ? usdOz.div(GRAMS_PER_TROY_OUNCE) : null;
  const buy = o.action === 'BUY';
  const r = (v: Decimal | null, scale: number) => (v === null ? null : roundTo(v, scale));
  const costAmount =
    o.costPrice === null
      ? null
      : o.isCustom
        ? roundTo(new Decimal(o.costPrice).times(o.quantityGram).times(o.currency === 'USD' ? (o.exchangeRate ?? '1') : '1'), SCALE.MYR)
        : roundTo(new Decimal(o.costPrice).times(o.exchangeRate ?? '0').div(GRAMS_PER_TROY_OUNCE).times(o.quantityGram), SCALE.MYR);
  return {
    price: {
      myrPerGram: r(myrG, SCALE.pricePerGram),
      myrPerKg: r(myrG ? myrG.times(1000) : null, SCALE.MYR),
      usdPerGram: r(usdG, SCALE.pricePerGram),
      usdPerKg: r(usdG ? usdG.times(1000) : null, SCALE.USD),
      usdPerOz: r(usdOz, SCALE.USD),
    },
    costAmount,
    amountPaid: buy ? roundTo(new Decimal(o.balanceDeducted).plus(view.amountPaid), SCALE.MYR) : null,
    amountUnpaid: buy ? view.amountOwed : null,
    quantityPaid: buy ? null : roundTo(new Decimal(o.goldReserved).plus(view.amountPaid), SCALE.XAU),
    quantityUnpaid: buy ? null : view.amountOwed,
    amountOwed: { myr: buy ? view.amountOwed : '0.00', xau: buy ? '0.0000' : view.amountOwed },
  };
}
