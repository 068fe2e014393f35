import type { FastifyInstance } from 'fastify';
import { csvColumnsOf, OrderExportQuery } from '@aurum/domain/export/export-schemas';
import { CLOSED_STATUSES, OPEN_STATUSES } from '@aurum/domain/orders/open-statuses';
import { OrderNode } from '@aurum/domain/orders/order-schemas';
import { EXPORT_BATCH, exportRoute } from '../../http/csv-export.ts';
import type { AppDeps } from '../../app-deps.ts';
import { connectionFilter } from './order-graphql.ts';
import { orderExportBatches } from './order-read-service.ts';

/** The columns of an order row: the connection's Order fields, its timeline left out. */
export const ORDER_EXPORT_COLUMNS = csvColumnsOf(OrderNode, ['timeline']);

const FILTERS =
  'the connection\'s filters (adminOrdersConnection): userCondition, userInput, action, orderId, status (repeated or comma-separated), orderType, createdAfter, createdBefore, filledAt, goodTillDate (one date or two), symbol, currency, quantity';

/**
 * The orders exports (decision 0120): every order matching the GraphQL connection's filters, by id; Trade
 * Requests and Trade History are the same list within the open or the closed statuses (a status
 * filter outside them matches nothing, as on screen).
 */
export function registerOrderExports(app: FastifyInstance, deps: AppDeps): void {
  const modes = [
    { list: 'orders', within: null, what: 'Orders' },
    { list: 'trade_requests', within: OPEN_STATUSES, what: 'Trade requests (open orders)' },
    { list: 'trade_history', within: CLOSED_STATUSES, what: 'Trade history (closed orders)' },
  ] as const;
  for (const mode of modes) {
    exportRoute(app, deps, {
      list: mode.list,
      summary: `${mode.what} as a CSV attachment; query: ${FILTERS}`,
      tags: ['orders', 'export'],
      query: OrderExportQuery,
      columns: ORDER_EXPORT_COLUMNS,
      rows: (db, query) => {
        // the connection's own parsing: a bad date or quantity is its 400 with the argument
        const filter = connectionFilter({ ...query, filledAt: query.filledAt ?? null, goodTillDate: query.goodTillDate ?? null });
        if (mode.within) filter.statuses = (filter.statuses ?? mode.within).filter((s) => mode.within.includes(s as never));
        return orderExportBatches(db, filter, EXPORT_BATCH);
      },
    });
  }
}
