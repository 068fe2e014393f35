import { expect } from 'vitest';
import { Decimal } from '@aurum/domain/money/decimal';
import type { PositionAnswer, PositionItem } from '@aurum/domain/treasury/position-schemas';
import type { TreasuryMetal } from '@aurum/domain/treasury/treasury-metals';
import { S, type OrderTestServer } from '../../orders/__tests__/order-helpers.ts';

/** One metal's line of the net position, as a signed-in admin reads it (GET treasury/position). */
export async function positionOf(o: OrderTestServer, metal: TreasuryMetal = 'XAU'): Promise<PositionItem> {
  const r = await o.call<PositionAnswer>('none', 'GET', `${S}/treasury/position`);
  expect(r.status, r.text).toBe(200);
  const item = r.body.items.find((i) => i.metal === metal);
  expect(item, `no ${metal} line in ${r.text}`).toBeDefined();
  return item!;
}

/** `after - before` of two gram figures, as the position writes them (four places). */
export const gramsMoved = (before: string, after: string): string => new Decimal(after).minus(before).toFixed(4);
