/**
 * A compliance hold on a customer (decision 1101). A hold is placed at once (by an officer, or by
 * screening at or above the hold score); an officer proposes to freeze it (a confirmed match) or
 * to release it (a false hit), and a second officer agrees. Held or frozen, nothing that moves
 * value out of the customer's wallet goes through; money coming in is received and stays with the
 * rest. Every rule here is pure: the server reads the hold inside the money's own transaction.
 */
export const HOLD_STATUSES = ['held', 'frozen', 'released'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

export const HOLD_DECISIONS = ['freeze', 'release'] as const;
export type HoldDecision = (typeof HOLD_DECISIONS)[number];

/**
 * What a hold stops: an order (buy or sell), the fill of an open order, submitting or approving a
 * withdrawal or an outgoing transfer, and a change of the customer's bank accounts. Deposits and
 * incoming transfers are not here: they are received, and held with the rest.
 */
export const HELD_OPERATIONS = ['order', 'fill', 'withdrawal', 'transferOut', 'bankAccount'] as const;
export type HeldOperation = (typeof HELD_OPERATIONS)[number];

/** Whether a hold in this status stops value leaving (held and frozen alike; released stops nothing). */
export function holdBlocks(status: HoldStatus): boolean {
  return status === 'held' || status === 'frozen';
}

export interface HoldState {
  status: HoldStatus;
  /** Who placed it; null when screening did. */
  placedBy: number | null;
  proposal: { decision: HoldDecision; by: number } | null;
}

export type HoldRefusal = { kind: 'conflict'; reason: string } | { kind: 'fourEyes'; reason: string };

/** Why an officer may not propose this decision now, or null when the proposal may be made. */
export function proposalRefusal(hold: HoldState, decision: HoldDecision, by: number): HoldRefusal | null {
  if (hold.status === 'released') return { kind: 'conflict', reason: 'The hold is released already.' };
  if (hold.proposal !== null) return { kind: 'conflict', reason: 'A decision on this hold is pending already: agree to it or wait.' };
  if (decision === 'freeze' && hold.status === 'frozen') return { kind: 'conflict', reason: 'The customer is frozen already.' };
  if (decision === 'release' && hold.placedBy === by) return { kind: 'fourEyes', reason: 'You placed this hold: another officer must propose its release.' };
  return null;
}

/** Why an officer may not agree to the pending proposal, or null when the agreement takes effect. */
export function agreementRefusal(hold: HoldState, by: number): HoldRefusal | null {
  if (hold.proposal === null) return { kind: 'conflict', reason: 'No decision on this hold is pending.' };
  if (hold.proposal.by === by) return { kind: 'fourEyes', reason: 'You proposed this decision: another officer must agree to it.' };
  if (hold.proposal.decision === 'release' && hold.placedBy === by) return { kind: 'fourEyes', reason: 'You placed this hold: another officer must agree to its release.' };
  return null;
}

/** The status a hold takes when its proposal is agreed. */
export function statusAfter(decision: HoldDecision): HoldStatus {
  return decision === 'freeze' ? 'frozen' : 'released';
}
