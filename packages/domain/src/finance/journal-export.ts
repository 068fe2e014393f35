import { z } from 'zod';
import { roundTo, SCALE } from '../money/decimal.ts';
import { businessDate } from '../system/business-time.ts';
import { ValidationMessage } from '../validation/rules.ts';
import { LEDGER_ASSETS, type LedgerAsset } from '../wallet/ledger.ts';
import { debitAndCredit, glAccountOf } from './chart-of-accounts.ts';
import { businessDateText } from './finance-schemas.ts';

/**
 * The accounting export (decision 1004): the journal of closed business days as journal lines, the
 * form an accounting package imports. A posting gives two lines, one per GL account, with the same
 * posting id: its debit and its credit as the chart reads it (decision 1040), so each day's debits
 * equal its credits in every unit.
 */

export const JournalExportQuery = z
  .object({ from: businessDateText, to: businessDateText })
  .refine((q) => q.from <= q.to, { error: ValidationMessage.greaterThanOrEqual, path: ['to'], params: { compared: 'from' } });
export type JournalExportQuery = z.infer<typeof JournalExportQuery>;

/** One journal line: the CSV's columns, in order. */
export const JournalLine = z.object({
  /** The business date (Kuala Lumpur) and the moment of the entry. */
  date: z.string(),
  at: z.string(),
  entryId: z.number(),
  postingId: z.number(),
  glCode: z.string(),
  glName: z.string(),
  debit: z.string(),
  credit: z.string(),
  unit: z.enum(LEDGER_ASSETS),
  /** What caused the entry (its kind) and its note. */
  memo: z.string(),
  orderId: z.number().nullable(),
  requestId: z.number().nullable(),
});
export type JournalLine = z.infer<typeof JournalLine>;

export const JOURNAL_EXPORT_COLUMNS = Object.keys(JournalLine.shape);

/** A posting as the journal holds it, with what its entry refers to. */
export interface JournalPosting {
  entryId: number;
  postingId: number;
  at: Date;
  kind: string;
  note: string | null;
  from: string;
  to: string;
  asset: LedgerAsset;
  amount: string;
  orderId: number | null;
  requestId: number | null;
}

/** The two journal lines of a posting: the debit of one GL account, the credit of the other (debitAndCredit). */
export function journalLines(p: JournalPosting): [JournalLine, JournalLine] {
  const amount = roundTo(p.amount, SCALE[p.asset]);
  const zero = roundTo('0', SCALE[p.asset]);
  const line = (account: string, debit: boolean): JournalLine => {
    const gl = glAccountOf(account);
    // the journal's CHECK constraints admit only accounts the chart maps
    if (!gl) throw new Error(`journal account ${account} has no GL account`);
    return {
      date: businessDate(p.at),
      at: p.at.toISOString(),
      entryId: p.entryId,
      postingId: p.postingId,
      glCode: gl.code,
      glName: gl.name.en,
      debit: debit ? amount : zero,
      credit: debit ? zero : amount,
      unit: p.asset,
      memo: p.note ? `${p.kind}: ${p.note}` : p.kind,
      orderId: p.orderId,
      requestId: p.requestId,
    };
  };
  const { debit, credit } = debitAndCredit(p);
  return [line(debit, true), line(credit, false)];
}
