import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '../../access/permissions.ts';
import { INBOX_DECISIONS, INBOX_KINDS, InboxDecideFields, InboxQuery, decidePermission, inboxTotals, needsReceipt, receiptFieldOf } from '../inbox-schemas.ts';

describe('inbox rules', () => {
  it('each kind and decision needs the permission of its single-item route', () => {
    expect(INBOX_KINDS.flatMap((k) => INBOX_DECISIONS.map((d) => decidePermission(k, d)))).toEqual([
      'approveDepositRequest',
      'declineDepositRequest',
      'approveWithdrawalRequest',
      'declineWithdrawalRequest',
      'approveTransferRequest',
      'declineTransferRequest',
      'approveBankInfo',
      'declineBankInfo',
      // the finance desk's items: one permission decides both ways, as on their single-item routes
      'approveLedgerAdjustment',
      'approveLedgerAdjustment',
      'closeBusinessDay',
      'closeBusinessDay',
      'closeBusinessDay',
      'closeBusinessDay',
      'reopenBusinessDay',
      'reopenBusinessDay',
    ]);
    for (const k of INBOX_KINDS) for (const d of INBOX_DECISIONS) expect(ROLE_PERMISSIONS.superAdmin.has(decidePermission(k, d))).toBe(true);
  });

  it('only the approval of a payment request needs a receipt, named by its item', () => {
    expect(needsReceipt('deposit', 'approve')).toBe(true);
    expect(needsReceipt('deposit', 'decline')).toBe(false);
    expect(needsReceipt('bankAccount', 'approve')).toBe(false);
    expect(receiptFieldOf({ kind: 'transfer', id: 42 })).toBe('receipt.transfer.42');
  });

  it('totals a selection per currency and metal, exactly', () => {
    const totals = inboxTotals([
      { kind: 'deposit', amount: '0.10', quantity: null },
      { kind: 'withdrawal', amount: '0.20', quantity: null },
      { kind: 'transfer', amount: null, quantity: '1.0001' },
      { kind: 'bankAccount', amount: null, quantity: null },
    ]);
    expect(totals).toEqual({ MYR: '0.30', XAU: '1.0001', count: 4, byKind: { deposit: 1, withdrawal: 1, transfer: 1, bankAccount: 1 } });
    expect(inboxTotals([])).toMatchObject({ MYR: '0.00', XAU: '0.0000', count: 0 });
  });

  it('items: a JSON array of 1 to 200 distinct {kind, id}', () => {
    const parse = (items: string) => InboxDecideFields.safeParse({ decision: 'approve', items }).success;
    expect(parse(JSON.stringify([{ kind: 'deposit', id: 1 }, { kind: 'bankAccount', id: 1 }]))).toBe(true);
    expect(parse(JSON.stringify([{ kind: 'deposit', id: 1 }, { kind: 'deposit', id: 1 }]))).toBe(false);
    expect(parse('[]')).toBe(false);
    expect(parse('not json')).toBe(false);
    expect(parse(JSON.stringify([{ kind: 'order', id: 1 }]))).toBe(false);
    expect(parse(JSON.stringify(Array.from({ length: 201 }, (_, i) => ({ kind: 'deposit', id: i + 1 }))))).toBe(false);
  });

  it('pages go 10,000 items deep at most', () => {
    expect(InboxQuery.parse({})).toEqual({ page: 1, limit: 50 });
    expect(InboxQuery.safeParse({ page: '50', limit: '200' }).success).toBe(true);
    expect(InboxQuery.safeParse({ page: '51', limit: '200' }).success).toBe(false);
  });
});
