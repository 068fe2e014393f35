import type { FastifyInstance } from 'fastify';
import { PolicyView, ProposePolicyBody } from '@aurum/domain/compliance/policy-schemas';
import { route } from '../../http/route.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import { agreePolicy, declinePolicy, policy, proposePolicy } from './policy-service.ts';

const SECURE = '/v0/web/secure';
const tags = ['compliance'];

/** The due diligence enforcement switch (decision 1106): proposed by one officer, agreed by a second. */
export function registerPolicyRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/compliance/policy`,
    summary: 'Whether due diligence is enforced (an unverified or overdue customer may deposit but not order, withdraw or transfer out: 409, 3280), and the pending proposal',
    tags,
    auth: 'admin',
    permission: 'readCompliance',
    response: PolicyView,
    handler: ({ db }) => policy(db),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/compliance/policy/propose`,
    summary: 'Propose to turn enforcement on or off {enforce, note}; one proposal at a time, and not the value in force (409, 3281)',
    tags,
    auth: 'admin',
    permission: 'placeComplianceHold',
    audit: 'compliance.policyPropose',
    body: ProposePolicyBody,
    response: PolicyView,
    handler: (ctx) => proposePolicy(changeOf(ctx, deps), ctx.body),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/compliance/policy/agree`,
    summary: 'Agree to the pending proposal: in force for every call after this answers. Not by its proposer (403, 3242); none pending is 409 (3281)',
    tags,
    auth: 'admin',
    permission: 'decideComplianceHold',
    audit: 'compliance.policyAgree',
    response: PolicyView,
    handler: (ctx) => agreePolicy(changeOf(ctx, deps)),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/compliance/policy/decline`,
    summary: 'Withdraw or decline the pending proposal; nothing changes. None pending is 409 (3281)',
    tags,
    auth: 'admin',
    permission: 'placeComplianceHold',
    audit: 'compliance.policyDecline',
    response: PolicyView,
    handler: (ctx) => declinePolicy(changeOf(ctx, deps)),
  });
}
