import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AdjustAnswer,
  CurrencyAdjustBody,
  MetalAdjustAnswer,
  SpreadAdjustBody,
  UserFeeAdjustBody,
} from '@aurum/domain/system/system-schemas';
import { route } from '../../http/route.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import { changeAdjust, metalOf, readAdjust, toMetalAdjustAnswer, type AdjustColumns, type Variant } from './adjust-service.ts';

const SECURE = '/v0/web/secure';
const MetalParams = z.object({ metal: z.string().max(10) });

export function registerAdjustRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/adjust`,
    summary: 'Gold currency adjustments, regular and after-hour',
    tags: ['system'],
    auth: 'admin',
    response: AdjustAnswer,
    handler: async ({ db }) => {
      const a = await readAdjust(db, 'xau');
      return { currency: a.regular.currency, ahtCurrency: a.afterHour.currency };
    },
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/adjust/:metal`,
    summary: "A metal's adjust settings: currency, spread, userFee and their after-hour counterparts",
    tags: ['system'],
    auth: 'admin',
    params: MetalParams,
    response: MetalAdjustAnswer,
    handler: async ({ db, params }) => toMetalAdjustAnswer(await readAdjust(db, metalOf(params.metal))),
  });

  const updates = [
    {
      part: 'currency',
      body: CurrencyAdjustBody,
      permission: 'editCurrencyAdjustment',
      audit: 'adjust.currency',
      columns: (b: z.infer<typeof CurrencyAdjustBody>): AdjustColumns => ({ currency_bid: b.bid, currency_ask: b.ask }),
    },
    {
      part: 'spread',
      body: SpreadAdjustBody,
      permission: 'editSpreadAdjustment',
      audit: 'adjust.spread',
      columns: (b: z.infer<typeof SpreadAdjustBody>): AdjustColumns => ({ buy_spread: b.buySpread, sell_spread: b.sellSpread }),
    },
    {
      part: 'userFee',
      body: UserFeeAdjustBody,
      permission: 'editSpreadAdjustment',
      audit: 'adjust.userFee',
      columns: (b: z.infer<typeof UserFeeAdjustBody>): AdjustColumns => ({ refinery_fees: b.refineryFees, premium: b.premium, interest_rate: b.interestRate }),
    },
  ] as const;

  for (const u of updates) {
    for (const variant of ['regular', 'afterHour'] as const satisfies readonly Variant[]) {
      const aht = variant === 'afterHour' ? '/aht' : '';
      route(app, deps, {
        method: 'POST',
        url: `${SECURE}/adjust/:metal${aht}/${u.part}/update`,
        summary: `Update a metal's ${variant === 'afterHour' ? 'after-hour ' : ''}${u.part} adjustment`,
        tags: ['system'],
        auth: 'admin',
        permission: u.permission,
        audit: u.audit,
        params: MetalParams,
        body: u.body as z.ZodType,
        response: MetalAdjustAnswer,
        handler: async (ctx) => changeAdjust(changeOf(ctx, deps), ctx.params.metal, variant, (u.columns as (b: unknown) => AdjustColumns)(ctx.body)),
      });
    }
  }
}
