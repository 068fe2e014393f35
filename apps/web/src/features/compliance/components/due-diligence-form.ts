import type { DueDiligenceBody, DueDiligenceView } from '@aurum/domain/compliance/due-diligence-schemas';

/** A person as the form holds it: every field text ('' when empty), the PEP declaration behind a box. */
export interface PersonForm {
  fullName: string;
  document: { kind: '' | 'mykad' | 'passport'; number: string; country: string };
  birthDate: string;
  nationality: string;
  residence: string;
  pepDeclared: boolean;
  pep: { relation: '' | 'self' | 'family' | 'associate'; role: string; country: string; from: string; to: string };
}
export type OwnerForm = PersonForm & { ownershipPercent: string };

export interface FileForm {
  occupation: string;
  sourceOfFunds: string;
  sourceOfWealth: string;
  purpose: string;
  expectedMonthlyMyr: string;
  expectedMonthlyGrams: string;
  onboarding: string;
  customer: PersonForm;
  directors: PersonForm[];
  owners: OwnerForm[];
  eddNote: string;
}

export const emptyPerson = (): PersonForm => ({
  fullName: '',
  document: { kind: '', number: '', country: '' },
  birthDate: '',
  nationality: 'MY',
  residence: 'MY',
  pepDeclared: false,
  pep: { relation: '', role: '', country: '', from: '', to: '' },
});

type ViewPerson = DueDiligenceView['people'][number];

const personForm = (p: ViewPerson): PersonForm => ({
  fullName: p.fullName,
  document: { kind: p.document?.kind ?? '', number: p.document?.number ?? '', country: p.document?.kind === 'passport' ? (p.document.country ?? '') : '' },
  birthDate: p.birthDate ?? '',
  nationality: p.nationality,
  residence: p.residence,
  pepDeclared: p.pep !== null,
  pep: p.pep ? { ...p.pep, to: p.pep.to ?? '' } : emptyPerson().pep,
});

/** The stored file as the form's values. */
export function formOf(v: DueDiligenceView): FileForm {
  const customer = v.people.find((p) => p.role === 'customer');
  return {
    occupation: v.occupation ?? '',
    sourceOfFunds: v.sourceOfFunds ?? '',
    sourceOfWealth: v.sourceOfWealth ?? '',
    purpose: v.purpose ?? '',
    expectedMonthlyMyr: v.expectedMonthlyMyr ?? '',
    expectedMonthlyGrams: v.expectedMonthlyGrams ?? '',
    onboarding: v.onboarding ?? '',
    customer: customer ? personForm(customer) : emptyPerson(),
    directors: v.people.filter((p) => p.role === 'director').map(personForm),
    owners: v.people.filter((p) => p.role === 'owner').map((p) => ({ ...personForm(p), ownershipPercent: p.ownershipPercent ?? '' })),
    eddNote: v.edd?.note ?? '',
  };
}

const personBody = (p: PersonForm) => ({
  fullName: p.fullName.trim(),
  document: p.document.kind === '' ? null : { kind: p.document.kind, number: p.document.number.trim(), country: p.document.kind === 'passport' ? p.document.country : null },
  birthDate: p.birthDate === '' ? null : p.birthDate,
  nationality: p.nationality,
  residence: p.residence,
  pep:
    p.pepDeclared && p.pep.relation !== ''
      ? { relation: p.pep.relation, role: p.pep.role.trim(), country: p.pep.country, from: p.pep.from, to: p.pep.to === '' ? null : p.pep.to }
      : null,
});

/**
 * The body the server checks (every rule and bound is the server's, shown on the field it names).
 * Enumerated fields left empty go as they are and come back refused on their field.
 */
export function bodyOf(f: FileForm): DueDiligenceBody {
  return {
    occupation: f.occupation.trim(),
    sourceOfFunds: f.sourceOfFunds as DueDiligenceBody['sourceOfFunds'],
    sourceOfWealth: f.sourceOfWealth.trim(),
    purpose: f.purpose.trim(),
    expectedMonthlyMyr: f.expectedMonthlyMyr.trim(),
    expectedMonthlyGrams: f.expectedMonthlyGrams.trim(),
    onboarding: f.onboarding as DueDiligenceBody['onboarding'],
    customer: personBody(f.customer),
    directors: f.directors.map(personBody),
    owners: f.owners.map((o) => ({ ...personBody(o), ownershipPercent: o.ownershipPercent.trim() })),
  } as DueDiligenceBody;
}
