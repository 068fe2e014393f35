/** Metals (SPEC.md §1): gold, platinum, silver. Anything else is 'Invalid metal type' (SPEC.md §5). */
export const METALS = ['xau', 'xpt', 'xag'] as const;
export type Metal = (typeof METALS)[number];

export const INVALID_METAL_TYPE = 'Invalid metal type';

export function isMetal(value: unknown): value is Metal {
  return typeof value === 'string' && (METALS as readonly string[]).includes(value);
}

/** Grams in one troy ounce (DECISIONS.md §3); SPEC's 0.032148 is its rounded inverse. */
export const GRAMS_PER_TROY_OUNCE = '31.1034768';

/** Trading pairs of gold orders (SPEC.md §3). */
export const SYMBOLS = ['XAU/MYR', 'XAU/USD'] as const;
export type Symbol = (typeof SYMBOLS)[number];

/** The metal a pair trades (its base: 'XAU/MYR' -> 'XAU'). */
export function metalOfSymbol(symbol: Symbol): 'XAU' {
  return symbol.slice(0, 3) as 'XAU';
}
