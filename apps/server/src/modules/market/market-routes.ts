import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ManualPriceBody } from '@aurum/domain/system/system-schemas';
import { route } from '../../http/route.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { MarketService } from './market-service.ts';
import { clearManualPrice, exchangeView, listManualPrices, setManualPrice } from './price-service.ts';

const SECURE = '/v0/web/secure';

const PriceSet = z.object({ bid: z.string(), ask: z.string(), high: z.string(), low: z.string(), updatedAt: z.string() }).nullable();
/** A reference source: all of its set or nothing, never a set with holes. */
const ReferenceSet = PriceSet.describe(
  'A USD/MYR reference source: its last bid, ask, high and low with the time it sent them (kept when later quotes lack it); null while the source has sent no value (PRICE_SOURCE=none, an http provider that does not send it, before the first tick).',
);

export function registerMarketRoutes(app: FastifyInstance, deps: AppDeps, market: MarketService): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/currency/exchange`,
    summary: 'USD/MYR price sets: the effective rate (current + the active adjustment), the current one with its source, the integral and investing references, and the adjustments',
    tags: ['system'],
    auth: 'admin',
    response: z.object({
      adjustExchange: PriceSet,
      current: PriceSet.and(z.object({ source: z.string() }).nullable()),
      integral: ReferenceSet,
      investing: ReferenceSet,
      adjustments: z.object({ regular: z.object({ bid: z.string(), ask: z.string() }), afterHour: z.object({ bid: z.string(), ask: z.string() }) }),
    }),
    handler: async ({ db }) => {
      await market.upToDate();
      return exchangeView(db, market);
    },
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/price/current`,
    summary:
      "The live gold price (with its quoteId and expiresAt while the feed is healthy), USD/MYR rate, market status per pair, and the price feed's health (stale, sources disagree, out-of-order ticks dropped)",
    tags: ['system'],
    auth: 'admin',
    handler: async () => {
      // a settings change this process acknowledged (or heard of) is in the answer, even before its notification is back
      await market.upToDate();
      return { price: market.freshPrice(), rate: market.currentRate(), status: market.currentStatus(), health: market.feedHealth() };
    },
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/price/history`,
    reads: 'replica',
    summary: 'Recent gold prices kept by this server, oldest first (for the price chart)',
    tags: ['system'],
    auth: 'admin',
    handler: async () => market.recentHistory(),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/price/manual`,
    summary: 'Manual metal prices in force',
    tags: ['system'],
    auth: 'admin',
    handler: async ({ db }) => listManualPrices(db),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/price/manual`,
    summary: 'Manual Metal Price Setting: a metal priced by hand (USD/oz) until it expires or is withdrawn',
    tags: ['system'],
    auth: 'admin',
    permission: 'setManualPrice',
    audit: 'price.manualSet',
    body: ManualPriceBody,
    handler: async (ctx) => setManualPrice(changeOf(ctx, deps), ctx.body),
  });

  route(app, deps, {
    method: 'DELETE',
    url: `${SECURE}/price/manual/:metal`,
    summary: 'Withdraw a manual price: the metal returns to the feed',
    tags: ['system'],
    auth: 'admin',
    permission: 'setManualPrice',
    audit: 'price.manualClear',
    params: z.object({ metal: z.string().max(10) }),
    handler: async (ctx) => clearManualPrice(changeOf(ctx, deps), ctx.params.metal),
  });
}
