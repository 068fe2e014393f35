import { describe, expect, it } from 'vitest';
import { duplicateOfIndex } from '../user-repository.ts';
import { escapeLike } from '../../../db/query-builder.ts';
import { violatedIndex } from '../../../db/unique-violation.ts';

describe('people helpers', () => {
  it('escapes LIKE wildcards', () => {
    expect(escapeLike('a_b%c\\d')).toBe('a\\_b\\%c\\\\d');
    expect(escapeLike('plain')).toBe('plain');
  });

  it('reads the violated unique index from either driver', () => {
    expect(violatedIndex({ code: '23505', constraint: 'users_email_key' })).toBe('users_email_key');
    expect(violatedIndex({ code: '23505', message: 'duplicate key value violates unique constraint "users_phone_key"' })).toBe('users_phone_key');
    expect(violatedIndex({ code: '23503', constraint: 'x' })).toBeNull();
    expect(violatedIndex(new Error('boom'))).toBeNull();
  });

  it('answers a duplicate for the identity indexes only', () => {
    expect(duplicateOfIndex('users_username_key')).toMatchObject({ status: 409, code: 1001, context: 'username' });
    expect(duplicateOfIndex('users_phone_key')).toMatchObject({ context: 'phone' });
    expect(duplicateOfIndex('bank_accounts_one_per_user')).toBeNull();
  });
});
