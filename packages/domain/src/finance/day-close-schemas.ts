import { z } from 'zod';
import { requiredText } from '../validation/rules.ts';
import { LEDGER_ASSETS, LEDGER_METALS } from '../wallet/ledger.ts';
import { businessDateText } from './finance-schemas.ts';

/**
 * The day close's requests and answers (decision 1001): `GET ledger/closes` (the closed days),
 * `GET ledger/closes/check?date=` (the checks, nothing written), `POST ledger/closes` (close a day)
 * and `POST ledger/closes/{date}/reopen` (the latest closed day, superAdmin).
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

export const DayClosesAnswer = z.object({
  /** The last closed day, or null before the first close. */
  lastClosed: z.string().nullable(),
  /** The first day postings may be dated in (adjustments go there). */
  firstOpenDay: z.string(),
  today: z.string(),
  /** The latest closes, newest first. */
  items: z.array(DayCloseView),
});
export type DayClosesAnswer = z.infer<typeof DayClosesAnswer>;
