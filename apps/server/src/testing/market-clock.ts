import { isFeedOpen } from '@aurum/domain/market/price-health';

/**
 * How far to move a test server's clock (advanceClock) from `now` so that it stands in regular
 * trading hours of a business day, with at least `spanMs` of them left: a test of staleness must
 * run while the market is open (a silent feed is not stale on a weekend, a holiday or at night).
 */
export function msToMarketOpen(now: Date, spanMs = 60 * 60_000, holidays: readonly string[] = []): number {
  const calendar = { holidays, tradingPeriod: false };
  const step = 15 * 60_000;
  for (let ms = 0; ms < 14 * 86_400_000; ms += step) {
    const at = new Date(now.getTime() + ms);
    if (isFeedOpen(at, calendar) && isFeedOpen(new Date(at.getTime() + spanMs), calendar)) return ms;
  }
  throw new Error('no trading hours within two weeks');
}
