import { z } from 'zod';
import { decimalField } from '../money/decimal.ts';
import { COVERAGE_MODES } from './treasury-books.ts';
import { TREASURY_METALS } from './treasury-metals.ts';
import { OFFLINE_PRICE_BAND_MAX } from '../orders/offline-price-band.ts';

/**
 * `GET/PUT /v0/web/secure/treasury/settings` (decisions 0834, 0835): per metal the coverage rule's mode, the net
 * position's target and its band (grams, 4 decimals). The target may be negative (a desk that runs
 * short on purpose); the band is at least 0.
 */
const MAX_GRAMS = '100000000000';
const signedGrams = z
  .string()
  .regex(/^-?\d{1,12}(\.\d{1,4})?$/);

export const TreasurySetting = z.object({
  metal: z.enum(TREASURY_METALS),
  coverageMode: z.enum(COVERAGE_MODES),
  target: z.string(),
  band: z.string(),
  /** Percent either side of the live mid an offline order's prices may lie unacknowledged (decision 0751). */
  offlinePriceBand: z.string(),
  outsideBand: z.boolean(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type TreasurySetting = z.infer<typeof TreasurySetting>;

export const TreasurySettingsAnswer = z.object({ items: z.array(TreasurySetting) });
export type TreasurySettingsAnswer = z.infer<typeof TreasurySettingsAnswer>;

/** One metal's settings; every field but the metal may be left out (kept as it is). */
export const TreasurySettingsBody = z.strictObject({
  metal: z.enum(TREASURY_METALS),
  coverageMode: z.enum(COVERAGE_MODES).optional(),
  target: signedGrams.optional(),
  band: decimalField(4, { allowZero: true, max: MAX_GRAMS }).optional(),
  offlinePriceBand: decimalField(2, { max: OFFLINE_PRICE_BAND_MAX }).optional(),
});
export type TreasurySettingsBody = z.infer<typeof TreasurySettingsBody>;
