import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/api-error.ts';
import { duplicateOf, lengthValues } from '../server-errors.ts';

describe('server duplicates', () => {
  it('maps 409/1001 with a field context to that field and its message', () => {
    expect(duplicateOf(new ApiError(409, 1001, 'username'))).toEqual({ field: 'username', message: 'usernameExists' });
    expect(duplicateOf(new ApiError(409, 1001, 'email'))).toEqual({ field: 'email', message: 'emailExists' });
    expect(duplicateOf(new ApiError(409, 1001, 'phone'))).toEqual({ field: 'phone', message: 'phoneExists' });
  });
  it('ignores anything else', () => {
    expect(duplicateOf(new ApiError(400, 1001, 'username'))).toBeNull();
    expect(duplicateOf(new ApiError(409, 1001, 'date'))).toBeNull();
    expect(duplicateOf(new ApiError(409, 1004, null))).toBeNull();
    expect(duplicateOf(new Error('x'))).toBeNull();
  });
  it('length values follow the message', () => {
    expect(lengthValues('minLength', { min: 8, max: 128 })).toEqual({ length: 8 });
    expect(lengthValues('maxLength', { min: 8, max: 128 })).toEqual({ length: 128 });
    expect(lengthValues('required', { min: 8 })).toEqual({});
  });
});
