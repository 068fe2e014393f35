import type { FastifyInstance } from 'fastify';
import { DayCloseBody, DayCloseCheckAnswer, DayCloseQuery, DayClosesAnswer, DayCloseView, DayReopenBody, DayReopenParams } from '@aurum/domain/finance/day-close-schemas';
import { PeriodCloseBody, ProposalDeclineBody, ProposalParams, ProposalsAnswer, ProposalView } from '@aurum/domain/finance/period-schemas';
import { route } from '../../http/route.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import { closeDay, closesAnswer, dayCloseCheck } from './day-close-service.ts';
import { approveProposal, declineProposal, proposalList, proposePeriodClose, proposeReopen } from './period-service.ts';

const SECURE = '/v0/web/secure';
const tags = ['finance'];

/** The day close (decision 1001). */
export function registerDayCloseRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/ledger/closes`,
    summary: 'The closed business days (newest first), the last closed day, and the first day postings may still be dated in',
    tags,
    auth: 'admin',
    response: DayClosesAnswer,
    handler: ({ db }) => closesAnswer(db, deps.now()),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/ledger/closes/check`,
    summary:
      'What closing a business day (date=yyyy-MM-dd) would find now, nothing written: the stretch of journal it covers, why it cannot be closed (not ended, closed already, an earlier business day open), and its checks (balanced, customer books not below zero, metal books equal to the bars held)',
    tags,
    auth: 'admin',
    query: DayCloseQuery,
    response: DayCloseCheckAnswer,
    handler: ({ db, query }) => dayCloseCheck(db, query.date, deps.now()),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/ledger/closes`,
    summary:
      'Close a business day {date}: its checks must pass; the books are snapshotted at its end and the journal then refuses any entry dated in it (409, 3230). A day that cannot be closed is 422 (3231) with the reason, and nothing is closed',
    tags,
    auth: 'admin',
    permission: 'closeBusinessDay',
    audit: 'finance.dayClose',
    idempotent: true,
    body: DayCloseBody,
    response: DayCloseView,
    handler: (ctx) => closeDay(changeOf(ctx, deps), ctx.body.date),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/ledger/closes/:date/reopen`,
    summary:
      'Propose reopening a closed business day {reason} (superAdmin; a second superAdmin decides): approved, it reopens that day, every later closed day and the months they belong to. A day not closed, or of a closed year, is 422 (3231); a pending proposal for it 409 (3235)',
    tags,
    auth: 'admin',
    permission: 'reopenBusinessDay',
    audit: 'finance.reopenPropose',
    idempotent: true,
    params: DayReopenParams,
    body: DayReopenBody,
    response: ProposalView,
    handler: (ctx) => proposeReopen(changeOf(ctx, deps), ctx.params.date, ctx.body.reason),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/ledger/periods/close`,
    summary:
      "Propose closing a month {period: yyyy-MM} (every one of its days closed, the month before closed) or a year {period: yyyy} (its December closed): another closer approves it; a year's approval posts its income and expense into retained earnings, dated at the next year's first moment. Refusals are 422 (3231)",
    tags,
    auth: 'admin',
    permission: 'closeBusinessDay',
    audit: 'finance.periodPropose',
    idempotent: true,
    body: PeriodCloseBody,
    response: ProposalView,
    handler: (ctx) => proposePeriodClose(changeOf(ctx, deps), ctx.body.period),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/ledger/proposals`,
    summary: 'Closes of months and years and reopenings awaiting a second admin (oldest first, with what approving would do now), then the latest 50 decided',
    tags,
    auth: 'admin',
    response: ProposalsAnswer,
    handler: ({ db }) => proposalList(db),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/ledger/proposals/:id/approve`,
    summary: 'Approve a proposal another admin made (a close needs closeBusinessDay, a reopening reopenBusinessDay): the close or the reopening happens now. Its own proposer is 403 (1150); one decided already 409 (3234)',
    tags,
    auth: 'admin',
    permission: ['closeBusinessDay', 'reopenBusinessDay'],
    audit: 'finance.proposalApprove',
    idempotent: true,
    params: ProposalParams,
    response: ProposalView,
    handler: (ctx) => approveProposal(changeOf(ctx, deps), ctx.admin!.role, ctx.params.id),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/ledger/proposals/:id/decline`,
    summary: 'Decline a proposal another admin made {reason}',
    tags,
    auth: 'admin',
    permission: ['closeBusinessDay', 'reopenBusinessDay'],
    audit: 'finance.proposalDecline',
    idempotent: true,
    params: ProposalParams,
    body: ProposalDeclineBody,
    response: ProposalView,
    handler: (ctx) => declineProposal(changeOf(ctx, deps), ctx.admin!.role, ctx.params.id, ctx.body.reason),
  });
}
