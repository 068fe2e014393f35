import { businessDate } from '@aurum/domain/system/business-time';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { appError } from '../../http/app-error.ts';
import type { Queryable } from '../../db/db.ts';
import { restrictions } from './policy-repository.ts';

/** What every refusal of a held customer's money says: that there is a hold, never why (tipping off, AMLA s.14A). */
export const HOLD_CONTEXT = 'compliance hold';
export const DUE_DILIGENCE_CONTEXT = 'due diligence';

let skipForBench = false;
/** bench/compliance-hold-check.ts only: the same calls with the read skipped, the check's cost by difference. */
export function skipHoldCheckForBench(skip: boolean): void {
  skipForBench = skip;
}

/**
 * The compliance desk's gate on value leaving a customer, read inside the transaction that moves
 * it, after its wallet locks (lockForMoney) or the user's row lock. A hold, a freeze, the policy
 * switch and a file's verification are each committed before their call answers, so every later
 * transaction on any process sees them: nothing here is cached.
 *  - Held or frozen (any operation): 409, 3240 'compliance hold'.
 *  - `dueDiligence` (orders, withdrawals, outgoing transfers) with enforcement on and a file not
 *    verified or overdue for review: 409, 3280 'due diligence'.
 */
export async function refuseIfRestricted(q: Queryable, userIds: readonly number[], gate: { now: Date; dueDiligence: boolean }): Promise<void> {
  if (skipForBench || userIds.length === 0) return;
  const found = await restrictions(q, userIds, businessDate(gate.now), gate.dueDiligence);
  if (found.held) throw appError(ErrorCode.ComplianceHold, HOLD_CONTEXT);
  if (found.unverified) throw appError(ErrorCode.DueDiligenceRequired, DUE_DILIGENCE_CONTEXT);
}

/** A hold alone (a bank account change): 409, 3240 when any of `userIds` is held or frozen. */
export async function refuseIfHeld(q: Queryable, userIds: readonly number[]): Promise<void> {
  await refuseIfRestricted(q, userIds, { now: new Date(), dueDiligence: false });
}
