import { z } from 'zod';
import { TREASURY_METALS } from '../treasury/treasury-metals.ts';
import { USER_CATEGORIES } from '../users/user-enums.ts';
import { blankToUndefined, upperCode } from '../validation/preprocess.ts';
import { dateRangeRule } from '../validation/calendar-fields.ts';
import { businessDateText } from './finance-schemas.ts';

/**
 * The dealer's P&L (decision 1030): `GET /v0/web/secure/finance/pnl` (figures per period, metal
 * and customer category) and `GET /v0/web/secure/finance/pnl/drill` (what is behind one figure).
 */

/** The longest range one read covers: a year of days keeps the revaluation's day loop bounded. */
export const PNL_MAX_DAYS = 366;

export const PNL_GROUPS = ['day', 'month'] as const;
export type PnlGroup = (typeof PNL_GROUPS)[number];

/** The figures one can drill into. */
export const PNL_FIGURES = ['volume', 'spread', 'fees', 'interest', 'hedges', 'revaluation', 'expenses'] as const;
export type PnlFigure = (typeof PNL_FIGURES)[number];

const range = {
  from: businessDateText,
  to: businessDateText,
  metal: z.preprocess((v) => upperCode(blankToUndefined(v)), z.enum(TREASURY_METALS).optional()),
  category: z.preprocess(blankToUndefined, z.enum(USER_CATEGORIES).optional()),
};

/** `to` is inclusive and not before `from`; the range holds at most PNL_MAX_DAYS dates. */
const rangeRule = dateRangeRule(PNL_MAX_DAYS);

export const PnlQuery = z
  .object({ ...range, groupBy: z.preprocess(blankToUndefined, z.enum(PNL_GROUPS).default('day')) })
  .superRefine(rangeRule);
export type PnlQuery = z.infer<typeof PnlQuery>;

/** One period x metal x category. Metal and category are null for what belongs to neither (revaluation and hedge fees have no customer; an adjustment no order). */
export const PnlRow = z.object({
  period: z.string(),
  metal: z.enum(TREASURY_METALS).nullable(),
  category: z.enum(USER_CATEGORIES).nullable(),
  volumeGrams: z.string(),
  volumeMyr: z.string(),
  spread: z.string(),
  fees: z.string(),
  /** MYR interest only; gold interest is in grams, apart */
  interest: z.string(),
  interestXauGrams: z.string(),
  /** hedging results less hedge fees */
  hedges: z.string(),
  revaluation: z.string(),
  /** bank charges, custody, refinery and provider fees (negative) */
  expenses: z.string(),
  /** spread + fees + interest + hedges + revaluation + expenses, MYR: GL income less expense of the MYR books */
  total: z.string(),
});
export type PnlRow = z.infer<typeof PnlRow>;

export const PnlTotals = PnlRow.omit({ period: true, metal: true, category: true });
export type PnlTotals = z.infer<typeof PnlTotals>;

export const PnlAnswer = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(PNL_GROUPS),
  /** every period of the range, in order, even those with nothing (the chart's axis) */
  periods: z.array(z.object({ period: z.string(), total: z.string() })),
  rows: z.array(PnlRow),
  totals: PnlTotals,
  /** The last closed day: revaluation and accrued interest are posted by a day's close, so days after it have none yet (null: none closed). */
  revaluedThrough: z.string().nullable(),
});
export type PnlAnswer = z.infer<typeof PnlAnswer>;

/** The drill's cap on lines; the answer says how many there are and what they all sum to. */
export const PNL_DRILL_LIMIT = 200;

export const PnlDrillQuery = z.object({ ...range, figure: z.enum(PNL_FIGURES) }).superRefine(rangeRule);
export type PnlDrillQuery = z.infer<typeof PnlDrillQuery>;

/**
 * One line behind a figure: a posting (its entry, kind, moment and amount, credit-positive on the
 * income book), an order filled (volume), a hedge against an order it covers, or a day's revaluation.
 */
export const PnlDrillLine = z.object({
  at: z.string(),
  kind: z.string(),
  entryId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  hedgeId: z.number().int().nullable(),
  metal: z.enum(TREASURY_METALS).nullable(),
  category: z.enum(USER_CATEGORIES).nullable(),
  /** in `unit`: MYR, or XAU grams for gold interest */
  amount: z.string(),
  unit: z.enum(['MYR', 'XAU']),
  /** an order's grams (volume) */
  grams: z.string().nullable(),
  note: z.string().nullable(),
});
export type PnlDrillLine = z.infer<typeof PnlDrillLine>;

export const PnlDrillAnswer = z.object({
  figure: z.enum(PNL_FIGURES),
  lines: z.array(PnlDrillLine),
  /** how many lines there are in all (at most PNL_DRILL_LIMIT are answered) */
  count: z.number().int(),
  /** the sum of every line (not only those answered) per unit: the figure; for volume also its grams */
  sums: z.array(z.object({ unit: z.enum(['MYR', 'XAU', 'grams']), amount: z.string() })),
});
export type PnlDrillAnswer = z.infer<typeof PnlDrillAnswer>;
