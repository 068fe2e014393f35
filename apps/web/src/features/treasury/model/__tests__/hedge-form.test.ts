import { describe, expect, it } from 'vitest';
import { businessMoment, fromBusinessMoment, HedgeForm, hedgeBodyOf, hedgeFormDefaults } from '../hedge-form.ts';

describe('a hedge is traded at a Kuala Lumpur time, whatever the browser zone', () => {
  it('the form starts at the business time of now and sends the instant it names', () => {
    // 23:30 UTC is 07:30 the next day in Kuala Lumpur
    const now = new Date('2026-03-08T23:30:00Z');
    expect(businessMoment(now)).toBe('2026-03-09T07:30');
    const form = { ...hedgeFormDefaults(now), provider: 'LBMA Desk', quantity: '10', price: '300' };
    expect(HedgeForm.safeParse(form).success).toBe(true);
    expect(hedgeBodyOf(form).tradedAt).toBe('2026-03-08T23:30:00.000Z');
  });

  it('reads seconds when the input gives them, and refuses what is not a moment', () => {
    expect(fromBusinessMoment('2026-01-01T00:00:15').toISOString()).toBe('2025-12-31T16:00:15.000Z');
    const base = { ...hedgeFormDefaults(new Date()), provider: 'LBMA Desk', quantity: '10', price: '300' };
    for (const tradedAt of ['2026-02-30T10:00', '2026-01-01', '2026-01-01T10:00Z', '']) {
      expect(HedgeForm.safeParse({ ...base, tradedAt }).success, tradedAt).toBe(false);
    }
  });
});
