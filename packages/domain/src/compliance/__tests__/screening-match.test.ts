import { describe, expect, it } from 'vitest';
import { entryDocuments, matchListedName, type ListedName } from '../screening-match.ts';
import { confirmRefusal, dismissAgreementRefusal, dismissProposalRefusal } from '../hit-rules.ts';

const listed = (over: Partial<ListedName> = {}): ListedName => ({ name: 'Muhammad Hafiz bin Abdullah', quality: 'good', listKind: 'un', birthDates: [], nationalities: [], documents: [], ...over });
const customer = (over: { birthDate?: string; document?: string } = {}) => ({ name: 'Mohd Hafiz Abdullah', birthDate: over.birthDate ?? null, nationality: null, document: over.document ?? null });

describe('a customer against a listed name', () => {
  it('holds on a UN name with the same birth date, and explains why', () => {
    const m = matchListedName(customer({ birthDate: '1975-04-12' }), listed({ birthDates: ['1960', '1975-04-12'] }));
    expect(m.outcome).toBe('hold');
    expect(m.reasons.map((r) => r.kind)).toEqual(expect.arrayContaining(['equivalent', 'birth-date']));
  });

  it('is clear for a namesake born another year', () => {
    expect(matchListedName(customer({ birthDate: '1992-01-30' }), listed({ birthDates: ['1975-04-12'] })).outcome).toBe('clear');
  });

  it('a PEP never holds, a weak alias only asks for review', () => {
    expect(matchListedName(customer(), listed({ listKind: 'pep' })).outcome).toBe('review');
    expect(matchListedName(customer(), listed({ quality: 'low' })).outcome).toBe('review');
  });

  it('an equal document settles it whatever the names', () => {
    const m = matchListedName({ name: 'Ali Hassan', birthDate: null, nationality: null, document: 'A1234567' }, listed({ name: 'Abu Bakar Bashir', documents: entryDocuments([{ number: 'a-1234567' }, 'X']) }));
    expect(m).toMatchObject({ score: 1, outcome: 'hold' });
  });
});

describe("a hit's two steps", () => {
  it('the proposer never agrees; a closed hit takes no step', () => {
    expect(dismissProposalRefusal({ status: 'open', proposedBy: null })).toBeNull();
    expect(dismissProposalRefusal({ status: 'open', proposedBy: 7 })?.kind).toBe('conflict');
    expect(dismissAgreementRefusal({ status: 'open', proposedBy: 7 }, 7)?.kind).toBe('fourEyes');
    expect(dismissAgreementRefusal({ status: 'open', proposedBy: 7 }, 8)).toBeNull();
    expect(dismissAgreementRefusal({ status: 'open', proposedBy: null }, 8)?.kind).toBe('conflict');
    expect(confirmRefusal({ status: 'dismissed', proposedBy: null })?.kind).toBe('conflict');
  });
});
