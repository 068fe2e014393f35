import { setImmediate as nextTurn } from 'node:timers/promises';
import type { StatementAnswer, StatementLanguage } from '@aurum/domain/statements/statement-schemas';
import type { Queryable } from '../../db/db.ts';
import type { ZipFile } from '../../http/zip-stream.ts';
import { periodRoster, periodUsers } from '../users/user-service.ts';
import { statementPdf } from './statement-pdf.ts';
import { userBalancesBefore, userLinesBetween } from '../ledger/ledger-read-service.ts';
import { statementCsvRows, statementFileName, statementOf, type StatementFrame } from './statement-service.ts';

/**
 * Every user's statement of a range (decision 1012), a keyset batch of users at a time: one query
 * for the batch's openings and one for its lines, each statement computed, handed on and let go.
 * Memory follows the batch, not the number of users.
 */

/** Users per batch: two queries per this many statements. */
export const STATEMENT_BATCH_USERS = 200;

export interface EveryStatement {
  /** How many statements follow (the users who existed during the range: created before its end, not deleted before its start). */
  count: number;
  /** The statements by user id, a batch at a time. */
  batches: AsyncGenerator<StatementAnswer[]>;
}

/** Groups rows by their user_id. */
function byUser<T extends { user_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const id = Number(r.user_id);
    const list = out.get(id);
    if (list) list.push(r);
    else out.set(id, [r]);
  }
  return out;
}

/** Every user's statement of the frame's period (the users who existed up to its cut-off): the count is read first, then the statements by batches of `size` users. */
export async function everyStatement(q: Queryable, frame: StatementFrame, size = STATEMENT_BATCH_USERS): Promise<EveryStatement> {
  const { fromAt, cutOff } = frame;
  const period = { from: fromAt, before: cutOff };
  const { count, lastId } = await periodRoster(q, period);
  async function* batches(): AsyncGenerator<StatementAnswer[]> {
    for (let after = 0; ; ) {
      const users = await periodUsers(q, period, after, lastId, size);
      if (users.length === 0) return;
      const ids = users.map((u) => u.id);
      const balances = byUser(await userBalancesBefore(q, ids, fromAt));
      const rows = byUser(await userLinesBetween(q, ids, fromAt, cutOff));
      yield users.map((u) => statementOf(u, frame, balances.get(u.id) ?? [], rows.get(u.id) ?? []));
      // PGlite answers without I/O: a turn of the event loop between batches lets other requests in
      await nextTurn();
      if (users.length < size) return;
      after = users.at(-1)!.id;
    }
  }
  return { count, batches: batches() };
}

/** A batch of statements as rows of the one CSV: each statement's rows (opening, lines, closing) after its user's columns. */
export function batchCsvRows(statements: readonly StatementAnswer[]) {
  return statements.flatMap((s) => statementCsvRows(s).map((row) => ({ userId: s.user.id, username: s.user.username, name: s.user.name, ...row })));
}

/** The statements as PDF files, one made at a time as the reader takes them: in `lang`, or each in its customer's language when unset; each file named by its language. */
export async function* statementPdfFiles(batches: AsyncIterable<readonly StatementAnswer[]>, lang: StatementLanguage | undefined, now: Date): AsyncGenerator<ZipFile> {
  for await (const batch of batches) {
    for (const s of batch) {
      const language = lang ?? s.language;
      yield { name: statementFileName(s.user.id, s, 'pdf', language), bytes: await statementPdf(s, language, now), modified: now };
    }
  }
}
