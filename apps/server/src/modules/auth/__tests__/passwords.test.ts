import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../passwords.ts';

describe('password hashing (DECISIONS.md §9)', () => {
  it('stores argon2id with 19 MiB and 2 passes and a fresh salt each time', async () => {
    const a = await hashPassword('Abcdef1!');
    const b = await hashPassword('Abcdef1!');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });
  it('verifies the right password only', async () => {
    const h = await hashPassword('Abcdef1!');
    expect(await verifyPassword('Abcdef1!', h)).toBe(true);
    expect(await verifyPassword('Abcdef1?', h)).toBe(false);
    expect(await verifyPassword('Abcdef1!', 'plain-text')).toBe(false);
    expect(await verifyPassword('Abcdef1!', h.replace('argon2id', 'argon2i'))).toBe(false);
  });
});
