import { z } from 'zod';
import { OrderNode } from '@aurum/domain/orders/order-schemas';

/**
 * The GraphQL selection of every field of a zod object (nested objects and lists of them
 * selected in full): the query asks exactly what the answer is parsed with.
 */
export function selectionOf(schema: z.ZodObject): string {
  const fields = Object.entries(schema.shape).map(([name, field]) => {
    let inner = field as z.ZodType;
    for (;;) {
      if (inner instanceof z.ZodNullable) inner = inner.unwrap() as z.ZodType;
      else if (inner instanceof z.ZodArray) inner = inner.element as z.ZodType;
      else break;
    }
    return inner instanceof z.ZodObject ? `${name} { ${selectionOf(inner)} }` : name;
  });
  return fields.join(' ');
}

/** Every field of the Order type (SPEC.md §3 "Order"): the domain's OrderNode, which the server's Order type is generated from. */
export const ORDER_FIELDS = selectionOf(OrderNode);
