/**
 * The treasury's metals (decision 0800), in the ledger's asset spelling. Customer trading is gold only
 * today; the treasury is built per metal so platinum and silver show when they are traded.
 */
export const TREASURY_METALS = ['XAU', 'XPT', 'XAG'] as const;
export type TreasuryMetal = (typeof TREASURY_METALS)[number];

export function isTreasuryMetal(value: unknown): value is TreasuryMetal {
  return typeof value === 'string' && (TREASURY_METALS as readonly string[]).includes(value);
}

/**
 * How the books count a bar: gold by fine weight (gross x fineness / 1000), silver and platinum by
 * gross weight (the industry's custom).
 */
export const COUNTED_BY: Readonly<Record<TreasuryMetal, 'fine' | 'gross'>> = { XAU: 'fine', XPT: 'gross', XAG: 'gross' };
