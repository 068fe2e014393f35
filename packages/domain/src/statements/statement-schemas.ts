import { z } from 'zod';
import { calendarDate, calendarMonth, dateRangeRule } from '../validation/calendar-fields.ts';
import { ValidationMessage } from '../validation/rules.ts';
import { emptyToUndefined } from '../validation/preprocess.ts';
import { STATEMENT_FIGURES, type StatementFigure } from './statement.ts';
import { PREFERRED_LANGUAGES, type PreferredLanguage } from '../users/user-enums.ts';
import { LEDGER_METALS } from '../wallet/ledger.ts';

/**
 * A customer statement's requests and answers (decision 1010):
 * `GET /v0/web/secure/statements/{userId}?month=yyyy-MM` or `?from=&to=` (business dates,
 * Asia/Kuala_Lumpur, both included), as JSON, `.csv` or `.pdf?lang=`.
 */

/** The longest range one statement covers, in days (a year, a leap year's included). */
export const STATEMENT_MAX_DAYS = 366;

/** The first and last business dates of a month, yyyy-MM. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, mm] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, mm, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

const rangeShape = {
  month: z.preprocess(emptyToUndefined, calendarMonth.optional()),
  from: z.preprocess(emptyToUndefined, calendarDate.optional()),
  to: z.preprocess(emptyToUndefined, calendarDate.optional()),
};

const statementRangeRule = dateRangeRule(STATEMENT_MAX_DAYS);

/** A month, or from and to in order and at most STATEMENT_MAX_DAYS days apart: each refusal names its field. */
function checkRange(q: { month?: string | undefined; from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx): void {
  if (q.month !== undefined) {
    if (q.from !== undefined || q.to !== undefined) ctx.addIssue({ code: 'custom', path: ['month'], message: ValidationMessage.invalidDate });
    return;
  }
  for (const key of ['from', 'to'] as const) if (q[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: ValidationMessage.required });
  statementRangeRule(q, ctx);
}

/** A month (yyyy-MM), or a range of business dates from and to (both included), not both. */
export const StatementQuery = z.object(rangeShape).superRefine(checkRange);
export type StatementQuery = z.infer<typeof StatementQuery>;

/** The business dates a valid query covers, both included. */
export function statementRange(query: StatementQuery): { from: string; to: string } {
  return query.month !== undefined ? monthRange(query.month) : { from: query.from!, to: query.to! };
}

/** A statement prints in the languages a customer may prefer (decision 1014). */
export const STATEMENT_LANGUAGES = PREFERRED_LANGUAGES;
export type StatementLanguage = PreferredLanguage;

/** The PDF's query: the range and the language of its labels (the customer's preferred language unless asked, decision 1014). */
export const StatementPdfQuery = z
  .object({ ...rangeShape, lang: z.preprocess(emptyToUndefined, z.enum(STATEMENT_LANGUAGES).optional()) })
  .superRefine(checkRange);
export type StatementPdfQuery = z.infer<typeof StatementPdfQuery>;

export const StatementParams = z.object({ userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

const Figures = z.object(Object.fromEntries(STATEMENT_FIGURES.map((f) => [f, z.string()])) as Record<StatementFigure, z.ZodString>);
export type StatementFiguresView = z.infer<typeof Figures>;

export const StatementLineView = z.object({
  entryId: z.number().int(),
  kind: z.string(),
  at: z.string(),
  note: z.string().nullable(),
  orderId: z.number().int().nullable(),
  requestId: z.number().int().nullable(),
  movement: Figures,
  balance: Figures,
});
export type StatementLineView = z.infer<typeof StatementLineView>;

/** The dealer's letterhead (configuration: DEALER_NAME, DEALER_ADDRESS, DEALER_REGISTRATION). */
export const StatementDealer = z.object({ name: z.string(), address: z.string(), registration: z.string() });
export type StatementDealer = z.infer<typeof StatementDealer>;

/** A metal held at the end of the period, at the period's closing mid (decision 1015); the price and value are null when no mid was valued by then. */
export const StatementMetalValue = z.object({
  metal: z.enum(LEDGER_METALS),
  grams: z.string(),
  /** MYR per gram, four decimals. */
  unitPriceMyr: z.string().nullable(),
  valueMyr: z.string().nullable(),
  /** When the treasury valued the mid, ISO. */
  pricedAt: z.string().nullable(),
});
export type StatementMetalValue = z.infer<typeof StatementMetalValue>;

export const StatementAnswer = z.object({
  /** Deterministic for the user and the period (decision 1014): ST-<yyyyMM or yyyyMMdd-yyyyMMdd>-<user id, 8 digits>. */
  number: z.string(),
  dealer: StatementDealer,
  /** The customer's preferred language: the PDF's unless another is asked. */
  language: z.enum(STATEMENT_LANGUAGES),
  /** The period includes today: the figures stop at cutOffAt, the moment it was made (decision 1015). */
  interim: z.boolean(),
  /** The moment the figures stop, ISO: toAt for an ended period, the moment it was made for an interim one. */
  cutOffAt: z.string(),
  user: z.object({ id: z.number().int(), username: z.string(), name: z.string() }),
  /** The business dates covered, both included. */
  from: z.string(),
  to: z.string(),
  /** The first moment and the moment after the last (exclusive), ISO. */
  fromAt: z.string(),
  toAt: z.string(),
  opening: Figures,
  lines: z.array(StatementLineView),
  movements: Figures,
  closing: Figures,
  /** The metal held at the cut-off in MYR at the closing mid, and the total (null when a metal has no mid). */
  valuation: z.object({ metals: z.array(StatementMetalValue), totalMyr: z.string().nullable() }),
});
export type StatementAnswer = z.infer<typeof StatementAnswer>;

/** The batch of every user's statements of a month (decision 1012): one CSV, or a ZIP of one PDF per user. */
export const STATEMENT_BATCH_FORMATS = ['csv', 'pdf'] as const;
export type StatementBatchFormat = (typeof STATEMENT_BATCH_FORMATS)[number];

/** `GET /v0/web/secure/statements/batch?month=yyyy-MM&format=csv|pdf&lang=` (the language of the PDFs' labels). */
export const StatementBatchQuery = z.object({
  month: z.preprocess(emptyToUndefined, calendarMonth),
  format: z.preprocess(emptyToUndefined, z.enum(STATEMENT_BATCH_FORMATS).default('csv')),
  /** Unset: each user's preferred language (decision 1014). */
  lang: z.preprocess(emptyToUndefined, z.enum(STATEMENT_LANGUAGES).optional()),
});
export type StatementBatchQuery = z.infer<typeof StatementBatchQuery>;

/** The answer's header announcing how many users' statements follow, before the first byte of the body. */
export const STATEMENT_COUNT_HEADER = 'x-statement-count';

/** The batch CSV's columns before a statement's own: whose statement a row belongs to. */
export const STATEMENT_BATCH_USER_COLUMNS = ['userId', 'username', 'name'] as const;
