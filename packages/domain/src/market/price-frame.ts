import { Decimal } from '../money/decimal.ts';
import type { CustomerPrice } from '../orders/order-pricing.ts';
import type { MarketStatus } from '../system/market-status.ts';
import type { PriceData, SidePrice, Trend } from '../system/live-messages.ts';

/** A price's trend against the frame before: down only when strictly lower, up otherwise (the first frame too). */
export function trendOf(value: string, before: string | undefined): Trend {
  return before !== undefined && new Decimal(value).lt(before) ? 'down' : 'up';
}

function side(now: { buy: string; sell: string }, before: SidePrice | undefined): SidePrice {
  return { buy: now.buy, sell: now.sell, buyTrend: trendOf(now.buy, before?.buy), sellTrend: trendOf(now.sell, before?.sell) };
}

/**
 * The live Price frame of customer prices `p` under `status`: each price's trend against the frame
 * before (`prev`), what is open, why not, and the quote it was priced at (none: not quoted).
 */
export function priceFrame(input: {
  p: CustomerPrice;
  prev: PriceData | null;
  status: MarketStatus;
  source: string;
  at: string;
  quote: { quoteId: string; expiresAt: string } | null;
}): PriceData {
  const { p, prev, status } = input;
  return {
    myr: side(p.myr, prev?.myr),
    usd: side(p.usd, prev?.usd),
    available: { myr: status.myr.available, usd: status.usd.available, offline: status.offline.available },
    reason: status.reason,
    variant: status.variant,
    source: input.source,
    at: input.at,
    quoteId: input.quote?.quoteId ?? null,
    expiresAt: input.quote?.expiresAt ?? null,
  };
}
