import { ORDER_FIELDS } from './order-fields.ts';

/**
 * The console's orders list query (every filter of the connection, every field of the order, the
 * total and whether it is a lower bound). Its own file, free of the browser's http client, so that
 * bench/orders-connection.ts asks exactly what the console asks.
 */
export const ORDERS_CONNECTION_QUERY = `query OrdersConnection($first: Int, $last: Int, $after: String, $before: String,
  $userCondition: UserCondition, $userInput: String, $action: OrderAction, $orderId: Int, $status: [OrderStatus!],
  $orderType: OrderTypeFilter, $createdAfter: String, $createdBefore: String, $filledAt: [String!], $goodTillDate: [String!],
  $symbol: String, $currency: Currency, $quantity: String) {
  adminOrdersConnection(first: $first, last: $last, after: $after, before: $before, userCondition: $userCondition,
    userInput: $userInput, action: $action, orderId: $orderId, status: $status, orderType: $orderType,
    createdAfter: $createdAfter, createdBefore: $createdBefore, filledAt: $filledAt, goodTillDate: $goodTillDate,
    symbol: $symbol, currency: $currency, quantity: $quantity) {
    edges { cursor node { ${ORDER_FIELDS} } }
    pageInfo { startCursor endCursor hasNextPage hasPreviousPage }
    totalCount
    totalIsLowerBound
  }
}`;
