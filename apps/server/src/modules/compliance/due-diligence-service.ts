import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { businessDate } from '@aurum/domain/system/business-time';
import { parseMalaysianName } from '@aurum/domain/compliance/malaysian-name';
import { fileRefusal, screenedFields, storedDocumentNumber, type DueDiligenceStatus, type FileInput, type PersonInput, type PepDeclaration } from '@aurum/domain/compliance/due-diligence-rules';
import { nextReviewOn, type RiskAssessment } from '@aurum/domain/compliance/risk-rules';
import type { DueDiligenceBody, DueDiligenceList, DueDiligenceListQuery, DueDiligenceStanding, DueDiligenceView, VerifyBody } from '@aurum/domain/compliance/due-diligence-schemas';
import type { UserCategory } from '@aurum/domain/users/user-enums';
import type { z } from 'zod';
import { appError, notFound } from '../../http/app-error.ts';
import { followingChange, type Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { fileStanding, filePeople, findFile, listFiles, lockFile, replacePeople, setStatus, writeFileFields, type FileRow, type PersonRecord, type PersonRow } from './due-diligence-repository.ts';
import { customerRisk, recomputeRisk } from './risk-service.ts';
import { screenCustomer } from './screening-service.ts';

const conflict = (why: string) => appError(ErrorCode.DueDiligenceConflict, why);

/** What the enforcement of due diligence reads: the file's status ('none' without a file) and the next review. */
export async function dueDiligenceStatus(q: Queryable, userId: number): Promise<DueDiligenceStanding> {
  const row = await fileStanding(q, userId);
  return row ? { status: row.status as DueDiligenceStatus, nextReviewOn: row.next_review_on } : { status: 'none', nextReviewOn: null };
}

/**
 * Everything that follows a change of the file's content or status, in its transaction: the
 * file's people screened against the active lists (a hit at the hold score holds the customer
 * before the change answers), then the risk recomputed with the hits found.
 */
export async function afterFileChanged(c: Change, userId: number): Promise<RiskAssessment> {
  await screenCustomer(followingChange(c, 'screening'), userId);
  return recomputeRisk(c, userId);
}

const personInput = (p: PersonRow): PersonInput => ({
  fullName: p.full_name,
  document: p.document_kind === null ? null : { kind: p.document_kind as 'mykad' | 'passport', number: p.document_number ?? '', country: p.document_country },
  birthDate: p.birth_date,
  nationality: p.nationality ?? '',
  residence: p.residence ?? '',
  pep: p.pep as PepDeclaration | null,
});

/** The stored people as the rules read a file. */
function fileInputOf(people: readonly PersonRow[]): FileInput {
  const customer = people.find((p) => p.role === 'customer');
  return {
    customer: customer ? personInput(customer) : { fullName: '', document: null, birthDate: null, nationality: '', residence: '', pep: null },
    directors: people.filter((p) => p.role === 'director').map(personInput),
    owners: people.filter((p) => p.role === 'owner').map((p) => ({ ...personInput(p), ownershipPercent: p.ownership_percent ?? '0' })),
  };
}

function toView(row: FileRow, people: readonly PersonRow[], risk: DueDiligenceView['risk']): DueDiligenceView {
  return {
    userId: row.user_id,
    username: row.username,
    category: row.category,
    status: (row.status ?? 'draft') as DueDiligenceStatus,
    occupation: row.occupation,
    sourceOfFunds: row.source_of_funds,
    sourceOfWealth: row.source_of_wealth,
    purpose: row.purpose,
    expectedMonthlyMyr: row.expected_monthly_myr,
    expectedMonthlyGrams: row.expected_monthly_grams,
    onboarding: row.onboarding as DueDiligenceView['onboarding'],
    people: people.map((p) => ({
      role: p.role as 'customer' | 'director' | 'owner',
      ...personInput(p),
      ownershipPercent: p.ownership_percent,
      nameParts: p.name_parts,
    })),
    verifiedBy: row.verified_by_name,
    verifiedAt: row.verified_at?.toISOString() ?? null,
    nextReviewOn: row.next_review_on,
    edd:
      row.edd_note !== null && row.edd_proposed_at !== null
        ? { note: row.edd_note, proposedBy: row.edd_proposed_by_name ?? '', proposedAt: row.edd_proposed_at.toISOString(), approvedBy: row.edd_approved_by_name }
        : null,
    version: row.version ?? 0,
    risk,
  };
}

/** What the audit trail keeps of a file: its status and fields and its people as written, not the parsed names. */
const audited = (v: DueDiligenceView) => {
  const { people, risk, username: _u, category: _c, ...rest } = v;
  return { ...rest, band: risk?.band ?? null, people: people.map(({ nameParts: _n, ...p }) => p) };
};

/** The customer's file with its people and risk; a customer without a file reads as an empty draft. */
export async function dueDiligenceFile(q: Queryable, userId: number): Promise<DueDiligenceView> {
  const row = await findFile(q, userId);
  if (!row) throw notFound('user');
  return toView(row, await filePeople(q, userId), await customerRisk(q, userId));
}

export async function dueDiligenceFiles(q: Queryable, query: DueDiligenceListQuery): Promise<z.infer<typeof DueDiligenceList>> {
  const rows = await listFiles(q, query.status ?? null, query.afterUserId, query.limit);
  return {
    items: rows.map((r) => ({
      userId: r.user_id,
      username: r.username,
      category: r.category,
      status: r.status as DueDiligenceStatus,
      band: r.band as 'low' | 'standard' | 'high' | null,
      nextReviewOn: r.next_review_on,
      updatedAt: r.updated_at.toISOString(),
    })),
    nextAfterUserId: rows.length === query.limit ? rows.at(-1)!.user_id : null,
  };
}

const record = (role: PersonRecord['role'], p: DueDiligenceBody['customer'], ownershipPercent: string | null): PersonRecord => ({
  role,
  fullName: p.fullName,
  nameParts: parseMalaysianName(p.fullName),
  documentKind: p.document?.kind ?? null,
  documentNumber: p.document ? storedDocumentNumber(p.document) : null,
  documentCountry: p.document?.kind === 'passport' ? p.document.country : p.document ? 'MY' : null,
  birthDate: p.birthDate,
  nationality: p.nationality,
  residence: p.residence,
  ownershipPercent,
  pep: p.pep,
});

/**
 * Saves the whole file: its fields, and its people replaced. A verified file stays verified
 * unless a field screening reads changed (back to 'submitted') or the risk band moved (to
 * 'reviewDue'); an EDD pending is dropped on either. Any other file becomes 'submitted'.
 */
export async function saveDueDiligence(c: Change, userId: number, body: DueDiligenceBody): Promise<DueDiligenceView> {
  const found = await findFile(c.q, userId);
  if (!found) throw notFound('user');
  const today = businessDate(c.now);
  const refused = fileRefusal(body, found.category as UserCategory, today);
  if (refused) throw appError(ErrorCode.DueDiligenceRefused, refused.path, { detail: { rule: refused.rule } });
  await lockFile(c.q, userId, c.now);
  const beforeRow = (await findFile(c.q, userId))!;
  const beforePeople = await filePeople(c.q, userId);
  const beforeRisk = await customerRisk(c.q, userId);
  const before = toView(beforeRow, beforePeople, beforeRisk);

  await writeFileFields(c.q, userId, body, c.by, c.now);
  await replacePeople(c.q, userId, [
    record('customer', body.customer, null),
    ...body.directors.map((p) => record('director', p, null)),
    ...body.owners.map((p) => record('owner', p, p.ownershipPercent)),
  ]);
  const risk = await afterFileChanged(c, userId);
  const screenedChanged = screenedFields(fileInputOf(beforePeople)) !== screenedFields(body);
  const bandChanged = beforeRisk !== null && beforeRisk.band !== risk.band;
  const status = before.status;
  if (status === 'verified' && !screenedChanged) {
    if (bandChanged) await setStatus(c.q, userId, { status: 'reviewDue', verified: null, edd: null });
  } else if (status === 'eddPending' && !screenedChanged && !bandChanged) {
    // the proposal stands: nothing it was made on changed
  } else {
    await setStatus(c.q, userId, { status: 'submitted', verified: null, edd: null });
  }
  const after = await dueDiligenceFile(c.q, userId);
  c.audit.note('userId', userId);
  c.audit.before(audited(before));
  c.audit.after(audited(after));
  return after;
}

/**
 * An officer verifies a submitted file (or one whose review is due). Its risk is computed now: low
 * or standard, the file is verified until the band's review date; high, enhanced due diligence is
 * proposed with the officer's note and a second officer approves it.
 */
export async function verifyDueDiligence(c: Change, userId: number, body: VerifyBody): Promise<DueDiligenceView> {
  if (!(await findFile(c.q, userId))) throw notFound('user');
  await lockFile(c.q, userId, c.now);
  const before = await dueDiligenceFile(c.q, userId);
  if (before.status !== 'submitted' && before.status !== 'reviewDue') throw conflict(`The file is ${before.status}: only a submitted file, or one due for review, is verified.`);
  if (!before.people.some((p) => p.role === 'customer')) throw conflict('The file names no customer yet: save it first.');
  const risk = await afterFileChanged(c, userId);
  if (risk.band === 'high') {
    if (body.eddNote === undefined) throw appError(ErrorCode.DueDiligenceRefused, 'eddNote', { detail: { rule: 'required' } });
    await setStatus(c.q, userId, { status: 'eddPending', verified: null, edd: { note: body.eddNote, proposedBy: c.by, proposedAt: c.now, approvedBy: null, approvedAt: null } });
  } else {
    await setStatus(c.q, userId, { status: 'verified', verified: { by: c.by, at: c.now, nextReviewOn: nextReviewOn(businessDate(c.now), risk.band) }, edd: null });
  }
  const after = await dueDiligenceFile(c.q, userId);
  c.audit.note('userId', userId);
  c.audit.before(audited(before));
  c.audit.after(audited(after));
  return after;
}

/** A second officer approves the enhanced due diligence another proposed: the file is verified for a year. */
export async function approveEdd(c: Change, userId: number): Promise<DueDiligenceView> {
  if (!(await findFile(c.q, userId))) throw notFound('user');
  await lockFile(c.q, userId, c.now);
  const row = (await findFile(c.q, userId))!;
  const before = toView(row, await filePeople(c.q, userId), await customerRisk(c.q, userId));
  if (before.status !== 'eddPending' || row.edd_proposed_by === null || row.edd_proposed_at === null || row.edd_note === null) throw conflict('No enhanced due diligence is pending on this file.');
  if (row.edd_proposed_by === c.by) throw appError(ErrorCode.ComplianceFourEyes, 'You proposed this enhanced due diligence: another officer must approve it.');
  const risk = await afterFileChanged(c, userId);
  await setStatus(c.q, userId, {
    status: 'verified',
    verified: { by: c.by, at: c.now, nextReviewOn: nextReviewOn(businessDate(c.now), risk.band) },
    edd: { note: row.edd_note, proposedBy: row.edd_proposed_by, proposedAt: row.edd_proposed_at, approvedBy: c.by, approvedAt: c.now },
  });
  const after = await dueDiligenceFile(c.q, userId);
  c.audit.note('userId', userId);
  c.audit.before(audited(before));
  c.audit.after(audited(after));
  return after;
}
