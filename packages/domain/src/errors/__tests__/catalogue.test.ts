import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGE, INTERNAL_ERROR_CODES, messageFor, parseErrorBody } from '../catalogue.ts';

describe('error catalogue (SPEC.md §8)', () => {
  const rows: Array<[number, string | null, string]> = [
    [0, null, 'Something went wrong, Please retry later.'],
    [1000, null, '[1000] Bad Request.'],
    [1001, 'quantity', 'Incorrect quantity format.'],
    [1003, null, 'Data not found, Please retry.'],
    [1004, null, 'Already have bank information, Please check your information is up-to-date.'],
    [1008, null, 'This feature is unavailable now.'],
    [1050, null, 'Cannot delete user, Please check if there are any pending requests'],
    [1100, null, 'Verification code has expired, Please request a new one.'],
    [1101, null, 'Verification code mismatch.'],
    [1150, null, 'Access is forbidden, Please check your permission information.'],
    [1151, null, 'Incorrect username or password.'],
    [1200, null, 'Not allow to trade, Please contact customer service.'],
    [1203, null, 'Not allow to trade, Please contact customer service.'],
    [1201, null, '[1201] Forbidden.'],
    [2080, null, 'Greater than available assets.'],
  ];
  it.each(rows)('code %i with context %s reads %s', (code, context, message) => {
    expect(messageFor(code, context)).toBe(message);
  });

  it('fixed messages ignore the context text', () => {
    expect(messageFor(1151, 'user admin not found')).toBe('Incorrect username or password.');
  });

  it.each([1005, 1006, 1007, 1051, 1250, 1260, 1300, 1301, 1302, 1303, 1304, 2000, 2020, 2040, 2060, 2081])(
    'internal code %i reads [code] Internal Server Error.',
    (code) => {
      expect(messageFor(code, 'secret detail')).toBe(`[${code}] Internal Server Error.`);
    },
  );

  it('lists exactly the sixteen internal codes of the table', () => {
    expect(INTERNAL_ERROR_CODES).toHaveLength(16);
  });

  it('any other code shows its context text, or the generic text with the code', () => {
    expect(messageFor(1152, 'Your session has ended.')).toBe('Your session has ended.');
    expect(messageFor(3001, null)).toBe(`[3001] ${DEFAULT_ERROR_MESSAGE}`);
    expect(messageFor(3001, '')).toBe(`[3001] ${DEFAULT_ERROR_MESSAGE}`);
  });

  it('parses failed bodies into the contract, defaulting to code 0', () => {
    expect(parseErrorBody({ code: 1151, context: null })).toEqual({ code: 1151, context: null });
    expect(parseErrorBody({ code: 1001, context: 'email' })).toEqual({ code: 1001, context: 'email' });
    expect(parseErrorBody('<html>')).toEqual({ code: 0, context: null });
    expect(parseErrorBody({ code: '1151' })).toEqual({ code: 0, context: null });
    expect(parseErrorBody(null)).toEqual({ code: 0, context: null });
  });

  it('keeps the optional detail of a rule, and the field path stays the context of the message', () => {
    const body = parseErrorBody({ code: 1001, context: 'quantity', detail: { rule: 'minimumQuantity', value: '5' } });
    expect(body).toEqual({ code: 1001, context: 'quantity', detail: { rule: 'minimumQuantity', value: '5' } });
    expect(messageFor(body.code, body.context)).toBe('Incorrect quantity format.');
    // a detail that is not a rule with plain values is dropped
    expect(parseErrorBody({ code: 1001, context: 'quantity', detail: 'at least 5' })).toEqual({ code: 1001, context: 'quantity' });
    expect(parseErrorBody({ code: 1001, context: 'quantity', detail: { value: '5' } })).toEqual({ code: 1001, context: 'quantity' });
    expect(parseErrorBody({ code: 1001, context: 'quantity', detail: { rule: 'x', nested: {} } })).toEqual({ code: 1001, context: 'quantity' });
  });
});
