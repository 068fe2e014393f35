import { describe, expect, it } from 'vitest';
import { bankBadge } from '../user-labels.ts';

describe('bank status badge', () => {
  it('maps each status to its badge variant; no account is gray', () => {
    expect(bankBadge('approved')).toBe('approved');
    expect(bankBadge('declined')).toBe('declined');
    expect(bankBadge('pending')).toBe('pending');
    expect(bankBadge(null)).toBe('gray');
  });
});
