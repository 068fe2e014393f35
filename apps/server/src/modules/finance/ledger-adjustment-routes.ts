import type { FastifyInstance } from 'fastify';
import { AdjustmentBody, AdjustmentDeclineBody, AdjustmentParams, AdjustmentsAnswer, AdjustmentView } from '@aurum/domain/finance/ledger-adjustment-schemas';
import { route } from '../../http/route.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adjustmentList, approveAdjustment, declineAdjustment, proposeAdjustment } from './ledger-adjustment-service.ts';

const SECURE = '/v0/web/secure';
const tags = ['finance'];

/** Ledger adjustments, maker-checker (decision 1003). */
export function registerLedgerAdjustmentRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/ledger/adjustments`,
    summary: 'The ledger adjustments: pending ones (oldest first), then the latest decided',
    tags,
    auth: 'admin',
    response: AdjustmentsAnswer,
    handler: ({ db }) => adjustmentList(db),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/ledger/adjustments`,
    summary: 'Propose a ledger adjustment {postings: [{from, to, amount}] between house books of one unit, reason}: posted only when another admin approves it',
    tags,
    auth: 'admin',
    permission: 'proposeLedgerAdjustment',
    audit: 'finance.adjustmentPropose',
    body: AdjustmentBody,
    response: AdjustmentView,
    handler: (ctx) => proposeAdjustment(changeOf(ctx, deps), ctx.body),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/ledger/adjustments/:id/approve`,
    summary: "Approve another admin's adjustment: its entry is posted, dated in the first open day (403 1150 for one's own; 409 3232 once decided)",
    tags,
    auth: 'admin',
    permission: 'approveLedgerAdjustment',
    audit: 'finance.adjustmentApprove',
    params: AdjustmentParams,
    response: AdjustmentView,
    handler: (ctx) => approveAdjustment(changeOf(ctx, deps), ctx.params.id),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/ledger/adjustments/:id/decline`,
    summary: "Decline another admin's adjustment {reason}: nothing is posted (403 1150 for one's own; 409 3232 once decided)",
    tags,
    auth: 'admin',
    permission: 'approveLedgerAdjustment',
    audit: 'finance.adjustmentDecline',
    params: AdjustmentParams,
    body: AdjustmentDeclineBody,
    response: AdjustmentView,
    handler: (ctx) => declineAdjustment(changeOf(ctx, deps), ctx.params.id, ctx.body.reason),
  });
}
