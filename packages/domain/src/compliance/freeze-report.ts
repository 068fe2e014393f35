import { z } from 'zod';
import { Decimal, roundTo, SCALE } from '../money/decimal.ts';
import type { Wallet } from '../wallet/ledger.ts';

/**
 * The freeze report drafted when two officers freeze a customer (decision 1107): what the desk
 * files with the supervisor and the FIU. Who, what is frozen in ringgit and in grams (available,
 * held for pending requests, and the credit owed), what the metal was worth at the dealer's
 * buy-back price when it was frozen, and since when the customer has been held.
 */
export const FreezeReport = z.object({
  holdId: z.number().int(),
  customer: z.object({ id: z.number().int(), username: z.string(), name: z.string(), company: z.string().nullable() }),
  heldSince: z.string(),
  frozenAt: z.string(),
  proposedBy: z.string().nullable(),
  frozenBy: z.string(),
  frozen: z.object({ fundMyr: z.string(), fundHeldMyr: z.string(), goldGrams: z.string(), goldHeldGrams: z.string(), creditMyr: z.string() }),
  /** Null when no price was known at the moment of freezing (the feed down): the desk values it by hand. */
  value: z.object({ goldMyrPerGram: z.string(), goldMyr: z.string(), totalMyr: z.string() }).nullable(),
  pendingRequests: z.number().int(),
  openOrders: z.number().int(),
});
export type FreezeReport = z.infer<typeof FreezeReport>;

/** What is frozen, book by book; the MYR value of the metal at `myrPerGram` (null: unpriced). */
export function frozenValue(wallet: Wallet, myrPerGram: string | null): Pick<FreezeReport, 'frozen' | 'value'> {
  const frozen = { fundMyr: wallet.fund, fundHeldMyr: wallet.fundHeld, goldGrams: wallet.gold, goldHeldGrams: wallet.goldHeld, creditMyr: wallet.credit };
  if (myrPerGram === null) return { frozen, value: null };
  const grams = new Decimal(wallet.gold).plus(wallet.goldHeld);
  const goldMyr = grams.times(myrPerGram);
  const totalMyr = goldMyr.plus(wallet.fund).plus(wallet.fundHeld);
  return { frozen, value: { goldMyrPerGram: myrPerGram, goldMyr: roundTo(goldMyr, SCALE.MYR), totalMyr: roundTo(totalMyr, SCALE.MYR) } };
}
