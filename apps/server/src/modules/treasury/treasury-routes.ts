import type { FastifyInstance } from 'fastify';
import { PositionAnswer, PositionHistoryAnswer, PositionHistoryQuery } from '@aurum/domain/treasury/position-schemas';
import { TreasurySettingsAnswer, TreasurySettingsBody } from '@aurum/domain/treasury/treasury-settings-schemas';
import { route } from '../../http/route.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { MarketService } from '../market/market-service.ts';
import { changeSettings, positionAnswer, positionHistory, treasurySettings } from './treasury-service.ts';
import { TREASURY_HISTORY_MS } from './treasury-jobs.ts';

const SECURE = '/v0/web/secure';
const tags = ['treasury'];

/** The treasury's position and limits (decisions 0832 and 0834). */
export function registerTreasuryRoutes(app: FastifyInstance, deps: AppDeps, market: MarketService): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/treasury/position`,
    summary:
      'The net position per metal (grams, 4 decimals): customer holdings, buy obligations, sell receivables, vault stock, in transit, at providers, hedged, house metal, net; marked to market in MYR and USD at the live price (null without one); target, band and coverage',
    tags,
    auth: 'admin',
    response: PositionAnswer,
    handler: async ({ db }) => positionAnswer(db, market.currentQuotes(), deps.now()),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/treasury/history`,
    reads: 'replica',
    summary: "The net position of every metal (grams) every five minutes over the last `hours` (1 to 2160, 24 by default), oldest first: the Treasury screen's exposure chart",
    tags,
    auth: 'admin',
    query: PositionHistoryQuery,
    response: PositionHistoryAnswer,
    handler: async ({ db, query }) => positionHistory(db, deps.now(), query.hours, TREASURY_HISTORY_MS / 60_000),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/treasury/settings`,
    summary: "Per metal: the coverage rule's mode (refuse, alert), the net position's target and band (grams)",
    tags,
    auth: 'admin',
    response: TreasurySettingsAnswer,
    handler: async ({ db }) => treasurySettings(db),
  });

  route(app, deps, {
    method: 'PUT',
    url: `${SECURE}/treasury/settings`,
    summary: "Change one metal's coverage mode, target or band {metal, coverageMode?, target?, band?}; answers every metal's settings",
    tags,
    auth: 'admin',
    permission: 'setTreasuryLimits',
    audit: 'treasury.settings',
    body: TreasurySettingsBody,
    response: TreasurySettingsAnswer,
    handler: async (ctx) => changeSettings(changeOf(ctx, deps), ctx.body),
  });
}
