import type { FastifyInstance } from 'fastify';
import { DayCloseBody, DayCloseCheckAnswer, DayCloseQuery, DayClosesAnswer, DayCloseView, DayReopenBody, DayReopenParams } from '@aurum/domain/finance/day-close-schemas';
import { route } from '../../http/route.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import { closeDay, closesAnswer, dayCloseCheck, reopenDay } from './day-close-service.ts';

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
    body: DayCloseBody,
    response: DayCloseView,
    handler: (ctx) => closeDay(changeOf(ctx, deps), ctx.body.date),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/ledger/closes/:date/reopen`,
    summary: 'Reopen the latest closed day {reason} (superAdmin; audited): its snapshot goes and entries may be dated in it again. Any other day is 422 (3231)',
    tags,
    auth: 'admin',
    permission: 'reopenBusinessDay',
    audit: 'finance.dayReopen',
    params: DayReopenParams,
    body: DayReopenBody,
    response: DayClosesAnswer,
    handler: (ctx) => reopenDay(changeOf(ctx, deps), ctx.params.date, ctx.body.reason),
  });
}
