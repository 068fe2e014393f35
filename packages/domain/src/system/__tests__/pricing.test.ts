import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../../money/decimal.ts';
import { customerPrice, perGram, perOunce, type AdjustSettings } from '../pricing.ts';

const settings: AdjustSettings = {
  currency: { bid: '-0.0100', ask: '0.0100' },
  spread: { buySpread: '2.50', sellSpread: '2.50' },
  fee: { premium: '1.500', refineryFees: '0.800', interestRate: '0.080000' },
};

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
    const quote = { bid: '2650.10', ask: '2650.90' };
    const fx = { bid: '4.4700', ask: '4.4800' };
    const base = customerPrice(quote, fx, settings);
    const both = customerPrice(quote, fx, settings, { premium: '0.500', refineryFees: '0.200', feeAdjustMode: 'both' });
    const buyOnly = customerPrice(quote, fx, settings, { premium: '0.500', refineryFees: '0.200', feeAdjustMode: 'buy' });
    const none = customerPrice(quote, fx, settings, { premium: '0.500', refineryFees: '0.200', feeAdjustMode: 'none' });
    expect(new Decimal(both.myr.buy).minus(base.myr.buy).toFixed(3)).toBe('0.500');
    expect(new Decimal(base.myr.sell).minus(both.myr.sell).toFixed(3)).toBe('0.200');
    expect(buyOnly.myr.sell).toBe(base.myr.sell);
    expect(none).toEqual(base);
  });

  const money = (max: number, scale: number) =>
    fc.integer({ min: 0, max: max * 10 ** scale }).map((n) => new Decimal(n).div(10 ** scale).toFixed(scale));
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
  const priceOf = (s: Record<string, string>) =>
    customerPrice(
      { bid: s.bid!, ask: new Decimal(s.bid!).plus(s.width!).toFixed(2) },
      { bid: s.fxBid!, ask: new Decimal(s.fxBid!).plus(s.fxWidth!).toFixed(4) },
      {
        currency: { bid: '0', ask: '0' },
        spread: { buySpread: s.buySpread!, sellSpread: s.sellSpread! },
        fee: { premium: s.premium!, refineryFees: s.refinery!, interestRate: '0' },
      },
    );

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
});
