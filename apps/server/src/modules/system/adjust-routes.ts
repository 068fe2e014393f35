import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { INVALID_METAL_TYPE, isMetal, type Metal } from '@aurum/domain/system/metals';
import {
  AdjustAnswer,
  CurrencyAdjustBody,
  MetalAdjustAnswer,
  SpreadAdjustBody,
  UserFeeAdjustBody,
} from '@aurum/domain/system/system-schemas';
import { appError } from '../../http/app-error.ts';
import { route } from '../../http/route.ts';
import type { AppDeps } from '../../app-deps.ts';
import { readAdjust, toMetalAdjustAnswer, type Variant } from './adjust-repository.ts';

const SECURE = '/v0/web/secure';
const MetalParams = z.object({ metal: z.string().max(10) });

/** Any metal but gold, platinum and silver: 400 with 'Invalid metal type' (SPEC.md §5). */
function metalOf(value: string): Metal {
  const lower = value.toLowerCase();
  if (!isMetal(lower)) throw appError(ErrorCode.InvalidMetalType, INVALID_METAL_TYPE);
  return lower;
}

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
      sql: 'currency_bid = $3, currency_ask = $4',
      values: (b: z.infer<typeof CurrencyAdjustBody>) => [b.bid, b.ask],
    },
    {
      part: 'spread',
      body: SpreadAdjustBody,
      permission: 'editSpreadAdjustment',
      audit: 'adjust.spread',
      sql: 'buy_spread = $3, sell_spread = $4',
      values: (b: z.infer<typeof SpreadAdjustBody>) => [b.buySpread, b.sellSpread],
    },
    {
      part: 'userFee',
      body: UserFeeAdjustBody,
      permission: 'editSpreadAdjustment',
      audit: 'adjust.userFee',
      sql: 'refinery_fees = $3, premium = $4, interest_rate = $5',
      values: (b: z.infer<typeof UserFeeAdjustBody>) => [b.refineryFees, b.premium, b.interestRate],
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
        handler: async ({ db, params, body, admin, audit }) => {
          const metal = metalOf(params.metal);
          const before = toMetalAdjustAnswer(await readAdjust(db, metal, true));
          await db.query(
            `UPDATE adjust_settings SET ${u.sql}, updated_at = now(), updated_by = $2 WHERE metal = $1 AND variant = '${variant}'`,
            [metal, admin!.id, ...(u.values as (b: unknown) => string[])(body)],
          );
          const after = toMetalAdjustAnswer(await readAdjust(db, metal));
          await deps.events.publish(db, { kind: 'settings', what: 'adjust', metal });
          audit.note('metal', metal);
          audit.note('variant', variant);
          audit.before(before);
          audit.after(after);
          return after;
        },
      });
    }
  }
}
