import { Decimal } from '@aurum/domain/money/decimal';
import type { PositionItem } from '@aurum/domain/treasury/position-schemas';

export const POSITION_LINES = ['customerHoldings', 'buyObligations', 'sellReceivables', 'vaultStock', 'inTransit', 'atProviders', 'hedged', 'houseMetal', 'net'] as const;
export type PositionLine = (typeof POSITION_LINES)[number];

/**
 * The metals a screen shows: gold always (customers trade it), platinum and silver once anything
 * of them is on the books or their net is outside its band.
 */
export function shownMetals(items: readonly PositionItem[]): PositionItem[] {
  return items.filter((i) => i.metal === 'XAU' || i.outsideBand || POSITION_LINES.some((line) => !new Decimal(i[line]).isZero()));
}
