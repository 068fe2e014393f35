import { z } from 'zod';
import { requiredText } from '../validation/rules.ts';
import { LEDGER_ASSETS, LEDGER_METALS } from '../wallet/ledger.ts';
import { businessDateText } from './finance-schemas.ts';

/**
 * The day close's requests and answers (decisions 1001, 1041): `GET ledger/closes` (the closed days,
 * months and years), `GET ledger/closes/check?date=` (the checks, nothing written), `POST
 * ledger/closes` (close a day) and `POST ledger/closes/{date}/reopen` (a proposal to reopen a closed
 * day and every later one, decided by a second superAdmin).
 */

export const DayCloseQuery = z.object({ date: businessDateText });
export type DayCloseQuery = z.infer<typeof DayCloseQuery>;

export const DayCloseBody = z.object({ date: businessDateText });
export type DayCloseBody = z.infer<typeof DayCloseBody>;

export const DayReopenParams = z.object({ date: businessDateText });
export const DayReopenBody = z.object({ reason: requiredText(1000) });
export type DayReopenBody = z.infer<typeof DayReopenBody>;

export const CloseDateRefusalView = z.discriminatedUnion('rule', [
  z.object({ rule: z.literal('notEnded'), today: z.string() }),
  z.object({ rule: z.literal('alreadyClosed'), lastClosed: z.string() }),
  z.object({ rule: z.literal('businessDayOpen'), open: z.string() }),
  z.object({ rule: z.literal('beforeJournal'), first: z.string() }),
  z.object({ rule: z.literal('yearOpen'), open: z.string() }),
]);

export const DayCloseCheckView = z.discriminatedUnion('check', [
  z.object({ check: z.literal('balanced'), ok: z.boolean(), unbalanced: z.array(z.enum(LEDGER_ASSETS)) }),
  z.object({ check: z.literal('customerBooks'), ok: z.boolean(), negative: z.array(z.object({ account: z.string(), balance: z.string() })) }),
  z.object({
    check: z.literal('metalBooks'),
    ok: z.boolean(),
    differences: z.array(z.object({ metal: z.enum(LEDGER_METALS), books: z.string(), bars: z.string(), difference: z.string() })),
  }),
]);
export type DayCloseCheckView = z.infer<typeof DayCloseCheckView>;

/** What closing a day would find now: the stretch of journal it covers, why it cannot be closed, the checks. */
export const DayCloseCheckAnswer = z.object({
  date: z.string(),
  /** The previous close's end (null: the journal's beginning) and the next day's first moment, ISO. */
  from: z.string().nullable(),
  to: z.string(),
  refusal: CloseDateRefusalView.nullable(),
  checks: z.array(DayCloseCheckView),
  /** No refusal and every check passed. */
  closable: z.boolean(),
});
export type DayCloseCheckAnswer = z.infer<typeof DayCloseCheckAnswer>;

export const DayCloseView = z.object({
  date: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  closedBy: z.string(),
  closedAt: z.string(),
});
export type DayCloseView = z.infer<typeof DayCloseView>;

/** A closed month or year. */
export const PeriodCloseView = z.object({
  period: z.string(),
  kind: z.enum(['month', 'year']),
  proposedBy: z.string(),
  approvedBy: z.string(),
  closedAt: z.string(),
  /** A year's closing entry (income and expense into retained earnings). */
  entryId: z.number().int().nullable(),
});
export type PeriodCloseView = z.infer<typeof PeriodCloseView>;

export const DayClosesAnswer = z.object({
  /** The last closed day, or null before the first close. */
  lastClosed: z.string().nullable(),
  /** The first day postings may be dated in (adjustments go there). */
  firstOpenDay: z.string(),
  today: z.string(),
  /** The latest closes, newest first. */
  items: z.array(DayCloseView),
  /** The last closed month (yyyy-MM) and year (yyyy), or null. */
  lastClosedMonth: z.string().nullable(),
  lastClosedYear: z.string().nullable(),
  /** The closed months and years, newest first. */
  periods: z.array(PeriodCloseView),
});
export type DayClosesAnswer = z.infer<typeof DayClosesAnswer>;
