import { z } from 'zod';
import { Decimal, SCALE, decimalField, decimalPlaces, isDecimalText } from './decimal.ts';
import { ValidationMessage } from '../validation/rules.ts';

/**
 * The NUMERIC(precision, scale) columns of the migrations (apps/server/migrations), by kind of
 * number, declared once: every decimal input field takes its largest value from its kind, so a
 * number beyond its column is a 400 (1001, the field) and never a numeric overflow of the
 * database. `columns` lists every column of the kind (table.column); a test reads the migrations
 * and checks that each NUMERIC column is listed here with its precision and scale.
 */
export const DECIMAL_KINDS = {
  /** MYR and USD amounts, 2 decimals. */
  amount: {
    precision: 24,
    scale: 2,
    columns: ['orders.amount', 'orders.usd_amount', 'orders.balance_deducted', 'orders.credit_deducted', 'payment_requests.amount', 'hedges.fee', 'treasury_history.mtm_myr', 'treasury_history.mtm_usd', 'order_income_reclassified.spread', 'order_income_reclassified.fee', 'due_diligence_files.expected_monthly_myr'],
  },
  /** Grams of metal (quantities, trade limits), 4 decimals. */
  grams: {
    precision: 24,
    scale: 4,
    columns: [
      'orders.quantity_gram',
      'orders.gold_reserved',
      'payment_requests.quantity',
      'users.trade_limit',
      'vault_bars.gross_weight',
      'vault_bars.fine_weight',
      'vault_bars.book_weight',
      'vault_bars.refiner_weight',
      'vault_bars.vault_weight',
      'custodian_bars.gross_weight',
      'custodian_bars.fine_weight',
      'hedges.quantity',
      'hedges.position_before',
      'hedges.position_after',
      'hedge_orders.quantity',
      'treasury_settings.target',
      'treasury_settings.band',
      'treasury_history.net',
      'reconciliation_breaks.difference',
      'due_diligence_files.expected_monthly_grams',
    ],
  },
  /** Ledger postings and order payments: MYR or grams, 4 decimals. */
  posting: {
    precision: 24,
    scale: 4,
    columns: ['ledger_postings.amount', 'order_payments.amount', 'order_payments.to_interest', 'order_payments.to_principal', 'orders.interest_carried', 'order_income_reclassified.interest'],
  },
  /** Prices of an order (MYR per gram, USD per troy ounce) and their parts, 3 decimals. */
  price: {
    precision: 18,
    scale: 3,
    columns: [
      'orders.limit_price',
      'orders.cost_price',
      'orders.quote_price',
      'orders.myr_price',
      'orders.usd_price',
      'orders.spread_adjustment',
      'orders.customized_adjustment',
      'orders.user_fee',
      'orders.global_fee',
      'hedges.price',
    ],
  },
  /** The market mid a fill is split at (decision 1020), MYR per gram, server-written. */
  midPrice: { precision: 24, scale: SCALE.midPerGram, columns: ['orders.mid_myr_per_gram'] },
  /** Running totals of the metal books, the coverage quota and the closed days' balances (server-written sums, never an input), 4 decimals. */
  bookTotal: {
    precision: 28,
    scale: 4,
    columns: ['treasury_book_deltas.delta', 'treasury_coverage_quota.grams', 'ledger_close_books.balance', 'ledger_closed_balances.balance'],
  },
  /** A bar's fineness in parts per thousand (999.9), 3 decimals. */
  fineness: { precision: 7, scale: 3, columns: ['vault_bars.fineness', 'custodian_bars.fineness'] },
  /** USD/MYR exchange rates and the currency adjustments added to them, 4 decimals. */
  exchangeRate: {
    precision: 12,
    scale: 4,
    columns: ['orders.exchange_rate', 'adjust_settings.currency_bid', 'adjust_settings.currency_ask', 'hedges.booked_rate'],
  },
  /** Spreads, USD per troy ounce, 2 decimals. */
  spread: { precision: 14, scale: 2, columns: ['adjust_settings.buy_spread', 'adjust_settings.sell_spread'] },
  /** Fees (premium, refinery fees), MYR per gram, 3 decimals. */
  fee: {
    precision: 14,
    scale: 3,
    columns: ['adjust_settings.premium', 'adjust_settings.refinery_fees', 'users.premium', 'users.refinery_fees'],
  },
  /** The mids the treasury's history was valued at (server-written): USD per troy ounce and USD/MYR, 6 decimals. */
  historyMid: { precision: 18, scale: 6, columns: ['treasury_history.usd_per_ounce'] },
  historyRate: { precision: 12, scale: 6, columns: ['treasury_history.usd_myr'] },
  /** Manual metal prices, USD per troy ounce, 2 decimals. */
  manualPrice: { precision: 14, scale: 2, columns: ['manual_prices.bid', 'manual_prices.ask'] },
  /** Annual interest rates as fractions, 6 decimals. */
  interestRate: {
    precision: 8,
    scale: 6,
    columns: ['adjust_settings.interest_rate', 'users.interest_rate', 'orders.interest_rate_personal', 'orders.interest_rate_global'],
  },
  /** A share of ownership, in percent, 2 decimals. */
  ownershipPercent: { precision: 5, scale: 2, columns: ['due_diligence_people.ownership_percent'] },
  /** A screening score between 0 and 1, 4 decimals. */
  screeningScore: { precision: 5, scale: 4, columns: ['screening_hits.score'] },
} as const satisfies Record<string, { precision: number; scale: number; columns: readonly string[] }>;
export type DecimalKind = keyof typeof DECIMAL_KINDS;

/** The largest value a NUMERIC(p, s) column holds: p - s nines, a point, s nines (NUMERIC(20,4): 9999999999999999.9999). */
export function columnMax(kind: DecimalKind): string {
  const { precision, scale } = DECIMAL_KINDS[kind];
  const integer = '9'.repeat(precision - scale);
  return scale > 0 ? `${integer}.${'9'.repeat(scale)}` : integer;
}

/** The smaller of the column's largest value and a business maximum. */
function maxOf(kind: DecimalKind, max: string | undefined): string {
  const column = columnMax(kind);
  return max !== undefined && new Decimal(max).lt(column) ? max : column;
}

/**
 * A decimal string field of a kind: at most the kind's decimals, greater than 0 (or not negative
 * with `allowZero`), and at most `max` or the column's largest value, whichever is smaller
 * (the messages of decimalField: 'invalidNumber', 'decimalPlaces', 'lessThanOrEqual' {compared}).
 */
export function decimalOf(kind: DecimalKind, options: { allowZero?: boolean; max?: string } = {}) {
  return decimalField(DECIMAL_KINDS[kind].scale, { ...options, max: maxOf(kind, options.max) });
}

/** A decimal of a kind that may be negative (a currency adjustment moves the rate either way): |value| at most `limit` and the column's largest value. */
export function signedDecimalOf(kind: DecimalKind, limit?: string) {
  const scale = DECIMAL_KINDS[kind].scale;
  const max = maxOf(kind, limit);
  return z
    .string({ error: ValidationMessage.required })
    .min(1, { error: ValidationMessage.required })
    .refine(isDecimalText, { error: ValidationMessage.invalidNumber })
    .refine((v) => !isDecimalText(v) || decimalPlaces(v) <= scale, { error: ValidationMessage.decimalPlaces, params: { count: scale } })
    .refine((v) => !isDecimalText(v) || new Decimal(v).abs().lte(max), {
      error: ValidationMessage.lessThanOrEqual,
      params: { compared: max },
    });
}

/**
 * Ids: the tables' keys are bigserial (int8), larger than JavaScript's safe integers, so an id is
 * a positive safe integer (at most 9007199254740991); a path parameter or a form field may send it as text.
 */
export const ID_MAX = Number.MAX_SAFE_INTEGER;
export const idField = z.coerce.number().int().positive().max(ID_MAX);
