import { describe, expect, it } from 'vitest';
import { groupThousands } from '../../money/grouping.ts';
import { metalValue, periodState, statementNumber, totalMyr } from '../statement-document.ts';

describe('a statement number', () => {
  it('names a whole month by yyyyMM and any other range by both dates, the user id padded to 8 digits', () => {
    expect(statementNumber(42, { from: '2026-02-01', to: '2026-02-28' })).toBe('ST-202602-00000042');
    expect(statementNumber(42, { from: '2028-02-01', to: '2028-02-29' })).toBe('ST-202802-00000042');
    expect(statementNumber(42, { from: '2026-02-01', to: '2026-02-27' })).toBe('ST-20260201-20260227-00000042');
    expect(statementNumber(7, { from: '2026-01-15', to: '2026-02-14' })).toBe('ST-20260115-20260214-00000007');
    expect(statementNumber(123_456_789, { from: '2026-12-01', to: '2026-12-31' })).toBe('ST-202612-123456789');
  });

  it('is the same for the same user and period, and differs for another user or period', () => {
    const range = { from: '2026-11-01', to: '2026-11-30' };
    expect(statementNumber(5, range)).toBe(statementNumber(5, { ...range }));
    expect(statementNumber(5, range)).not.toBe(statementNumber(6, range));
    expect(statementNumber(5, range)).not.toBe(statementNumber(5, { from: '2026-11-01', to: '2026-11-29' }));
  });
});

describe("a period's state on a business date", () => {
  it('is future when it starts after today, interim when it includes today, ended after its last day', () => {
    expect(periodState({ from: '2026-11-29', to: '2026-11-30' }, '2026-11-28')).toBe('future');
    expect(periodState({ from: '2026-11-01', to: '2026-11-30' }, '2026-11-28')).toBe('interim');
    expect(periodState({ from: '2026-11-28', to: '2026-11-28' }, '2026-11-28')).toBe('interim');
    expect(periodState({ from: '2026-11-01', to: '2026-11-27' }, '2026-11-28')).toBe('ended');
  });
});

describe('metal at a closing mid', () => {
  it('values grams at the unrounded mid, rounded to sen once, and shows the price to four decimals', () => {
    expect(metalValue('8.5000', '412.345678')).toEqual({ unitPriceMyr: '412.3457', valueMyr: '3504.94' });
    expect(metalValue('0.0000', '412.345678')).toEqual({ unitPriceMyr: '412.3457', valueMyr: '0.00' });
    expect(metalValue('-1.2500', '400')).toEqual({ unitPriceMyr: '400.0000', valueMyr: '-500.00' });
    expect(totalMyr(['3504.94', '0.01', '-500.00'])).toBe('3004.95');
    expect(totalMyr([])).toBe('0.00');
  });
});

describe('thousands separators', () => {
  it('group the whole part and keep the sign and decimals as they are', () => {
    expect(groupThousands('1234567.50')).toBe('1,234,567.50');
    expect(groupThousands('-2350.50')).toBe('-2,350.50');
    expect(groupThousands('999.9999')).toBe('999.9999');
    expect(groupThousands('1000')).toBe('1,000');
    expect(groupThousands('0.00')).toBe('0.00');
  });
});
