import { approvePostings } from '@aurum/domain/assets/request-postings';
import type { RequestView } from '@aurum/domain/assets/request-schemas';
import { Decimal, SCALE } from '@aurum/domain/money/decimal';
import { USER_BOOKS, applyEntry, parseAccount, userAccount, walletOf, type AccountId, type UserBook, type Wallet } from '@aurum/domain/wallet/ledger';

/** One book of one customer as an approval changes it. */
export interface BookChange {
  userId: number;
  username: string;
  book: UserBook;
  before: string;
  after: string;
}

/**
 * What approving a request does to its customers' wallets, for the review before it is approved
 * (decision 0751): the domain's approvePostings applied to the wallets as they are now, each changed
 * book before and after (a deposit raises the fund or gold; a withdrawal takes the held value out; a
 * transfer moves it to the receiver). Null until every wallet it touches is known.
 */
export function approvalEffect(request: RequestView, wallets: ReadonlyMap<number, { username: string; wallet: Wallet }>): BookChange[] | null {
  const value = request.type === 'MYR' ? request.amount : request.quantity;
  if (value === null) return null;
  const postings = approvePostings({ action: request.action, type: request.type, value, userId: request.userId, receiverUserId: request.receiver?.id ?? null });
  const users = [...new Set(postings.flatMap((p) => [p.from, p.to]).flatMap((a) => { const parsed = parseAccount(a); return parsed?.kind === 'user' ? [parsed.userId] : []; }))];
  if (users.some((id) => !wallets.has(id))) return null;
  const balances = new Map<AccountId, string>();
  for (const id of users) {
    const { wallet } = wallets.get(id)!;
    for (const book of Object.keys(USER_BOOKS) as UserBook[]) balances.set(userAccount(id, book), wallet[book]);
  }
  const applied = applyEntry(balances, postings);
  // a held value that is not there any more (the wallet changed under the review): the server refuses it; nothing to show
  if (!applied.ok) return null;
  return users.flatMap((id) => {
    const { username, wallet } = wallets.get(id)!;
    const after = walletOf(applied.balances, id);
    return (Object.keys(USER_BOOKS) as UserBook[])
      .filter((book) => !new Decimal(after[book]).eq(wallet[book]))
      .map((book) => ({ userId: id, username, book, before: new Decimal(wallet[book]).toFixed(SCALE[USER_BOOKS[book]]), after: after[book] }));
  });
}
