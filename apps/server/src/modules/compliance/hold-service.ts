import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { agreementRefusal, proposalRefusal, statusAfter, type HoldDecision, type HoldRefusal, type HoldState, type HoldStatus } from '@aurum/domain/compliance/hold-rules';
import type { HoldView, PlaceHoldBody, ProposeHoldBody } from '@aurum/domain/compliance/hold-schemas';
import { appError, notFound } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { lockUser } from '../users/user-service.ts';
import { lockForMoney } from '../wallet/wallet-service.ts';
import { draftFreezeReport, type GoldBuyBack } from './freeze-report-service.ts';
import { applyDecision, findHold, findHoldInForce, holdUser, insertHold, listHolds, lockHoldRow, setProposal, toHoldView, usersHeld, type HoldRow } from './hold-repository.ts';

/** Whether the user is held or frozen (the engine leaves such a user's open orders waiting). */
export async function isHeld(q: Queryable, userId: number): Promise<boolean> {
  return (await usersHeld(q, [userId])).length > 0;
}

/** The rules' view of a stored hold. */
const stateOf = (row: HoldRow): HoldState => ({
  status: row.status as HoldStatus,
  placedBy: row.placed_by,
  proposal: row.proposal !== null && row.proposed_by !== null ? { decision: row.proposal as HoldDecision, by: row.proposed_by } : null,
});

const refusal = (r: HoldRefusal) => (r.kind === 'fourEyes' ? appError(ErrorCode.ComplianceFourEyes, r.reason) : appError(ErrorCode.ComplianceHoldConflict, r.reason));

/** What the audit trail keeps of a hold: its number, customer and state, not the desk's note. */
const audited = (v: HoldView) => ({ id: v.id, userId: v.userId, status: v.status, source: v.source, proposal: v.proposal?.decision ?? null });

async function viewOf(q: Queryable, id: number): Promise<HoldView> {
  const row = await findHold(q, id);
  if (!row) throw notFound('hold');
  return toHoldView(row);
}

/**
 * Holds a customer now. The customer's wallet and row are locked first, as every money
 * transaction locks them: a transfer or an order in flight commits before the hold, and none
 * begun after it misses it.
 */
export async function placeHold(c: Change, body: PlaceHoldBody, source: 'officer' | 'screening' = 'officer'): Promise<HoldView> {
  await lockForMoney(c.q, { userIds: [body.userId], userRows: [body.userId] });
  await lockUser(c.q, body.userId);
  if ((await usersHeld(c.q, [body.userId])).length > 0) throw appError(ErrorCode.ComplianceHoldConflict, 'The customer is held already.');
  const id = await insertHold(c.q, { userId: body.userId, source, note: body.note, by: source === 'officer' ? c.by : null, at: c.now });
  const view = await viewOf(c.q, id);
  c.audit.note('userId', body.userId);
  c.audit.after(audited(view));
  return view;
}

/** An officer proposes to freeze (a confirmed match) or release (a false hit); a second officer agrees. */
export async function proposeHold(c: Change, id: number, body: ProposeHoldBody): Promise<HoldView> {
  await lockHoldRow(c.q, id);
  const row = await findHold(c.q, id);
  if (!row) throw notFound('hold');
  const refused = proposalRefusal(stateOf(row), body.decision, c.by);
  if (refused) throw refusal(refused);
  await setProposal(c.q, id, { decision: body.decision, note: body.note, by: c.by, at: c.now });
  const after = await viewOf(c.q, id);
  c.audit.note('userId', after.userId);
  c.audit.before(audited(toHoldView(row)));
  c.audit.after(audited(after));
  return after;
}

/**
 * A second officer agrees to the pending proposal: the customer is frozen or released. Locked as
 * a money transaction is (the wallet, then the row), so a release is never half seen. A freeze
 * drafts its report in the same transaction (decision 1107).
 */
export async function agreeHold(c: Change, id: number, goldBuyBack: GoldBuyBack): Promise<HoldView> {
  const userId = await holdUser(c.q, id);
  if (userId === undefined) throw notFound('hold');
  await lockForMoney(c.q, { userIds: [userId] });
  await lockHoldRow(c.q, id);
  const row = (await findHold(c.q, id))!;
  const state = stateOf(row);
  const refused = agreementRefusal(state, c.by);
  if (refused) throw refusal(refused);
  const status: HoldStatus = statusAfter(state.proposal!.decision);
  await applyDecision(c.q, id, { status, by: c.by, at: c.now });
  const after = await viewOf(c.q, id);
  if (status === 'frozen') await draftFreezeReport(c.q, after, row.proposed_by_name, goldBuyBack, c.now);
  c.audit.note('userId', userId);
  c.audit.before(audited(toHoldView(row)));
  c.audit.after(audited(after));
  return after;
}

/** The compliance desk's holds, newest first: those in force, or those of one status. */
export async function holds(q: Queryable, status: HoldStatus | null, limit: number): Promise<{ items: HoldView[] }> {
  return { items: (await listHolds(q, status, limit)).map(toHoldView) };
}

/** The customer's hold in force (held or frozen), or null. */
export async function holdInForce(q: Queryable, userId: number): Promise<HoldView | null> {
  const row = await findHoldInForce(q, userId);
  return row ? toHoldView(row) : null;
}
