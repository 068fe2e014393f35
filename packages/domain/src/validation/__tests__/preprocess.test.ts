import { describe, expect, it } from 'vitest';
import { blankToUndefined, emptyToUndefined, upperCode } from '../preprocess.ts';
import { CreateOrderBody } from '../../orders/order-schemas.ts';

describe('raw values before their schema', () => {
  it("'' counts as absent; null too where a body may send it", () => {
    expect(emptyToUndefined('')).toBeUndefined();
    expect(emptyToUndefined(null)).toBeNull();
    expect(emptyToUndefined('0')).toBe('0');
    expect(blankToUndefined('')).toBeUndefined();
    expect(blankToUndefined(null)).toBeUndefined();
    expect(blankToUndefined(0)).toBe(0);
  });

  it('codes read in any case and without stray spaces, in every schema alike', () => {
    expect(upperCode(' xau ')).toBe('XAU');
    expect(upperCode(5)).toBe(5);
    const order = { symbol: ' xau/myr', currency: 'myr ', orderType: 'market', action: 0, quantity: '1', userId: 1, goodTillDate: null };
    const parsed = CreateOrderBody.safeParse(order);
    expect(parsed.success && [parsed.data.symbol, parsed.data.currency, parsed.data.orderType]).toEqual(['XAU/MYR', 'MYR', 'MARKET']);
  });
});
