import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { GlMapping } from '@aurum/domain/finance/gl-mapping';
import { dailyLines, datesOf, journalLines, type DailyLine, type JournalFileQuery, type JournalLine } from '@aurum/domain/finance/journal-export';
import { glFiguresOf } from '@aurum/domain/finance/trial-balance';
import { startOfBusinessDay } from '@aurum/domain/system/business-time';
import type { LedgerAsset } from '@aurum/domain/wallet/ledger';
import { appError } from '../../http/app-error.ts';
import type { Queryable } from '../../db/db.ts';
import { latestCloses } from '../ledger/ledger-close-service.ts';
import { movementsByBook, postingsBetween } from '../ledger/ledger-read-service.ts';

/**
 * The accounting exports (decisions 1004, 1016, 1017): one unit's journal lines of a range of
 * closed business days, in journal order, read in batches of entries so the export streams whatever
 * the range's size; and the same days summed per day and GL account.
 */

/** Only closed days are exported (their figures are final): a range past the last closed day is 422 (3233). */
async function assertClosed(q: Queryable, to: string): Promise<void> {
  const [latest] = await latestCloses(q, 1);
  if (!latest || latest.date < to) {
    const context = latest ? `Only closed days can be exported: the last closed day is ${latest.date}.` : 'Only closed days can be exported: no day is closed yet.';
    throw appError(ErrorCode.RangeNotClosed, context, { detail: { rule: 'notClosed', lastClosed: latest?.date ?? '' } });
  }
}

/** The journal lines of one unit, batch by batch: each posting of that unit as its debit line and its credit line. */
export async function* journalExportBatches(q: Queryable, query: JournalFileQuery, mapping: GlMapping, entriesPerBatch: number): AsyncGenerator<JournalLine[]> {
  await assertClosed(q, query.to);
  const from = startOfBusinessDay(query.from);
  const before = startOfBusinessDay(query.to, 1);
  let after: { at: Date; id: number } | null = null;
  for (;;) {
    const rows = await postingsBetween(q, from, before, after, entriesPerBatch);
    if (rows.length === 0) return;
    // a posting moves one unit; an entry may move two (an order's money and metal)
    yield rows
      .filter((r) => r.asset === query.unit)
      .flatMap((r) =>
        journalLines(
          {
            entryId: Number(r.entry_id),
            postingId: Number(r.posting_id),
            at: new Date(r.created_at),
            recordedAt: new Date(r.recorded_at),
            userId: r.user_id === null ? null : Number(r.user_id),
            kind: r.kind,
            note: r.note,
            from: r.from_account,
            to: r.to_account,
            asset: r.asset as LedgerAsset, // a CHECK list in the schema
            amount: r.amount,
            orderId: r.order_id === null ? null : Number(r.order_id),
            requestId: r.request_id === null ? null : Number(r.request_id),
          },
          mapping,
        ),
      );
    const last = rows.at(-1)!;
    after = { at: new Date(last.created_at), id: Number(last.entry_id) };
  }
}

/**
 * The daily summarised journal of one unit: day by day (the range's real dates, at most a year), the
 * day's debits and credits per GL account, read as the trial balance reads its movements (glFiguresOf)
 * from the day's own postings (movementsByBook), one batch per day.
 */
export async function* dailyExportBatches(q: Queryable, query: JournalFileQuery, mapping: GlMapping): AsyncGenerator<DailyLine[]> {
  await assertClosed(q, query.to);
  for (const date of datesOf(query)) {
    const moved = await movementsByBook(q, startOfBusinessDay(date), startOfBusinessDay(date, 1));
    const figures = glFiguresOf(moved.map((r) => ({ from: r.from_book, to: r.to_book, earlier: '0', within: r.within })));
    yield dailyLines(date, query.unit, figures, mapping);
  }
}
