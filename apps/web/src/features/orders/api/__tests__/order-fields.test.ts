import { describe, expect, it } from 'vitest';
import { OrderNode } from '@aurum/domain/orders/order-schemas';
import { ORDER_FIELDS, selectionOf } from '../order-fields.ts';

describe('the fields the orders connection asks', () => {
  it('are every field of the domain OrderNode (the Order type the server generates from it), the timeline in full', () => {
    expect(ORDER_FIELDS).toBe(selectionOf(OrderNode));
    expect(ORDER_FIELDS).toContain('timeline { id action date secondaryDate }');
    const words = ORDER_FIELDS.split(/[\s{}]+/).filter(Boolean);
    const timeline = ['id', 'action', 'date', 'secondaryDate'];
    expect(words).toEqual([...Object.keys(OrderNode.shape), ...timeline]);
  });
});
