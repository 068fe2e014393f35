import { describe, expect, it } from 'vitest';
import { fullName } from '../full-name.ts';

describe('fullName', () => {
  it('joins first and last name with one space and trims a missing part', () => {
    expect(fullName({ firstName: 'Nur', lastName: 'Aminah' })).toBe('Nur Aminah');
    expect(fullName({ firstName: 'Kumar', lastName: '' })).toBe('Kumar');
    expect(fullName({ firstName: '', lastName: 'Tan' })).toBe('Tan');
    expect(fullName({ firstName: '', lastName: '' })).toBe('');
  });
});
