import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { journalLines, type JournalExportQuery, type JournalLine } from '@aurum/domain/finance/journal-export';
import { startOfBusinessDay } from '@aurum/domain/system/business-time';
import type { LedgerAsset } from '@aurum/domain/wallet/ledger';
import { appError } from '../../http/app-error.ts';
import type { Queryable } from '../../db/db.ts';
import { latestCloses } from '../ledger/ledger-close-service.ts';
import { postingsBetween } from '../ledger/ledger-read-service.ts';

/**
 * The accounting export (decision 1004): the journal lines of a range of closed business days, in
 * journal order, read in batches of entries so the export streams whatever the range's size.
 */
export async function* journalExportBatches(q: Queryable, query: JournalExportQuery, entriesPerBatch: number): AsyncGenerator<JournalLine[]> {
  const [latest] = await latestCloses(q, 1);
  if (!latest || latest.date < query.to) {
    const context = latest ? `Only closed days can be exported: the last closed day is ${latest.date}.` : 'Only closed days can be exported: no day is closed yet.';
    throw appError(ErrorCode.RangeNotClosed, context, { detail: { rule: 'notClosed', lastClosed: latest?.date ?? '' } });
  }
  const from = startOfBusinessDay(query.from);
  const before = startOfBusinessDay(query.to, 1);
  let after: { at: Date; id: number } | null = null;
  for (;;) {
    const rows = await postingsBetween(q, from, before, after, entriesPerBatch);
    if (rows.length === 0) return;
    yield rows.flatMap((r) =>
      journalLines({
        entryId: Number(r.entry_id),
        postingId: Number(r.posting_id),
        at: new Date(r.created_at),
        kind: r.kind,
        note: r.note,
        from: r.from_account,
        to: r.to_account,
        asset: r.asset as LedgerAsset, // a CHECK list in the schema
        amount: r.amount,
        orderId: r.order_id === null ? null : Number(r.order_id),
        requestId: r.request_id === null ? null : Number(r.request_id),
      }),
    );
    const last = rows.at(-1)!;
    after = { at: new Date(last.created_at), id: Number(last.entry_id) };
  }
}
