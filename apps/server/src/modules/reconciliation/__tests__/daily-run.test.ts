import { describe, expect, it } from 'vitest';
import { dailyRunDue } from '../reconciliation-service.ts';

const at = { hour: 9, minute: 0 };

describe('the daily reconciliation is due on business days after its time, Kuala Lumpur time', () => {
  it('counts the time and the weekday in Kuala Lumpur, not in UTC', () => {
    // Monday 2031-03-03: 08:59 and 09:00 in Kuala Lumpur are 00:59 and 01:00 UTC
    expect(dailyRunDue(new Date('2031-03-03T00:59:59Z'), at, [])).toBe(false);
    expect(dailyRunDue(new Date('2031-03-03T01:00:00Z'), at, [])).toBe(true);
    // Friday 17:00 UTC is already Saturday 01:00 in Kuala Lumpur; Sunday 23:00 UTC is Monday 07:00 there
    expect(dailyRunDue(new Date('2031-03-07T12:00:00Z'), at, [])).toBe(true);
    expect(dailyRunDue(new Date('2031-03-07T17:00:00Z'), { hour: 0, minute: 30 }, [])).toBe(false);
    expect(dailyRunDue(new Date('2031-03-09T23:00:00Z'), { hour: 6, minute: 0 }, [])).toBe(true);
  });

  it('skips system holidays and runs until the end of the business day', () => {
    expect(dailyRunDue(new Date('2031-03-05T04:00:00Z'), at, ['2031-03-05'])).toBe(false);
    expect(dailyRunDue(new Date('2031-03-06T15:59:00Z'), at, ['2031-03-05'])).toBe(true);
    expect(dailyRunDue(new Date('2031-03-06T15:59:00Z'), { hour: 23, minute: 59 }, [])).toBe(true);
    expect(dailyRunDue(new Date('2031-03-06T15:58:00Z'), { hour: 23, minute: 59 }, [])).toBe(false);
  });
});
