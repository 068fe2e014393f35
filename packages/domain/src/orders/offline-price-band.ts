import { z } from 'zod';
import { Decimal, roundTo } from '../money/decimal.ts';
import { GRAMS_PER_TROY_OUNCE } from '../system/metals.ts';
import type { BidAsk, OfflinePriceInput } from './order-pricing.ts';

/**
 * An offline order's prices against the live market (decision 0751): each price the maker typed
 * (cost, quote, final; and the exchange rate of an XAU/USD order) is compared with the live mid in
 * the same unit; one further from it than the band (a percentage, held as data in the treasury's
 * settings of the metal) must be acknowledged before the order is placed. A cost of 0.001 typed
 * for 300.000 is caught here, not found later in a spread that swallowed the whole amount.
 */

/** The band when a metal has none set: 5% either side of the mid. */
export const DEFAULT_OFFLINE_PRICE_BAND = '5.00';
/** Percent, 2 decimals, above 0 and at most 100. */
export const OFFLINE_PRICE_BAND_MAX = '100';

export const OFFLINE_BAND_FIELDS = ['costPrice', 'quotePrice', 'finalPrice', 'exchangeRate'] as const;
export type OfflineBandField = (typeof OFFLINE_BAND_FIELDS)[number];

export const PriceBandBreach = z.object({
  field: z.enum(OFFLINE_BAND_FIELDS),
  /** What was typed, as sent. */
  entered: z.string(),
  /** The live mid in the field's unit: per gram in the order's currency, or MYR per USD. */
  mid: z.string(),
  /** |entered - mid| / mid, percent, 2 decimals. */
  deviationPct: z.string(),
});
export type PriceBandBreach = z.infer<typeof PriceBandBreach>;

/** `order/customize/price_check`'s answer: the band, the mid it was measured from (null without a live price), the prices outside it. */
export const OfflinePriceCheck = z.object({
  bandPct: z.string(),
  /** Live mid, MYR per gram and MYR per USD; null before the first quotes (nothing is checked). */
  mid: z.object({ myrPerGram: z.string(), usdMyr: z.string() }).nullable(),
  breaches: z.array(PriceBandBreach),
});
export type OfflinePriceCheck = z.infer<typeof OfflinePriceCheck>;

const midOf = (v: BidAsk) => new Decimal(v.bid).plus(v.ask).div(2);

/** The live mid an offline order is checked against: gold (USD/oz) and USD/MYR mids, MYR per gram at 4 decimals. */
export function liveMid(quote: BidAsk, fx: BidAsk): { myrPerGram: string; usdMyr: string } {
  const rate = midOf(fx);
  return { myrPerGram: roundTo(midOf(quote).times(rate).div(GRAMS_PER_TROY_OUNCE), 4), usdMyr: roundTo(rate, 4) };
}

/** |entered - mid| / mid in percent, 2 decimals (half-up). */
export function deviationPct(entered: string, mid: string): string {
  return roundTo(new Decimal(entered).minus(mid).abs().div(mid).times(100), 2);
}

/**
 * The prices of `o` further from the live mid than `bandPct` (strictly: a price exactly at the
 * band's edge passes). An XAU/USD order's prices are compared with the mid in USD per gram, and its
 * exchange rate with the USD/MYR mid.
 */
export function offlinePriceBreaches(o: OfflinePriceInput, mid: { myrPerGram: string; usdMyr: string }, bandPct: string): PriceBandBreach[] {
  const usd = o.currency === 'USD';
  const perGram = usd ? roundTo(new Decimal(mid.myrPerGram).div(mid.usdMyr), 4) : mid.myrPerGram;
  const checks: Array<[OfflineBandField, string, string]> = [
    ['costPrice', o.costPrice, perGram],
    ['quotePrice', o.quotePrice, perGram],
    ['finalPrice', o.finalPrice, perGram],
  ];
  if (usd) checks.push(['exchangeRate', o.exchangeRate, mid.usdMyr]);
  const band = new Decimal(bandPct);
  return checks.flatMap(([field, entered, m]) => {
    if (new Decimal(m).lte(0)) return [];
    const deviation = deviationPct(entered, m);
    return new Decimal(deviation).gt(band) ? [{ field, entered, mid: m, deviationPct: deviation }] : [];
  });
}
