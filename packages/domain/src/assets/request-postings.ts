import { houseAccount, userAccount, type Posting } from '../wallet/ledger.ts';
import type { RequestAction, RequestType } from './request-schemas.ts';

/** What the ledger needs to know of a request. */
export interface RequestValue {
  action: RequestAction;
  type: RequestType;
  /** MYR amount or XAU grams, at the type's scale. */
  value: string;
  userId: number;
  receiverUserId: number | null;
}

const books = (type: RequestType) =>
  type === 'MYR' ? ({ free: 'fund', held: 'fundHeld', house: 'bank' } as const) : ({ free: 'gold', held: 'goldHeld', house: 'vault' } as const);

/**
 * The hold at creation (DECISIONS.md §7): a withdrawal or transfer moves the value from the user's
 * fund or gold to its held book at once (refused, 2080, when not available). A deposit holds nothing.
 */
export function holdPostings(r: RequestValue): Posting[] {
  if (r.action === 'deposit') return [];
  const b = books(r.type);
  return [{ from: userAccount(r.userId, b.free), to: userAccount(r.userId, b.held), asset: r.type, amount: r.value }];
}

/**
 * The posting of an approval: a deposit comes from outside (house:bank or house:vault) to the
 * user's fund or gold; a withdrawal leaves the held book for outside; a transfer moves the held
 * value to the receiver's fund or gold.
 */
export function approvePostings(r: RequestValue): Posting[] {
  const b = books(r.type);
  if (r.action === 'deposit') return [{ from: houseAccount(b.house), to: userAccount(r.userId, b.free), asset: r.type, amount: r.value }];
  if (r.action === 'withdrawal') return [{ from: userAccount(r.userId, b.held), to: houseAccount(b.house), asset: r.type, amount: r.value }];
  if (r.receiverUserId === null) throw new Error('a transfer needs a receiver');
  return [{ from: userAccount(r.userId, b.held), to: userAccount(r.receiverUserId, b.free), asset: r.type, amount: r.value }];
}

/** The release of a decline: the held value goes back where it was held from (nothing for a deposit). */
export function releasePostings(r: RequestValue): Posting[] {
  return holdPostings(r).map((p) => ({ ...p, from: p.to, to: p.from }));
}
