import { describe, expect, it } from 'vitest';
import type { PnlDrillLine, PnlRow } from '@aurum/domain/finance/pnl-schemas';
import { drillQuery, linesOfRow, periodRange, queryFromParams } from '../pnl-view.ts';

const row = (r: Partial<PnlRow>): PnlRow => ({
  period: '2030-01', metal: 'XAU', category: 'individual', volumeGrams: '0', volumeMyr: '0', spread: '0', fees: '0', interest: '0', interestXauGrams: '0', hedges: '0', revaluation: '0', expenses: '0', total: '0', ...r,
});
const line = (l: Partial<PnlDrillLine>): PnlDrillLine => ({
  at: '2030-01-07T03:00:00.000Z', kind: 'order.income', entryId: 1, orderId: 1, userId: 1, hedgeId: null, metal: 'XAU', category: 'individual', amount: '1.00', unit: 'MYR', grams: null, note: null, ...l,
});

describe('the P&L screen\'s view logic', () => {
  it('reads the query from the address, the month so far by day when it says nothing', () => {
    const now = new Date('2030-01-20T03:00:00Z');
    expect(queryFromParams(new URLSearchParams(''), now)).toEqual({ from: '2030-01-01', to: '2030-01-20', groupBy: 'day', metal: undefined, category: undefined });
    expect(queryFromParams(new URLSearchParams('groupBy=month&metal=XAU&category=agent&from=2029-12-01'), now)).toMatchObject({ from: '2029-12-01', groupBy: 'month', metal: 'XAU', category: 'agent' });
    expect(queryFromParams(new URLSearchParams('groupBy=week&metal=CU'), now)).toMatchObject({ groupBy: 'day', metal: undefined });
  });

  it('drills a month within the range, a day as itself, and keeps the row\'s own metal and category', () => {
    expect(periodRange('2030-02', { from: '2030-01-15', to: '2030-03-10' })).toEqual({ from: '2030-02-01', to: '2030-02-28' });
    expect(periodRange('2030-01', { from: '2030-01-15', to: '2030-03-10' })).toEqual({ from: '2030-01-15', to: '2030-01-31' });
    expect(periodRange('2030-01-07', { from: '2030-01-01', to: '2030-01-31' })).toEqual({ from: '2030-01-07', to: '2030-01-07' });
    const house = row({ period: '2030-01-07', category: null });
    const q = { from: '2030-01-01', to: '2030-01-31', groupBy: 'day' as const };
    expect(drillQuery({ figure: 'revaluation', row: house }, q, q)).toEqual({ from: '2030-01-07', to: '2030-01-07', figure: 'revaluation', metal: 'XAU', category: undefined });
    const lines = [line({}), line({ category: null, entryId: 2 }), line({ metal: null, entryId: 3 })];
    expect(linesOfRow(lines, house).map((l) => l.entryId)).toEqual([2]);
    expect(linesOfRow(lines, null)).toHaveLength(3);
  });
});
