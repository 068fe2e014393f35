import { describe, expect, it } from 'vitest';
import { RECEIPT_MAX_BYTES, checkReceipt, sniffImage } from '../receipt.ts';
import { RequestCreateFields, RequestListQuery, methodOf, requestCreateFieldsFor } from '../request-schemas.ts';
import { approvePostings, holdPostings, releasePostings } from '../request-postings.ts';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const EXE = Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]); // 'MZ': a Windows executable
const ELF = Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]);

describe('receipt rules', () => {
  it('sniffs PNG and JPEG by their first bytes only', () => {
    expect(sniffImage(PNG)).toBe('image/png');
    expect(sniffImage(JPEG)).toBe('image/jpeg');
    expect(sniffImage(EXE)).toBeNull();
    expect(sniffImage(PNG.slice(0, 7))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });

  it('accepts jpg, jpeg and png names with image content, typed by the content', () => {
    expect(checkReceipt({ filename: 'slip.png', size: 100, head: PNG })).toEqual({ ok: true, contentType: 'image/png', extension: 'png' });
    expect(checkReceipt({ filename: 'SLIP.JPEG', size: 100, head: JPEG })).toEqual({ ok: true, contentType: 'image/jpeg', extension: 'jpg' });
    expect(checkReceipt({ filename: 'a.b.jpg', size: 100, head: JPEG })).toMatchObject({ ok: true });
    // a PNG saved with a .jpg name is still a PNG
    expect(checkReceipt({ filename: 'slip.jpg', size: 100, head: PNG })).toMatchObject({ ok: true, contentType: 'image/png' });
  });

  it('refuses an executable renamed to .png, other names, empty and oversized files', () => {
    expect(checkReceipt({ filename: 'slip.png', size: 100, head: EXE })).toEqual({ ok: false, problem: 'content' });
    expect(checkReceipt({ filename: 'slip.png', size: 100, head: ELF })).toEqual({ ok: false, problem: 'content' });
    expect(checkReceipt({ filename: 'slip.gif', size: 100, head: PNG })).toEqual({ ok: false, problem: 'extension' });
    expect(checkReceipt({ filename: 'slip', size: 100, head: PNG })).toEqual({ ok: false, problem: 'extension' });
    expect(checkReceipt({ filename: 'slip.png.exe', size: 100, head: PNG })).toEqual({ ok: false, problem: 'extension' });
    expect(checkReceipt({ filename: 'slip.png', size: 0, head: new Uint8Array() })).toEqual({ ok: false, problem: 'empty' });
    expect(checkReceipt({ filename: 'slip.png', size: RECEIPT_MAX_BYTES, head: PNG })).toEqual({ ok: false, problem: 'tooLarge' });
    expect(checkReceipt({ filename: 'slip.png', size: RECEIPT_MAX_BYTES - 1, head: PNG })).toMatchObject({ ok: true });
    expect(checkReceipt({ filename: 'slip.png', size: 10, head: PNG, truncated: true })).toEqual({ ok: false, problem: 'tooLarge' });
  });
});

const firstPath = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) => r.error?.issues[0]?.path.join('.');

describe('request create fields', () => {
  it('accepts each kind with text values as multipart sends them', () => {
    expect(RequestCreateFields.parse({ action: 'deposit', userId: '3', type: 'myr', amount: '100.50', note: '' })).toEqual({
      action: 'deposit',
      userId: 3,
      type: 'MYR',
      amount: '100.50',
    });
    expect(RequestCreateFields.parse({ action: 'withdrawal', userId: '3', type: 'XAU', method: 'physicalGold', quantity: '1.2345' })).toMatchObject({
      quantity: '1.2345',
    });
    expect(RequestCreateFields.parse({ action: 'transfer', userId: '3', receiverUserId: '4', type: 'XAU', quantity: '2' })).toMatchObject({
      receiverUserId: 4,
    });
  });

  it('names the field that is wrong', () => {
    const bad = (body: Record<string, unknown>) => firstPath(RequestCreateFields.safeParse({ action: 'deposit', userId: '3', type: 'MYR', ...body }));
    expect(bad({ amount: '0' })).toBe('amount');
    expect(bad({ amount: '-5' })).toBe('amount');
    expect(bad({ amount: '1.234' })).toBe('amount');
    expect(bad({ amount: 'abc' })).toBe('amount');
    expect(bad({ amount: '10000000000' })).toBe('amount');
    expect(bad({})).toBe('amount');
    expect(bad({ amount: '1', quantity: '1' })).toBe('quantity');
    expect(bad({ type: 'XAU', quantity: '1.23456' })).toBe('quantity');
    expect(bad({ type: 'XAU', quantity: '0.0000' })).toBe('quantity');
    expect(bad({ amount: '1', method: 'physicalGold' })).toBe('method');
    expect(bad({ amount: '1', receiverUserId: '4' })).toBe('receiverUserId');
    expect(bad({ type: 'USD', amount: '1' })).toBe('type');
    expect(bad({ userId: 'x', amount: '1' })).toBe('userId');
    expect(bad({ action: 'refund', amount: '1' })).toBe('action');
    const transfer = (body: Record<string, unknown>) =>
      firstPath(RequestCreateFields.safeParse({ action: 'transfer', userId: '3', type: 'MYR', amount: '1', ...body }));
    expect(transfer({})).toBe('receiverUserId');
    expect(transfer({ receiverUserId: '3' })).toBe('receiverUserId');
    expect(transfer({ receiverUserId: '4', method: 'bankTransfer' })).toBe('method');
  });

  it('fixes the action of a per-kind route', () => {
    const deposit = requestCreateFieldsFor('deposit');
    expect(deposit.parse({ userId: '1', type: 'MYR', amount: '1' }).action).toBe('deposit');
    expect(firstPath(deposit.safeParse({ action: 'withdrawal', userId: '1', type: 'MYR', amount: '1' }))).toBe('action');
  });

  it('derives the method from the type', () => {
    expect(methodOf('deposit', 'MYR')).toBe('bankTransfer');
    expect(methodOf('withdrawal', 'XAU')).toBe('physicalGold');
    expect(methodOf('transfer', 'MYR')).toBeNull();
  });
});

describe('request list query', () => {
  it('reads filters and drops empty values', () => {
    expect(RequestListQuery.parse({ action: 'deposit', status: '', type: 'xau', userId: '7', createdAfter: '2026-01-01' })).toMatchObject({
      action: 'deposit',
      type: 'XAU',
      userId: 7,
      createdAfter: '2026-01-01',
      page: 1,
      limit: 10,
    });
    expect(RequestListQuery.safeParse({ createdBefore: 'yesterday' }).success).toBe(false);
    expect(RequestListQuery.safeParse({ status: 'done' }).success).toBe(false);
  });
});

describe('request postings', () => {
  const base = { userId: 5, receiverUserId: null, value: '10.00', type: 'MYR' as const };
  it('holds withdrawals and transfers, not deposits', () => {
    expect(holdPostings({ ...base, action: 'deposit' })).toEqual([]);
    expect(holdPostings({ ...base, action: 'withdrawal' })).toEqual([{ from: 'user:5:fund', to: 'user:5:fundHeld', asset: 'MYR', amount: '10.00' }]);
    expect(holdPostings({ ...base, action: 'transfer', type: 'XAU', value: '1.5000', receiverUserId: 6 })).toEqual([
      { from: 'user:5:gold', to: 'user:5:goldHeld', asset: 'XAU', amount: '1.5000' },
    ]);
  });
  it('posts approvals from or to the house, or to the receiver', () => {
    expect(approvePostings({ ...base, action: 'deposit' })).toEqual([{ from: 'house:bank', to: 'user:5:fund', asset: 'MYR', amount: '10.00' }]);
    expect(approvePostings({ ...base, action: 'deposit', type: 'XAU' })).toEqual([{ from: 'house:vault', to: 'user:5:gold', asset: 'XAU', amount: '10.00' }]);
    expect(approvePostings({ ...base, action: 'withdrawal' })).toEqual([{ from: 'user:5:fundHeld', to: 'house:bank', asset: 'MYR', amount: '10.00' }]);
    expect(approvePostings({ ...base, action: 'transfer', receiverUserId: 6 })).toEqual([
      { from: 'user:5:fundHeld', to: 'user:6:fund', asset: 'MYR', amount: '10.00' },
    ]);
    expect(() => approvePostings({ ...base, action: 'transfer' })).toThrow();
  });
  it('releases exactly what it held', () => {
    expect(releasePostings({ ...base, action: 'withdrawal' })).toEqual([{ from: 'user:5:fundHeld', to: 'user:5:fund', asset: 'MYR', amount: '10.00' }]);
    expect(releasePostings({ ...base, action: 'deposit' })).toEqual([]);
  });
});
