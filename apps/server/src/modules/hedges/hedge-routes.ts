import type { FastifyInstance } from 'fastify';
import { HedgeCreateBody, HedgeDetail, HedgeIdParams, HedgeLinkBody, HedgeListQuery, HedgePage, HedgeView } from '@aurum/domain/hedges/hedge-schemas';
import { route } from '../../http/route.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Quotes } from '../../live/event-bus.ts';
import { cancelHedge, hedgeDetail, hedgeList, linkHedge, recordHedge, settleHedge } from './hedge-service.ts';

const SECURE = '/v0/web/secure';
const tags = ['hedges'];

/** Hedges with outside providers (decision 0840). */
export function registerHedgeRoutes(app: FastifyInstance, deps: AppDeps, market: { currentQuotes(): Quotes | null }): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/hedge/list`,
    reads: 'replica',
    summary: 'Hedges, newest trade first: filters metal, provider (part of the name), state, tradedFrom/tradedTo (business days); paged',
    tags,
    auth: 'admin',
    query: HedgeListQuery,
    response: HedgePage,
    handler: ({ db, query }) => hedgeList(db, query),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/hedge/create`,
    summary:
      'Record a hedge with the orders it covers (optional). clientRef is the idempotency key: the same body answers the first hedge, another body is 409 (3101). Links beyond an order or the hedge are 422 (3220)',
    tags,
    auth: 'admin',
    permission: 'recordHedge',
    audit: 'hedge.record',
    body: HedgeCreateBody,
    response: HedgeDetail,
    handler: (ctx) => recordHedge(changeOf(ctx, deps), ctx.body, () => market.currentQuotes()),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/hedge/:hedgeId`,
    summary: 'One hedge with the orders it covers and the spread earned on each',
    tags,
    auth: 'admin',
    params: HedgeIdParams,
    response: HedgeDetail,
    handler: ({ db, params }) => hedgeDetail(db, params.hedgeId),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/hedge/link/:hedgeId`,
    summary: "Link orders to a hedge {orders: [{orderId, quantity}]}: an order's links never exceed its grams, a hedge's never its quantity (422, 3220)",
    tags,
    auth: 'admin',
    permission: 'recordHedge',
    audit: 'hedge.link',
    idempotent: true,
    params: HedgeIdParams,
    body: HedgeLinkBody,
    response: HedgeDetail,
    handler: (ctx) => linkHedge(changeOf(ctx, deps), ctx.params.hedgeId, ctx.body),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/hedge/settle/:hedgeId`,
    summary: 'Settle a filled hedge (409, 3221 otherwise)',
    tags,
    auth: 'admin',
    permission: 'recordHedge',
    audit: 'hedge.settle',
    idempotent: true,
    params: HedgeIdParams,
    response: HedgeView,
    handler: (ctx) => settleHedge(changeOf(ctx, deps), ctx.params.hedgeId),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/hedge/cancel/:hedgeId`,
    summary: 'Cancel a filled hedge: it no longer counts in the position nor against its orders (409, 3221 otherwise)',
    tags,
    auth: 'admin',
    permission: 'recordHedge',
    audit: 'hedge.cancel',
    idempotent: true,
    params: HedgeIdParams,
    response: HedgeView,
    handler: (ctx) => cancelHedge(changeOf(ctx, deps), ctx.params.hedgeId),
  });
}
