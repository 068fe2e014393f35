import type { HitOutcome, HitStatus } from '@aurum/domain/compliance/hit-rules';
import type { HitView } from '@aurum/domain/compliance/hit-schemas';
import type { ScoreReason } from '@aurum/domain/compliance/name-score';
import type { ScreeningListKind } from '@aurum/domain/compliance/screening-thresholds';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

const selectHit = (q: Queryable) =>
  kysely(q)
    .selectFrom('screening_hits as h')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .innerJoin('screening_lists as l', 'l.id', 'h.list_id')
    .leftJoin('admins as proposer', 'proposer.id', 'h.proposed_by')
    .leftJoin('admins as agreer', 'agreer.id', 'h.agreed_by')
    .leftJoin('admins as confirmer', 'confirmer.id', 'h.confirmed_by')
    .select([
      'h.id',
      'h.user_id',
      'u.username',
      'h.subject_name',
      'l.code as list_code',
      'h.list_kind',
      'h.version_id',
      'h.entry_reference',
      'h.name_matched',
      'h.quality',
      'h.score',
      'h.outcome',
      'h.reasons',
      'h.status',
      'h.proposed_by',
      'proposer.username as proposed_by_name',
      'h.proposed_at',
      'h.proposal_note',
      'agreer.username as agreed_by_name',
      'confirmer.username as confirmed_by_name',
      'h.found_at',
    ]);

export type HitRow = Awaited<ReturnType<ReturnType<typeof selectHit>['executeTakeFirstOrThrow']>>;

export function toHitView(r: HitRow): HitView {
  return {
    id: r.id,
    userId: r.user_id,
    username: r.username,
    subjectName: r.subject_name,
    listCode: r.list_code,
    // written by this module only, through the table's CHECKs
    listKind: r.list_kind as ScreeningListKind,
    versionId: r.version_id,
    entryReference: r.entry_reference,
    nameMatched: r.name_matched,
    quality: r.quality as 'good' | 'low',
    score: r.score,
    outcome: r.outcome as HitOutcome,
    reasons: r.reasons as unknown as ScoreReason[],
    status: r.status as HitStatus,
    proposal: r.proposed_at !== null ? { by: r.proposed_by_name ?? '', at: r.proposed_at.toISOString(), note: r.proposal_note ?? '' } : null,
    agreedBy: r.agreed_by_name,
    confirmedBy: r.confirmed_by_name,
    foundAt: r.found_at.toISOString(),
  };
}

export interface NewHit {
  userId: number;
  subjectId: number;
  subjectFingerprint: string;
  subjectName: string;
  entryId: number;
  versionId: number;
  listId: number;
  listKind: ScreeningListKind;
  entryReference: string;
  entryContentHash: string;
  nameMatched: string;
  quality: 'good' | 'low';
  score: number;
  outcome: HitOutcome;
  reasons: readonly ScoreReason[];
  foundAt: Date;
}

/**
 * Records the hits not recorded before for the same customer subject and entry content (open,
 * dismissed or confirmed alike: a dismissal stays), and answers those that were new.
 */
export async function insertNewHits(q: Queryable, hits: readonly NewHit[]): Promise<NewHit[]> {
  const out: NewHit[] = [];
  // a statement carries at most 65,535 parameters: a delta's hits go in pages
  for (let i = 0; i < hits.length; i += HITS_PER_INSERT) out.push(...(await insertPage(q, hits.slice(i, i + HITS_PER_INSERT))));
  return out;
}

const HITS_PER_INSERT = 1000;

async function insertPage(q: Queryable, hits: readonly NewHit[]): Promise<NewHit[]> {
  if (hits.length === 0) return [];
  const rows = await kysely(q)
    .insertInto('screening_hits')
    .values(
      hits.map((h) => ({
        user_id: h.userId,
        subject_id: h.subjectId,
        subject_fingerprint: h.subjectFingerprint,
        subject_name: h.subjectName,
        entry_id: h.entryId,
        version_id: h.versionId,
        list_id: h.listId,
        list_kind: h.listKind,
        entry_reference: h.entryReference,
        entry_content_hash: h.entryContentHash,
        name_matched: h.nameMatched,
        quality: h.quality,
        score: h.score.toFixed(4),
        outcome: h.outcome,
        reasons: JSON.stringify(h.reasons),
        status: 'open',
        found_at: h.foundAt,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'subject_fingerprint', 'list_id', 'entry_reference', 'entry_content_hash']).doNothing())
    .returning(['user_id', 'subject_fingerprint', 'list_id', 'entry_reference', 'entry_content_hash'])
    .execute();
  const inserted = new Set(rows.map((r) => hitKey(r.user_id, r.subject_fingerprint, r.list_id, r.entry_reference, r.entry_content_hash)));
  return hits.filter((h) => inserted.has(hitKey(h.userId, h.subjectFingerprint, h.listId, h.entryReference, h.entryContentHash)));
}

const hitKey = (userId: number, fingerprint: string, listId: number, reference: string, contentHash: string) => JSON.stringify([userId, fingerprint, listId, reference, contentHash]);

export async function findHit(q: Queryable, id: number): Promise<HitRow | undefined> {
  return selectHit(q).where('h.id', '=', id).executeTakeFirst();
}

/** The hit's row locked FOR UPDATE until the transaction ends. */
export async function lockHitRow(q: Queryable, id: number): Promise<void> {
  await kysely(q).selectFrom('screening_hits').select('id').where('id', '=', id).forUpdate().execute();
}

/** Hits of one status, newest first, `limit` of them after id `before`. */
export async function listHits(q: Queryable, status: HitStatus, before: number | null, limit: number): Promise<HitRow[]> {
  const base = selectHit(q).where('h.status', '=', status);
  return (before === null ? base : base.where('h.id', '<', before)).orderBy('h.id', 'desc').limit(limit).execute();
}

export async function setDismissProposal(q: Queryable, id: number, p: { by: number; at: Date; note: string }): Promise<void> {
  await kysely(q).updateTable('screening_hits').set({ proposed_by: p.by, proposed_at: p.at, proposal_note: p.note }).where('id', '=', id).execute();
}

export async function setDismissed(q: Queryable, id: number, a: { by: number; at: Date }): Promise<void> {
  await kysely(q).updateTable('screening_hits').set({ status: 'dismissed', agreed_by: a.by, agreed_at: a.at }).where('id', '=', id).execute();
}

export async function setConfirmed(q: Queryable, id: number, a: { by: number; at: Date }): Promise<void> {
  await kysely(q).updateTable('screening_hits').set({ status: 'confirmed', confirmed_by: a.by, confirmed_at: a.at }).where('id', '=', id).execute();
}

/** The customer's hits still open (neither dismissed nor confirmed): a factor of the customer's risk. */
export async function countOpenHits(q: Queryable, userId: number): Promise<number> {
  const row = await kysely(q).selectFrom('screening_hits').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).where('status', '=', 'open').executeTakeFirstOrThrow();
  return Number(row.n);
}
