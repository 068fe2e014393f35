import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal, roundTo } from '../../money/decimal.ts';
import { GRAMS_PER_TROY_OUNCE } from '../../system/metals.ts';
import { orderAmount, usdAmount } from '../order-money.ts';
import {
  customerPrice,
  fillPricesAtMarket,
  gramsToOunces,
  limitMyrPerGram,
  offlineFillPrices,
  orderQuote,
  perGram,
  perOunce,
  personalFee,
  settingsOfVariant,
  userLivePrice,
  userMyrPerGram,
  type AdjustSettings,
  type PersonalFees,
} from '../order-pricing.ts';

const settings: AdjustSettings = {
  currency: { bid: '-0.0100', ask: '0.0100' },
  spread: { buySpread: '2.50', sellSpread: '2.50' },
  fee: { premium: '1.500', refineryFees: '0.800', interestRate: '0.080000' },
};

const money = (max: number, scale: number) => fc.integer({ min: 0, max: max * 10 ** scale }).map((n) => new Decimal(n).div(10 ** scale).toFixed(scale));
const between = (min: number, max: number, scale: number) =>
  fc.integer({ min: min * 10 ** scale, max: max * 10 ** scale }).map((n) => new Decimal(n).div(10 ** scale).toFixed(scale));
const scenario = fc.record({
  bid: money(5000, 2),
  width: money(20, 2),
  fxBid: fc.integer({ min: 30000, max: 50000 }).map((n) => new Decimal(n).div(10000).toFixed(4)),
  fxWidth: money(1, 4),
  buySpread: money(50, 2),
  sellSpread: money(50, 2),
  premium: money(10, 3),
  refinery: money(10, 3),
});
const quoteOf = (s: Record<string, string>) => ({ bid: s.bid!, ask: new Decimal(s.bid!).plus(s.width!).toFixed(2) });
const fxOf = (s: Record<string, string>) => ({ bid: s.fxBid!, ask: new Decimal(s.fxBid!).plus(s.fxWidth!).toFixed(4) });
const settingsOf = (s: Record<string, string>): AdjustSettings => ({
  currency: { bid: '0', ask: '0' },
  spread: { buySpread: s.buySpread!, sellSpread: s.sellSpread! },
  fee: { premium: s.premium!, refineryFees: s.refinery!, interestRate: '0' },
});
const priceOf = (s: Record<string, string>) => customerPrice(quoteOf(s), fxOf(s), settingsOf(s));
const personalArb = fc.record({ premium: money(5, 3), refineryFees: money(5, 3), feeAdjustMode: fc.constantFrom('none', 'both', 'buy', 'sell' as const) });
const sideArb = fc.constantFrom('buy', 'sell' as const);

describe('customer prices (DECISIONS.md §4)', () => {
  it('computes a worked example exactly', () => {
    const p = customerPrice({ bid: '2650.10', ask: '2650.90' }, { bid: '4.4700', ask: '4.4800' }, settings);
    // buy: (2650.90 + 2.50) x (4.48 + 0.01) / 31.1034768 + 1.5 = 384.5357...
    const buy = new Decimal('2653.40').times('4.49').div('31.1034768').plus('1.5');
    const sell = new Decimal('2647.60').times('4.46').div('31.1034768').minus('0.8');
    expect(p.myr.buy).toBe(buy.toFixed(3));
    expect(p.myr.sell).toBe(sell.toFixed(3));
    expect(p.myr.buy).toBe('384.536'); // checked independently with Python's decimal module
    expect(p.myr.sell).toBe('378.846');
    expect(p.usd).toEqual({ buy: '2653.40', sell: '2647.60' });
    expect(p.effectiveRate).toEqual({ bid: '4.4600', ask: '4.4900' });
  });

  it('adds personal fees only on the sides of the fee-adjust mode', () => {
    const base = customerPrice({ bid: '2650.10', ask: '2650.90' }, { bid: '4.4700', ask: '4.4800' }, settings);
    const fees = (feeAdjustMode: PersonalFees['feeAdjustMode']): PersonalFees => ({ premium: '0.500', refineryFees: '0.200', feeAdjustMode });
    expect(new Decimal(userMyrPerGram(base, 'buy', fees('both'))).minus(base.myr.buy).toFixed(3)).toBe('0.500');
    expect(new Decimal(base.myr.sell).minus(userMyrPerGram(base, 'sell', fees('both'))).toFixed(3)).toBe('0.200');
    expect(userMyrPerGram(base, 'sell', fees('buy'))).toBe(base.myr.sell);
    expect(userMyrPerGram(base, 'buy', fees('none'))).toBe(base.myr.buy);
    expect(userMyrPerGram(base, 'sell', fees('none'))).toBe(base.myr.sell);
    expect(userMyrPerGram(base, 'buy', null)).toBe(base.myr.buy);
    expect(personalFee(fees('both'), 'sell')).toBe('0.200');
    expect(personalFee(fees('none'), 'buy')).toBe('0.000');
    // XAU/USD: the live price is USD per ounce, personal fees are charged on the MYR side only
    expect(userLivePrice(base, 'XAU/USD', 'buy', fees('both'))).toBe(base.usd.buy);
    expect(userLivePrice(base, 'XAU/MYR', 'buy', fees('both'))).toBe(userMyrPerGram(base, 'buy', fees('both')));
  });

  it('picks the adjust variant of a GET adjust/{metal} answer', () => {
    const answer = {
      currency: { bid: '0.0100', ask: '-0.0200', currencyKind: 'MYR' as const },
      spread: { buySpread: '1.50', sellSpread: '2.00' },
      userFee: { refineryFees: '0.500', premium: '1.000', interestRate: '0.050000' },
      ahtCurrency: { bid: '0.0500', ask: '0.0600', currencyKind: 'MYR' as const },
      ahtSpread: { buySpread: '3.00', sellSpread: '4.00' },
      ahtUserFee: { refineryFees: '0.700', premium: '1.200', interestRate: '0.060000' },
    };
    expect(settingsOfVariant(answer, 'afterHour')).toEqual({
      currency: { bid: '0.0500', ask: '0.0600' },
      spread: { buySpread: '3.00', sellSpread: '4.00' },
      fee: { premium: '1.200', refineryFees: '0.700', interestRate: '0.060000' },
    });
    expect(settingsOfVariant(answer, 'regular').fee.premium).toBe('1.000');
  });

  it('property: the buy price is never below the sell price', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const p = priceOf(s);
        expect(new Decimal(p.myr.buy).gte(p.myr.sell)).toBe(true);
        expect(new Decimal(p.usd.buy).gte(p.usd.sell)).toBe(true);
      }),
    );
  });

  it('property: a wider spread never makes the customer price better', () => {
    fc.assert(
      fc.property(scenario, money(50, 2), (s, extra) => {
        const a = priceOf(s);
        const b = priceOf({ ...s, buySpread: new Decimal(s.buySpread).plus(extra).toFixed(2), sellSpread: new Decimal(s.sellSpread).plus(extra).toFixed(2) });
        expect(new Decimal(b.myr.buy).gte(a.myr.buy)).toBe(true);
        expect(new Decimal(b.myr.sell).lte(a.myr.sell)).toBe(true);
      }),
    );
  });

  it('property: results carry exact scales (3 for MYR/g, 2 for USD/oz)', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const p = priceOf(s);
        for (const v of [p.myr.buy, p.myr.sell]) expect(v).toMatch(/^-?\d+\.\d{3}$/);
        for (const v of [p.usd.buy, p.usd.sell]) expect(v).toMatch(/^-?\d+\.\d{2}$/);
      }),
    );
  });

  it('property: per gram and per ounce round-trip exactly', () => {
    fc.assert(
      fc.property(money(100000, 2), (v) => {
        expect(new Decimal(perOunce(perGram(v))).toDecimalPlaces(10).eq(v)).toBe(true);
      }),
    );
  });

  it('property: the user price equals DECISIONS.md §4 with personal fees and one rounding, for every price not below zero', () => {
    // the formula as written, personal fees added to the global ones before the only rounding
    const reference = (s: Record<string, string>, personal: PersonalFees, side: 'buy' | 'sell') => {
      const q = quoteOf(s);
      const fx = fxOf(s);
      const applies = personal.feeAdjustMode === 'both' || personal.feeAdjustMode === side;
      if (side === 'buy') {
        const premium = new Decimal(s.premium!).plus(applies ? personal.premium : 0);
        return new Decimal(q.ask).plus(s.buySpread!).times(fx.ask).div(GRAMS_PER_TROY_OUNCE).plus(premium);
      }
      const refinery = new Decimal(s.refinery!).plus(applies ? personal.refineryFees : 0);
      return new Decimal(q.bid).minus(s.sellSpread!).times(fx.bid).div(GRAMS_PER_TROY_OUNCE).minus(refinery);
    };
    fc.assert(
      fc.property(scenario, personalArb, sideArb, (s, personal, side) => {
        const exact = reference(s, personal, side);
        fc.pre(exact.gte(0) && new Decimal(side === 'buy' ? priceOf(s).myr.buy : priceOf(s).myr.sell).gte(0));
        expect(userMyrPerGram(priceOf(s), side, personal)).toBe(roundTo(exact, 3));
      }),
      { numRuns: 500 },
    );
  });
});

describe('fill prices and the preview: one answer', () => {
  it('property: a market order is charged what its preview at the published price shows (MYR/g, amount, USD amount)', () => {
    fc.assert(
      fc.property(scenario, personalArb, sideArb, fc.constantFrom('XAU/MYR', 'XAU/USD' as const), between(1, 5000, 4), (s, personal, side, symbol, grams) => {
        const pricing = { quote: quoteOf(s), fx: fxOf(s), settings: settingsOf(s) };
        const fill = fillPricesAtMarket(pricing, personal, side === 'buy' ? 'BUY' : 'SELL').prices;
        const published = customerPrice(pricing.quote, pricing.fx, pricing.settings);
        const quote = orderQuote({ side, symbol, orderType: 'MARKET', quantity: grams, price: published, settings: pricing.settings, personal });
        expect(quote.myrPerGram).toBe(fill.myrPrice);
        expect(quote.amount).toBe(orderAmount(fill.myrPrice, grams));
        if (symbol === 'XAU/USD') {
          expect(quote.livePrice).toBe(fill.usdPrice);
          expect(quote.usdAmount).toBe(usdAmount(fill.usdPrice!, grams));
        } else {
          expect(quote.livePrice).toBe(fill.myrPrice);
          expect(quote.usdAmount).toBeNull();
        }
        // the fees the fill records are the preview's parts
        expect(fill.globalFee).toBe(side === 'buy' ? s.premium : s.refinery);
        expect(quote.fee.personal).toBe(fill.userFee);
      }),
      { numRuns: 300 },
    );
  });

  it('fill prices record the quote, spread, rate and fees of the side', () => {
    const pricing = { quote: { bid: '2650.10', ask: '2650.90' }, fx: { bid: '4.4700', ask: '4.4800' }, settings };
    const { prices, customer } = fillPricesAtMarket(pricing, { premium: '0.250', refineryFees: '0.100', feeAdjustMode: 'sell' }, 'BUY');
    expect(prices).toEqual({
      costPrice: '2650.90',
      quotePrice: customer.usd.buy,
      myrPrice: customer.myr.buy,
      usdPrice: customer.usd.buy,
      exchangeRate: '4.4900',
      spreadAdjustment: '2.50',
      customizedAdjustment: null,
      userFee: '0.000',
      globalFee: '1.500',
      interestRateGlobal: '0.080000',
      // the mids without the currency adjustment: 2650.50 x 4.4750 / 31.1034768
      midMyrPerGram: '381.33960317',
    });
    const sell = fillPricesAtMarket(pricing, { premium: '0.250', refineryFees: '0.100', feeAdjustMode: 'sell' }, 'SELL').prices;
    expect(sell).toMatchObject({ costPrice: '2650.10', myrPrice: roundTo(new Decimal(customer.myr.sell).minus('0.1'), 3), exchangeRate: '4.4600', userFee: '0.100', globalFee: '0.800' });
  });

  it('a limit order is previewed at its limit; an XAU/USD limit has no MYR price until it fills', () => {
    const price = customerPrice({ bid: '2650.00', ask: '2651.00' }, { bid: '4.4500', ask: '4.4700' }, settings);
    const myr = orderQuote({ side: 'buy', symbol: 'XAU/MYR', orderType: 'LIMIT', quantity: '3', limitPrice: '370.5', price, settings, personal: null });
    expect(myr).toMatchObject({ atPrice: '370.5', myrPerGram: '370.500', amount: '1111.50' });
    const usd = orderQuote({ side: 'sell', symbol: 'XAU/USD', orderType: 'LIMIT', quantity: '31.1034768', limitPrice: '2700', price, settings, personal: null });
    expect(usd).toMatchObject({ myrPerGram: null, amount: null, usdAmount: '2700.00' });
  });

  it('limit prices in MYR per gram: the limit itself (XAU/MYR), USD/oz at the side\'s effective rate (XAU/USD)', () => {
    const rate = { bid: '4.4000', ask: '4.5000' };
    expect(limitMyrPerGram('XAU/MYR', 'BUY', '380.125', rate)).toBe('380.125');
    expect(limitMyrPerGram('XAU/USD', 'BUY', '2000', rate)).toBe(new Decimal('2000').times('4.5').div(GRAMS_PER_TROY_OUNCE).toFixed());
    expect(limitMyrPerGram('XAU/USD', 'SELL', '2000', rate)).toBe(new Decimal('2000').times('4.4').div(GRAMS_PER_TROY_OUNCE).toFixed());
  });

  it('offline fill prices: MYR/g from the final price (x the rate for USD), USD/oz, the customised adjustment', () => {
    expect(offlineFillPrices({ currency: 'MYR', costPrice: '370.000', quotePrice: '375.000', exchangeRate: '4.5000', finalPrice: '376.123' }, '0.08')).toEqual({
      costPrice: '370.000',
      quotePrice: '375.000',
      myrPrice: '376.123',
      usdPrice: roundTo(new Decimal('376.123').div('4.5').times(GRAMS_PER_TROY_OUNCE), 2),
      exchangeRate: '4.5000',
      spreadAdjustment: null,
      customizedAdjustment: '1.123',
      userFee: null,
      globalFee: null,
      interestRateGlobal: '0.08',
      midMyrPerGram: '370.00000000',
    });
    const usd = offlineFillPrices({ currency: 'USD', costPrice: '84', quotePrice: '85', exchangeRate: '4.4568', finalPrice: '85.125' }, '0');
    expect(usd.myrPrice).toBe('379.385'); // 85.125 x 4.4568 = 379.3851
    expect(usd.usdPrice).toBe(roundTo(new Decimal('85.125').times(GRAMS_PER_TROY_OUNCE), 2));
    expect(usd.customizedAdjustment).toBe('0.125');
  });

  it('property: an offline order\'s MYR price is its final price in MYR to 3 decimals, and final = quote + adjustment', () => {
    fc.assert(
      fc.property(fc.constantFrom('MYR', 'USD' as const), between(1, 1000, 3), between(1, 1000, 3), between(3, 6, 4), (currency, finalPrice, quotePrice, exchangeRate) => {
        const p = offlineFillPrices({ currency, costPrice: quotePrice, quotePrice, exchangeRate, finalPrice }, '0');
        const inMyr = currency === 'MYR' ? new Decimal(finalPrice) : new Decimal(finalPrice).times(exchangeRate);
        expect(new Decimal(p.myrPrice).minus(inMyr).abs().lte('0.0005')).toBe(true);
        expect(new Decimal(quotePrice).plus(p.customizedAdjustment!).eq(finalPrice)).toBe(true);
      }),
    );
  });
});

describe('grams to troy ounces', () => {
  /** The definition: a 50-digit decimal division, rounded half-up to 4 places. */
  const byDecimal = (grams: string) => roundTo(new Decimal(grams).div(GRAMS_PER_TROY_OUNCE), 4);

  it('answers what the decimal division answers, for any plain decimal of grams', () => {
    const decimal = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 16n }), fc.integer({ min: 0, max: 12 }))
      .map(([negative, units, places]) => {
        const digits = units.toString().padStart(places + 1, '0');
        return `${negative ? '-' : ''}${places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`}`;
      });
    fc.assert(
      fc.property(decimal, (grams) => {
        expect(gramsToOunces(grams), grams).toBe(byDecimal(grams));
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds a tie away from zero, never writes -0.0000 and reads the other spellings Decimal reads', () => {
    // 0.00005 oz exactly
    expect(gramsToOunces('0.00155517384')).toBe('0.0001');
    expect(gramsToOunces('-0.00155517384')).toBe('-0.0001');
    expect(gramsToOunces('0.00155517383')).toBe('0.0000');
    expect(gramsToOunces('-0.0000001')).toBe('0.0000');
    expect(gramsToOunces('31.1034768')).toBe('1.0000');
    expect(gramsToOunces('1000.0000')).toBe('32.1507');
    expect(gramsToOunces('1.0000')).toBe(byDecimal('1.0000'));
    expect(gramsToOunces('1e3')).toBe('32.1507');
    expect(gramsToOunces('.5')).toBe(byDecimal('.5'));
  });
});
