import type { FastifyInstance } from 'fastify';
import { FreezeReport } from '@aurum/domain/compliance/freeze-report';
import { customerPrice } from '@aurum/domain/orders/order-pricing';
import { HoldIdParams, HoldList, HoldListQuery, HoldView, PlaceHoldBody, ProposeHoldBody } from '@aurum/domain/compliance/hold-schemas';
import { route } from '../../http/route.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { MarketService } from '../market/market-service.ts';
import { freezeReport } from './freeze-report-service.ts';
import { agreeHold, holds, placeHold, proposeHold } from './hold-service.ts';

const SECURE = '/v0/web/secure';
const tags = ['compliance'];

/** The compliance desk's holds (decision 1101): placed at once, frozen or released by two officers. */
export function registerHoldRoutes(app: FastifyInstance, deps: AppDeps, market: MarketService): void {
  // what the metal frozen is worth: the price at which the dealer would buy it back now
  const goldBuyBack = () => {
    const p = market.orderPricing();
    return p ? customerPrice(p.quote, p.fx, p.settings).myr.sell : null;
  };

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/compliance/holds`,
    summary: 'Holds, newest first: those in force (held, frozen), or of one status; limit at most 500. The compliance desk only: why a customer is held is never shown elsewhere',
    tags,
    auth: 'admin',
    permission: 'readCompliance',
    query: HoldListQuery,
    response: HoldList,
    handler: ({ db, query }) => holds(db, query.status ?? null, query.limit),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/compliance/holds`,
    summary: 'Hold a customer now {userId, note}: no order, fill, withdrawal, outgoing transfer or bank account change goes through until two officers release it; a customer held already is 409 (3241)',
    tags,
    auth: 'admin',
    permission: 'placeComplianceHold',
    audit: 'compliance.holdPlace',
    body: PlaceHoldBody,
    response: HoldView,
    handler: (ctx) => placeHold(changeOf(ctx, deps), ctx.body),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/compliance/holds/:id/propose`,
    summary: "Propose to freeze (a confirmed match) or release (a false hit) {decision, note}; one proposal at a time (409, 3241); the officer who placed a hold may not propose its release (403, 3242)",
    tags,
    auth: 'admin',
    permission: 'placeComplianceHold',
    audit: 'compliance.holdPropose',
    params: HoldIdParams,
    body: ProposeHoldBody,
    response: HoldView,
    handler: (ctx) => proposeHold(changeOf(ctx, deps), ctx.params.id, ctx.body),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/compliance/holds/:id/agree`,
    summary: 'Agree to the pending proposal: the customer is frozen or released. Not by its proposer, nor a release by the officer who placed the hold (403, 3242); none pending is 409 (3241)',
    tags,
    auth: 'admin',
    permission: 'decideComplianceHold',
    audit: 'compliance.holdAgree',
    params: HoldIdParams,
    response: HoldView,
    handler: (ctx) => agreeHold(changeOf(ctx, deps), ctx.params.id, goldBuyBack),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/compliance/holds/:id/freeze-report`,
    summary: "The freeze report drafted when the hold was frozen: the customer, what is frozen in MYR and grams, its value at the dealer's buy-back price then, since when; 404 for a hold never frozen",
    tags,
    auth: 'admin',
    permission: 'readCompliance',
    params: HoldIdParams,
    response: FreezeReport,
    handler: ({ db, params }) => freezeReport(db, params.id),
  });
}
