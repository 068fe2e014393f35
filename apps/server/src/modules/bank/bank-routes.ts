import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BankAccountBody } from '@aurum/domain/users/user-schemas';
import { BankAccountView } from '@aurum/domain/users/user-views';
import { BankAccountExportQuery, BankAccountExportRow, csvColumnsOf } from '@aurum/domain/export/export-schemas';
import { route } from '../../http/route.ts';
import { EXPORT_BATCH, exportRoute } from '../../http/csv-export.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import { addBankAccount, bankAccountExportBatches, changeBankAccount, decideBank, deleteBankAccount } from './bank-service.ts';

const SECURE = '/v0/web/secure';
const PARAMS = z.object({ userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const tags = ['bank'];

export function registerBankRoutes(app: FastifyInstance, deps: AppDeps): void {
  exportRoute(app, deps, {
    list: 'bank_accounts',
    summary: "Every user's live bank account (pending, approved or declined; removed ones are gone) as a CSV attachment, by id; filters status, userId",
    tags: [...tags, 'export'],
    query: BankAccountExportQuery,
    columns: csvColumnsOf(BankAccountExportRow),
    rows: (db, query) => bankAccountExportBatches(db, query, EXPORT_BATCH),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/user/:userId/bank/add`,
    summary: "Add the user's bank account (pending until approved or declined); one already there is 409 (1004)",
    tags,
    auth: 'admin',
    permission: 'addBankInfo',
    audit: 'bank.add',
    params: PARAMS,
    body: BankAccountBody,
    response: BankAccountView,
    handler: async (ctx) => addBankAccount(changeOf(ctx, deps), ctx.params.userId, ctx.body),
  });

  route(app, deps, {
    method: 'PUT',
    url: `${SECURE}/user/:userId/bank/update`,
    summary: 'Change a pending or declined bank account (it becomes pending again); an approved one is 409 (3001)',
    tags,
    auth: 'admin',
    permission: 'updateBankInfo',
    audit: 'bank.update',
    params: PARAMS,
    body: BankAccountBody,
    response: BankAccountView,
    handler: async (ctx) => changeBankAccount(changeOf(ctx, deps), ctx.params.userId, ctx.body),
  });

  for (const d of [
    { path: 'approve', decision: 'approved', permission: 'approveBankInfo', audit: 'bank.approve' },
    { path: 'decline', decision: 'declined', permission: 'declineBankInfo', audit: 'bank.decline' },
  ] as const) {
    route(app, deps, {
      method: 'POST',
      url: `${SECURE}/user/:userId/bank/${d.path}`,
      summary: `${d.path === 'approve' ? 'Approve' : 'Decline'} a pending bank account: not by its submitter (403, 1150); decided already is 409 (3002)`,
      tags,
      auth: 'admin',
      permission: d.permission,
      audit: d.audit,
      params: PARAMS,
      response: BankAccountView,
      handler: async (ctx) => decideBank(changeOf(ctx, deps), ctx.params.userId, d.decision),
    });
  }

  route(app, deps, {
    method: 'DELETE',
    url: `${SECURE}/user/:userId/bank`,
    summary: "Remove the user's bank account (any status); the user may then add a new one",
    tags,
    auth: 'admin',
    permission: 'deleteBankInfo',
    audit: 'bank.delete',
    params: PARAMS,
    response: z.object({ id: z.number().int() }),
    handler: async (ctx) => deleteBankAccount(changeOf(ctx, deps), ctx.params.userId),
  });
}
