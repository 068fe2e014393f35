import { z } from 'zod';
import { calendarDate, calendarMoment } from '../validation/calendar-fields.ts';
import { LEDGER_ASSETS } from '../wallet/ledger.ts';
import { GL_TYPES } from './chart-of-accounts.ts';

/**
 * The finance desk's requests and answers: `GET /v0/web/secure/ledger/trial-balance?date=` (a
 * business day, Asia/Kuala_Lumpur) and `GET /v0/web/secure/ledger/balances?at=` (any moment).
 */

/** A business date, yyyy-MM-dd, of the product calendar (decision 0111): the finance desk's name for `calendarDate`. */
export const businessDateText = calendarDate;

export const TrialBalanceQuery = z.object({ date: businessDateText });
export type TrialBalanceQuery = z.infer<typeof TrialBalanceQuery>;

/** An ISO 8601 moment with its offset (2026-11-27T10:00:00+08:00 or ...Z). */
export const BalancesQuery = z.object({ at: calendarMoment });
export type BalancesQuery = z.infer<typeof BalancesQuery>;

const Sided = z.object({ debit: z.string(), credit: z.string() });

const GlAccountView = z.object({
  code: z.string(),
  name: z.object({ en: z.string(), 'zh-Hant': z.string() }),
  type: z.enum(GL_TYPES),
  unit: z.enum(LEDGER_ASSETS),
});

export const TrialBalanceAnswer = z.object({
  date: z.string(),
  /** The day's first moment and the next day's (exclusive), ISO. */
  from: z.string(),
  to: z.string(),
  units: z.array(
    z.object({
      unit: z.enum(LEDGER_ASSETS),
      rows: z.array(z.object({ account: GlAccountView, opening: Sided, movements: Sided, closing: Sided })),
      totals: z.object({ opening: Sided, movements: Sided, closing: Sided }),
      balanced: z.boolean(),
    }),
  ),
});
export type TrialBalanceAnswer = z.infer<typeof TrialBalanceAnswer>;

export const BalancesAnswer = z.object({
  at: z.string(),
  units: z.array(
    z.object({
      unit: z.enum(LEDGER_ASSETS),
      rows: z.array(z.object({ account: GlAccountView, balance: Sided })),
      totals: Sided,
      balanced: z.boolean(),
    }),
  ),
});
export type BalancesAnswer = z.infer<typeof BalancesAnswer>;

/**
 * `POST /v0/web/secure/ledger/reclassify-income` (decision 1021): the one entry that moved the
 * income of orders filled or paid before the income books (null when there was nothing to move),
 * how many orders it covered, the totals per income book, and the orders filled before the split
 * without a cost to take a mid from (their spread and fee stay in the trading desk).
 */
export const ReclassifyIncomeAnswer = z.object({
  entryId: z.number().int().nullable(),
  orders: z.number().int(),
  spread: z.string(),
  fees: z.string(),
  interestMyr: z.string(),
  interestXau: z.string(),
  withoutMid: z.array(z.number().int()),
});
export type ReclassifyIncomeAnswer = z.infer<typeof ReclassifyIncomeAnswer>;
