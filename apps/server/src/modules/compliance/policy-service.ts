import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { policyAgreementRefusal, policyProposalRefusal, type PolicyRefusal, type PolicyState } from '@aurum/domain/compliance/policy-rules';
import type { PolicyView, ProposePolicyBody } from '@aurum/domain/compliance/policy-schemas';
import { appError } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { applyPolicy, findPolicy, insertPolicyIfAbsent, setPolicyProposal, toPolicyView, type PolicyRow } from './policy-repository.ts';

/**
 * The switch's first value, written once when a process starts: on under NODE_ENV=production (a
 * dealer must not trade with unverified customers by default), off otherwise so that every flow of
 * SPEC.md runs unchanged on the demo. Officers change it afterwards; no start overwrites them.
 */
export async function ensureCompliancePolicy(q: Queryable, production: boolean, now: Date): Promise<void> {
  await insertPolicyIfAbsent(q, production, now);
}

const stateOf = (row: PolicyRow): PolicyState => ({
  enforce: row.enforce,
  proposal: row.proposed_enforce !== null && row.proposed_by !== null ? { enforce: row.proposed_enforce, by: row.proposed_by } : null,
});

const refusal = (r: PolicyRefusal) => (r.kind === 'fourEyes' ? appError(ErrorCode.ComplianceFourEyes, r.reason) : appError(ErrorCode.CompliancePolicyConflict, r.reason));

const audited = (v: PolicyView) => ({ enforce: v.enforce, proposal: v.proposal?.enforce ?? null });

/** The row; a database no process has started on yet reads as off, the value no start has written. */
async function lockedRow(c: Change): Promise<PolicyRow> {
  await insertPolicyIfAbsent(c.q, false, c.now);
  return (await findPolicy(c.q, true))!;
}

export async function policy(q: Queryable): Promise<PolicyView> {
  const row = await findPolicy(q);
  return row ? toPolicyView(row) : { enforce: false, updatedBy: null, updatedAt: new Date(0).toISOString(), proposal: null };
}

/** An officer proposes to turn enforcement on or off; a second agrees (maker-checker). */
export async function proposePolicy(c: Change, body: ProposePolicyBody): Promise<PolicyView> {
  const row = await lockedRow(c);
  const refused = policyProposalRefusal(stateOf(row), body.enforce);
  if (refused) throw refusal(refused);
  await setPolicyProposal(c.q, { enforce: body.enforce, note: body.note, by: c.by, at: c.now });
  const after = toPolicyView((await findPolicy(c.q))!);
  c.audit.before(audited(toPolicyView(row)));
  c.audit.after(audited(after));
  return after;
}

/** A second officer agrees: the switch is in force for every transaction that begins after this answers. */
export async function agreePolicy(c: Change): Promise<PolicyView> {
  const row = await lockedRow(c);
  const state = stateOf(row);
  const refused = policyAgreementRefusal(state, c.by);
  if (refused) throw refusal(refused);
  await applyPolicy(c.q, { enforce: state.proposal!.enforce, by: c.by, at: c.now });
  const after = toPolicyView((await findPolicy(c.q))!);
  c.audit.before(audited(toPolicyView(row)));
  c.audit.after(audited(after));
  return after;
}

/** The pending proposal withdrawn (by its proposer) or declined (by another officer); nothing changes. */
export async function declinePolicy(c: Change): Promise<PolicyView> {
  const row = await lockedRow(c);
  if (!stateOf(row).proposal) throw appError(ErrorCode.CompliancePolicyConflict, 'No change is proposed.');
  await setPolicyProposal(c.q, null);
  const after = toPolicyView((await findPolicy(c.q))!);
  c.audit.before(audited(toPolicyView(row)));
  c.audit.after(audited(after));
  return after;
}
