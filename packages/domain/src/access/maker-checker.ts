/**
 * Maker-checker (DECISIONS.md §8): nobody approves or declines what they submitted,
 * superAdmin included. Every approval asks this before it changes anything.
 */
export interface Submitted {
  submittedBy: number | null;
}

export function mayDecide(submission: Submitted, deciderAdminId: number): boolean {
  return submission.submittedBy === null || submission.submittedBy !== deciderAdminId;
}

/** The context text of the refusal (403, 1150) when an admin tries to decide its own submission. */
export const SELF_APPROVAL_REFUSED = 'You cannot approve or decline what you submitted; another admin must decide.';
