import { describe, expect, it } from 'vitest';
import type { RequestView } from '@aurum/domain/assets/request-schemas';
import { approvalEffect, holdEffect } from '../request-effect.ts';

const request = (over: Partial<RequestView>): RequestView => ({
  id: 17,
  action: 'deposit',
  method: 'bankTransfer',
  type: 'MYR',
  amount: '2000.00',
  quantity: null,
  status: 'pending',
  userId: 1,
  sender: null,
  receiver: { id: 1, username: 'aminah' },
  note: null,
  submittedBy: 'financemaker',
  submittedById: 3,
  verifiedBy: null,
  declineReason: null,
  userReceiptUrl: null,
  verifiedReceiptUrl: null,
  createdAt: '2026-11-28T02:00:00.000Z',
  decidedAt: null,
  ...over,
});
const wallet = (over: Partial<Record<'fund' | 'gold' | 'credit' | 'fundHeld' | 'goldHeld', string>> = {}) => ({ fund: '25000.00', gold: '120.5000', credit: '0.00', fundHeld: '0.00', goldHeld: '0.0000', ...over });
const wallets = new Map([
  [1, { username: 'aminah', wallet: wallet({ fundHeld: '500.00', goldHeld: '2.0000' }) }],
  [2, { username: 'kumar', wallet: wallet({ fund: '10.00', gold: '0.0000' }) }],
]);

describe('what approving a request does to the wallets', () => {
  it('a deposit raises the fund by its amount', () => {
    expect(approvalEffect(request({}), wallets)).toEqual([{ userId: 1, username: 'aminah', book: 'fund', before: '25000.00', after: '27000.00' }]);
  });

  it('a withdrawal takes its held value out; the free fund does not move (it was held when asked)', () => {
    expect(approvalEffect(request({ action: 'withdrawal', amount: '500.00', sender: { id: 1, username: 'aminah' }, receiver: null }), wallets)).toEqual([
      { userId: 1, username: 'aminah', book: 'fundHeld', before: '500.00', after: '0.00' },
    ]);
  });

  it("a gold transfer moves the sender's held grams to the receiver's gold", () => {
    const transfer = request({ action: 'transfer', type: 'XAU', amount: null, quantity: '2.0000', sender: { id: 1, username: 'aminah' }, receiver: { id: 2, username: 'kumar' } });
    expect(approvalEffect(transfer, wallets)).toEqual([
      { userId: 1, username: 'aminah', book: 'goldHeld', before: '2.0000', after: '0.0000' },
      { userId: 2, username: 'kumar', book: 'gold', before: '0.0000', after: '2.0000' },
    ]);
  });

  it("is unknown until every wallet it touches is loaded, or when the held value is no longer there", () => {
    const transfer = request({ action: 'transfer', type: 'XAU', amount: null, quantity: '2.0000', sender: { id: 1, username: 'aminah' }, receiver: { id: 2, username: 'kumar' } });
    expect(approvalEffect(transfer, new Map([[1, wallets.get(1)!]]))).toBeNull();
    expect(approvalEffect(request({ action: 'withdrawal', amount: '600.00', receiver: null }), wallets)).toBeNull();
  });

  it('asking for a withdrawal or transfer holds its value at once; a deposit holds nothing', () => {
    const aminah = wallets.get(1)!;
    expect(holdEffect({ action: 'withdrawal', type: 'MYR', value: '1000.00', userId: 1, receiverUserId: null }, aminah)).toEqual([
      { userId: 1, username: 'aminah', book: 'fund', before: '25000.00', after: '24000.00' },
      { userId: 1, username: 'aminah', book: 'fundHeld', before: '500.00', after: '1500.00' },
    ]);
    expect(holdEffect({ action: 'deposit', type: 'MYR', value: '1000.00', userId: 1, receiverUserId: null }, null)).toEqual([]);
    // unknown wallet, or more than it holds
    expect(holdEffect({ action: 'transfer', type: 'XAU', value: '1.0000', userId: 1, receiverUserId: 2 }, null)).toBeNull();
    expect(holdEffect({ action: 'withdrawal', type: 'XAU', value: '500.0000', userId: 1, receiverUserId: null }, aminah)).toBeNull();
  });
});
