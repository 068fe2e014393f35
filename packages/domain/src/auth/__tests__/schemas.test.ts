import { describe, expect, it } from 'vitest';
import { NewPasswordForm, ForgotPasswordBody } from '../schemas.ts';
import { isStrongPassword } from '../../validation/rules.ts';

describe('password rules (SPEC.md §5)', () => {
  it.each([
    ['Abcdef1!', true],
    ['abcdef1!', false],
    ['ABCDEF1!', false],
    ['Abcdefg!', false],
    ['Abcdefg1', false],
  ])('%s strong = %s', (value, strong) => {
    expect(isStrongPassword(value)).toBe(strong);
  });

  it('reports the rule that failed as a validation key', () => {
    const issue = (input: unknown) => {
      const r = NewPasswordForm.safeParse(input);
      return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    };
    expect(issue({ password: 'Abcdef1!', confirmPassword: 'Abcdef1!' })).toBeNull();
    expect(issue({ password: 'Abcdef1!', confirmPassword: 'Abcdef1?' })).toEqual(['confirmPassword:confirmPassword']);
    expect(issue({ password: 'Abc def1!', confirmPassword: 'Abc def1!' })).toContain('password:noSpaces');
    expect(issue({ password: 'abcdefg1!', confirmPassword: 'abcdefg1!' })).toEqual(['password:passwordStrength']);
    expect(issue({ password: 'Ab1!', confirmPassword: 'Ab1!' })).toEqual(['password:minLength']);
    expect(issue({ password: '', confirmPassword: '' })).toContain('password:required');
  });

  it('checks e-mail addresses', () => {
    expect(ForgotPasswordBody.safeParse({ email: 'ops@aurum.example' }).success).toBe(true);
    const bad = ForgotPasswordBody.safeParse({ email: 'not-an-email' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('email');
  });
});
