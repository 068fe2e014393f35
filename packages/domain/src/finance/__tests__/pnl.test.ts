import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../money/decimal.ts';
import { businessDate, startOfBusinessDay } from '../../system/business-time.ts';
import { TREASURY_METALS, type TreasuryMetal } from '../../treasury/treasury-metals.ts';
import { USER_CATEGORIES } from '../../users/user-enums.ts';
import { PnlDrillQuery, PnlQuery } from '../pnl-schemas.ts';
import { hedgeLinkResult } from '../../hedges/hedge-postings.ts';
import {
  PNL_COLUMNS,
  assemblePnl,
  datesOf,
  periodsOf,
  revaluationOfDay,
  type PnlFact,
} from '../pnl.ts';

/**
 * Random days of a dealer's life (fills at the day's closing mid with their spread and fee,
 * interest paid, hedges of the fills, prices moving day to day), simulated as the house's equity:
 *
 *   equity = income books + trading desk (cash at the mid) + hedge cash + sum over metals of net x price
 *
 * Checked: the P&L total over the range equals the change in that equity (decision 1030), the
 * rows and the periods sum to the totals, and grouping by month gives the same totals as by day.
 */

const money = (min: number, max: number) => fc.integer({ min: min * 100, max: max * 100 }).map((n) => new Decimal(n).div(100).toFixed(2));
const METALS = TREASURY_METALS;

const event = fc.oneof(
  fc.record({
    kind: fc.constant('fill' as const),
    metal: fc.constantFrom(...METALS),
    category: fc.constantFrom(...USER_CATEGORIES),
    action: fc.constantFrom('BUY' as const, 'SELL' as const),
    grams: fc.integer({ min: 1, max: 50 }),
    spread: money(-20, 200),
    fee: money(0, 50),
    // a hedge of the fill's grams at a price off the mid, or none
    hedgeOff: fc.option(money(-5, 5), { nil: undefined }),
    hedgeFee: money(0, 10),
  }),
  fc.record({ kind: fc.constant('interest' as const), metal: fc.constantFrom(...METALS), category: fc.constantFrom(...USER_CATEGORIES), amount: money(0, 30) }),
);

const day = fc.record({
  // the day's closing price per metal, MYR per gram
  close: fc.tuple(money(300, 500), money(100, 200), money(2, 10)),
  events: fc.array(event, { maxLength: 6 }),
});

const life = fc.record({
  startOffset: fc.integer({ min: 0, max: 400 }),
  open: fc.tuple(money(300, 500), money(100, 200), money(2, 10)),
  days: fc.array(day, { minLength: 1, maxLength: 45 }),
});

type Prices = Record<TreasuryMetal, Decimal>;
const pricesOf = (t: readonly string[]): Prices => ({ XAU: new Decimal(t[0]!), XPT: new Decimal(t[1]!), XAG: new Decimal(t[2]!) });

describe('the P&L assembled from random days', () => {
  it('totals the change in house equity; rows and periods sum to the totals; month and day grouping agree', () => {
    fc.assert(
      fc.property(life, ({ startOffset, open, days }) => {
        const first = businessDate(startOfBusinessDay('2030-01-01', startOffset));
        const dates = datesOf(first, businessDate(startOfBusinessDay(first, days.length - 1)));
        expect(dates).toHaveLength(days.length);
        // a large position at the start: the net never reaches zero, so every day's close has a price
        const net: Record<TreasuryMetal, Decimal> = { XAU: new Decimal(10_000), XPT: new Decimal(-5_000), XAG: new Decimal(20_000) };
        let price = pricesOf(open);
        let income = new Decimal(0);
        let cash = new Decimal(0);
        const value = () => METALS.reduce((t, m) => t.plus(net[m].times(price[m])), new Decimal(0));
        const equityAtStart = income.plus(cash).plus(value());
        const facts: PnlFact[] = [];
        days.forEach((d, i) => {
          const date = dates[i]!;
          const close = pricesOf(d.close);
          const openPoints = Object.fromEntries(METALS.map((m) => [m, { net: net[m].toFixed(), mtmMyr: net[m].times(price[m]).toFixed(2), usdPerOunce: null, usdMyr: null }]));
          for (const e of d.events) {
            const fact = (column: PnlFact['column'], amount: string) => facts.push({ date, metal: e.metal, category: e.category, column, amount });
            if (e.kind === 'interest') {
              income = income.plus(e.amount);
              fact('interest', e.amount);
              continue;
            }
            // the fill at the day's closing mid: the desk holds the cost, the income books the rest
            const mid = close[e.metal];
            const sign = e.action === 'BUY' ? -1 : 1;
            net[e.metal] = net[e.metal].plus(sign * e.grams);
            cash = cash.minus(mid.times(sign * e.grams));
            income = income.plus(e.spread).plus(e.fee);
            fact('volumeGrams', String(e.grams));
            fact('volumeMyr', mid.times(e.grams).plus(e.action === 'BUY' ? new Decimal(e.spread).plus(e.fee) : new Decimal(e.spread).plus(e.fee).negated()).toFixed(2));
            fact('spread', e.spread);
            fact('fees', e.fee);
            if (e.hedgeOff !== undefined) {
              const hedgePrice = mid.plus(e.hedgeOff);
              if (hedgePrice.lte(0)) continue;
              // the hedge takes the other side of the fill's grams with the provider, and pays its fee
              net[e.metal] = net[e.metal].minus(sign * e.grams);
              cash = cash.plus(hedgePrice.times(sign * e.grams)).minus(e.hedgeFee);
              fact('hedges', hedgeLinkResult({ price: hedgePrice.toFixed(), currency: 'MYR' }, { action: e.action, midMyrPerGram: mid.toFixed(), grams: String(e.grams), exchangeRate: null })!);
              facts.push({ date, metal: e.metal, category: null, column: 'hedges', amount: new Decimal(e.hedgeFee).neg().toFixed(2) });
            }
          }
          for (const m of METALS) {
            const r = revaluationOfDay(openPoints[m]!, { net: net[m].toFixed(), mtmMyr: net[m].times(close[m]).toFixed(2), usdPerOunce: null, usdMyr: null });
            // the position held at the day's start, moved by the day's price; the day's fills are at the close
            expect(r).not.toBeNull();
            facts.push({ date, metal: m, category: null, column: 'revaluation', amount: r! });
          }
          price = close;
        });
        const equityChange = income.plus(cash).plus(value()).minus(equityAtStart);
        const to = dates.at(-1)!;
        const byDay = assemblePnl({ from: first, to, groupBy: 'day' }, facts);
        const byMonth = assemblePnl({ from: first, to, groupBy: 'month' }, facts);

        expect(new Decimal(byDay.totals.total).toFixed(2)).toBe(equityChange.toFixed(2));
        expect(byMonth.totals).toEqual(byDay.totals);
        for (const a of [byDay, byMonth]) {
          for (const c of [...PNL_COLUMNS, 'total'] as const) {
            const rows = a.rows.reduce((t, r) => t.plus(r[c]), new Decimal(0));
            expect(rows.eq(a.totals[c]), c).toBe(true);
          }
          expect(a.periods.reduce((t, p) => t.plus(p.total), new Decimal(0)).eq(a.totals.total)).toBe(true);
          expect(a.periods.map((p) => p.period)).toEqual(periodsOf(first, to, a.groupBy));
        }
        expect(byDay.periods).toHaveLength(days.length);
      }),
      { numRuns: 200 },
    );
  });
});

describe('revaluation of a day', () => {
  it('is the position at the start times the change of price', () => {
    expect(revaluationOfDay({ net: '100', mtmMyr: '40000.00', usdPerOunce: null, usdMyr: null }, { net: '90', mtmMyr: '36450.00', usdPerOunce: null, usdMyr: null })).toBe('500.00');
    expect(revaluationOfDay({ net: '-10', mtmMyr: '-4000.00', usdPerOunce: null, usdMyr: null }, { net: '-10', mtmMyr: '-4100.00', usdPerOunce: null, usdMyr: null })).toBe('-100.00');
  });
  it('is zero with nothing held, and unpriced (null) with a position but no price at an end', () => {
    expect(revaluationOfDay({ net: '0', mtmMyr: '0.00', usdPerOunce: null, usdMyr: null }, null)).toBe('0.00');
    expect(revaluationOfDay(null, { net: '5', mtmMyr: '10.00', usdPerOunce: null, usdMyr: null })).toBe('0.00');
    expect(revaluationOfDay({ net: '5', mtmMyr: '10.00', usdPerOunce: null, usdMyr: null }, { net: '0', mtmMyr: '0.00', usdPerOunce: null, usdMyr: null })).toBeNull();
    expect(revaluationOfDay({ net: '5', mtmMyr: null, usdPerOunce: null, usdMyr: null }, { net: '5', mtmMyr: '10.00', usdPerOunce: null, usdMyr: null })).toBeNull();
  });
});

describe('the P&L query', () => {
  it('reads a range up to a year, by day unless told, and names the field it refuses', () => {
    expect(PnlQuery.parse({ from: '2030-01-01', to: '2030-01-31' })).toEqual({ from: '2030-01-01', to: '2030-01-31', groupBy: 'day' });
    expect(PnlQuery.parse({ from: '2030-01-01', to: '2030-01-31', metal: 'xau', category: '', groupBy: 'month' })).toMatchObject({ metal: 'XAU', groupBy: 'month' });
    const path = (v: unknown) => PnlQuery.safeParse(v).error?.issues.map((i) => i.path.join('.'));
    expect(path({ from: '2030-02-30', to: '2030-03-01' })).toEqual(['from']);
    expect(path({ from: '2030-03-02', to: '2030-03-01' })).toEqual(['to']);
    expect(path({ from: '2030-01-01', to: '2031-01-01' })).toBeUndefined();
    expect(path({ from: '2030-01-01', to: '2031-01-02' })).toEqual(['to']);
    expect(path({ from: '2030-01-01', to: '2030-01-02', groupBy: 'week' })).toEqual(['groupBy']);
    expect(PnlDrillQuery.safeParse({ from: '2030-01-01', to: '2030-01-02', figure: 'total' }).error?.issues[0]?.path).toEqual(['figure']);
  });

  it("refuses the calendar's far edges, and its days end at 9999-12-31 as anywhere else", () => {
    const refused = (v: unknown) => PnlQuery.safeParse(v).error?.issues.map((i) => [i.path.join('.'), (i as { params?: { rule?: string } }).params?.rule]);
    expect(refused({ from: '9999-12-31', to: '9999-12-31' })).toEqual([['from', 'calendar'], ['to', 'calendar']]);
    expect(refused({ from: '0001-01-01', to: '2000-01-01' })).toEqual([['from', 'calendar']]);
    expect(refused({ from: '2100-12-31', to: '2101-01-01' })).toEqual([['to', 'calendar']]);
    expect(refused({ from: '2000-01-01', to: '2000-12-31' })).toBeUndefined();
    expect(refused({ from: '2000-01-01', to: '2001-01-01' })).toEqual([['to', 'maxDays']]);
    // the day loop itself: the day after 9999-12-31 is no yyyy-MM-dd text, which a loop comparing texts never passed
    expect(datesOf('9999-12-31', '9999-12-31')).toEqual(['9999-12-31']);
    expect(periodsOf('2100-12-31', '2100-12-31', 'month')).toEqual(['2100-12']);
    expect(datesOf('2096-01-01', '2096-12-31')).toHaveLength(366);
    expect(() => datesOf('2000-01-01', '2100-12-31')).toThrow(RangeError);
  });
});
