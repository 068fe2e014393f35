import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { SELF_APPROVAL_REFUSED, mayDecide } from '@aurum/domain/access/maker-checker';
import { BankAccountBody } from '@aurum/domain/users/user-schemas';
import { BankAccountView } from '@aurum/domain/users/user-views';
import { route } from '../../http/route.ts';
import { appError, notFound } from '../../http/app-error.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Queryable } from '../../db/db.ts';
import { lockUser } from '../users/user-repository.ts';
import { decideBankAccount, findBankAccount, findBankAccountById, insertBankAccount, toBankView, type BankRow } from './bank-repository.ts';

const SECURE = '/v0/web/secure';
const PARAMS = z.object({ userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const tags = ['bank'];

export const BANK_CONTEXT = {
  approved: 'An approved bank account cannot be changed; remove it and add a new one.',
  notPending: 'This bank account is no longer pending; it has already been approved or declined.',
} as const;

const bankExists = () => appError(ErrorCode.BankAccountExists);
const notPending = () => appError(ErrorCode.BankAccountNotPending, BANK_CONTEXT.notPending);
const selfApproval = () => appError(ErrorCode.Forbidden, SELF_APPROVAL_REFUSED);

async function liveBankAccount(q: Queryable, userId: number): Promise<BankRow> {
  const bank = await findBankAccount(q, userId);
  if (!bank) throw notFound('bank account');
  return bank;
}

export function registerBankRoutes(app: FastifyInstance, deps: AppDeps): void {
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
    handler: async ({ db, params, body, admin, audit }) => {
      const user = await lockUser(db, params.userId);
      const id = await insertBankAccount(db, user.id, body, admin!.id, deps.now());
      if (id === null) throw bankExists();
      const after = toBankView((await findBankAccountById(db, id))!);
      audit.note('userId', user.id);
      audit.after(after);
      return after;
    },
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
    handler: async ({ db, params, body, admin, audit }) => {
      const user = await lockUser(db, params.userId);
      const before = await liveBankAccount(db, user.id);
      const rows = await db.query<{ id: number }>(
        `UPDATE bank_accounts SET bank_name = $2, account_owner = $3, account_number = $4, status = 'pending',
           submitted_by = $5, submitted_at = $6, decided_by = NULL, decided_at = NULL, approved_at = NULL
         WHERE id = $1 AND status IN ('pending', 'declined') RETURNING id`,
        [before.id, body.bankName, body.accountOwner, body.accountNumber, admin!.id, deps.now()],
      );
      if (!rows[0]) throw appError(ErrorCode.BankAccountApproved, BANK_CONTEXT.approved);
      const after = toBankView((await findBankAccountById(db, before.id))!);
      audit.note('userId', user.id);
      audit.before(toBankView(before));
      audit.after(after);
      return after;
    },
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
      handler: async ({ db, params, admin, audit }) => {
        const bank = await liveBankAccount(db, params.userId);
        if (!mayDecide({ submittedBy: bank.submitted_by }, admin!.id)) throw selfApproval();
        const decided = await decideBankAccount(db, bank.id, d.decision, admin!.id, deps.now());
        if (decided === null) {
          // another decision or an update got there first: tell which
          const now = await findBankAccountById(db, bank.id);
          if (now && now.status === 'pending' && !mayDecide({ submittedBy: now.submitted_by }, admin!.id)) throw selfApproval();
          throw notPending();
        }
        const after = toBankView((await findBankAccountById(db, bank.id))!);
        audit.note('userId', params.userId);
        audit.before(toBankView(bank));
        audit.after(after);
        return after;
      },
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
    handler: async ({ db, params, admin, audit }) => {
      const user = await lockUser(db, params.userId);
      const bank = await liveBankAccount(db, user.id);
      await db.query("UPDATE bank_accounts SET status = 'removed', removed_by = $2, removed_at = $3 WHERE id = $1", [
        bank.id,
        admin!.id,
        deps.now(),
      ]);
      audit.note('userId', user.id);
      audit.before(toBankView(bank));
      return { id: bank.id };
    },
  });
}
