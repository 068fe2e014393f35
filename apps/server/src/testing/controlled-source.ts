import type { Quotes } from '../live/event-bus.ts';
import type { PriceSource } from '../modules/market/price-sources.ts';

/**
 * A price source whose gold quote the test sets (USD per troy ounce; USD/MYR fixed at 4.5): the
 * injected price feed of the integration and browser tests (two of them: a primary and a check). Each tick of the job priceFeed
 * publishes the quote as it is then, dated at the server's clock.
 */
export function controlledSource(): PriceSource & { xau: { bid: string; ask: string }; at: Date | null; silent: boolean } {
  const s = {
    name: 'controlled',
    xau: { bid: '2000.00', ask: '2001.00' },
    /** The source's own time of its next quotes; null: the server's clock (a test sends an out-of-order tick with it). */
    at: null as Date | null,
    /** A silent source answers nothing (a missed tick). */
    silent: false,
    next: (now: Date): Promise<Quotes | null> =>
      s.silent ? Promise.resolve(null) : Promise.resolve({
        at: (s.at ?? now).toISOString(),
        source: 'controlled',
        metals: { xau: { ...s.xau }, xpt: { bid: '900.00', ask: '901.00' }, xag: { bid: '30.00', ask: '30.10' } },
        usdMyr: { bid: '4.5000', ask: '4.5000', high: '4.5000', low: '4.5000' },
      }),
  };
  return s;
}
