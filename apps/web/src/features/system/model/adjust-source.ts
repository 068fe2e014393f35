import { Decimal, roundTo } from '@aurum/domain/money/decimal';

/** Which stored adjustment the effective USD/MYR rate carries (SPEC.md §4). */
export type AdjustSource = 'regular' | 'afterHour';

export interface BidAskText {
  bid: string;
  ask: string;
}

/**
 * SPEC.md §4: the effective-versus-current difference, rounded to 4 decimals, compared with the
 * stored adjustments; 'regular' when it matches the regular one, 'afterHour' when it matches the
 * after-hour one (and not the regular), and 'regular' when neither matches or a rate is missing.
 * Both bid and ask must match. Comparison is by value ('0.01' equals '0.0100').
 */
export function detectAdjustSource(
  effective: BidAskText | null | undefined,
  current: BidAskText | null | undefined,
  adjustments: { regular: BidAskText; afterHour: BidAskText },
): AdjustSource {
  if (!effective || !current) return 'regular';
  const diff = {
    bid: roundTo(new Decimal(effective.bid).minus(current.bid), 4),
    ask: roundTo(new Decimal(effective.ask).minus(current.ask), 4),
  };
  const matches = (adj: BidAskText) => new Decimal(diff.bid).eq(roundTo(adj.bid, 4)) && new Decimal(diff.ask).eq(roundTo(adj.ask, 4));
  if (matches(adjustments.regular)) return 'regular';
  if (matches(adjustments.afterHour)) return 'afterHour';
  return 'regular';
}
