/**
 * The customer's due diligence file (decision 1102): who the customer is, where the money comes
 * from and what it is for, and for a company its directors and owners of 25% or more. The rules
 * here are pure; the server checks a saved file against them with today's Kuala Lumpur date.
 */
import type { UserCategory } from '../users/user-enums.ts';
import { isCountry } from './countries.ts';
import { readMyKad, type MyKadRefusal } from './mykad.ts';

export const DUE_DILIGENCE_STATUSES = ['reviewDue', 'draft', 'submitted', 'eddPending', 'verified'] as const;
export type DueDiligenceStatus = (typeof DUE_DILIGENCE_STATUSES)[number];

export const ONBOARDING_CHANNELS = ['faceToFace', 'remote'] as const;
export type OnboardingChannel = (typeof ONBOARDING_CHANNELS)[number];

/** Where the customer's money comes from, as a category the risk weighs; the source of wealth stays free text. */
export const SOURCES_OF_FUNDS = ['salary', 'business', 'savings', 'investments', 'propertySale', 'inheritance', 'cash', 'other'] as const;
export type SourceOfFunds = (typeof SOURCES_OF_FUNDS)[number];

export const DOCUMENT_KINDS = ['mykad', 'passport'] as const;
export const PEP_RELATIONS = ['self', 'family', 'associate'] as const;
export const PERSON_ROLES = ['customer', 'director', 'owner'] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];

/** The categories of users.category that are companies: they name directors and owners. */
export const COMPANY_CATEGORIES: readonly UserCategory[] = ['jewelleryShop', 'wholesaler', 'manufacturer'];

/** A beneficial owner holds at least this share (percent); below it the file does not name them. */
export const OWNER_THRESHOLD_PERCENT = '25';
/** The earliest birth date a person of the file may have. */
export const FIRST_BIRTH_DATE = '1900-01-01';

export interface PepDeclaration {
  relation: (typeof PEP_RELATIONS)[number];
  role: string;
  country: string;
  from: string;
  to: string | null;
}

export interface PersonInput {
  fullName: string;
  document: { kind: 'mykad' | 'passport'; number: string; country: string | null } | null;
  birthDate: string | null;
  nationality: string;
  residence: string;
  pep: PepDeclaration | null;
}

export interface FileInput {
  customer: PersonInput;
  directors: PersonInput[];
  owners: Array<PersonInput & { ownershipPercent: string }>;
}

export type DueDiligenceRule = MyKadRefusal | 'mykadBirthDate' | 'passportCountry' | 'birthDate' | 'country' | 'ownershipThreshold' | 'directorRequired' | 'pepDates' | 'required';

/** Why a file is refused: the field's path in the body and the rule it breaks. */
export interface DueDiligenceRefusal {
  path: string;
  rule: DueDiligenceRule;
}

export function isCompany(category: UserCategory): boolean {
  return COMPANY_CATEGORIES.includes(category);
}

/**
 * The first rule the file breaks, or null. A company customer names at least one director, and
 * its own row (the company) needs no document nor birth date; a person's do. `today` is
 * yyyy-MM-dd in Kuala Lumpur.
 */
export function fileRefusal(file: FileInput, category: UserCategory, today: string): DueDiligenceRefusal | null {
  const company = isCompany(category);
  const first =
    personRefusal(file.customer, 'customer', today, !company) ??
    file.directors.map((p, i) => personRefusal(p, `directors.${i}`, today, true)).find((r) => r !== null) ??
    file.owners.map((p, i) => personRefusal(p, `owners.${i}`, today, true)).find((r) => r !== null) ??
    null;
  if (first) return first;
  const low = file.owners.findIndex((o) => Number(o.ownershipPercent) < Number(OWNER_THRESHOLD_PERCENT));
  if (low >= 0) return { path: `owners.${low}.ownershipPercent`, rule: 'ownershipThreshold' };
  if (company && file.directors.length === 0) return { path: 'directors', rule: 'directorRequired' };
  return null;
}

function personRefusal(p: PersonInput, at: string, today: string, natural: boolean): DueDiligenceRefusal | null {
  if (natural && p.document === null) return { path: `${at}.document`, rule: 'required' };
  if (natural && p.birthDate === null) return { path: `${at}.birthDate`, rule: 'required' };
  if (p.birthDate !== null && (p.birthDate < FIRST_BIRTH_DATE || p.birthDate > today)) return { path: `${at}.birthDate`, rule: 'birthDate' };
  if (p.document?.kind === 'mykad') {
    const card = readMyKad(p.document.number, today);
    if ('refused' in card) return { path: `${at}.document.number`, rule: card.refused };
    if (p.birthDate !== null && card.birthDate !== p.birthDate) return { path: `${at}.document.number`, rule: 'mykadBirthDate' };
  }
  if (p.document?.kind === 'passport' && (p.document.country === null || !isCountry(p.document.country))) return { path: `${at}.document.country`, rule: 'passportCountry' };
  if (!isCountry(p.nationality)) return { path: `${at}.nationality`, rule: 'country' };
  if (!isCountry(p.residence)) return { path: `${at}.residence`, rule: 'country' };
  if (p.pep) {
    if (!isCountry(p.pep.country)) return { path: `${at}.pep.country`, rule: 'country' };
    if (p.pep.from > today || (p.pep.to !== null && p.pep.to < p.pep.from)) return { path: `${at}.pep.to`, rule: 'pepDates' };
  }
  return null;
}

/** The fields screening reads: a change of any of them on a verified file sends it back to 'submitted'. */
export function screenedFields(file: FileInput): string {
  const pep = (d: PepDeclaration | null) => (d ? [d.relation, d.role, d.country, d.from, d.to] : null);
  const person = (p: PersonInput) => [
    p.fullName,
    p.document ? storedDocumentNumber(p.document) : null,
    p.document?.kind === 'passport' ? p.document.country : null,
    p.birthDate,
    p.nationality,
    p.residence,
    pep(p.pep),
  ];
  return JSON.stringify([person(file.customer), file.directors.map(person), file.owners.map(person)]);
}

/** The same MyKad number however it is written (dashes or not), as the file stores it. */
export function storedDocumentNumber(doc: NonNullable<PersonInput['document']>): string {
  return doc.kind === 'mykad' ? doc.number.replaceAll('-', '') : doc.number.toUpperCase();
}
