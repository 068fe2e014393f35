import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@aurum/domain/access/permissions';
import { REQUEST_ACTIONS } from '@aurum/domain/assets/request-schemas';
import { actionOf, decisionBlock, requestListPath, requestPermission, requestValue, statusBadge } from '../request-labels.ts';

describe('request labels', () => {
  it('reads the kind from the action parameter', () => {
    expect(actionOf('deposit')).toBe('deposit');
    expect(actionOf('transfer')).toBe('transfer');
    expect(actionOf('Deposit')).toBeNull();
    expect(actionOf(null)).toBeNull();
  });

  it('names permissions as the server routes do, every one a known permission', () => {
    expect(requestPermission('submit', 'transfer')).toBe('submitTransferRequest');
    expect(requestPermission('approve', 'withdrawal')).toBe('approveWithdrawalRequest');
    expect(requestPermission('decline', 'deposit')).toBe('declineDepositRequest');
    for (const action of REQUEST_ACTIONS) for (const step of ['submit', 'approve', 'decline'] as const) expect(PERMISSIONS).toContain(requestPermission(step, action));
  });

  it('badges by status and shows the value in its unit', () => {
    expect(statusBadge('approved')).toBe('approved');
    expect(statusBadge('declined')).toBe('declined');
    expect(statusBadge('pending')).toBe('pending');
    expect(requestValue({ type: 'MYR', amount: '12345.5', quantity: null })).toBe('12,345.50 MYR');
    expect(requestValue({ type: 'XAU', amount: null, quantity: '3' })).toBe('3.0000 g');
  });

  it('blocks deciding what is not pending or was submitted by the same admin', () => {
    // by admin id (maker-checker), as the server compares: financemaker is 3, financeapprover 4
    expect(decisionBlock({ status: 'pending', submittedById: 3 }, 4)).toBeNull();
    expect(decisionBlock({ status: 'pending', submittedById: 4 }, 4)).toBe('ownSubmission');
    expect(decisionBlock({ status: 'approved', submittedById: 3 }, 4)).toBe('notPending');
    // no recorded submitter never blocks
    expect(decisionBlock({ status: 'pending', submittedById: null }, 4)).toBeNull();
  });

  it('links to the filtered list', () => {
    expect(requestListPath('deposit', { status: 'pending' })).toBe('/asset/?action=deposit&status=pending');
  });
});
