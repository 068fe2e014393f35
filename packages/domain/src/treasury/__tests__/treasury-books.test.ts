import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../../money/decimal.ts';
import { LEDGER_METALS, assetOf, balancesFromJournal, isMetalPlace, metalAccount, parseAccount, postingProblem } from '../../wallet/ledger.ts';
import { bandCrossing, coverageDecision, coverageShortBy, markToMarket, myrPerGramAt, outsideBand, positionLines, troyOunces } from '../treasury-books.ts';
import { GRAMS_PER_TROY_OUNCE } from '../../system/metals.ts';
import { TreasurySim, type Op } from './treasury-simulator.ts';

const grams = (min: number, max: number) => fc.integer({ min: min * 10_000, max: max * 10_000 }).map((n) => new Decimal(n).div(10_000).toFixed(4));
const USERS = [1, 2, 3, 4];
const user = fc.constantFrom(...USERS);
const price = fc.integer({ min: 300_000, max: 420_000 }).map((n) => new Decimal(n).div(1000).toFixed(3));
const pick = fc.nat({ max: 50 });

export const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('depositGold' as const), user, grams: grams(1, 100) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('depositFund' as const), user, amount: fc.integer({ min: 1000, max: 2_000_000 }).map((n) => `${n}.00`) }), weight: 2 },
  fc.record({ kind: fc.constant('withdrawGold' as const), user, grams: grams(1, 200) }),
  fc.record({ kind: fc.constant('transferGold' as const), user, to: user, grams: grams(1, 100) }),
  fc.record({ kind: fc.constant('buy' as const), user, grams: grams(1, 300), price }),
  fc.record({ kind: fc.constant('buy' as const), user, grams: grams(1, 50), price }),
  { arbitrary: fc.record({ kind: fc.constant('buyHeadroom' as const), user, price }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('sell' as const), user, grams: grams(1, 100), price }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick }), weight: 3 },
  fc.record({ kind: fc.constant('settle' as const), pick }),
  fc.record({ kind: fc.constant('pay' as const), pick }),
  fc.record({ kind: fc.constant('cancel' as const), pick }),
  fc.record({ kind: fc.constant('receiveBar' as const), grams: grams(50, 1000) }),
  fc.record({ kind: fc.constant('releaseBar' as const), pick }),
  fc.record({ kind: fc.constant('quarantineBar' as const), pick }),
  fc.record({ kind: fc.constant('restoreBar' as const), pick }),
  fc.record({ kind: fc.constant('toProvider' as const), grams: grams(1, 200) }),
  fc.record({ kind: fc.constant('hedge' as const), side: fc.constantFrom('BUY' as const, 'SELL' as const), grams: grams(1, 1000) }),
  fc.record({ kind: fc.constant('cancelHedge' as const), pick }),
);

describe('treasury books, position and coverage', () => {
  it('for any sequence of orders, payments, transfers, bar movements and hedges: postings balance per metal, net = the sum of the books = the operations\' effects, and no accepted operation leaves customers uncovered', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 30, maxLength: 60 }), (ops) => {
        const sim = new TreasurySim(['600.0000', '400.0000']);
        for (const o of ops) {
          sim.step(o);
          // every metal (and MYR) sums to zero over all accounts of the journal
          const journal = balancesFromJournal(sim.state.journal);
          for (const asset of ['MYR', ...LEDGER_METALS] as const) {
            let total = new Decimal(0);
            for (const [account, value] of journal) if (assetOf(account) === asset) total = total.plus(value);
            expect(total.isZero(), `${asset} sums to zero`).toBe(true);
          }
          const p = sim.position();
          // the net is the sum of the position's lines ...
          const lines = new Decimal(p.vaultStock).plus(p.inTransit).plus(p.atProviders).minus(p.borrowed).plus(p.hedged).plus(p.sellReceivables).minus(p.customerHoldings).minus(p.buyObligations);
          expect(lines.toFixed(4)).toBe(p.net);
          // ... and what the operations did to the house's exposure, one by one
          expect(p.net).toBe(sim.state.expectedNet.toFixed(4));
          // the coverage rule holds after every accepted operation (mode refuse)
          expect(coverageShortBy(p.customerMetal, p.coverageSupply), `after ${JSON.stringify(o)}`).toBeNull();
        }
        return true;
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('a filled 10 g buy moves net by -10 g at once; a 10 g hedge buy brings it back; a 5 g sell moves it by +5 g', () => {
    const sim = new TreasurySim(['12441.2090']);
    sim.step({ kind: 'depositFund', user: 1, amount: '100000.00' });
    sim.step({ kind: 'depositGold', user: 2, grams: '20.0000' });
    const start = new Decimal(sim.position().net);
    expect(sim.step({ kind: 'buy', user: 1, grams: '10.0000', price: '400.000' })).toEqual({ accepted: true });
    expect(new Decimal(sim.position().net).minus(start).toFixed(4)).toBe('-10.0000');
    expect(sim.position().buyObligations).toBe('10.0000');
    sim.step({ kind: 'hedge', side: 'BUY', grams: '10.0000' });
    expect(new Decimal(sim.position().net).minus(start).toFixed(4)).toBe('0.0000');
    sim.step({ kind: 'sell', user: 2, grams: '5.0000', price: '390.000' });
    expect(new Decimal(sim.position().net).minus(start).toFixed(4)).toBe('5.0000');
    // the buy completes: the obligation becomes wallet metal, the net does not move
    const before = sim.position().net;
    sim.step({ kind: 'settle', pick: 0 });
    expect(sim.position()).toMatchObject({ net: before, buyObligations: '0.0000' });
  });

  it('a buy beyond the bars is refused as uncovered and changes nothing; the cancel of a filled sell is checked too', () => {
    const sim = new TreasurySim(['100.0000']);
    sim.step({ kind: 'depositFund', user: 1, amount: '1000000.00' });
    sim.step({ kind: 'depositGold', user: 2, grams: '60.0000' });
    const before = { ...sim.position() };
    expect(sim.step({ kind: 'buy', user: 1, grams: '40.0001', price: '400.000' })).toEqual({ accepted: false, refusal: 'uncovered' });
    expect(sim.position()).toEqual(before);
    // a sell frees 30 g of coverage, a buy uses it, the sell's cancel would take it back: refused
    expect(sim.step({ kind: 'sell', user: 2, grams: '30.0000', price: '390.000' }).accepted).toBe(true);
    expect(sim.step({ kind: 'buy', user: 1, grams: '70.0000', price: '400.000' }).accepted).toBe(true);
    expect(sim.step({ kind: 'cancel', pick: 0 })).toEqual({ accepted: false, refusal: 'uncovered' });
    expect(sim.position().coverageHeadroom).toBe('0.0000');
  });

  it('coverage decisions, the band rule and its crossings', () => {
    expect(coverageShortBy('100', '100')).toBeNull();
    expect(coverageShortBy('100.0001', '100')).toBe('0.0001');
    expect(coverageDecision('refuse', '1.0000')).toBe('refused');
    expect(coverageDecision('alert', '1.0000')).toBe('flagged');
    expect(coverageDecision('alert', null)).toBe('covered');
    expect(outsideBand('1100', '0', '1000')).toBe(true);
    expect(outsideBand('-1000', '0', '1000')).toBe(false);
    expect(outsideBand('-1000.0001', '0', '1000')).toBe(true);
    expect(outsideBand('68000', '68000', '0')).toBe(false);
    expect(bandCrossing(false, true)).toBe('left');
    expect(bandCrossing(true, false)).toBe('returned');
    expect(bandCrossing(true, true)).toBeNull();
  });

  it('marks to market: USD from USD per troy ounce, MYR from MYR per gram, null without a price', () => {
    // 31.1034768 g = 1 oz at 2650 USD/oz and 4.47 MYR/USD
    expect(markToMarket('31.1035', { usdPerOunce: '2650', usdMyr: '4.47' })).toEqual({ mtmUsd: '2650.00', mtmMyr: '11845.51', usdMyrExposure: '2650.00' });
    expect(markToMarket('-10.0000', { usdPerOunce: '2650', usdMyr: '4.47' }).mtmMyr).toBe('-3808.42');
    expect(markToMarket('10', null)).toEqual({ mtmUsd: null, mtmMyr: null, usdMyrExposure: null });
    expect(troyOunces('12441.3907')).toBe('400.0000');
  });

  it('the metal books: one account per metal and place, each metal its own asset; borrowed metal lowers house metal', () => {
    expect(metalAccount('XAU', 'vault:KUL-01')).toBe('metal:XAU:vault:KUL-01');
    expect(parseAccount('metal:XAG:provider:Acme Metals')).toEqual({ kind: 'metal', metal: 'XAG', place: 'provider:Acme Metals' });
    expect(parseAccount('metal:XAU:vault:kul-01')).toBeNull();
    expect(parseAccount('metal:XAU:attic')).toBeNull();
    expect(isMetalPlace('transit')).toBe(true);
    expect(postingProblem({ from: 'metal:XAU:outside', to: 'metal:XAU:vault:KUL-01', asset: 'XAU', amount: '1.0000' })).toBeNull();
    expect(postingProblem({ from: 'metal:XPT:outside', to: 'metal:XAU:vault:KUL-01', asset: 'XPT', amount: '1.0000' })).toBe('assetMismatch');
    expect(parseAccount('house:tradingXau')).toEqual({ kind: 'house', book: 'tradingXau' });
    const lines = positionLines({
      metal: 'XPT',
      wallets: '0',
      heldForSells: '0',
      buyObligations: '0',
      sellReceivables: '0',
      places: new Map([
        ['vault:ZRH-01', '500'],
        ['borrowed', '-200'],
        ['transit', '25'],
        ['provider:Acme Metals', '75'],
      ]),
      hedged: '-100',
      availableBars: '500',
    });
    expect(lines).toMatchObject({ vaultStock: '500.0000', borrowed: '200.0000', houseMetal: '400.0000', net: '300.0000', coverageSupply: '575.0000' });
  });
});

describe('the MYR per gram a history point was valued at', () => {
  it('comes from its mids when it kept them, else from its value over its net, else none', () => {
    expect(myrPerGramAt({ net: '0', mtmMyr: null, usdPerOunce: '2400', usdMyr: '4.7' })).toBe(new Decimal(2400).times('4.7').div(GRAMS_PER_TROY_OUNCE).toFixed());
    expect(myrPerGramAt({ net: '10', mtmMyr: '3627.50', usdPerOunce: null, usdMyr: null })).toBe('362.75');
    expect(myrPerGramAt({ net: '0', mtmMyr: '0.00', usdPerOunce: null, usdMyr: null })).toBeNull();
  });
});
