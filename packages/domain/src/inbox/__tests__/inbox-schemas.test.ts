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

  it('totals a selection per kind, exactly, never summing a deposit with a withdrawal or a transfer', () => {
    const totals = inboxTotals([
      { kind: 'withdrawal', amount: '10000.00', quantity: null },
      { kind: 'deposit', amount: '2000.00', quantity: null },
      { kind: 'deposit', amount: '0.10', quantity: null },
      { kind: 'transfer', amount: '500.00', quantity: null },
      { kind: 'transfer', amount: null, quantity: '1.0001' },
      { kind: 'bankAccount', amount: null, quantity: null },
    ]);
    expect(totals).toEqual({
      count: 6,
      kinds: [
        { kind: 'deposit', count: 2, MYR: '2000.10', XAU: null },
        { kind: 'withdrawal', count: 1, MYR: '10000.00', XAU: null },
        { kind: 'transfer', count: 2, MYR: '500.00', XAU: '1.0001' },
        { kind: 'bankAccount', count: 1, MYR: null, XAU: null },
      ],
    });
    expect(inboxTotals([])).toEqual({ count: 0, kinds: [] });
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
