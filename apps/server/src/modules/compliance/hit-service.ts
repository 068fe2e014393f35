import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { confirmRefusal, dismissAgreementRefusal, dismissProposalRefusal, type HitRefusal, type HitStatus } from '@aurum/domain/compliance/hit-rules';
import type { HitList, HitView } from '@aurum/domain/compliance/hit-schemas';
import { appError, notFound } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { holdInForce, placeHold, proposeHold } from './hold-service.ts';
import { findHit, listHits, lockHitRow, setConfirmed, setDismissed, setDismissProposal, toHitView, type HitRow } from './hit-repository.ts';

const refusal = (r: HitRefusal) => (r.kind === 'fourEyes' ? appError(ErrorCode.ComplianceFourEyes, r.reason) : appError(ErrorCode.ScreeningHitConflict, r.reason));

const stateOf = (row: HitRow) => ({ status: row.status as HitStatus, proposedBy: row.proposed_at !== null ? row.proposed_by : null });

/** What the audit trail keeps of a hit: its number, customer, entry and state, not the desk's note. */
const audited = (v: HitView) => ({ id: v.id, userId: v.userId, list: v.listCode, entry: v.entryReference, score: v.score, outcome: v.outcome, status: v.status, proposed: v.proposal !== null });

async function lockedHit(q: Queryable, id: number): Promise<HitRow> {
  await lockHitRow(q, id);
  const row = await findHit(q, id);
  if (!row) throw notFound('hit');
  return row;
}

async function viewOf(q: Queryable, id: number): Promise<HitView> {
  const row = await findHit(q, id);
  if (!row) throw notFound('hit');
  return toHitView(row);
}

/** The desk's hits of one status, newest first, a page at a time (`next`: the `before` of the next page). */
export async function hits(q: Queryable, status: HitStatus, before: number | null, limit: number): Promise<HitList> {
  const rows = await listHits(q, status, before, limit + 1);
  const items = rows.slice(0, limit).map(toHitView);
  return { items, next: rows.length > limit ? items[items.length - 1]!.id : null };
}

export const hit = viewOf;

/** An officer proposes that the hit is false, with a note; a different officer agrees. */
export async function proposeDismiss(c: Change, id: number, note: string): Promise<HitView> {
  const row = await lockedHit(c.q, id);
  const refused = dismissProposalRefusal(stateOf(row));
  if (refused) throw refusal(refused);
  await setDismissProposal(c.q, id, { by: c.by, at: c.now, note });
  const after = await viewOf(c.q, id);
  c.audit.note('userId', after.userId);
  c.audit.before(audited(toHitView(row)));
  c.audit.after(audited(after));
  return after;
}

/**
 * A second officer agrees: the hit is dismissed, and stays so for this customer's screened fields
 * and this entry's content (a re-screen finds the same hit and records nothing new).
 */
export async function agreeDismiss(c: Change, id: number): Promise<HitView> {
  const row = await lockedHit(c.q, id);
  const refused = dismissAgreementRefusal(stateOf(row), c.by);
  if (refused) throw refusal(refused);
  await setDismissed(c.q, id, { by: c.by, at: c.now });
  const after = await viewOf(c.q, id);
  c.audit.note('userId', after.userId);
  c.audit.before(audited(toHitView(row)));
  c.audit.after(audited(after));
  return after;
}

/**
 * The hit is a true match: marked confirmed, and the customer's hold proposed for freezing (a
 * hold is placed first when the hit only asked for review); a second officer agrees on the hold.
 */
export async function confirmHit(c: Change, id: number, note: string): Promise<HitView> {
  const row = await lockedHit(c.q, id);
  const refused = confirmRefusal(stateOf(row));
  if (refused) throw refusal(refused);
  await setConfirmed(c.q, id, { by: c.by, at: c.now });
  const hold = (await holdInForce(c.q, row.user_id)) ?? (await placeHold(c, { userId: row.user_id, note }));
  if (hold.status !== 'frozen') await proposeHold(c, hold.id, { decision: 'freeze', note });
  const after = await viewOf(c.q, id);
  c.audit.note('userId', after.userId);
  c.audit.before(audited(toHitView(row)));
  c.audit.after({ ...audited(after), holdId: hold.id });
  return after;
}
