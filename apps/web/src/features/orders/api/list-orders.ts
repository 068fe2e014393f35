import { z } from 'zod';
import { OrderNode } from '@aurum/domain/orders/order-schemas';
import { errorMessage } from '#shared/http/api-error.ts';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import type { PageInfo, PageVariables } from '../model/order-paging.ts';
import type { FilterVariables } from '../model/order-filters.ts';
import { ORDERS_CONNECTION_QUERY } from './orders-connection-query.ts';

export type ConnectionVariables = FilterVariables & PageVariables;


const ConnectionAnswer = z.object({
  data: z
    .object({
      adminOrdersConnection: z.object({
        edges: z.array(z.object({ cursor: z.string(), node: OrderNode })),
        pageInfo: z.object({ startCursor: z.string().nullable(), endCursor: z.string().nullable(), hasNextPage: z.boolean(), hasPreviousPage: z.boolean() }),
        totalCount: z.number(),
        totalIsLowerBound: z.boolean(),
      }),
    })
    .nullable()
    .optional(),
  errors: z.array(z.object({ message: z.string() })).optional(),
});

export interface OrdersPage {
  edges: Array<{ cursor: string; node: OrderNode }>;
  pageInfo: PageInfo;
  totalCount: number;
  /** totalCount is a lower bound ("10,000+"): the server counts an arbitrary filter's matches up to 10,000. */
  totalIsLowerBound: boolean;
}

/** An order list failure, with the text of SPEC.md §8. */
export class OrdersFetchError extends Error {
  constructor(detail: string) {
    super(`Failed to fetch orders: ${detail}`);
    this.name = 'OrdersFetchError';
  }
}

/** POST graphql (OrdersConnection). GraphQL errors are logged and reported as 'Failed to fetch orders: {message}'. */
export async function fetchOrders(variables: ConnectionVariables, signal?: AbortSignal): Promise<OrdersPage> {
  let answer: z.infer<typeof ConnectionAnswer>;
  try {
    answer = await http.request(`${SECURE_API}/graphql`, {
      method: 'POST',
      body: { query: ORDERS_CONNECTION_QUERY, operationName: 'OrdersConnection', variables },
      schema: ConnectionAnswer,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new OrdersFetchError(errorMessage(error));
  }
  if (answer.errors && answer.errors.length > 0) {
    console.error('OrdersConnection', answer.errors);
    throw new OrdersFetchError(answer.errors.map((e) => e.message).join('; '));
  }
  if (!answer.data) throw new OrdersFetchError('No data returned');
  return answer.data.adminOrdersConnection;
}
