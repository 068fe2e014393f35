import { z } from 'zod';
import { decimalField, decimalPlaces, isDecimalText, SCALE } from '../money/decimal.ts';
import { requiredText, ValidationMessage } from '../validation/rules.ts';
import { HOUSE_BOOKS, LEDGER_ASSETS, type HouseBook } from '../wallet/ledger.ts';

/**
 * Ledger adjustments (decision 1003): a late fix between house books, proposed by a finance maker
 * with its reason, posted when another admin approves it, dated in the first open day. Customer
 * books move only through their own requests (deposits, withdrawals, transfers), never here.
 */

const HOUSE_BOOK_NAMES = Object.keys(HOUSE_BOOKS) as [HouseBook, ...HouseBook[]];

/** One movement between two house books of one unit; the amount at that unit's scale (MYR 2 decimals, grams 4). */
export const AdjustmentPostingInput = z
  .object({ from: z.enum(HOUSE_BOOK_NAMES), to: z.enum(HOUSE_BOOK_NAMES), amount: decimalField(SCALE.XAU) })
  .refine((p) => p.from !== p.to, { error: ValidationMessage.differentBooks, path: ['to'] })
  .refine((p) => HOUSE_BOOKS[p.from] === HOUSE_BOOKS[p.to], { error: ValidationMessage.sameUnit, path: ['to'] })
  .refine((p) => !isDecimalText(p.amount) || decimalPlaces(p.amount) <= SCALE[HOUSE_BOOKS[p.from]], {
    error: ValidationMessage.decimalPlaces,
    // only MYR can fail here: decimalField already holds the metals to their 4 decimals
    params: { count: 2 },
    path: ['amount'],
  });
export type AdjustmentPostingInput = z.infer<typeof AdjustmentPostingInput>;

export const AdjustmentBody = z.object({ postings: z.array(AdjustmentPostingInput).min(1).max(10), reason: requiredText(1000) });
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
  /** The journal entry an approval posted, and the moment it is dated. */
  entryId: z.number().nullable(),
  postedAt: z.string().nullable(),
});
export type AdjustmentView = z.infer<typeof AdjustmentView>;

export const AdjustmentsAnswer = z.object({ items: z.array(AdjustmentView) });
export type AdjustmentsAnswer = z.infer<typeof AdjustmentsAnswer>;
