import type { FastifyInstance } from 'fastify';
import { PnlAnswer, PnlDrillAnswer, PnlDrillQuery, PnlQuery } from '@aurum/domain/finance/pnl-schemas';
import { route } from '../../http/route.ts';
import type { AppDeps } from '../../app-deps.ts';
import { pnlDrill, pnlOf } from './pnl-service.ts';

const SECURE = '/v0/web/secure';
const tags = ['finance'];

/** The dealer's P&L (decision 1030): reads for every admin, like the trial balance. */
export function registerPnlRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/finance/pnl`,
    reads: 'replica',
    summary:
      "The dealer's P&L over business dates from..to (Asia/Kuala_Lumpur, at most 366), per day or month, metal and customer category: volume, spread, fees, interest, hedges' result, revaluation and their total",
    tags,
    auth: 'admin',
    query: PnlQuery,
    response: PnlAnswer,
    handler: async ({ db, query }) => pnlOf(db, query),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/finance/pnl/drill`,
    reads: 'replica',
    summary: 'What is behind one P&L figure: the income postings, orders filled, hedges against the orders they cover, or days revalued; at most 200 lines, with their count and sums',
    tags,
    auth: 'admin',
    query: PnlDrillQuery,
    response: PnlDrillAnswer,
    handler: async ({ db, query }) => pnlDrill(db, query),
  });
}
