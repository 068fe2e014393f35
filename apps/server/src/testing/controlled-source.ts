import type { Quotes } from '../live/event-bus.ts';
import type { PriceSource } from '../modules/market/price-sources.ts';

/**
 * A price source whose gold quote the test sets (USD per troy ounce; USD/MYR fixed at 4.5): the
 * injected price feed of the integration and browser tests. Each tick of the job priceFeed
 * publishes the quote as it is then, dated at the server's clock.
 */
export function controlledSource(): PriceSource & { xau: { bid: string; ask: string } } {
  const s = {
    name: 'controlled',
    xau: { bid: '2000.00', ask: '2001.00' },
    next: (now: Date): Promise<Quotes | null> =>
      Promise.resolve({
        at: now.toISOString(),
        source: 'controlled',
        metals: { xau: { ...s.xau }, xpt: { bid: '900.00', ask: '901.00' }, xag: { bid: '30.00', ask: '30.10' } },
        usdMyr: { bid: '4.5000', ask: '4.5000', high: '4.5000', low: '4.5000' },
      }),
  };
  return s;
}
