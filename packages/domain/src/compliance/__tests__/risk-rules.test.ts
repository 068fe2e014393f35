import { describe, expect, it } from 'vitest';
import { FATF_LISTS, assessRisk, nextReviewOn, type RiskInput } from '../risk-rules.ts';
import { isCountry } from '../countries.ts';

const input = (over: Partial<RiskInput> = {}): RiskInput => ({
  category: 'individual',
  people: [{ nationality: 'MY', residence: 'MY', pep: false }],
  onboarding: 'faceToFace',
  sourceOfFunds: 'salary',
  declaredMonthlyMyr: 10_000,
  actualMonthlyMyr: 0,
  openScreeningHits: 0,
  ...over,
});

describe('assessRisk', () => {
  it('a Malaysian individual met face to face, paid a salary, is low risk with no reasons', () => {
    expect(assessRisk(input())).toEqual({ score: 0, band: 'low', reasons: [] });
  });

  it('remote onboarding and a business source make a standard risk, each a reason', () => {
    const r = assessRisk(input({ onboarding: 'remote', sourceOfFunds: 'business', category: 'wholesaler' }));
    expect(r.band).toBe('standard');
    expect(r.reasons.map((x) => x.factor)).toEqual(['category', 'onboarding', 'sourceOfFunds']);
    expect(r.score).toBe(25);
  });

  it('a PEP on any person, or a black-listed country, alone makes the customer high risk', () => {
    expect(assessRisk(input({ people: [{ nationality: 'MY', residence: 'MY', pep: false }, { nationality: 'MY', residence: 'MY', pep: true }] })).band).toBe('high');
    const black = assessRisk(input({ people: [{ nationality: 'MY', residence: 'IR', pep: false }] }));
    expect(black.band).toBe('high');
    expect(black.reasons).toEqual([{ factor: 'callForActionCountry', detail: 'IR', points: 40 }]);
  });

  it('a grey-listed country counts once however many people name it', () => {
    const r = assessRisk(input({ people: [{ nationality: 'VN', residence: 'VN', pep: false }, { nationality: 'VN', residence: 'MY', pep: false }] }));
    expect(r.reasons).toEqual([{ factor: 'increasedMonitoringCountry', detail: 'VN', points: 20 }]);
  });

  it('trading above the declared volume, and open screening hits, raise the score', () => {
    expect(assessRisk(input({ actualMonthlyMyr: 15_000 })).score).toBe(0);
    expect(assessRisk(input({ actualMonthlyMyr: 16_000 })).reasons).toEqual([{ factor: 'volumeOverDeclared', detail: '>1.5x', points: 15 }]);
    expect(assessRisk(input({ actualMonthlyMyr: 40_000 })).score).toBe(25);
    expect(assessRisk(input({ openScreeningHits: 5 })).reasons).toEqual([{ factor: 'openScreeningHits', detail: '5', points: 45 }]);
  });

  it('the FATF lists name known countries only', () => {
    for (const c of [...FATF_LISTS.callForAction, ...FATF_LISTS.increasedMonitoring]) expect(isCountry(c), c).toBe(true);
  });
});

describe('nextReviewOn', () => {
  it('is one, two or three years on by band; 29 February falls to 28', () => {
    expect(nextReviewOn('2026-11-29', 'high')).toBe('2027-11-29');
    expect(nextReviewOn('2026-11-29', 'standard')).toBe('2028-11-29');
    expect(nextReviewOn('2026-11-29', 'low')).toBe('2029-11-29');
    expect(nextReviewOn('2028-02-29', 'high')).toBe('2029-02-28');
  });
});
