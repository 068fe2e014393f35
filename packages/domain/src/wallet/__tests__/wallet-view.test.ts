import { describe, expect, it } from 'vitest';
import { houseAccount, userAccount } from '../ledger.ts';
import { WalletHistoryQuery, isWalletEmpty, userLines } from '../wallet-view.ts';
import { phoneKey } from '../../users/user-schemas.ts';

describe('wallet view', () => {
  it('reads a posting from the user: in positive, out negative, at the asset scale', () => {
    expect(userLines({ from: houseAccount('bank'), to: userAccount(7, 'fund'), asset: 'MYR', amount: '10.5' }, 7)).toEqual([
      { book: 'fund', amount: '10.50' },
    ]);
    expect(userLines({ from: userAccount(7, 'gold'), to: houseAccount('vault'), asset: 'XAU', amount: '1.25' }, 7)).toEqual([
      { book: 'gold', amount: '-1.2500' },
    ]);
    // a move between two books of the user gives two lines; another user's posting gives none
    expect(userLines({ from: userAccount(7, 'fund'), to: userAccount(7, 'fundHeld'), asset: 'MYR', amount: '3' }, 7)).toEqual([
      { book: 'fund', amount: '-3.00' },
      { book: 'fundHeld', amount: '3.00' },
    ]);
    expect(userLines({ from: userAccount(8, 'fund'), to: userAccount(7, 'fund'), asset: 'MYR', amount: '3' }, 9)).toEqual([]);
  });

  it('tells an empty wallet', () => {
    const zero = { fund: '0.00', gold: '0.0000', credit: '0.00', fundHeld: '0.00', goldHeld: '0.0000' };
    expect(isWalletEmpty(zero)).toBe(true);
    expect(isWalletEmpty({ ...zero, credit: '0.01' })).toBe(false);
    expect(isWalletEmpty({ ...zero, goldHeld: '0.0001' })).toBe(false);
  });

  it('pages the history with defaults', () => {
    expect(WalletHistoryQuery.parse({})).toEqual({ page: 1, limit: 10 });
    expect(WalletHistoryQuery.parse({ page: '2', limit: '' })).toEqual({ page: 2, limit: 10 });
    expect(WalletHistoryQuery.safeParse({ limit: '0' }).success).toBe(false);
  });

  it('identifies a phone by country code and number together', () => {
    expect(phoneKey({ countryCode: '60', number: '123456789' })).toBe(phoneKey({ countryCode: '601', number: '23456789' }));
  });
});
