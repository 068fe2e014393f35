import { z } from 'zod';
import { decimalPlaces, isDecimalText, SCALE } from '../money/decimal.ts';
import { decimalOf, idField } from '../money/decimal-columns.ts';
import { blankToUndefined } from '../validation/preprocess.ts';
import { businessDateText } from './finance-schemas.ts';
import { requiredText, ValidationMessage } from '../validation/rules.ts';
import { HOUSE_BOOKS, LEDGER_ASSETS, type HouseBook } from '../wallet/ledger.ts';

/**
 * Ledger adjustments (decisions 1003, 1044): a fix, an expense or capital between house books,
 * proposed by a finance maker with its reason and a value date in an open day (the first open day
 * unless chosen), evidence uploaded while pending, posted when another admin approves it; or the
 * reversal of an approved one by its id. Customer books move only through their own requests
 * (deposits, withdrawals, transfers), never here.
 */

const HOUSE_BOOK_NAMES = Object.keys(HOUSE_BOOKS) as [HouseBook, ...HouseBook[]];

/** One movement between two house books of one unit; the amount at that unit's scale (MYR 2 decimals, grams 4). */
export const AdjustmentPostingInput = z
  .object({ from: z.enum(HOUSE_BOOK_NAMES), to: z.enum(HOUSE_BOOK_NAMES), amount: decimalOf('posting') })
  .refine((p) => p.from !== p.to, { error: ValidationMessage.differentBooks, path: ['to'] })
  .refine((p) => HOUSE_BOOKS[p.from] === HOUSE_BOOKS[p.to], { error: ValidationMessage.sameUnit, path: ['to'] })
  .refine((p) => !isDecimalText(p.amount) || decimalPlaces(p.amount) <= SCALE[HOUSE_BOOKS[p.from]], {
    error: ValidationMessage.decimalPlaces,
    // only MYR can fail here: decimalField already holds the metals to their 4 decimals
    params: { count: 2 },
    path: ['amount'],
  });
export type AdjustmentPostingInput = z.infer<typeof AdjustmentPostingInput>;

/** Postings of its own, or `reverses`: the id of an approved adjustment whose postings it turns round (one of the two). */
export const AdjustmentBody = z
  .object({
    postings: z.array(AdjustmentPostingInput).min(1).max(10).optional(),
    reverses: idField.optional(),
    reason: requiredText(1000),
    /** The business day it is dated in (an open day, not after today); the first open day when left out. */
    valueDate: z.preprocess(blankToUndefined, businessDateText.optional()),
  })
  .refine((b) => (b.postings === undefined) !== (b.reverses === undefined), { error: ValidationMessage.required, path: ['postings'] });
export type AdjustmentBody = z.infer<typeof AdjustmentBody>;

export const AdjustmentDeclineBody = z.object({ reason: requiredText(1000) });
export type AdjustmentDeclineBody = z.infer<typeof AdjustmentDeclineBody>;

export const AdjustmentParams = z.object({ id: z.coerce.number().int().positive() });

export const AdjustmentStatus = z.enum(['pending', 'approved', 'declined']);

export const AdjustmentView = z.object({
  id: z.number(),
  status: AdjustmentStatus,
  postings: z.array(z.object({ from: z.enum(HOUSE_BOOK_NAMES), to: z.enum(HOUSE_BOOK_NAMES), asset: z.enum(LEDGER_ASSETS), amount: z.string() })),
  reason: z.string(),
  declineReason: z.string().nullable(),
  submittedBy: z.string(),
  submittedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The business day it is dated in (null: made before value dates, dated in the first open day at approval). */
  valueDate: z.string().nullable(),
  /** The approved adjustment it reverses, and the one that reversed it. */
  reverses: z.number().nullable(),
  reversedBy: z.number().nullable(),
  /** Whether evidence was uploaded (GET ledger/adjustments/{id}/evidence). */
  evidence: z.boolean(),
  /** The journal entry an approval posted, and the moment it is dated. */
  entryId: z.number().nullable(),
  postedAt: z.string().nullable(),
});
export type AdjustmentView = z.infer<typeof AdjustmentView>;

export const AdjustmentsAnswer = z.object({ items: z.array(AdjustmentView) });
export type AdjustmentsAnswer = z.infer<typeof AdjustmentsAnswer>;
