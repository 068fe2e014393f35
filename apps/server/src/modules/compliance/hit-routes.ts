import type { FastifyInstance } from 'fastify';
import { HitIdParams, HitList, HitListQuery, HitNoteBody, HitView, ScreenCustomerParams, ScreeningResult } from '@aurum/domain/compliance/hit-schemas';
import { route } from '../../http/route.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import { agreeDismiss, confirmHit, hit, hits, proposeDismiss } from './hit-service.ts';
import { screenCustomer } from './screening-service.ts';

const SECURE = '/v0/web/secure';
const tags = ['compliance'];

/** The screening hits (decision 1104): each explains itself; a false one is dismissed by two officers. */
export function registerHitRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/compliance/hits`,
    summary: "Screening hits of one status (default open), newest first, with the matcher's reasons; limit at most 200, `before` an id for the next page. The compliance desk only",
    tags,
    auth: 'admin',
    permission: 'readCompliance',
    query: HitListQuery,
    response: HitList,
    handler: ({ db, query }) => hits(db, query.status, query.before ?? null, query.limit),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/compliance/hits/:id`,
    summary: 'One screening hit with its reasons',
    tags,
    auth: 'admin',
    permission: 'readCompliance',
    params: HitIdParams,
    response: HitView,
    handler: ({ db, params }) => hit(db, params.id),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/compliance/hits/:id/dismiss`,
    summary: 'Propose that the hit is false {note}; a different officer agrees. Not open, or a dismissal pending already: 409 (3270)',
    tags,
    auth: 'admin',
    permission: 'placeComplianceHold',
    audit: 'compliance.hitDismissPropose',
    params: HitIdParams,
    body: HitNoteBody,
    response: HitView,
    handler: (ctx) => proposeDismiss(changeOf(ctx, deps), ctx.params.id, ctx.body.note),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/compliance/hits/:id/agree`,
    summary: 'Agree to the proposed dismissal: the hit stays dismissed until the customer or the entry changes. Not by its proposer (403, 3242); none pending: 409 (3270)',
    tags,
    auth: 'admin',
    permission: 'decideComplianceHold',
    audit: 'compliance.hitDismissAgree',
    params: HitIdParams,
    response: HitView,
    handler: (ctx) => agreeDismiss(changeOf(ctx, deps), ctx.params.id),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/compliance/hits/:id/confirm`,
    summary: "Confirm the hit as a true match {note}: the customer's hold (placed now if none) is proposed for freezing, which a second officer agrees to on the holds screen. Not open: 409 (3270)",
    tags,
    auth: 'admin',
    permission: 'placeComplianceHold',
    audit: 'compliance.hitConfirm',
    params: HitIdParams,
    body: HitNoteBody,
    response: HitView,
    handler: (ctx) => confirmHit(changeOf(ctx, deps), ctx.params.id, ctx.body.note),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/compliance/screening/customers/:userId`,
    summary: 'Screen one customer now against every active list: new hits are recorded, and a hit at the hold score holds the customer',
    tags,
    auth: 'admin',
    permission: 'placeComplianceHold',
    audit: 'compliance.screenCustomer',
    params: ScreenCustomerParams,
    response: ScreeningResult,
    handler: (ctx) => screenCustomer(changeOf(ctx, deps), ctx.params.userId, 'officer'),
  });
}
