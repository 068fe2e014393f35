import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { INVALID_METAL_TYPE, isMetal, type Metal } from '@aurum/domain/system/metals';
import { ManualPriceBody } from '@aurum/domain/system/system-schemas';
import { roundTo, Decimal } from '@aurum/domain/money/decimal';
import { appError, notFound } from '../../http/app-error.ts';
import { route } from '../../http/route.ts';
import type { AppDeps } from '../../app-deps.ts';
import { readAdjust } from '../system/adjust-repository.ts';
import type { MarketService } from './market-service.ts';

const SECURE = '/v0/web/secure';

function metalOf(value: string): Metal {
  const lower = value.toLowerCase();
  if (!isMetal(lower)) throw appError(ErrorCode.InvalidMetalType, INVALID_METAL_TYPE);
  return lower;
}

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
      const adjust = await readAdjust(db, 'xau');
      const q = market.currentQuotes();
      const variant = market.currentStatus().variant;
      const adj = adjust[variant].currency;
      const shift = (v: string, by: string) => roundTo(new Decimal(v).plus(by), 4);
      return {
        adjustExchange: q
          ? { bid: shift(q.usdMyr.bid, adj.bid), ask: shift(q.usdMyr.ask, adj.ask), high: shift(q.usdMyr.high, adj.ask), low: shift(q.usdMyr.low, adj.bid), updatedAt: q.at }
          : null,
        current: q ? { ...q.usdMyr, updatedAt: q.at, source: q.source } : null,
        // the references as their source last sent them; null (not invented) while it sent none
        ...market.currentReferences(),
        adjustments: { regular: adjust.regular.currency, afterHour: adjust.afterHour.currency },
      };
    },
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/price/current`,
    summary: 'The live gold price, USD/MYR rate and market status per pair, as the socket last sent them',
    tags: ['system'],
    auth: 'admin',
    handler: async () => ({ price: market.currentPrice(), rate: market.currentRate(), status: market.currentStatus() }),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/price/history`,
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
    handler: async ({ db }) =>
      db.query(
        `SELECT m.metal, m.bid, m.ask, m.expires_at AS "expiresAt", m.set_at AS "setAt", a.username AS "setBy"
           FROM manual_prices m LEFT JOIN admins a ON a.id = m.set_by ORDER BY m.metal`,
      ),
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
    handler: async ({ db, body, admin, audit }) => {
      const metal = metalOf(body.metal);
      if (body.expiresAt && new Date(body.expiresAt) <= deps.now()) throw appError(ErrorCode.InvalidFormat, 'expiresAt');
      const [before] = await db.query('SELECT metal, bid, ask, expires_at FROM manual_prices WHERE metal = $1 FOR UPDATE', [metal]);
      const [after] = await db.query(
        `INSERT INTO manual_prices (metal, bid, ask, expires_at, set_by, set_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (metal) DO UPDATE SET bid = $2, ask = $3, expires_at = $4, set_by = $5, set_at = $6
         RETURNING metal, bid, ask, expires_at AS "expiresAt"`,
        [metal, body.bid, body.ask, body.expiresAt, admin!.id, deps.now()],
      );
      await deps.events.publish(db, { kind: 'settings', what: 'manualPrice', metal });
      audit.before(before ?? null);
      audit.after(after);
      return after;
    },
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
    handler: async ({ db, params, audit }) => {
      const metal = metalOf(params.metal);
      const rows = await db.query('DELETE FROM manual_prices WHERE metal = $1 RETURNING metal, bid, ask', [metal]);
      if (!rows[0]) throw notFound('manual price');
      await deps.events.publish(db, { kind: 'settings', what: 'manualPrice', metal });
      audit.before(rows[0]);
      return { metal };
    },
  });
}
