import type { StatementAnswer } from '@aurum/domain/statements/statement-schemas';
import { STATEMENT_FIGURES, statementRun, type BookAmounts, type StatementEntry } from '@aurum/domain/statements/statement';
import { startOfBusinessDay } from '@aurum/domain/system/business-time';
import { parseAccount } from '@aurum/domain/wallet/ledger';
import { notFound } from '../../http/app-error.ts';
import type { Queryable } from '../../db/db.ts';
import { userIdentity } from '../users/user-service.ts';
import { userBalancesBefore, userLinesBetween, type StatementRow } from '../ledger/ledger-read-service.ts';

/** The CSV's columns: a row for the opening, one per line, one for the closing (decision 1010). */
export const STATEMENT_CSV_COLUMNS = ['kind', 'entryId', 'at', 'orderId', 'requestId', 'note', ...STATEMENT_FIGURES.flatMap((f) => [`movement.${f}`, `balance.${f}`])];

/** The user's book of a journal account the repository read as the user's (user:<id>:<book>). */
function bookOf(account: string): keyof BookAmounts {
  const parsed = parseAccount(account);
  // the repository reads only postings whose side is a user's book
  if (parsed?.kind !== 'user') throw new Error(`not a user's book: ${account}`);
  return parsed.book;
}

/** The rows of one entry (one per book) folded into the entry. */
function entriesOf(rows: readonly StatementRow[]): StatementEntry[] {
  const entries: StatementEntry[] = [];
  for (const r of rows) {
    let last = entries.at(-1);
    if (last?.entryId !== Number(r.entry_id)) {
      last = {
        entryId: Number(r.entry_id),
        kind: r.kind,
        at: r.created_at.toISOString(),
        note: r.note,
        orderId: r.order_id === null ? null : Number(r.order_id),
        requestId: r.request_id === null ? null : Number(r.request_id),
        books: {},
      };
      entries.push(last);
    }
    last.books[bookOf(r.account)] = r.delta;
  }
  return entries;
}

/** The first moment of a range of business dates and the moment after its last day. */
export function rangeMoments(range: { from: string; to: string }): { fromAt: Date; toAt: Date } {
  return { fromAt: startOfBusinessDay(range.from), toAt: startOfBusinessDay(range.to, 1) };
}

/** A user's statement from its balances before the range and its rows in the range (journal order). */
export function statementOf(
  user: { id: number; username: string; first_name: string; last_name: string },
  range: { from: string; to: string },
  balances: ReadonlyArray<{ account: string; balance: string }>,
  rows: readonly StatementRow[],
): StatementAnswer {
  const { fromAt, toAt } = rangeMoments(range);
  const opening: BookAmounts = {};
  for (const b of balances) opening[bookOf(b.account)] = b.balance;
  return {
    user: { id: Number(user.id), username: user.username, name: `${user.first_name} ${user.last_name}`.trim() },
    from: range.from,
    to: range.to,
    fromAt: fromAt.toISOString(),
    toAt: toAt.toISOString(),
    ...statementRun(opening, entriesOf(rows)),
  };
}

/**
 * A user's statement of a range of business dates (both included, Asia/Kuala_Lumpur): the balances
 * before its first moment, every journal entry that touched the user's books in it, in journal order,
 * with running balances (decision 1010). 404 for a user that never existed; a deleted user's reads.
 */
export async function userStatement(q: Queryable, userId: number, range: { from: string; to: string }): Promise<StatementAnswer> {
  const user = await userIdentity(q, userId);
  if (!user) throw notFound('user');
  const { fromAt, toAt } = rangeMoments(range);
  return statementOf(user, range, await userBalancesBefore(q, [userId], fromAt), await userLinesBetween(q, [userId], fromAt, toAt));
}

/** The CSV rows of a statement: the opening (its balances), each line, the closing (the movements' sum and the balances). */
export function statementCsvRows(s: StatementAnswer) {
  const row = (kind: string, at: string, movement: StatementAnswer['movements'] | null, balance: StatementAnswer['closing']) => ({
    kind,
    entryId: null,
    at,
    orderId: null,
    requestId: null,
    note: null,
    movement,
    balance,
  });
  return [row('opening', s.fromAt, null, s.opening), ...s.lines, row('closing', s.toAt, s.movements, s.closing)];
}

/** A download's name: statement-<user>-<from>-<to>.<ext>. */
export const statementFileName = (userId: number, range: { from: string; to: string }, ext: string) => `statement-${userId}-${range.from}-${range.to}.${ext}`;
