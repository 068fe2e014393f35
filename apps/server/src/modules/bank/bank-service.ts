import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { SELF_APPROVAL_REFUSED, mayDecide } from '@aurum/domain/access/maker-checker';
import type { BankAccountBody } from '@aurum/domain/users/user-schemas';
import type { BankAccountView } from '@aurum/domain/users/user-views';
import type { BankAccountExportQuery, BankAccountExportRow } from '@aurum/domain/export/export-schemas';
import { appError, notFound } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { lockUser } from '../users/user-service.ts';
import { refuseIfHeld } from '../compliance/gate-service.ts';
import {
  countPendingBankAccounts,
  bankAccountBatch,
  decideBankAccount,
  findBankAccount,
  findBankAccountById,
  insertBankAccount,
  pendingBankAccounts,
  removeBankAccount,
  toBankView,
  updateBankAccount,
  type BankRow,
} from './bank-repository.ts';

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

/** The user's live bank account as the API shows it, or null. */
export async function bankAccountView(q: Queryable, userId: number): Promise<BankAccountView | null> {
  const bank = await findBankAccount(q, userId);
  return bank ? toBankView(bank) : null;
}

/** Every live bank account matching the filter, by id, in keyset batches: the bank accounts export. */
export async function* bankAccountExportBatches(q: Queryable, filter: BankAccountExportQuery, batch: number): AsyncGenerator<BankAccountExportRow[]> {
  for (let after = 0; ; ) {
    const rows = await bankAccountBatch(q, filter, after, batch);
    if (rows.length === 0) return;
    yield rows.map((r) => ({ userId: r.user_id, username: r.username, ...toBankView(r) }));
    if (rows.length < batch) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** Whether the user has an approved bank account (a MYR withdrawal needs one). */
export async function hasApprovedBankAccount(q: Queryable, userId: number): Promise<boolean> {
  return (await findBankAccount(q, userId))?.status === 'approved';
}

export async function addBankAccount(c: Change, userId: number, body: BankAccountBody): Promise<BankAccountView> {
  const user = await lockUser(c.q, userId);
  // a held or frozen customer's bank accounts do not change (decision 1101): read under the user's row lock, which a hold takes too
  await refuseIfHeld(c.q, [user.id]);
  const id = await insertBankAccount(c.q, user.id, body, c.by, c.now);
  if (id === null) throw bankExists();
  const after = toBankView((await findBankAccountById(c.q, id))!);
  c.audit.note('userId', user.id);
  c.audit.after(after);
  await inboxChanged(c);
  return after;
}

export async function changeBankAccount(c: Change, userId: number, body: BankAccountBody): Promise<BankAccountView> {
  const user = await lockUser(c.q, userId);
  await refuseIfHeld(c.q, [user.id]);
  const before = await liveBankAccount(c.q, user.id);
  if (!(await updateBankAccount(c.q, before.id, body, c.by, c.now))) throw appError(ErrorCode.BankAccountApproved, BANK_CONTEXT.approved);
  const after = toBankView((await findBankAccountById(c.q, before.id))!);
  c.audit.note('userId', user.id);
  c.audit.before(toBankView(before));
  c.audit.after(after);
  await inboxChanged(c);
  return after;
}

export { countPendingBankAccounts, pendingBankAccounts };

/** Tells every console that what awaits a decision changed (the inbox badge), on commit. */
const inboxChanged = (c: Change) => c.events.publish(c.q, { kind: 'inbox' });

/** Approves or declines a pending account: not by its submitter (maker-checker by admin id). */
export async function decideBank(c: Change, userId: number, decision: 'approved' | 'declined'): Promise<BankAccountView> {
  return decideBankRow(c, await liveBankAccount(c.q, userId), decision);
}

/** decideBank by the account's id (the inbox's items): 404 when it is unknown or removed. */
export async function decideBankById(c: Change, bankAccountId: number, decision: 'approved' | 'declined'): Promise<BankAccountView> {
  const bank = await findBankAccountById(c.q, bankAccountId);
  if (!bank || bank.status === 'removed') throw notFound('bank account');
  return decideBankRow(c, bank, decision);
}

async function decideBankRow(c: Change, bank: BankRow, decision: 'approved' | 'declined'): Promise<BankAccountView> {
  const userId = bank.user_id;
  if (!mayDecide({ submittedBy: bank.submitted_by }, c.by)) throw selfApproval();
  if (decision === 'approved') {
    // no account of a held or frozen customer becomes one money may leave to
    await lockUser(c.q, userId);
    await refuseIfHeld(c.q, [userId]);
  }
  const decided = await decideBankAccount(c.q, bank.id, decision, c.by, c.now);
  if (decided === null) {
    // another decision or an update got there first: tell which
    const now = await findBankAccountById(c.q, bank.id);
    if (now && now.status === 'pending' && !mayDecide({ submittedBy: now.submitted_by }, c.by)) throw selfApproval();
    throw notPending();
  }
  const after = toBankView((await findBankAccountById(c.q, bank.id))!);
  c.audit.note('userId', userId);
  c.audit.before(toBankView(bank));
  c.audit.after(after);
  await inboxChanged(c);
  return after;
}

export async function deleteBankAccount(c: Change, userId: number): Promise<{ id: number }> {
  const user = await lockUser(c.q, userId);
  await refuseIfHeld(c.q, [user.id]);
  const bank = await liveBankAccount(c.q, user.id);
  await removeBankAccount(c.q, bank.id, c.by, c.now);
  c.audit.note('userId', user.id);
  c.audit.before(toBankView(bank));
  if (bank.status === 'pending') await inboxChanged(c);
  return { id: bank.id };
}
