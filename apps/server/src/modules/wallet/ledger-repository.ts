import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { SCALE, roundTo } from '@aurum/domain/money/decimal';
import {
  USER_BOOKS,
  applyEntry,
  parseAccount,
  userAccount,
  walletOf,
  type AccountId,
  type Posting,
  type UserBook,
  type Wallet,
} from '@aurum/domain/wallet/ledger';
import { userLines, type WalletHistoryItem } from '@aurum/domain/wallet/wallet-view';
import type { Page } from '@aurum/domain/list/paging';
import { appError } from '../../http/app-error.ts';
import type { Queryable } from '../../db/db.ts';

/** Advisory lock class of a user's wallet (pg_advisory_xact_lock(class, userId)). */
const WALLET_LOCK_CLASS = 7_261_100;

/**
 * Serialises every change of these users' wallets until the transaction ends: one advisory lock per
 * user, taken in ascending id order so that two entries touching the same users cannot deadlock.
 * Must run inside a transaction (the lock is released at its end). Transactions call it through
 * lockForMoney (money-locks.ts), first, before any insert or row lock: that is the lock order.
 */
export async function lockWallets(q: Queryable, userIds: readonly number[]): Promise<void> {
  for (const key of [...new Set(userIds.map(walletLockKey))].sort((a, b) => a - b)) {
    await q.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [WALLET_LOCK_CLASS, key]);
  }
}

/**
 * The int4 key of a user's wallet lock: the id itself below 2^31, folded above (ids are int8; two
 * users may then share a lock, which only serialises more). Locks are taken in key order.
 */
function walletLockKey(userId: number): number {
  return userId % 2_147_483_648;
}

/** Balances of some accounts, derived from the journal (accounts without postings are absent). */
export async function accountBalances(q: Queryable, accounts: readonly string[]): Promise<Map<AccountId, string>> {
  if (accounts.length === 0) return new Map();
  const rows = await q.query<{ account: AccountId; balance: string }>(
    `SELECT account, sum(delta)::text AS balance FROM (
       SELECT to_account AS account, amount AS delta FROM ledger_postings WHERE to_account = ANY($1::text[])
       UNION ALL
       SELECT from_account, -amount FROM ledger_postings WHERE from_account = ANY($1::text[])
     ) t GROUP BY account`,
    [[...accounts]],
  );
  return new Map(rows.map((r) => [r.account, r.balance]));
}

const ALL_BOOKS = Object.keys(USER_BOOKS) as UserBook[];

/** A user's wallet (fund, gold, credit, fundHeld, goldHeld), derived from the journal. */
export async function walletBalances(q: Queryable, userId: number): Promise<Wallet> {
  const balances = await accountBalances(q, ALL_BOOKS.map((b) => userAccount(userId, b)));
  return walletOf(balances, userId);
}

export interface NewEntry {
  /** What caused it: 'deposit', 'withdrawal', 'order.fill', ... */
  kind: string;
  /** The user the entry is about (its statement), or null for house-only entries. */
  userId: number | null;
  note?: string | null;
  createdBy: number | null;
  postings: readonly Posting[];
}

export const insufficientAssets = () => appError(ErrorCode.GreaterThanAvailableAssets, 'Greater than available assets.');

/**
 * Appends one journal entry with its postings, in the caller's transaction: locks the wallets of
 * every user involved (ascending ids; already held when the transaction began with lockForMoney, as
 * every money-moving transaction does), derives their balances from the journal, and lets the
 * domain's applyEntry refuse it when a user account would go below zero (422, 2080). A malformed
 * posting is a programming error (thrown as is, answered 500).
 */
export async function postEntry(q: Queryable, entry: NewEntry): Promise<number> {
  if (entry.postings.length === 0) throw new Error('a journal entry needs at least one posting');
  const userIds: number[] = [];
  const accounts = new Set<string>();
  for (const p of entry.postings) {
    for (const id of [p.from, p.to]) {
      const parsed = parseAccount(id);
      if (parsed?.kind === 'user') {
        userIds.push(parsed.userId);
        accounts.add(id);
      }
    }
  }
  await lockWallets(q, userIds);
  const result = applyEntry(await accountBalances(q, [...accounts]), entry.postings);
  if (!result.ok) {
    if (result.reason === 'insufficient') throw insufficientAssets();
    throw new Error(`malformed posting (${result.problem}): ${JSON.stringify(result.posting)}`);
  }
  const [row] = await q.query<{ id: number }>(
    'INSERT INTO ledger_entries (kind, user_id, note, created_by) VALUES ($1, $2, $3, $4) RETURNING id',
    [entry.kind, entry.userId, entry.note ?? null, entry.createdBy],
  );
  const entryId = row!.id;
  for (const p of entry.postings) {
    await q.query('INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) VALUES ($1, $2, $3, $4, $5)', [
      entryId,
      p.from,
      p.to,
      p.asset,
      p.amount,
    ]);
  }
  return entryId;
}

interface HistoryRow {
  posting_id: number;
  entry_id: number;
  kind: string;
  note: string | null;
  created_at: Date;
  created_by: string | null;
  from_account: AccountId;
  to_account: AccountId;
  asset: 'MYR' | 'XAU';
  amount: string;
}

/**
 * A page of a user's statement, newest first: one line per posting side that is one of the user's
 * books (a move between two of its books gives two lines). Paged by posting; total counts lines.
 */
export async function walletHistory(q: Queryable, userId: number, page: number, limit: number): Promise<Page<WalletHistoryItem>> {
  const [count] = await q.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM ledger_postings WHERE from_user_id = $1)
          + (SELECT count(*) FROM ledger_postings WHERE to_user_id = $1) AS n`,
    [userId],
  );
  const rows = await q.query<HistoryRow & { side: 'from' | 'to' }>(
    `SELECT * FROM (
       SELECT p.id AS posting_id, 'from' AS side, e.id AS entry_id, e.kind, e.note, e.created_at, a.username AS created_by,
              p.from_account, p.to_account, p.asset, p.amount
         FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id LEFT JOIN admins a ON a.id = e.created_by
        WHERE p.from_user_id = $1
       UNION ALL
       SELECT p.id, 'to', e.id, e.kind, e.note, e.created_at, a.username,
              p.from_account, p.to_account, p.asset, p.amount
         FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id LEFT JOIN admins a ON a.id = e.created_by
        WHERE p.to_user_id = $1
     ) lines
     ORDER BY entry_id DESC, posting_id DESC, side
     LIMIT $2 OFFSET $3`,
    [userId, limit, (page - 1) * limit],
  );
  const items: WalletHistoryItem[] = [];
  for (const r of rows) {
    // one side of the posting: the user's line for that side
    const posting: Posting = { from: r.from_account, to: r.to_account, asset: r.asset, amount: roundTo(r.amount, SCALE[r.asset]) };
    const sideAccount = parseAccount(r.side === 'from' ? r.from_account : r.to_account);
    const line = userLines(posting, userId).find((l) => sideAccount?.kind === 'user' && l.book === sideAccount.book);
    if (!line) continue;
    items.push({
      entryId: r.entry_id,
      kind: r.kind,
      asset: r.asset,
      book: line.book,
      amount: line.amount,
      note: r.note,
      createdAt: r.created_at.toISOString(),
      createdBy: r.created_by,
    });
  }
  return { items, page, limit, total: count!.n };
}
