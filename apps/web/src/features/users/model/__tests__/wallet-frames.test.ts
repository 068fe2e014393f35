import { describe, expect, it } from 'vitest';
import type { RequestView } from '@aurum/domain/assets/request-schemas';
import { touchesWallet } from '../wallet-frames.ts';

const request = (over: Partial<RequestView>) => ({ type: 'RequestUpdated', data: { userId: 1, sender: null, receiver: null, ...over } as RequestView }) as const;

describe("which live frames change a user's wallet", () => {
  it('a request of the user, as its owner, sender or receiver', () => {
    expect(touchesWallet(request({ userId: 7 }), 7)).toBe(true);
    expect(touchesWallet(request({ userId: 3, receiver: { id: 7, username: 'r' } }), 7)).toBe(true);
    expect(touchesWallet(request({ userId: 3, sender: { id: 7, username: 's' } }), 7)).toBe(true);
    expect(touchesWallet(request({ userId: 3, receiver: { id: 4, username: 'r' } }), 7)).toBe(false);
  });

  it("an order of the user's, of any kind of order frame; nothing else", () => {
    for (const type of ['Market', 'Limit', 'OrderUpdated'] as const) {
      expect(touchesWallet({ type, data: { id: 1, userId: 7 } }, 7)).toBe(true);
      expect(touchesWallet({ type, data: { id: 1, userId: 8 } }, 7)).toBe(false);
    }
    expect(touchesWallet({ type: 'InboxChanged', data: {} }, 7)).toBe(false);
    expect(touchesWallet({ type: 'Resync', data: {} }, 7)).toBe(false);
  });
});
