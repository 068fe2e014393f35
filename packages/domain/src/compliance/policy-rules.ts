/**
 * The due diligence enforcement switch (decision 1106): what an unverified customer may do, changed
 * only by two officers. With it on, a customer not verified, or whose periodic review is overdue,
 * may deposit and receive but nothing that moves value out or trades.
 */
export const DUE_DILIGENCE_GATED = ['order', 'withdrawal', 'transferOut'] as const;
export type DueDiligenceGated = (typeof DUE_DILIGENCE_GATED)[number];

export interface PolicyState {
  enforce: boolean;
  proposal: { enforce: boolean; by: number } | null;
}

export type PolicyRefusal = { kind: 'conflict'; reason: string } | { kind: 'fourEyes'; reason: string };

/** Whether a proposal to set enforcement to `enforce` may be made now. */
export function policyProposalRefusal(state: PolicyState, enforce: boolean): PolicyRefusal | null {
  if (state.proposal) return { kind: 'conflict', reason: 'A change is proposed already: decide it first.' };
  if (state.enforce === enforce) return { kind: 'conflict', reason: enforce ? 'Enforcement is on already.' : 'Enforcement is off already.' };
  return null;
}

/** Whether `by` may agree to the pending proposal: another officer than its proposer. */
export function policyAgreementRefusal(state: PolicyState, by: number): PolicyRefusal | null {
  if (!state.proposal) return { kind: 'conflict', reason: 'No change is proposed.' };
  if (state.proposal.by === by) return { kind: 'fourEyes', reason: 'Another officer must agree.' };
  return null;
}

/**
 * Whether a customer's file lets them trade and move value out: verified, and its periodic review
 * not past (`today` and `nextReviewOn` as Kuala Lumpur dates, YYYY-MM-DD).
 */
export function dueDiligenceCurrent(file: { status: string; nextReviewOn: string | null } | null, today: string): boolean {
  if (!file || file.status !== 'verified') return false;
  return file.nextReviewOn === null || file.nextReviewOn >= today;
}
