import { z } from 'zod';
import { EntryNote } from './entry-notes.ts';
import { Decimal, SCALE, roundTo } from '../money/decimal.ts';
import { pageSchema } from '../list/paging.ts';
import { LEDGER_ASSETS, USER_BOOKS, parseAccount, type Posting, type UserBook, type Wallet } from './ledger.ts';
import { emptyToUndefined } from '../validation/preprocess.ts';

/** A user's wallet as the API answers it: each book at its asset's scale (MYR 2, XAU 4). */
export const WalletView = z.object({
  fund: z.string(),
  gold: z.string(),
  credit: z.string(),
  fundHeld: z.string(),
  goldHeld: z.string(),
});

/** A wallet is empty when every book is zero (a user with money or gold cannot be deleted). */
export function isWalletEmpty(wallet: Wallet): boolean {
  return (Object.keys(USER_BOOKS) as UserBook[]).every((book) => new Decimal(wallet[book]).isZero());
}

export interface UserLine {
  book: UserBook;
  /** Signed from the user's view: positive into the book, negative out of it, at the asset's scale. */
  amount: string;
}

/**
 * How one posting reads on a user's statement: a line per side that is one of the user's books.
 * A posting between two books of the same user (fund to fundHeld) gives two lines.
 */
export function userLines(posting: Posting, userId: number): UserLine[] {
  const lines: UserLine[] = [];
  const scale = SCALE[posting.asset];
  const from = parseAccount(posting.from);
  const to = parseAccount(posting.to);
  if (from?.kind === 'user' && from.userId === userId) lines.push({ book: from.book, amount: roundTo(new Decimal(posting.amount).neg(), scale) });
  if (to?.kind === 'user' && to.userId === userId) lines.push({ book: to.book, amount: roundTo(posting.amount, scale) });
  return lines;
}

/** GET /v0/web/secure/user/{userId}/wallet: page and limit of the history, newest first. */
export const WalletHistoryQuery = z.object({
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).default(10)),
});
export type WalletHistoryQuery = z.infer<typeof WalletHistoryQuery>;

export const WalletHistoryItem = z.object({
  entryId: z.number().int(),
  kind: z.string(),
  asset: z.enum(LEDGER_ASSETS),
  book: z.enum(Object.keys(USER_BOOKS) as [UserBook, ...UserBook[]]),
  /** Signed from the user's view. */
  amount: z.string(),
  note: z.string().nullable(),
  /** What the entry is about as a code and parameters, said in the reader's language; null for entries noted before codes (decision 0753). */
  noteCode: EntryNote.nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type WalletHistoryItem = z.infer<typeof WalletHistoryItem>;

export const WalletAnswer = z.object({ balances: WalletView, history: pageSchema(WalletHistoryItem) });
export type WalletAnswer = z.infer<typeof WalletAnswer>;
