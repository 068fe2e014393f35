import { z } from 'zod';
import { decimalOf } from '../money/decimal-columns.ts';
import { ValidationMessage, requiredText } from '../validation/rules.ts';
import { DOCUMENT_KINDS, DUE_DILIGENCE_STATUSES, ONBOARDING_CHANNELS, PEP_RELATIONS, PERSON_ROLES, SOURCES_OF_FUNDS } from './due-diligence-rules.ts';
import { RISK_BANDS, RISK_FACTORS } from './risk-rules.ts';

/** At most this many directors, and as many owners, on one file. */
export const FILE_PEOPLE_MAX = 20;
export const EDD_NOTE_MAX = 2000;

/** yyyy-MM-dd; whether it is a real day in range is the rules' (1900-01-01 to today for a birth date). */
const dateText = z.string({ error: ValidationMessage.required }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: ValidationMessage.invalidDate });
/** Two upper-case letters; whether ISO 3166 assigns them is the rules'. */
const countryText = z.string({ error: ValidationMessage.required }).regex(/^[A-Z]{2}$/, { error: ValidationMessage.required });

export const PepDeclaration = z
  .object({ relation: z.enum(PEP_RELATIONS), role: requiredText(200), country: countryText, from: dateText, to: dateText.nullable().default(null) })
  .strict();

export const PersonBody = z
  .object({
    fullName: requiredText(300),
    document: z
      .object({ kind: z.enum(DOCUMENT_KINDS), number: requiredText(40), country: countryText.nullable().default(null) })
      .strict()
      .nullable(),
    birthDate: dateText.nullable(),
    nationality: countryText,
    residence: countryText,
    pep: PepDeclaration.nullable().default(null),
  })
  .strict();
export type PersonBody = z.infer<typeof PersonBody>;

export const OwnerBody = PersonBody.extend({ ownershipPercent: decimalOf('ownershipPercent', { max: '100' }) }).strict();

/** PUT compliance/due-diligence/:userId: the whole file; its people replace those stored. */
export const DueDiligenceBody = z
  .object({
    occupation: requiredText(200),
    sourceOfFunds: z.enum(SOURCES_OF_FUNDS),
    sourceOfWealth: requiredText(500),
    purpose: requiredText(500),
    expectedMonthlyMyr: decimalOf('amount', { allowZero: true }),
    expectedMonthlyGrams: decimalOf('grams', { allowZero: true }),
    onboarding: z.enum(ONBOARDING_CHANNELS),
    customer: PersonBody,
    directors: z.array(PersonBody).max(FILE_PEOPLE_MAX),
    owners: z.array(OwnerBody).max(FILE_PEOPLE_MAX),
  })
  .strict();
export type DueDiligenceBody = z.infer<typeof DueDiligenceBody>;

/** POST compliance/due-diligence/:userId/verify: the note of enhanced due diligence, needed when the risk is high. */
export const VerifyBody = z
  .object({ eddNote: z.string().trim().min(1, { error: ValidationMessage.required }).max(EDD_NOTE_MAX, { error: ValidationMessage.maxLength }).optional() })
  .strict();
export type VerifyBody = z.infer<typeof VerifyBody>;

export const UserIdParams = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });

/** GET compliance/due-diligence: files of one status (all by default), paged by user id. */
export const DueDiligenceListQuery = z.object({
  status: z.enum(DUE_DILIGENCE_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  afterUserId: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
});
export type DueDiligenceListQuery = z.infer<typeof DueDiligenceListQuery>;

export const RiskView = z.object({
  score: z.number().int(),
  band: z.enum(RISK_BANDS),
  reasons: z.array(z.object({ factor: z.enum(RISK_FACTORS), detail: z.string(), points: z.number().int() })),
  computedAt: z.string(),
});
export type RiskView = z.infer<typeof RiskView>;

export const DueDiligenceSummary = z.object({
  userId: z.number().int(),
  username: z.string(),
  category: z.string(),
  status: z.enum(DUE_DILIGENCE_STATUSES),
  band: z.enum(RISK_BANDS).nullable(),
  nextReviewOn: z.string().nullable(),
  updatedAt: z.string(),
});
export type DueDiligenceSummary = z.infer<typeof DueDiligenceSummary>;
export const DueDiligenceList = z.object({ items: z.array(DueDiligenceSummary), nextAfterUserId: z.number().int().nullable() });

const PersonView = PersonBody.extend({ role: z.enum(PERSON_ROLES), ownershipPercent: z.string().nullable(), nameParts: z.unknown() });

/** A file as the desk reads it: the stored fields (null until first saved), its people and its risk. */
export const DueDiligenceView = z.object({
  userId: z.number().int(),
  username: z.string(),
  category: z.string(),
  status: z.enum(DUE_DILIGENCE_STATUSES),
  occupation: z.string().nullable(),
  sourceOfFunds: z.string().nullable(),
  sourceOfWealth: z.string().nullable(),
  purpose: z.string().nullable(),
  expectedMonthlyMyr: z.string().nullable(),
  expectedMonthlyGrams: z.string().nullable(),
  onboarding: z.enum(ONBOARDING_CHANNELS).nullable(),
  people: z.array(PersonView),
  verifiedBy: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  nextReviewOn: z.string().nullable(),
  edd: z.object({ note: z.string(), proposedBy: z.string(), proposedAt: z.string(), approvedBy: z.string().nullable() }).nullable(),
  version: z.number().int(),
  risk: RiskView.nullable(),
});
export type DueDiligenceView = z.infer<typeof DueDiligenceView>;

/** dueDiligenceStatus: what the enforcement of due diligence reads of a customer. */
export interface DueDiligenceStanding {
  status: (typeof DUE_DILIGENCE_STATUSES)[number] | 'none';
  nextReviewOn: string | null;
}
