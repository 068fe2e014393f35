import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal, roundTo } from '@aurum/domain/money/decimal';
import type { PriceData } from '@aurum/domain/system/live-messages';
import { orderAmount, usdAmount } from '@aurum/domain/orders/order-money';
import { customerPrice, fillPricesAtMarket, orderQuote, personalFee, settingsOfVariant, userLivePrice, type PersonalFees } from '@aurum/domain/orders/order-pricing';
import type { MetalAdjustAnswer } from '@aurum/domain/system/system-schemas';
import { disabledLimit, offlinePreview, orderPreview } from '../order-preview.ts';

const answer: MetalAdjustAnswer = {
  currency: { bid: '0.0100', ask: '-0.0200', currencyKind: 'MYR' },
  spread: { buySpread: '1.50', sellSpread: '2.00' },
  userFee: { refineryFees: '0.500', premium: '1.000', interestRate: '0.050000' },
  ahtCurrency: { bid: '0.0500', ask: '0.0600', currencyKind: 'MYR' },
  ahtSpread: { buySpread: '3.00', sellSpread: '4.00' },
  ahtUserFee: { refineryFees: '0.700', premium: '1.200', interestRate: '0.060000' },
};
const regular = settingsOfVariant(answer, 'regular');

/** A Price frame as the server makes it: customer prices with the global fees only. */
function priceFrame(quote = { bid: '2650.00', ask: '2651.00' }, fx = { bid: '4.4500', ask: '4.4700' }, overrides: Partial<PriceData> = {}): PriceData {
  const c = customerPrice(quote, fx, regular);
  return {
    myr: { buy: c.myr.buy, sell: c.myr.sell, buyTrend: 'up', sellTrend: 'down' },
    usd: { buy: c.usd.buy, sell: c.usd.sell, buyTrend: 'up', sellTrend: 'down' },
    available: { myr: true, usd: true, offline: true },
    reason: null,
    variant: 'regular',
    source: 'simulated',
    at: '2030-01-07T02:00:00.000Z',
    ...overrides,
  };
}

describe('order preview', () => {
  it('picks the adjust variant', () => {
    expect(settingsOfVariant(answer, 'afterHour')).toEqual({
      currency: { bid: '0.0500', ask: '0.0600' },
      spread: { buySpread: '3.00', sellSpread: '4.00' },
      fee: { premium: '1.200', refineryFees: '0.700', interestRate: '0.060000' },
    });
  });

  it('a market buy: amount = live MYR/g x grams, fees = global premium x grams', () => {
    const price = priceFrame();
    const p = orderPreview({ side: 'buy', symbol: 'XAU/MYR', orderType: 'MARKET', quantity: '2.5', price, settings: regular, personal: null });
    expect(p.livePrice).toBe(price.myr.buy);
    expect(p.myrPerGram).toBe(price.myr.buy);
    expect(p.amount).toBe(roundTo(new Decimal(price.myr.buy).times('2.5'), 2));
    expect(p.fee).toEqual({ global: '1.000', personal: '0.000', total: '1.000' });
    expect(p.feeAmount).toEqual({ global: '2.50', personal: '0.00', total: '2.50' });
    expect(p.feeKind).toBe('premium');
    expect(p.usdAmount).toBeNull();
  });

  it('adds the personal fee on the sides the fee-adjust mode names, exactly as the server prices the user', () => {
    const price = priceFrame();
    const personal = { premium: '0.250', refineryFees: '0.150', feeAdjustMode: 'buy' as const };
    const buy = orderPreview({ side: 'buy', symbol: 'XAU/MYR', orderType: 'MARKET', quantity: '10', price, settings: regular, personal });
    const server = fillPricesAtMarket({ quote: { bid: '2650.00', ask: '2651.00' }, fx: { bid: '4.4500', ask: '4.4700' }, settings: regular }, personal, 'BUY').prices;
    expect(buy.myrPerGram).toBe(server.myrPrice);
    expect(buy.fee).toEqual({ global: '1.000', personal: '0.250', total: '1.250' });
    expect(buy.feeAmount.total).toBe('12.50');
    // the mode names buy only: a sell gets no personal refinery fee
    const sell = orderPreview({ side: 'sell', symbol: 'XAU/MYR', orderType: 'MARKET', quantity: '10', price, settings: regular, personal });
    expect(sell.myrPerGram).toBe(price.myr.sell);
    expect(sell.feeKind).toBe('refineryFees');
    expect(sell.fee).toEqual({ global: '0.500', personal: '0.000', total: '0.500' });
    expect(personalFee({ ...personal, feeAdjustMode: 'both' }, 'sell')).toBe('0.150');
    expect(personalFee({ ...personal, feeAdjustMode: 'none' }, 'buy')).toBe('0.000');
  });

  it('matches the server customer price for any quote, rate and personal fee (property)', () => {
    const money = (min: number, max: number, scale: number) => fc.integer({ min: min * 10 ** scale, max: max * 10 ** scale }).map((n) => (n / 10 ** scale).toFixed(scale));
    fc.assert(
      fc.property(money(1000, 4000, 2), money(0, 20, 2), money(3, 6, 4), money(0, 5, 3), money(0, 5, 3), fc.constantFrom('none', 'both', 'buy', 'sell' as const), fc.constantFrom('buy', 'sell' as const), (bid, gap, fxBid, prem, ref, mode, side) => {
        const quote = { bid, ask: new Decimal(bid).plus(gap).toFixed(2) };
        const fx = { bid: fxBid, ask: new Decimal(fxBid).plus('0.02').toFixed(4) };
        const personal = { premium: prem, refineryFees: ref, feeAdjustMode: mode };
        const server = fillPricesAtMarket({ quote, fx, settings: regular }, personal, side === 'buy' ? 'BUY' : 'SELL').prices;
        const p = orderPreview({ side, symbol: 'XAU/MYR', orderType: 'MARKET', quantity: '1', price: priceFrame(quote, fx), settings: regular, personal });
        expect(p.myrPerGram).toBe(server.myrPrice);
      }),
      { numRuns: 300 },
    );
  });

  it('XAU/USD: the USD amount at USD/oz x grams / 31.1034768 and the MYR amount charged', () => {
    const price = priceFrame();
    const p = orderPreview({ side: 'buy', symbol: 'XAU/USD', orderType: 'MARKET', quantity: '31.1034768'.slice(0, 7), price, settings: regular, personal: null });
    expect(p.livePrice).toBe(price.usd.buy);
    expect(p.usdAmount).toBe(roundTo(new Decimal(price.usd.buy).times('31.1034').div('31.1034768'), 2));
    expect(p.amount).toBe(roundTo(new Decimal(price.myr.buy).times('31.1034'), 2));
  });

  it('a limit order is previewed at its limit; an XAU/USD limit has no MYR price until it fills', () => {
    const price = priceFrame();
    const myr = orderPreview({ side: 'buy', symbol: 'XAU/MYR', orderType: 'LIMIT', quantity: '3', limitPrice: '370.5', price, settings: regular, personal: null });
    expect(myr.atPrice).toBe('370.5');
    expect(myr.myrPerGram).toBe('370.500');
    expect(myr.amount).toBe('1111.50');
    const usd = orderPreview({ side: 'sell', symbol: 'XAU/USD', orderType: 'LIMIT', quantity: '31.1034768', limitPrice: '2700', price, settings: regular, personal: null });
    expect(usd.myrPerGram).toBeNull();
    expect(usd.amount).toBeNull();
    expect(usd.usdAmount).toBe('2700.00');
  });

  it('gives no amounts for a quantity that is not a positive number, and no price before the first frame', () => {
    for (const quantity of ['', 'abc', '0', '-1']) {
      const p = orderPreview({ side: 'buy', symbol: 'XAU/MYR', orderType: 'MARKET', quantity, price: priceFrame(), settings: regular, personal: null });
      expect(p.amount).toBeNull();
      expect(p.feeAmount.total).toBeNull();
    }
    const none = orderPreview({ side: 'buy', symbol: 'XAU/MYR', orderType: 'MARKET', quantity: '1', price: null, settings: null, personal: null });
    expect(none).toMatchObject({ available: false, livePrice: null, amount: null, fee: { global: null, total: null } });
  });

  it('the live price of a side has the personal fee on it (the limit-side rule is in the domain: order-rules.test.ts)', () => {
    expect(userLivePrice(priceFrame(), 'XAU/MYR', 'sell', { premium: '0', refineryFees: '0.100', feeAdjustMode: 'sell' })).toBe(
      roundTo(new Decimal(priceFrame().myr.sell).minus('0.1'), 3),
    );
  });

  it('disabledLimit: set while the pair is closed or XAU/MYR is open only through trading-period mode', () => {
    expect(disabledLimit(null, 'XAU/MYR')).toBe(false);
    expect(disabledLimit(priceFrame(), 'XAU/MYR')).toBe(false);
    expect(disabledLimit(priceFrame(undefined, undefined, { reason: 'trading period mode', available: { myr: true, usd: false, offline: true } }), 'XAU/MYR')).toBe(true);
    expect(disabledLimit(priceFrame(undefined, undefined, { reason: 'bank closed', available: { myr: false, usd: false, offline: true } }), 'XAU/USD')).toBe(true);
    // what the server sends after hours in trading-period mode: the frame's reason is XAU/USD's ('bank closed')
    expect(disabledLimit(priceFrame(undefined, undefined, { reason: 'bank closed', variant: 'afterHour', available: { myr: true, usd: false, offline: true } }), 'XAU/MYR')).toBe(true);
    expect(disabledLimit(priceFrame(undefined, undefined, { reason: 'trading period mode', available: { myr: true, usd: true, offline: true } }), 'XAU/USD')).toBe(false);
  });

  it('is the domain quote at the live frame, and what the server fills a market order at (property)', () => {
    const money = (min: number, max: number, scale: number) => fc.integer({ min: min * 10 ** scale, max: max * 10 ** scale }).map((n) => (n / 10 ** scale).toFixed(scale));
    const personalArb = fc.option(fc.record({ premium: money(0, 5, 3), refineryFees: money(0, 5, 3), feeAdjustMode: fc.constantFrom('none', 'both', 'buy', 'sell' as const) }), { nil: null });
    fc.assert(
      fc.property(
        money(1000, 4000, 2),
        money(3, 6, 4),
        personalArb,
        fc.constantFrom('buy', 'sell' as const),
        fc.constantFrom('XAU/MYR', 'XAU/USD' as const),
        fc.constantFrom('MARKET', 'LIMIT' as const),
        money(0, 500, 4),
        money(100, 4000, 3),
        (bid, fxBid, personal: PersonalFees | null, side, symbol, orderType, quantity, limitPrice) => {
          const quote = { bid, ask: new Decimal(bid).plus('1.00').toFixed(2) };
          const fx = { bid: fxBid, ask: new Decimal(fxBid).plus('0.02').toFixed(4) };
          const input = { side, symbol, orderType, quantity, limitPrice, price: priceFrame(quote, fx), settings: regular, personal };
          const p = orderPreview(input);
          expect(p).toEqual({ available: true, ...orderQuote(input) });
          if (orderType === 'LIMIT' || new Decimal(quantity).isZero()) return;
          const fill = fillPricesAtMarket({ quote, fx, settings: regular }, personal ?? { premium: '0', refineryFees: '0', feeAdjustMode: 'none' }, side === 'buy' ? 'BUY' : 'SELL').prices;
          expect(p.myrPerGram).toBe(fill.myrPrice);
          expect(p.amount).toBe(orderAmount(fill.myrPrice, quantity));
          if (symbol === 'XAU/USD') expect(p.usdAmount).toBe(usdAmount(fill.usdPrice!, quantity));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('offline: amount at the final price; XAU/USD also in MYR at the exchange rate', () => {
    expect(offlinePreview({ symbol: 'XAU/MYR', quantity: '1.5', finalPrice: '376.123', exchangeRate: '' })).toEqual({ amount: '564.18', myrAmount: '564.18', myrPerGram: '376.123' });
    expect(offlinePreview({ symbol: 'XAU/USD', quantity: '2', finalPrice: '85.125', exchangeRate: '4.4568' })).toEqual({ amount: '170.25', myrAmount: '758.77', myrPerGram: '379.385' });
    expect(offlinePreview({ symbol: 'XAU/USD', quantity: '2', finalPrice: '85.125', exchangeRate: 'x' })).toEqual({ amount: '170.25', myrAmount: null, myrPerGram: null });
    expect(offlinePreview({ symbol: 'XAU/MYR', quantity: '', finalPrice: '1', exchangeRate: '' })).toEqual({ amount: null, myrAmount: null, myrPerGram: null });
    // more decimals than are sent: the preview is what the server will record (420.1235 is sent as 420.124)
    expect(offlinePreview({ symbol: 'XAU/MYR', quantity: '100', finalPrice: '420.1235', exchangeRate: '' })).toEqual({ amount: '42012.40', myrAmount: '42012.40', myrPerGram: '420.124' });
    expect(offlinePreview({ symbol: 'XAU/USD', quantity: '2', finalPrice: '85.1249', exchangeRate: '4.45684' })).toEqual(
      offlinePreview({ symbol: 'XAU/USD', quantity: '2', finalPrice: '85.125', exchangeRate: '4.4568' }),
    );
  });
});
