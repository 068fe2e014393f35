import type { FastifyInstance } from 'fastify';
import { DueDiligenceBody, DueDiligenceList, DueDiligenceListQuery, DueDiligenceView, UserIdParams, VerifyBody } from '@aurum/domain/compliance/due-diligence-schemas';
import { route } from '../../http/route.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import { approveEdd, dueDiligenceFile, dueDiligenceFiles, saveDueDiligence, verifyDueDiligence } from './due-diligence-service.ts';

const SECURE = '/v0/web/secure';
const BASE = `${SECURE}/compliance/due-diligence`;
const tags = ['compliance'];

/** The customers' due diligence files (decision 1102) and their risk (decision 1105). */
export function registerDueDiligenceRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'GET',
    url: BASE,
    summary: 'Due diligence files by user id, of one status or all; limit at most 500, the next page after nextAfterUserId',
    tags,
    auth: 'admin',
    permission: 'readCompliance',
    query: DueDiligenceListQuery,
    response: DueDiligenceList,
    handler: ({ db, query }) => dueDiligenceFiles(db, query),
  });

  route(app, deps, {
    method: 'GET',
    url: `${BASE}/:userId`,
    summary: "A customer's due diligence file with its people and risk; a customer without one reads as an empty draft",
    tags,
    auth: 'admin',
    permission: 'readCompliance',
    params: UserIdParams,
    response: DueDiligenceView,
    handler: ({ db, params }) => dueDiligenceFile(db, params.userId),
  });

  route(app, deps, {
    method: 'PUT',
    url: `${BASE}/:userId`,
    summary: 'Save the whole file (its people replaced); a rule broken is 422 (3250, the field path, detail.rule). A verified file goes back to submitted when a screened field changed, to review due when the risk band moved',
    tags,
    auth: 'admin',
    permission: 'placeComplianceHold',
    audit: 'compliance.dueDiligenceSave',
    params: UserIdParams,
    body: DueDiligenceBody,
    response: DueDiligenceView,
    handler: (ctx) => saveDueDiligence(changeOf(ctx, deps), ctx.params.userId, ctx.body),
  });

  route(app, deps, {
    method: 'POST',
    url: `${BASE}/:userId/verify`,
    summary: 'Verify a submitted file {eddNote?}: low or standard risk is verified until its review; high risk needs the note and goes to eddPending for a second officer. Another status is 409 (3251)',
    tags,
    auth: 'admin',
    permission: 'placeComplianceHold',
    audit: 'compliance.dueDiligenceVerify',
    params: UserIdParams,
    body: VerifyBody,
    response: DueDiligenceView,
    handler: (ctx) => verifyDueDiligence(changeOf(ctx, deps), ctx.params.userId, ctx.body),
  });

  route(app, deps, {
    method: 'POST',
    url: `${BASE}/:userId/approve`,
    summary: 'Approve the pending enhanced due diligence: the file is verified. Not by the officer who proposed it (403, 3242); none pending is 409 (3251)',
    tags,
    auth: 'admin',
    permission: 'decideComplianceHold',
    audit: 'compliance.dueDiligenceApprove',
    params: UserIdParams,
    response: DueDiligenceView,
    handler: (ctx) => approveEdd(changeOf(ctx, deps), ctx.params.userId),
  });
}
