import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../../money/decimal.ts';
import { goodTillDateInPast, limitOnWrongSide, paymentDateInFuture, tradeRuleViolation, type TradeRules } from '../order-rules.ts';

const anyone: TradeRules = { allowedAction: 'all', allowedPair: 'none', tradeLimit: null };

describe('order rules (DECISIONS.md §5)', () => {
  it('checks the minimum quantity, then the allowed side and pair, then the trade limit', () => {
    expect(tradeRuleViolation(anyone, 'buy', 'XAU/MYR', '1', '1')).toBeNull();
    expect(tradeRuleViolation(anyone, 'buy', 'XAU/MYR', '0.9999', '1')).toEqual({ rule: 'minimumQuantity', value: '1' });
    expect(tradeRuleViolation({ ...anyone, allowedAction: 'sellOnly' }, 'buy', 'XAU/MYR', '2', '1')).toEqual({ rule: 'allowedAction', allowed: 'sellOnly' });
    expect(tradeRuleViolation({ ...anyone, allowedAction: 'readOnly' }, 'sell', 'XAU/MYR', '2', '1')).toEqual({ rule: 'allowedAction', allowed: 'readOnly' });
    expect(tradeRuleViolation({ ...anyone, allowedPair: 'XAU/MYR' }, 'buy', 'XAU/USD', '2', '1')).toEqual({ rule: 'allowedPair', allowed: 'XAU/MYR' });
    expect(tradeRuleViolation({ ...anyone, tradeLimit: '5' }, 'buy', 'XAU/MYR', '5.0001', '1')).toEqual({ rule: 'tradeLimit', limit: '5.0000' });
    expect(tradeRuleViolation({ ...anyone, tradeLimit: '5' }, 'buy', 'XAU/MYR', '5', '1')).toBeNull();
    // the minimum is checked first
    expect(tradeRuleViolation({ allowedAction: 'readOnly', allowedPair: 'XAU/USD', tradeLimit: '0.1' }, 'buy', 'XAU/MYR', '0.5', '1')).toMatchObject({ rule: 'minimumQuantity' });
  });

  it('property: an order within every rule is never refused, and one above the trade limit always is', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10_000, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000 }), (limit, over) => {
        const tradeLimit = new Decimal(limit).div(10_000).toFixed(4);
        expect(tradeRuleViolation({ ...anyone, tradeLimit }, 'sell', 'XAU/USD', tradeLimit, '1')).toBeNull();
        const above = new Decimal(tradeLimit).plus(new Decimal(over).div(10_000)).toFixed(4);
        expect(tradeRuleViolation({ ...anyone, tradeLimit }, 'sell', 'XAU/USD', above, '1')).toMatchObject({ rule: 'tradeLimit' });
      }),
    );
  });

  it('a buy limit must be below the live price, a sell limit above it', () => {
    expect(limitOnWrongSide('380.000', 'buy', '380.000')).toBe('380.000');
    expect(limitOnWrongSide('381', 'buy', '380.000')).toBe('380.000');
    expect(limitOnWrongSide('379.999', 'buy', '380.000')).toBeNull();
    expect(limitOnWrongSide('380', 'sell', '380.000')).toBe('380.000');
    expect(limitOnWrongSide('380.001', 'sell', '380.000')).toBeNull();
    expect(limitOnWrongSide('abc', 'sell', '380.000')).toBeNull();
    expect(limitOnWrongSide('1', 'buy', null)).toBeNull();
  });

  it('dates: a good-till date before today and a payment after today are refused', () => {
    expect(goodTillDateInPast('2030-01-06', '2030-01-07')).toBe(true);
    expect(goodTillDateInPast('2030-01-07', '2030-01-07')).toBe(false);
    expect(goodTillDateInPast(null, '2030-01-07')).toBe(false);
    expect(paymentDateInFuture('2030-01-08', '2030-01-07')).toBe(true);
    expect(paymentDateInFuture('2030-01-07', '2030-01-07')).toBe(false);
  });
});
