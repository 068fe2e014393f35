import { sql } from 'kysely';
import type { DueDiligenceStatus } from '@aurum/domain/compliance/due-diligence-rules';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

const day = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

const selectFile = (q: Queryable) =>
  kysely(q)
    .selectFrom('users as u')
    .leftJoin('due_diligence_files as f', 'f.user_id', 'u.id')
    .leftJoin('admins as verifier', 'verifier.id', 'f.verified_by')
    .leftJoin('admins as proposer', 'proposer.id', 'f.edd_proposed_by')
    .leftJoin('admins as approver', 'approver.id', 'f.edd_approved_by')
    .select([
      'u.id as user_id',
      'u.username',
      'u.category',
      'f.status',
      'f.occupation',
      'f.source_of_funds',
      'f.source_of_wealth',
      'f.purpose',
      'f.expected_monthly_myr',
      'f.expected_monthly_grams',
      'f.onboarding',
      'f.verified_by',
      'verifier.username as verified_by_name',
      'f.verified_at',
      day('f.next_review_on').as('next_review_on'),
      'f.edd_note',
      'f.edd_proposed_by',
      'proposer.username as edd_proposed_by_name',
      'f.edd_proposed_at',
      'approver.username as edd_approved_by_name',
      'f.version',
    ]);

export type FileRow = Awaited<ReturnType<ReturnType<typeof selectFile>['executeTakeFirstOrThrow']>>;

/** The customer with its file, or undefined for no such customer; the file's fields are null when it has none. */
export async function findFile(q: Queryable, userId: number): Promise<FileRow | undefined> {
  return selectFile(q).where('u.id', '=', userId).where('u.deleted_at', 'is', null).executeTakeFirst();
}

const selectPeople = (q: Queryable) =>
  kysely(q)
    .selectFrom('due_diligence_people')
    .select([
      'role',
      'full_name',
      'name_parts',
      'document_kind',
      'document_number',
      'document_country',
      day('birth_date').as('birth_date'),
      'nationality',
      'residence',
      'ownership_percent',
      'pep',
    ]);
export type PersonRow = Awaited<ReturnType<ReturnType<typeof selectPeople>['execute']>>[number];

/** The file's people: the customer first, then directors and owners as saved. */
export async function filePeople(q: Queryable, userId: number): Promise<PersonRow[]> {
  return selectPeople(q).where('user_id', '=', userId).orderBy(sql`role = 'customer'`, 'desc').orderBy('id').execute();
}

/** The file's row locked FOR UPDATE, created as 'draft' first when the customer has none (a customer who came after the desk). */
export async function lockFile(q: Queryable, userId: number, at: Date): Promise<void> {
  await kysely(q).insertInto('due_diligence_files').values({ user_id: userId, status: 'draft', updated_at: at }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  await kysely(q).selectFrom('due_diligence_files').select('user_id').where('user_id', '=', userId).forUpdate().execute();
}

export interface FileFields {
  occupation: string;
  sourceOfFunds: string;
  sourceOfWealth: string;
  purpose: string;
  expectedMonthlyMyr: string;
  expectedMonthlyGrams: string;
  onboarding: string;
}

export async function writeFileFields(q: Queryable, userId: number, f: FileFields, by: number, at: Date): Promise<void> {
  await kysely(q)
    .updateTable('due_diligence_files')
    .set((eb) => ({
      occupation: f.occupation,
      source_of_funds: f.sourceOfFunds,
      source_of_wealth: f.sourceOfWealth,
      purpose: f.purpose,
      expected_monthly_myr: f.expectedMonthlyMyr,
      expected_monthly_grams: f.expectedMonthlyGrams,
      onboarding: f.onboarding,
      version: eb('version', '+', 1),
      updated_by: by,
      updated_at: at,
    }))
    .where('user_id', '=', userId)
    .execute();
}

export interface PersonRecord {
  role: 'customer' | 'director' | 'owner';
  fullName: string;
  nameParts: unknown;
  documentKind: string | null;
  documentNumber: string | null;
  documentCountry: string | null;
  birthDate: string | null;
  nationality: string;
  residence: string;
  ownershipPercent: string | null;
  pep: unknown;
}

/** The file's people replaced by these (the audit row keeps those before). */
export async function replacePeople(q: Queryable, userId: number, people: readonly PersonRecord[]): Promise<void> {
  await kysely(q).deleteFrom('due_diligence_people').where('user_id', '=', userId).execute();
  if (people.length === 0) return;
  await kysely(q)
    .insertInto('due_diligence_people')
    .values(
      people.map((p) => ({
        user_id: userId,
        role: p.role,
        full_name: p.fullName,
        name_parts: JSON.stringify(p.nameParts),
        document_kind: p.documentKind,
        document_number: p.documentNumber,
        document_country: p.documentCountry,
        birth_date: p.birthDate,
        nationality: p.nationality,
        residence: p.residence,
        ownership_percent: p.ownershipPercent,
        pep: p.pep === null ? null : JSON.stringify(p.pep),
      })),
    )
    .execute();
}

/**
 * The file's status and what goes with it: verified sets who and when and the next review;
 * any other status clears them (the check of the table ties 'verified' to both). The EDD fields
 * are set as given, so a caller leaving a pending EDD clears them too.
 */
export async function setStatus(
  q: Queryable,
  userId: number,
  s: {
    status: DueDiligenceStatus;
    verified: { by: number; at: Date; nextReviewOn: string } | null;
    edd: { note: string; proposedBy: number; proposedAt: Date; approvedBy: number | null; approvedAt: Date | null } | null;
  },
): Promise<void> {
  await kysely(q)
    .updateTable('due_diligence_files')
    .set({
      status: s.status,
      verified_by: s.verified?.by ?? null,
      verified_at: s.verified?.at ?? null,
      next_review_on: s.verified?.nextReviewOn ?? null,
      edd_note: s.edd?.note ?? null,
      edd_proposed_by: s.edd?.proposedBy ?? null,
      edd_proposed_at: s.edd?.proposedAt ?? null,
      edd_approved_by: s.edd?.approvedBy ?? null,
      edd_approved_at: s.edd?.approvedAt ?? null,
    })
    .where('user_id', '=', userId)
    .execute();
}

/** Files of one status (or all), with the customer's risk band, by user id after `afterUserId`. */
export async function listFiles(q: Queryable, status: DueDiligenceStatus | null, afterUserId: number, limit: number) {
  return kysely(q)
    .selectFrom('due_diligence_files as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .leftJoin('customer_risk as r', 'r.user_id', 'f.user_id')
    .select(['f.user_id', 'u.username', 'u.category', 'f.status', 'r.band', day('f.next_review_on').as('next_review_on'), 'f.updated_at'])
    .where('u.deleted_at', 'is', null)
    .$if(status !== null, (qb) => qb.where('f.status', '=', status!))
    .where('f.user_id', '>', afterUserId)
    .orderBy('f.user_id')
    .limit(limit)
    .execute();
}

/** The status and next review of a customer's file, or undefined when the customer has none. */
export async function fileStanding(q: Queryable, userId: number): Promise<{ status: string; next_review_on: string | null } | undefined> {
  return kysely(q)
    .selectFrom('due_diligence_files')
    .select(['status', day('next_review_on').as('next_review_on')])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
