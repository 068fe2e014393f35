import { describe, expect, it } from 'vitest';
import type { PositionItem } from '@aurum/domain/treasury/position-schemas';
import { troyOunces } from '@aurum/domain/treasury/treasury-books';
import { HedgeForm, hedgeBodyOf, hedgeFormDefaults } from '../hedge-form.ts';
import { shownMetals } from '../position-view.ts';

const zero = '0.0000';
const item = (metal: PositionItem['metal'], extra: Partial<PositionItem> = {}): PositionItem => ({
  metal,
  customerHoldings: zero,
  buyObligations: zero,
  sellReceivables: zero,
  vaultStock: zero,
  inTransit: zero,
  atProviders: zero,
  hedged: zero,
  houseMetal: zero,
  net: zero,
  mtmMyr: null,
  mtmUsd: null,
  usdMyrExposure: null,
  target: zero,
  band: '1000.0000',
  outsideBand: false,
  coverageMode: 'refuse',
  offlinePriceBand: '5.00',
  coverageHeadroom: zero,
  ...extra,
});

describe('the position on screen', () => {
  it('shows troy ounces beside grams', () => {
    expect(troyOunces('31.1034768')).toBe('1.0000');
    expect(troyOunces('-10.0000')).toBe('-0.3215');
  });
  it('shows gold always, platinum and silver once they are on the books or outside their band', () => {
    expect(shownMetals([item('XAU'), item('XPT'), item('XAG')]).map((i) => i.metal)).toEqual(['XAU']);
    expect(shownMetals([item('XAU'), item('XPT', { hedged: '5.0000' }), item('XAG', { outsideBand: true })]).map((i) => i.metal)).toEqual(['XAU', 'XPT', 'XAG']);
  });
});

describe('the Record hedge form', () => {
  it('sends the moment as an instant, fee 0 when empty, and the order only when one is named', () => {
    const v = { ...hedgeFormDefaults(new Date('2030-01-07T02:00:00Z')), provider: 'Metalor', quantity: '2', price: '400' };
    expect(HedgeForm.safeParse(v).success).toBe(true);
    const body = hedgeBodyOf(v);
    expect(body).toMatchObject({ provider: 'Metalor', fee: '0', tradedAt: '2030-01-07T02:00:00.000Z' });
    expect(body).not.toHaveProperty('orders');
    expect(hedgeBodyOf({ ...v, orderId: '12', linkQuantity: '1.5' }).orders).toEqual([{ orderId: 12, quantity: '1.5' }]);
  });
  it('asks for the grams of a named order and the order of given grams', () => {
    const v = { ...hedgeFormDefaults(new Date()), provider: 'Metalor', quantity: '2', price: '400' };
    const paths = (r: ReturnType<typeof HedgeForm.safeParse>) => (r.success ? [] : r.error.issues.map((i) => i.path.join('.')));
    expect(paths(HedgeForm.safeParse({ ...v, orderId: '12' }))).toEqual(['linkQuantity']);
    expect(paths(HedgeForm.safeParse({ ...v, linkQuantity: '1' }))).toEqual(['orderId']);
    expect(paths(HedgeForm.safeParse({ ...v, quantity: '1.00001', price: '-1' }))).toEqual(['quantity', 'price']);
  });
});
