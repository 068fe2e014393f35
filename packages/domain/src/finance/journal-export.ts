import { z } from 'zod';
import { Decimal, roundTo, SCALE } from '../money/decimal.ts';
import { businessDate, businessDatesBetween, daysBetween } from '../system/business-time.ts';
import { ValidationMessage } from '../validation/rules.ts';
import { LEDGER_ASSETS, type LedgerAsset } from '../wallet/ledger.ts';
import { CHART_OF_ACCOUNTS, debitAndCredit, glAccountOf } from './chart-of-accounts.ts';
import { businessDateText } from './finance-schemas.ts';
import { exportedAccount, NO_MAPPING, type GlMapping } from './gl-mapping.ts';
import type { GlFigures } from './trial-balance.ts';

/**
 * The accounting export (decision 1004): the journal of closed business days as journal lines, the
 * form an accounting package imports. A posting gives two lines, one per GL account, with the same
 * posting id: its debit and its credit as the chart reads it (decision 1040), so each day's debits
 * equal its credits in every unit. A file holds one unit (decision 1016), the detailed lines or
 * each day's sums per account (decision 1017), under the accountant's codes where the mapping has
 * them (decision 1018); the columns are documented in docs/accounting-export.md.
 */

export const JournalExportQuery = z
  .object({ from: businessDateText, to: businessDateText })
  .refine((q) => q.from <= q.to, { error: ValidationMessage.greaterThanOrEqual, path: ['to'], params: { compared: 'from' } });
export type JournalExportQuery = z.infer<typeof JournalExportQuery>;

/** The account columns of a line: the accountant's code and name (ours where the mapping has none), whether mapped, then ours. */
const AccountColumns = {
  accountCode: z.string(),
  accountName: z.string(),
  mapped: z.boolean(),
  glCode: z.string(),
  glName: z.string(),
};

/** One journal line: the CSV's columns, in order. */
export const JournalLine = z.object({
  /** The business date (Kuala Lumpur) of the value time. */
  date: z.string(),
  /** When the entry is dated (it decides the day), and when it was written: ISO 8601, UTC (decision 1006). */
  valueTime: z.string(),
  entryTime: z.string(),
  entryId: z.number(),
  postingId: z.number(),
  ...AccountColumns,
  debit: z.string(),
  credit: z.string(),
  unit: z.enum(LEDGER_ASSETS),
  /** The customer the entry is about (its user), empty for the house's own entries. */
  customerId: z.number().nullable(),
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
  /** The value time and the entry time. */
  at: Date;
  recordedAt: Date;
  userId: number | null;
  kind: string;
  note: string | null;
  from: string;
  to: string;
  asset: LedgerAsset;
  amount: string;
  orderId: number | null;
  requestId: number | null;
}

/** The two journal lines of a posting: the debit of one GL account, the credit of the other (debitAndCredit), under the mapping's codes. */
export function journalLines(p: JournalPosting, mapping: GlMapping = NO_MAPPING): [JournalLine, JournalLine] {
  const amount = roundTo(p.amount, SCALE[p.asset]);
  const zero = roundTo('0', SCALE[p.asset]);
  const line = (account: string, debit: boolean): JournalLine => {
    const gl = glAccountOf(account);
    // the journal's CHECK constraints admit only accounts the chart maps
    if (!gl) throw new Error(`journal account ${account} has no GL account`);
    return {
      date: businessDate(p.at),
      valueTime: p.at.toISOString(),
      entryTime: p.recordedAt.toISOString(),
      entryId: p.entryId,
      postingId: p.postingId,
      ...exportedAccount(gl, mapping),
      glCode: gl.code,
      glName: gl.name.en,
      debit: debit ? amount : zero,
      credit: debit ? zero : amount,
      unit: p.asset,
      customerId: p.userId,
      memo: p.note ? `${p.kind}: ${p.note}` : p.kind,
      orderId: p.orderId,
      requestId: p.requestId,
    };
  };
  const { debit, credit } = debitAndCredit(p);
  return [line(debit, true), line(credit, false)];
}

/** The longest range one export covers: a year, leap day included. */
export const JOURNAL_EXPORT_MAX_DAYS = 366;

/**
 * An export of one unit's journal (decision 1016): closed business days from `from` to `to` (both
 * included, at most JOURNAL_EXPORT_MAX_DAYS days) and the unit, so no file adds ringgit to grams.
 */
export const JournalFileQuery = z.object({ ...JournalExportQuery.shape, unit: z.enum(LEDGER_ASSETS) }).superRefine((q, ctx) => {
  const days = dayCount(q);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: ValidationMessage.greaterThanOrEqual });
  else if (days > JOURNAL_EXPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: ValidationMessage.lessThanOrEqual });
});
export type JournalFileQuery = z.infer<typeof JournalFileQuery>;

/** How many business dates a range holds, both ends included (none when `to` is before `from`). */
const dayCount = (range: { from: string; to: string }): number => daysBetween(range.from, range.to) + 1;

/** The business dates of a range in order, counted (never compared as text): at most a year once JournalFileQuery has passed it. */
export function datesOf(range: { from: string; to: string }): string[] {
  return businessDatesBetween(range.from, range.to, JOURNAL_EXPORT_MAX_DAYS);
}

/** One line of the daily summarised journal (decision 1017): a day's debits and credits on one GL account, in one unit. */
export const DailyLine = z.object({
  date: z.string(),
  ...AccountColumns,
  debit: z.string(),
  credit: z.string(),
  unit: z.enum(LEDGER_ASSETS),
  memo: z.string(),
});
export type DailyLine = z.infer<typeof DailyLine>;

export const DAILY_EXPORT_COLUMNS = Object.keys(DailyLine.shape);

/**
 * A business day's lines of the summarised journal in one unit: every GL account of that unit the
 * day moved, in code order, with the day's debits and credits on it (a trial balance's movements,
 * glFiguresOf). They balance, as the postings they sum do.
 */
export function dailyLines(date: string, unit: LedgerAsset, figures: readonly Pick<GlFigures, 'code' | 'debits' | 'credits'>[], mapping: GlMapping = NO_MAPPING): DailyLine[] {
  const byCode = new Map(figures.map((f) => [f.code, f]));
  const scale = SCALE[unit];
  return CHART_OF_ACCOUNTS.filter((a) => a.unit === unit).flatMap((gl): DailyLine[] => {
    const f = byCode.get(gl.code);
    if (!f || (new Decimal(f.debits).isZero() && new Decimal(f.credits).isZero())) return [];
    return [
      {
        date,
        ...exportedAccount(gl, mapping),
        glCode: gl.code,
        glName: gl.name.en,
        debit: roundTo(f.debits, scale),
        credit: roundTo(f.credits, scale),
        unit,
        memo: `Daily summary ${date} ${unit}`,
      },
    ];
  });
}
