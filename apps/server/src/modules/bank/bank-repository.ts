import type { BankAccountBody } from '@aurum/domain/users/user-schemas';
import type { BankAccountView } from '@aurum/domain/users/user-views';
import type { Queryable } from '../../db/db.ts';

export interface BankRow {
  id: number;
  user_id: number;
  bank_name: string;
  account_owner: string;
  account_number: string;
  status: 'pending' | 'approved' | 'declined';
  submitted_by: number | null;
  submitter: string | null;
  submitted_at: Date;
  decider: string | null;
  decided_at: Date | null;
  approved_at: Date | null;
}

const SELECT = `SELECT b.id, b.user_id, b.bank_name, b.account_owner, b.account_number, b.status, b.submitted_by,
    s.username AS submitter, b.submitted_at, d.username AS decider, b.decided_at, b.approved_at
  FROM bank_accounts b LEFT JOIN admins s ON s.id = b.submitted_by LEFT JOIN admins d ON d.id = b.decided_by`;

/** The user's live bank account (any status but removed), if any. */
export async function findBankAccount(q: Queryable, userId: number): Promise<BankRow | undefined> {
  const rows = await q.query<BankRow>(`${SELECT} WHERE b.user_id = $1 AND b.status <> 'removed'`, [userId]);
  return rows[0];
}

export async function findBankAccountById(q: Queryable, id: number): Promise<BankRow | undefined> {
  const rows = await q.query<BankRow>(`${SELECT} WHERE b.id = $1`, [id]);
  return rows[0];
}

export function toBankView(r: BankRow): BankAccountView {
  return {
    id: r.id,
    bankName: r.bank_name,
    accountOwner: r.account_owner,
    accountNumber: r.account_number,
    status: r.status,
    submittedBy: r.submitter,
    submittedById: r.submitted_by,
    submittedAt: r.submitted_at.toISOString(),
    decidedBy: r.decider,
    decidedAt: r.decided_at?.toISOString() ?? null,
    approvedAt: r.approved_at?.toISOString() ?? null,
  };
}

/** Adds a pending bank account; null when the user already has a live one (the unique index decides). */
export async function insertBankAccount(q: Queryable, userId: number, b: BankAccountBody, by: number, at: Date): Promise<number | null> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO bank_accounts (user_id, bank_name, account_owner, account_number, submitted_by, submitted_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id) WHERE status <> 'removed' DO NOTHING RETURNING id`,
    [userId, b.bankName, b.accountOwner, b.accountNumber, by, at],
  );
  return rows[0]?.id ?? null;
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
  const rows = await q.query<{ id: number }>(
    `UPDATE bank_accounts SET status = $2, decided_by = $3, decided_at = $4,
       approved_at = CASE WHEN $2 = 'approved' THEN $4::timestamptz END
     WHERE id = $1 AND status = 'pending' AND submitted_by IS DISTINCT FROM $3
     RETURNING id`,
    [id, decision, by, at],
  );
  return rows[0]?.id ?? null;
}
