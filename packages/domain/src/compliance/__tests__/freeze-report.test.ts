import { describe, expect, it } from 'vitest';
import { frozenValue } from '../freeze-report.ts';

const wallet = { fund: '1200.50', fundHeld: '300.00', gold: '10.2500', goldHeld: '1.0000', credit: '0.00' };

describe('the value of what a freeze holds', () => {
  it('adds the metal at the buy-back price to the ringgit, available and held, to the sen', () => {
    expect(frozenValue(wallet, '412.345')).toEqual({
      frozen: { fundMyr: '1200.50', fundHeldMyr: '300.00', goldGrams: '10.2500', goldHeldGrams: '1.0000', creditMyr: '0.00' },
      // 11.25 g x 412.345 = 4638.88125 -> 4638.88; + 1500.50
      value: { goldMyrPerGram: '412.345', goldMyr: '4638.88', totalMyr: '6139.38' },
    });
  });

  it('leaves the value to the desk when no price was known', () => {
    expect(frozenValue(wallet, null).value).toBeNull();
  });
});
