import { describe, expect, it } from 'vitest';
import { ISO_COUNTRIES, isCountry } from '../countries.ts';
import { fileRefusal, screenedFields, type FileInput, type PersonInput } from '../due-diligence-rules.ts';

const TODAY = '2026-11-29';
const person = (over: Partial<PersonInput> = {}): PersonInput => ({
  fullName: 'Ahmad bin Abdullah',
  document: { kind: 'mykad', number: '900115-14-5673', country: null },
  birthDate: '1990-01-15',
  nationality: 'MY',
  residence: 'MY',
  pep: null,
  ...over,
});
const file = (over: Partial<FileInput> = {}): FileInput => ({ customer: person(), directors: [], owners: [], ...over });

describe('the due diligence file rules', () => {
  it('accepts an individual with a MyKad matching the birth date', () => {
    expect(fileRefusal(file(), 'individual', TODAY)).toBeNull();
  });

  it('refuses a MyKad whose date or place is impossible, or whose date is not the birth date', () => {
    expect(fileRefusal(file({ customer: person({ document: { kind: 'mykad', number: '900230-14-5673', country: null } }) }), 'individual', TODAY)).toEqual({
      path: 'customer.document.number',
      rule: 'mykadDate',
    });
    expect(fileRefusal(file({ customer: person({ document: { kind: 'mykad', number: '900115-17-5673', country: null } }) }), 'individual', TODAY)?.rule).toBe('mykadPlace');
    expect(fileRefusal(file({ customer: person({ birthDate: '1990-01-16' }) }), 'individual', TODAY)).toEqual({ path: 'customer.document.number', rule: 'mykadBirthDate' });
  });

  it('refuses a birth date before 1900 or after today', () => {
    const passport = { kind: 'passport' as const, number: 'K1234567', country: 'SG' };
    expect(fileRefusal(file({ customer: person({ document: passport, birthDate: '1899-12-31' }) }), 'individual', TODAY)).toEqual({ path: 'customer.birthDate', rule: 'birthDate' });
    expect(fileRefusal(file({ customer: person({ document: passport, birthDate: '2026-11-30' }) }), 'individual', TODAY)?.rule).toBe('birthDate');
    expect(fileRefusal(file({ customer: person({ document: passport, birthDate: '1900-01-01' }) }), 'individual', TODAY)).toBeNull();
  });

  it('refuses a passport without a known issuing country, and unknown nationality or residence', () => {
    expect(fileRefusal(file({ customer: person({ document: { kind: 'passport', number: 'K1', country: 'XX' } }) }), 'individual', TODAY)).toEqual({ path: 'customer.document.country', rule: 'passportCountry' });
    expect(fileRefusal(file({ customer: person({ nationality: 'XX' }) }), 'individual', TODAY)).toEqual({ path: 'customer.nationality', rule: 'country' });
    expect(fileRefusal(file({ customer: person({ residence: 'UK' }) }), 'individual', TODAY)).toEqual({ path: 'customer.residence', rule: 'country' });
  });

  it('refuses a PEP declaration that ends before it begins or names an unknown country', () => {
    const pep = { relation: 'self' as const, role: 'Member of Parliament', country: 'MY', from: '2018-05-09', to: '2022-10-10' };
    expect(fileRefusal(file({ customer: person({ pep }) }), 'individual', TODAY)).toBeNull();
    expect(fileRefusal(file({ customer: person({ pep: { ...pep, to: '2018-05-08' } }) }), 'individual', TODAY)).toEqual({ path: 'customer.pep.to', rule: 'pepDates' });
    expect(fileRefusal(file({ customer: person({ pep: { ...pep, country: 'XX' } }) }), 'individual', TODAY)?.rule).toBe('country');
  });

  it('a company names a director; owners hold 25% to 100%; the company row needs no document', () => {
    const company = person({ fullName: 'Emas Sdn Bhd', document: null, birthDate: null });
    expect(fileRefusal(file({ customer: company }), 'wholesaler', TODAY)).toEqual({ path: 'directors', rule: 'directorRequired' });
    expect(fileRefusal(file({ customer: company, directors: [person()] }), 'wholesaler', TODAY)).toBeNull();
    expect(fileRefusal(file({ customer: company, directors: [person()], owners: [{ ...person(), ownershipPercent: '20' }] }), 'wholesaler', TODAY)).toEqual({
      path: 'owners.0.ownershipPercent',
      rule: 'ownershipThreshold',
    });
    expect(fileRefusal(file({ customer: company, directors: [person()], owners: [{ ...person(), ownershipPercent: '25' }] }), 'wholesaler', TODAY)).toBeNull();
    // an individual's own row needs its document
    expect(fileRefusal(file({ customer: company }), 'individual', TODAY)).toEqual({ path: 'customer.document', rule: 'required' });
  });

  it('the screened fields change with a name or a document, not with how a MyKad is written', () => {
    const base = screenedFields(file());
    expect(screenedFields(file({ customer: person({ document: { kind: 'mykad', number: '900115145673', country: null } }) }))).toBe(base);
    expect(screenedFields(file({ customer: person({ fullName: 'Ahmad bin Abdul' }) }))).not.toBe(base);
  });

  it('knows the 249 assigned country codes, and no others', () => {
    expect(new Set(ISO_COUNTRIES).size).toBe(249);
    expect(isCountry('MY')).toBe(true);
    expect(isCountry('XX')).toBe(false);
    expect(isCountry('UK')).toBe(false);
  });
});
