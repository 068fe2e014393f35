/**
 * A screening hit (decision 1104): a listed name close enough to a customer's to be the desk's
 * work. A false hit is dismissed by two officers (one proposes with a note, a different one
 * agrees); a true one is confirmed, which proposes freezing the customer's hold. Pure rules: the
 * server reads the hit locked and applies them.
 */
export const HIT_STATUSES = ['open', 'dismissed', 'confirmed'] as const;
export type HitStatus = (typeof HIT_STATUSES)[number];

export const HIT_OUTCOMES = ['hold', 'review'] as const;
export type HitOutcome = (typeof HIT_OUTCOMES)[number];

export interface HitState {
  status: HitStatus;
  /** The officer who proposed dismissing it, while that proposal waits. */
  proposedBy: number | null;
}

export type HitRefusal = { kind: 'conflict'; reason: string } | { kind: 'fourEyes'; reason: string };

const closed = (hit: HitState): HitRefusal | null => (hit.status === 'open' ? null : { kind: 'conflict', reason: `The hit is ${hit.status} already.` });

/** Why an officer may not propose dismissing the hit now, or null. */
export function dismissProposalRefusal(hit: HitState): HitRefusal | null {
  return closed(hit) ?? (hit.proposedBy !== null ? { kind: 'conflict', reason: 'A dismissal of this hit is proposed already: agree to it or wait.' } : null);
}

/** Why `by` may not agree to the proposed dismissal, or null. The proposer never agrees. */
export function dismissAgreementRefusal(hit: HitState, by: number): HitRefusal | null {
  const refused = closed(hit);
  if (refused) return refused;
  if (hit.proposedBy === null) return { kind: 'conflict', reason: 'No dismissal of this hit is proposed.' };
  return hit.proposedBy === by ? { kind: 'fourEyes', reason: 'Another officer must agree to the dismissal.' } : null;
}

/** Why the hit may not be confirmed as a true match now, or null. */
export function confirmRefusal(hit: HitState): HitRefusal | null {
  return closed(hit);
}
