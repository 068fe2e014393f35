import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, decimalPlaces } from '../../money/decimal.ts';
import { orderAmount } from '../../orders/order-money.ts';
import { fillPricesAtMarket, marketMidMyrPerGram, offlineFillPrices, recordedCostMid, type AdjustSettings } from '../../orders/order-pricing.ts';
import { feePerGramOf, fillIncome } from '../fill-income.ts';

const decimalOf = (min: number, max: number, scale: number) =>
  fc.integer({ min: Math.round(min * 10 ** scale), max: Math.round(max * 10 ** scale) }).map((n) => new Decimal(n).div(10 ** scale).toFixed(scale));

describe('fill income: the amount split into cost at the mid, fee and spread', () => {
  it('splits a buy and a sell of 10 g to the sen, the spread being what is left', () => {
    const mid = '300.12345678';
    // cost 3001.2345678 -> 3001.23, fee 10 x 5.5 = 55.00
    expect(fillIncome({ action: 'BUY', grams: '10', amount: '3100.00', feePerGram: '5.500', mid })).toEqual({ cost: '3001.23', fee: '55.00', spread: '43.77' });
    expect(fillIncome({ action: 'SELL', grams: '10', amount: '2900.00', feePerGram: '5.500', mid })).toEqual({ cost: '3001.23', fee: '55.00', spread: '46.23' });
    // a buy priced under the mid: the spread is a loss
    expect(fillIncome({ action: 'BUY', grams: '1', amount: '299.00', feePerGram: '0', mid })).toEqual({ cost: '300.12', fee: '0.00', spread: '-1.12' });
  });

  it('rounds cost and fee half-up to the sen', () => {
    expect(fillIncome({ action: 'BUY', grams: '0.5', amount: '10.00', feePerGram: '0.005', mid: '10.005' })).toEqual({ cost: '5.00', fee: '0.00', spread: '5.00' });
    expect(fillIncome({ action: 'BUY', grams: '1', amount: '10.00', feePerGram: '0.005', mid: '5.005' })).toEqual({ cost: '5.01', fee: '0.01', spread: '4.98' });
  });

  it('takes the market mid of the quote and of the rate, without the currency adjustment', () => {
    // (2000 + 2002) / 2 x (4.70 + 4.72) / 2 / 31.1034768 = 2001 x 4.71 / 31.1034768
    expect(marketMidMyrPerGram({ bid: '2000', ask: '2002' }, { bid: '4.70', ask: '4.72' })).toBe('303.01146269');
    // an offline order's cost per gram (MYR), or per gram x the rate (USD); a live order's cost per ounce x its rate
    expect(recordedCostMid({ orderType: 'OFF_LINE', currency: 'MYR', costPrice: '305.5', exchangeRate: '4.7' })).toBe('305.50000000');
    expect(recordedCostMid({ orderType: 'OFF_LINE', currency: 'USD', costPrice: '65', exchangeRate: '4.7' })).toBe('305.50000000');
    expect(recordedCostMid({ orderType: 'MARKET', currency: 'MYR', costPrice: '2002', exchangeRate: '4.72' })).toBe('303.80655066');
    expect(recordedCostMid({ orderType: 'LIMIT', currency: 'MYR', costPrice: null, exchangeRate: '4.72' })).toBeNull();
    expect(offlineFillPrices({ currency: 'MYR', costPrice: '305.5', quotePrice: '306', exchangeRate: '4.7', finalPrice: '310' }, '0.05').midMyrPerGram).toBe('305.50000000');
  });

  it('adds up exactly to the sen for any live fill, and is no loss beyond rounding when the adjustments are not negative', () => {
    fc.assert(
      fc.property(
        fc.record({
          bid: decimalOf(500, 5000, 2),
          width: decimalOf(0, 20, 2),
          fxBid: decimalOf(3, 6, 4),
          fxWidth: decimalOf(0, 0.05, 4),
          buySpread: decimalOf(0, 30, 2),
          sellSpread: decimalOf(0, 30, 2),
          adjBid: decimalOf(-0.05, 0, 4),
          adjAsk: decimalOf(0, 0.05, 4),
          premium: decimalOf(0, 20, 3),
          refineryFees: decimalOf(0, 20, 3),
          personal: decimalOf(0, 10, 3),
          grams: decimalOf(0.0001, 5000, 4),
          action: fc.constantFrom('BUY' as const, 'SELL' as const),
        }),
        (r) => {
          const quote = { bid: r.bid, ask: new Decimal(r.bid).plus(r.width).toFixed(2) };
          const fx = { bid: r.fxBid, ask: new Decimal(r.fxBid).plus(r.fxWidth).toFixed(4) };
          const settings: AdjustSettings = {
            currency: { bid: r.adjBid, ask: r.adjAsk },
            spread: { buySpread: r.buySpread, sellSpread: r.sellSpread },
            fee: { premium: r.premium, refineryFees: r.refineryFees, interestRate: '0.05' },
          };
          const { prices } = fillPricesAtMarket({ quote, fx, settings }, { premium: r.personal, refineryFees: r.personal, feeAdjustMode: 'both' }, r.action);
          const amount = orderAmount(prices.myrPrice, r.grams);
          const split = fillIncome({ action: r.action, grams: r.grams, amount, feePerGram: feePerGramOf(prices.userFee, prices.globalFee), mid: prices.midMyrPerGram! });
          for (const part of Object.values(split)) expect(decimalPlaces(part)).toBe(2);
          const { cost, fee, spread } = split;
          if (r.action === 'BUY') expect(new Decimal(cost).plus(fee).plus(spread).toFixed(2)).toBe(amount);
          else expect(new Decimal(amount).plus(fee).plus(spread).toFixed(2)).toBe(cost);
          // the price is rounded to 3 decimals per gram and the amount, cost and fee to the sen
          const slack = new Decimal(r.grams).times('0.0005').plus('0.015');
          if (new Decimal(prices.myrPrice).gt(0)) expect(new Decimal(spread).gte(slack.neg()), `spread ${spread}`).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
