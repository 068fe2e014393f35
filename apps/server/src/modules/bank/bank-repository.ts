import type { BankAccountBody } from '@aurum/domain/users/user-schemas';
import type { BankAccountView } from '@aurum/domain/users/user-views';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

const selectBank = (q: Queryable) =>
  kysely(q)
    .selectFrom('bank_accounts as b')
    .leftJoin('admins as s', 's.id', 'b.submitted_by')
    .leftJoin('admins as d', 'd.id', 'b.decided_by')
    .select([
      'b.id',
      'b.user_id',
      'b.bank_name',
      'b.account_owner',
      'b.account_number',
      'b.status',
      'b.submitted_by',
      's.username as submitter',
      'b.submitted_at',
      'd.username as decider',
      'b.decided_at',
      'b.approved_at',
    ]);

export type BankRow = Awaited<ReturnType<ReturnType<typeof selectBank>['executeTakeFirstOrThrow']>>;

/** The user's live bank account (any status but removed), if any. */
export async function findBankAccount(q: Queryable, userId: number): Promise<BankRow | undefined> {
  return selectBank(q).where('b.user_id', '=', userId).where('b.status', '<>', 'removed').executeTakeFirst();
}

export async function findBankAccountById(q: Queryable, id: number): Promise<BankRow | undefined> {
  return selectBank(q).where('b.id', '=', id).executeTakeFirst();
}

export function toBankView(r: BankRow): BankAccountView {
  return {
    id: r.id,
    bankName: r.bank_name,
    accountOwner: r.account_owner,
    accountNumber: r.account_number,
    // a CHECK list in the schema; a removed account is never read through here
    status: r.status as BankAccountView['status'],
    submittedBy: r.submitter,
    submittedById: r.submitted_by,
    submittedAt: r.submitted_at.toISOString(),
    decidedBy: r.decider,
    decidedAt: r.decided_at?.toISOString() ?? null,
    approvedAt: r.approved_at?.toISOString() ?? null,
  };
}

/**
 * One keyset batch of live bank accounts (not removed) by id, after `after`, with their users'
 * usernames: the bank accounts export.
 */
export async function bankAccountBatch(
  q: Queryable,
  filter: { status?: string | undefined; userId?: number | undefined },
  after: number,
  limit: number,
): Promise<Array<BankRow & { username: string }>> {
  return selectBank(q)
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select('u.username')
    .where('b.status', '<>', 'removed')
    .$if(filter.status !== undefined, (qb) => qb.where('b.status', '=', filter.status!))
    .$if(filter.userId !== undefined, (qb) => qb.where('b.user_id', '=', filter.userId!))
    .where('b.id', '>', after)
    .orderBy('b.id')
    .limit(limit)
    .execute();
}

/** Adds a pending bank account; null when the user already has a live one (the unique index decides). */
export async function insertBankAccount(q: Queryable, userId: number, b: BankAccountBody, by: number, at: Date): Promise<number | null> {
  const row = await kysely(q)
    .insertInto('bank_accounts')
    .values({ user_id: userId, bank_name: b.bankName, account_owner: b.accountOwner, account_number: b.accountNumber, submitted_by: by, submitted_at: at })
    .onConflict((oc) => oc.column('user_id').where('status', '<>', 'removed').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Changes a pending or declined account, which becomes pending again; false when it is approved. */
export async function updateBankAccount(q: Queryable, id: number, b: BankAccountBody, by: number, at: Date): Promise<boolean> {
  const row = await kysely(q)
    .updateTable('bank_accounts')
    .set({
      bank_name: b.bankName,
      account_owner: b.accountOwner,
      account_number: b.accountNumber,
      status: 'pending',
      submitted_by: by,
      submitted_at: at,
      decided_by: null,
      decided_at: null,
      approved_at: null,
    })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'declined'])
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function removeBankAccount(q: Queryable, id: number, by: number, at: Date): Promise<void> {
  await kysely(q).updateTable('bank_accounts').set({ status: 'removed', removed_by: by, removed_at: at }).where('id', '=', id).execute();
}

/**
 * Decides a pending bank account in one conditional UPDATE: of two concurrent decisions exactly
 * one finds it pending. The submitter never decides (maker-checker). Null when nothing changed.
 */
export async function decideBankAccount(
  q: Queryable,
  id: number,
  decision: 'approved' | 'declined',
  by: number,
  at: Date,
): Promise<number | null> {
  const row = await kysely(q)
    .updateTable('bank_accounts')
    .set({ status: decision, decided_by: by, decided_at: at, approved_at: decision === 'approved' ? at : null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('submitted_by', 'is distinct from', by)
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Bank accounts awaiting a decision, oldest submission first (ties by id), with their user's name. */
export async function pendingBankAccounts(q: Queryable, limit: number): Promise<Array<BankRow & { username: string }>> {
  return selectBank(q)
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select('u.username')
    .where('b.status', '=', 'pending')
    .orderBy('b.submitted_at', 'asc')
    .orderBy('b.id', 'asc')
    .limit(limit)
    .execute();
}

/** How many bank accounts await a decision, and how many of them `adminId` did not submit. */
export async function countPendingBankAccounts(q: Queryable, adminId: number): Promise<{ total: number; decidable: number }> {
  const row = await kysely(q)
    .selectFrom('bank_accounts as b')
    .where('b.status', '=', 'pending')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.countAll<number>().filterWhere('b.submitted_by', 'is distinct from', adminId).as('decidable'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), decidable: Number(row.decidable) };
}
