import { approvePostings, holdPostings, type RequestValue } from '@aurum/domain/assets/request-postings';
import type { RequestView } from '@aurum/domain/assets/request-schemas';
import { Decimal, SCALE } from '@aurum/domain/money/decimal';
import { USER_BOOKS, applyEntry, parseAccount, userAccount, walletOf, type AccountId, type Posting, type UserBook, type Wallet } from '@aurum/domain/wallet/ledger';

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
  return bookChanges(approvePostings({ action: request.action, type: request.type, value, userId: request.userId, receiverUserId: request.receiver?.id ?? null }), wallets);
}

/**
 * What asking for a request does at once, for the review before it is submitted: a withdrawal or
 * transfer holds its value on the customer's books (the domain's holdPostings); a deposit holds
 * nothing (an empty list). Null while the wallet is unknown or when it does not hold the value.
 */
export function holdEffect(request: RequestValue, wallet: { username: string; wallet: Wallet } | null): BookChange[] | null {
  const postings = holdPostings(request);
  if (postings.length === 0) return [];
  return wallet ? bookChanges(postings, new Map([[request.userId, wallet]])) : null;
}

/** The changed books of the customers an entry touches, before and after: null until every wallet is known, or when one would go below zero. */
function bookChanges(postings: readonly Posting[], wallets: ReadonlyMap<number, { username: string; wallet: Wallet }>): BookChange[] | null {
  const users = [
    ...new Set(
      postings
        .flatMap((p) => [p.from, p.to])
        .flatMap((a) => {
          const parsed = parseAccount(a);
          return parsed?.kind === 'user' ? [parsed.userId] : [];
        }),
    ),
  ];
  if (users.some((id) => !wallets.has(id))) return null;
  const balances = new Map<AccountId, string>();
  for (const id of users) {
    const { wallet } = wallets.get(id)!;
    for (const book of Object.keys(USER_BOOKS) as UserBook[]) balances.set(userAccount(id, book), wallet[book]);
  }
  const applied = applyEntry(balances, postings);
  // a value that is not there any more (the wallet changed under the review): the server refuses it; nothing to show
  if (!applied.ok) return null;
  return users.flatMap((id) => {
    const { username, wallet } = wallets.get(id)!;
    const after = walletOf(applied.balances, id);
    return (Object.keys(USER_BOOKS) as UserBook[])
      .filter((book) => !new Decimal(after[book]).eq(wallet[book]))
      .map((book) => ({ userId: id, username, book, before: new Decimal(wallet[book]).toFixed(SCALE[USER_BOOKS[book]]), after: after[book] }));
  });
}
