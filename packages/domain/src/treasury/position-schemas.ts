import { z } from 'zod';
import { TREASURY_METALS } from './treasury-metals.ts';

/**
 * The answer of `GET /v0/web/secure/treasury/position` (decisions 0832, 0833): one item per metal. Every
 * quantity is grams as a decimal string with 4 decimals (signed where it can be negative); the
 * console shows troy ounces beside them. `net` is the house's net position: what it holds and is
 * owed minus what it owes (decision 0832).
 */
const grams = z.string().regex(/^-?\d+\.\d{4}$/);
const money = z.string().regex(/^-?\d+\.\d{2}$/);

export const PositionItem = z.object({
  metal: z.enum(TREASURY_METALS),
  /** metal in customer wallets (available and held for pending requests), sold metal excluded */
  customerHoldings: grams,
  /** metal owed on filled buys not yet delivered to the wallet */
  buyObligations: grams,
  /** metal owed to the house on filled sells not yet delivered */
  sellReceivables: grams,
  /** book weight of bars in the vaults (available, reserved, quarantined) */
  vaultStock: grams,
  inTransit: grams,
  atProviders: grams,
  /** signed: hedge buys minus hedge sells not canceled */
  hedged: grams,
  /** the house's own metal: vault stock + in transit + at providers - borrowed or consigned */
  houseMetal: grams,
  net: grams,
  /** net x the live price; null when the metal has no live price */
  mtmMyr: money.nullable(),
  mtmUsd: money.nullable(),
  /** the USD/MYR exposure that MYR pricing creates: MYR-priced net metal valued in USD */
  usdMyrExposure: money.nullable(),
  target: grams,
  band: grams,
  /** |net - target| > band */
  outsideBand: z.boolean(),
  coverageMode: z.enum(['refuse', 'alert']),
  /** Percent either side of the live mid an offline order's prices may lie unacknowledged (decision 0751). */
  offlinePriceBand: z.string(),
  /** available bars + at providers - customer metal (negative: uncovered) */
  coverageHeadroom: grams,
});
export type PositionItem = z.infer<typeof PositionItem>;

export const PositionAnswer = z.object({ items: z.array(PositionItem), at: z.string() });
export type PositionAnswer = z.infer<typeof PositionAnswer>;

/** `GET /v0/web/secure/treasury/history?hours=`: how far back (1 hour to 90 days; 24 by default). */
export const PositionHistoryQuery = z.object({ hours: z.coerce.number().int().min(1).max(24 * 90).default(24) });
export type PositionHistoryQuery = z.infer<typeof PositionHistoryQuery>;

/** One point of the history: every metal's net position (grams) at a slot's start. */
export const PositionHistoryPoint = z.object({ at: z.string(), net: z.record(z.enum(TREASURY_METALS), grams) });
export type PositionHistoryPoint = z.infer<typeof PositionHistoryPoint>;

export const PositionHistoryAnswer = z.object({ everyMinutes: z.number().int(), points: z.array(PositionHistoryPoint) });
export type PositionHistoryAnswer = z.infer<typeof PositionHistoryAnswer>;
