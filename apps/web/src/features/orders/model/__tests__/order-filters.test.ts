import { describe, expect, it } from 'vitest';
import { filterVariables, statusEnum } from '../order-filters.ts';

const q = (text: string) => new URLSearchParams(text);

describe('order list filters to connection variables', () => {
  it('limits statuses to the mode: tr open, th closed, as GraphQL enum names', () => {
    expect(filterVariables(q(''), 'tr').status).toEqual(['Created', 'Filled', 'Settled', 'Overdue']);
    expect(filterVariables(q(''), 'th').status).toEqual(['Paid', 'Canceled', 'Refunded', 'Reverted']);
    expect(filterVariables(q(''), null).status).toBeUndefined();
    expect(statusEnum('OVERDUE')).toBe('Overdue');
  });

  it('maps a display status back to the server status, within the mode', () => {
    expect(filterVariables(q('status=unpaid'), 'tr').status).toEqual(['Settled']);
    expect(filterVariables(q('status=matching'), 'tr').status).toEqual(['Created']);
    expect(filterVariables(q('status=completed'), 'th').status).toEqual(['Paid']);
    expect(filterVariables(q('status=completed'), 'tr').status).toEqual([]);
    expect(filterVariables(q('status=reverted'), null).status).toEqual(['Reverted']);
    expect(filterVariables(q('status=nonsense'), 'tr').status).toEqual(['Created', 'Filled', 'Settled', 'Overdue']);
  });

  it('takes several display statuses at once, each mapped back, the unreadable ones left out', () => {
    expect(filterVariables(q('status=unpaid,matching'), 'tr').status).toEqual(['Created', 'Settled']);
    expect(filterVariables(q('status=unpaid,nonsense,,overdue'), 'tr').status).toEqual(['Overdue', 'Settled']);
    expect(filterVariables(q('status=completed,reverted'), null).status).toEqual(['Paid', 'Reverted']);
  });

  it('passes every other filter in the connection spelling; unreadable values are left out', () => {
    const v = filterVariables(
      q('userCondition=UserId&userInput=12&action=sell&orderId=5&orderType=offline&createdAfter=2026-01-01&createdBefore=2026-01-31&filledAt=2026-01-05&goodTillDate=2026-02-01&symbol=XAU/USD&currency=USD&quantity=1,000.5'),
      'tr',
    );
    expect(v).toMatchObject({
      userCondition: 'UserId',
      userInput: '12',
      action: 'Sell',
      orderId: 5,
      orderType: 'OffLine',
      createdAfter: '2026-01-01',
      createdBefore: '2026-01-31',
      filledAt: ['2026-01-05'],
      goodTillDate: ['2026-02-01'],
      symbol: 'XAU/USD',
      currency: 'Usd',
      quantity: '1000.5',
    });
    const bad = filterVariables(q('userInput=%20&action=hold&orderId=x1&orderType=swap&createdAfter=05/01/2026&symbol=XAU/EUR&currency=EUR&quantity=lots'), null);
    expect(bad).toEqual({});
    expect(filterVariables(q('userInput=gold'), null)).toEqual({ userCondition: 'UserName', userInput: 'gold' });
  });
});
