import { describe, expect, it } from 'vitest';
import { Decimal } from '../../money/decimal.ts';
import { hedgeBooking, hedgeLinkResult, hedgePostings, hedgeResultPostings, hedgeSettlementPostings, usdOutstanding, usdRevaluation } from '../hedge-postings.ts';

describe('a hedge against the mid of the orders it covers', () => {
  it('gains when it buys below the mid of a customer buy, or sells above the mid of a customer sell', () => {
    expect(hedgeLinkResult({ price: '399', currency: 'MYR' }, { action: 'BUY', midMyrPerGram: '400', grams: '10', exchangeRate: null })).toBe('10.00');
    expect(hedgeLinkResult({ price: '399', currency: 'MYR' }, { action: 'SELL', midMyrPerGram: '400', grams: '10', exchangeRate: null })).toBe('-10.00');
    // USD per troy ounce at the order's rate
    expect(hedgeLinkResult({ price: '3110.34768', currency: 'USD' }, { action: 'BUY', midMyrPerGram: '450', grams: '1', exchangeRate: '4.5' })).toBe('0.00');
    expect(hedgeLinkResult({ price: '2000', currency: 'USD' }, { action: 'BUY', midMyrPerGram: '450', grams: '1', exchangeRate: null })).toBeNull();
  });
});

describe('a hedge in the journal', () => {
  it('books a buy: the metal into the position at the provider, its price and fee owed to the provider', () => {
    const b = hedgeBooking({ side: 'BUY', metal: 'XAU', quantity: '10', price: '399.5', currency: 'MYR', fee: '2.5' }, null)!;
    expect(b).toEqual({ side: 'BUY', metal: 'XAU', grams: '10.0000', costMyr: '3995.00', feeMyr: '2.50' });
    expect(hedgePostings(b)).toEqual([
      { from: 'house:hedgeXau', to: 'house:tradingXau', asset: 'XAU', amount: '10.0000' },
      { from: 'house:tradingMyr', to: 'house:hedgeProviders', asset: 'MYR', amount: '3995.00' },
      { from: 'house:hedgeFees', to: 'house:hedgeProviders', asset: 'MYR', amount: '2.50' },
    ]);
    // the provider is owed price and fee: the settlement pays both from the bank
    expect(hedgeSettlementPostings('3997.50')).toEqual([{ from: 'house:hedgeProviders', to: 'house:bank', asset: 'MYR', amount: '3997.50' }]);
  });

  it('books a USD sell at its rate, and needs one', () => {
    const b = hedgeBooking({ side: 'SELL', metal: 'XPT', quantity: '31.1034768', price: '1000', currency: 'USD', fee: '10' }, '4.5')!;
    expect(b).toMatchObject({ costMyr: '4500.00', feeMyr: '45.00' });
    expect(hedgePostings(b)[0]).toEqual({ from: 'house:tradingXpt', to: 'house:hedgeXpt', asset: 'XPT', amount: '31.1035' });
    expect(hedgeBooking({ side: 'SELL', metal: 'XPT', quantity: '1', price: '1000', currency: 'USD', fee: '0' }, null)).toBeNull();
    // the provider owes the price less the fee: received into the bank
    expect(hedgeSettlementPostings('-4455.00')).toEqual([{ from: 'house:bank', to: 'house:hedgeProviders', asset: 'MYR', amount: '4455.00' }]);
  });

  it('posts a gain from the desk to the hedging results and a loss the other way', () => {
    expect(hedgeResultPostings('10.00')).toEqual([{ from: 'house:tradingMyr', to: 'house:hedging', asset: 'MYR', amount: '10.00' }]);
    expect(hedgeResultPostings('-3.2')).toEqual([{ from: 'house:hedging', to: 'house:tradingMyr', asset: 'MYR', amount: '3.20' }]);
    expect(hedgeResultPostings('0.00')).toEqual([]);
  });

  it('revalues the USD a hedge leaves with its provider: a buy owes, so a rising rate is a loss', () => {
    const owed = usdOutstanding({ side: 'BUY', quantity: '31.1034768', price: '2000', fee: '5' });
    expect(owed.toFixed(2)).toBe('-2005.00');
    expect(usdRevaluation(owed, '4.5000', '4.6000').toFixed(2)).toBe('-200.50');
    const due = usdOutstanding({ side: 'SELL', quantity: '31.1034768', price: '2000', fee: '5' });
    expect(usdRevaluation(due, '4.5000', '4.6000').toFixed(2)).toBe(new Decimal('1995').times('0.1').toFixed(2));
  });
});
