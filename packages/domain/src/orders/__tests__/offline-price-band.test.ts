import { describe, expect, it } from 'vitest';
import { deviationPct, liveMid, offlinePriceBreaches } from '../offline-price-band.ts';

// gold 2650 USD/oz mid, 4.47 MYR per USD: 2650 x 4.47 / 31.1034768 = 380.8417 MYR per gram
const mid = liveMid({ bid: '2649', ask: '2651' }, { bid: '4.46', ask: '4.48' });
const myr = { currency: 'MYR' as const, costPrice: '380.000', quotePrice: '381.000', exchangeRate: '1', finalPrice: '385.000' };

describe('the offline price band', () => {
  it('measures the mid from the quote and rate mids, MYR per gram', () => {
    expect(mid).toEqual({ myrPerGram: '380.8417', usdMyr: '4.4700' });
  });

  it('passes prices within the band and names each one outside it, with the mid and how far', () => {
    expect(offlinePriceBreaches(myr, mid, '5')).toEqual([]);
    // the finding: a cost of 0.001 typed where 380 was meant
    expect(offlinePriceBreaches({ ...myr, costPrice: '0.001', finalPrice: '420.000' }, mid, '5')).toEqual([
      { field: 'costPrice', entered: '0.001', mid: '380.8417', deviationPct: '100.00' },
      { field: 'finalPrice', entered: '420.000', mid: '380.8417', deviationPct: '10.28' },
    ]);
  });

  it('lets a price exactly at the edge pass and one a hundredth past it breach', () => {
    expect(deviationPct('105', '100')).toBe('5.00');
    const m = { myrPerGram: '100', usdMyr: '4' };
    expect(offlinePriceBreaches({ ...myr, costPrice: '105', quotePrice: '95', finalPrice: '100' }, m, '5')).toEqual([]);
    expect(offlinePriceBreaches({ ...myr, costPrice: '105.01', quotePrice: '100', finalPrice: '100' }, m, '5').map((b) => b.field)).toEqual(['costPrice']);
  });

  it('checks an XAU/USD order per gram in USD and its exchange rate against the USD/MYR mid', () => {
    // 380.8417 / 4.47 = 85.1995 USD per gram
    const usd = { currency: 'USD' as const, costPrice: '85.000', quotePrice: '85.200', exchangeRate: '4.4700', finalPrice: '86.000' };
    expect(offlinePriceBreaches(usd, mid, '5')).toEqual([]);
    // a MYR price typed into an XAU/USD order, and a rate typed upside down
    expect(offlinePriceBreaches({ ...usd, finalPrice: '380.000', exchangeRate: '0.2237' }, mid, '5')).toEqual([
      { field: 'finalPrice', entered: '380.000', mid: '85.1995', deviationPct: '346.01' },
      { field: 'exchangeRate', entered: '0.2237', mid: '4.4700', deviationPct: '95.00' },
    ]);
  });
});
