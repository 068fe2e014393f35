import { describe, expect, it } from 'vitest';
import { EMPTY_NOTIFICATION, NO_RECIPIENTS, NotificationForm, toSendBody } from '../notification-form.ts';

const issues = (values: unknown) => {
  const result = NotificationForm.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('notification form', () => {
  it('refuses an empty subject or content and no recipients', () => {
    expect(issues({ ...EMPTY_NOTIFICATION, subject: '   ' })).toEqual({ subject: 'required', content: 'required', userIds: NO_RECIPIENTS });
  });

  it('refuses a subject over 200 characters', () => {
    expect(issues({ subject: 'x'.repeat(201), content: 'c', recipients: 'all', userIds: [] })).toEqual({ subject: 'maxLength' });
  });

  it('all users need no one picked and send no ids', () => {
    const values = { subject: ' Hello ', content: 'Body', recipients: 'all' as const, userIds: ['3'] };
    expect(issues(values)).toEqual({});
    expect(toSendBody(values)).toEqual({ subject: 'Hello', content: 'Body', recipients: 'all', userIds: [] });
  });

  it('selected users are sent as numbers', () => {
    expect(toSendBody({ subject: 'S', content: 'C', recipients: 'selected', userIds: ['2', '5'] })).toEqual({ subject: 'S', content: 'C', recipients: 'selected', userIds: [2, 5] });
  });
});
