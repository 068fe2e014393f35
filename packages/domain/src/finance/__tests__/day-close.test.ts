import { describe, expect, it } from 'vitest';
import { closeDateRefusal, dayAfter, dayCloseChecks, firstOpenDay } from '../day-close.ts';

// 2031-05-09 is a Friday; 2031-05-10 and 11 the weekend; 2031-05-12 a Monday
describe('which day may be closed', () => {
  const holidays = ['2031-05-13'];

  it('refuses today and later: the day has not ended', () => {
    expect(closeDateRefusal('2031-05-12', null, '2031-05-12', holidays)).toEqual({ rule: 'notEnded', today: '2031-05-12' });
    expect(closeDateRefusal('2031-06-01', '2031-05-08', '2031-05-12', holidays)).toEqual({ rule: 'notEnded', today: '2031-05-12' });
  });

  it('lets the first close be any day that has ended', () => {
    expect(closeDateRefusal('2030-01-01', null, '2031-05-12', holidays)).toBeNull();
  });

  it('refuses the last closed day and earlier ones', () => {
    expect(closeDateRefusal('2031-05-09', '2031-05-09', '2031-05-20', holidays)).toEqual({ rule: 'alreadyClosed', lastClosed: '2031-05-09' });
    expect(closeDateRefusal('2031-05-01', '2031-05-09', '2031-05-20', holidays)).toEqual({ rule: 'alreadyClosed', lastClosed: '2031-05-09' });
  });

  it('closes a weekend with the next business day, but never leaves a business day open behind a close', () => {
    // Friday closed: Monday may close (Saturday and Sunday with it), or Saturday alone
    expect(closeDateRefusal('2031-05-12', '2031-05-09', '2031-05-20', holidays)).toBeNull();
    expect(closeDateRefusal('2031-05-10', '2031-05-09', '2031-05-20', holidays)).toBeNull();
    // Thursday closed: Friday is a business day, so Monday may not close before it
    expect(closeDateRefusal('2031-05-12', '2031-05-08', '2031-05-20', holidays)).toEqual({ rule: 'businessDayOpen', open: '2031-05-09' });
    // Monday closed: Tuesday is a holiday, so Wednesday may close with it
    expect(closeDateRefusal('2031-05-14', '2031-05-12', '2031-05-20', holidays)).toBeNull();
    expect(closeDateRefusal('2031-05-14', '2031-05-12', '2031-05-20', [])).toEqual({ rule: 'businessDayOpen', open: '2031-05-13' });
  });

  it('dates postings in the day after the last closed one, or today', () => {
    expect(firstOpenDay(null, '2031-05-12')).toBe('2031-05-12');
    expect(firstOpenDay('2031-05-09', '2031-05-12')).toBe('2031-05-10');
    expect(firstOpenDay('2031-05-11', '2031-05-12')).toBe('2031-05-12');
    expect(dayAfter('2031-12-31')).toBe('2032-01-01');
    expect(dayAfter('2032-03-01', -1)).toBe('2032-02-29');
  });
});

describe("the close's checks", () => {
  const passing = {
    units: [
      { unit: 'MYR' as const, balanced: true },
      { unit: 'XAU' as const, balanced: true },
    ],
    negativeCustomerBooks: [],
    metals: [{ metal: 'XAU' as const, books: '1000.0000', bars: '1000' }],
  };

  it('pass when every unit balances, no customer book is below zero and the metal books equal the bars', () => {
    expect(dayCloseChecks(passing).map((c) => [c.check, c.ok])).toEqual([
      ['balanced', true],
      ['customerBooks', true],
      ['metalBooks', true],
    ]);
  });

  it('say which unit, which customer book and which metal failed', () => {
    const checks = dayCloseChecks({
      units: [
        { unit: 'MYR', balanced: true },
        { unit: 'XAU', balanced: false },
      ],
      negativeCustomerBooks: [{ account: 'user:7:fund', balance: '-0.01' }],
      metals: [
        { metal: 'XAU', books: '1000.0000', bars: '999.9999' },
        { metal: 'XAG', books: '5', bars: '5.0000' },
      ],
    });
    expect(checks).toEqual([
      { check: 'balanced', ok: false, unbalanced: ['XAU'] },
      { check: 'customerBooks', ok: false, negative: [{ account: 'user:7:fund', balance: '-0.01' }] },
      { check: 'metalBooks', ok: false, differences: [{ metal: 'XAU', books: '1000.0000', bars: '999.9999', difference: '0.0001' }] },
    ]);
  });
});
