import { Decimal } from '@aurum/domain/money/decimal';

/** Grams in a troy ounce (the treasury shows ounces beside grams). */
const GRAMS_PER_TROY_OUNCE = '31.1034768';

/** Troy ounces of a gram amount, 3 decimals. */
export function troyOunces(grams: string): string {
  return new Decimal(grams).div(GRAMS_PER_TROY_OUNCE).toFixed(3);
}
