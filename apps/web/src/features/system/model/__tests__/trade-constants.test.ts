import { describe, expect, it } from 'vitest';
import { customerPrice } from '@aurum/domain/orders/order-pricing';
import type { MetalAdjustAnswer } from '@aurum/domain/system/system-schemas';
import { effectiveRate, quoteFromPrice, settingsOf, variantPrice } from '../trade-constants.ts';

const answer: MetalAdjustAnswer = {
  currency: { bid: '0.0100', ask: '-0.0200', currencyKind: 'MYR' },
  spread: { buySpread: '1.50', sellSpread: '2.00' },
  userFee: { refineryFees: '0.500', premium: '1.000', interestRate: '0.050000' },
  ahtCurrency: { bid: '0.0500', ask: '0.0600', currencyKind: 'MYR' },
  ahtSpread: { buySpread: '3.00', sellSpread: '4.00' },
  ahtUserFee: { refineryFees: '0.700', premium: '1.200', interestRate: '0.060000' },
};

describe('trade constants', () => {
  it('picks the variant', () => {
    expect(settingsOf(answer, 'afterHour')).toEqual({
      currency: { bid: '0.0500', ask: '0.0600' },
      spread: { buySpread: '3.00', sellSpread: '4.00' },
      fee: { refineryFees: '0.700', premium: '1.200', interestRate: '0.060000' },
    });
  });

  it('recovers the quote from a live price of either variant', () => {
    const quote = { bid: '2640.40', ask: '2641.20' };
    const fx = { bid: '4.4500', ask: '4.4700' };
    for (const variant of ['regular', 'afterHour'] as const) {
      const p = customerPrice(quote, fx, settingsOf(answer, variant));
      expect(quoteFromPrice({ variant, usd: { ...p.usd, buyTrend: 'up', sellTrend: 'up' } }, answer)).toEqual(quote);
    }
  });

  it('prices each variant with the domain formula', () => {
    const quote = { bid: '2640.40', ask: '2641.20' };
    const fx = { bid: '4.4500', ask: '4.4700' };
    expect(variantPrice(quote, fx, answer, 'regular')).toEqual(customerPrice(quote, fx, settingsOf(answer, 'regular')));
    expect(variantPrice(null, fx, answer, 'regular')).toBeNull();
    expect(effectiveRate(fx, answer, 'regular')).toEqual({ bid: '4.4600', ask: '4.4500' });
    expect(effectiveRate(fx, answer, 'afterHour')).toEqual({ bid: '4.5000', ask: '4.5300' });
    expect(effectiveRate(null, answer, 'afterHour')).toBeNull();
  });
});
