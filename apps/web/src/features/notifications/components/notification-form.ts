import { z } from 'zod';
import { NOTIFICATION_CONTENT_MAX, NOTIFICATION_SELECTED_MAX, NOTIFICATION_SUBJECT_MAX, NotificationSendBody, RECIPIENT_KINDS } from '@aurum/domain/notifications/notification-schemas';
import { ValidationMessage } from '@aurum/domain/validation/rules';

/** The message key (action namespace) when 'selected users' has nobody picked. */
export const NO_RECIPIENTS = 'form.noRecipients';

/**
 * The Notification form: the server's rules (NotificationSendBody: subject 1 to 200 and content
 * 1 to 10,000 characters after trimming, 'selected' needs a user) with the console's message keys.
 * User ids are the select's values (text).
 */
export const NotificationForm = z
  .object({
    subject: z
      .string()
      .refine((v) => v.trim().length > 0, { error: ValidationMessage.required })
      .refine((v) => v.trim().length <= NOTIFICATION_SUBJECT_MAX, { error: ValidationMessage.maxLength }),
    content: z
      .string()
      .refine((v) => v.trim().length > 0, { error: ValidationMessage.required })
      .refine((v) => v.trim().length <= NOTIFICATION_CONTENT_MAX, { error: ValidationMessage.maxLength }),
    recipients: z.enum(RECIPIENT_KINDS),
    userIds: z.array(z.string()).max(NOTIFICATION_SELECTED_MAX),
  })
  .superRefine((form, ctx) => {
    if (form.recipients === 'selected' && form.userIds.length === 0) ctx.addIssue({ code: 'custom', path: ['userIds'], message: NO_RECIPIENTS });
  });
export type NotificationFormValues = z.infer<typeof NotificationForm>;

export const EMPTY_NOTIFICATION: NotificationFormValues = { subject: '', content: '', recipients: 'selected', userIds: [] };

/** The body the server takes for valid form values (trimmed; 'all' sends no ids). */
export function toSendBody(values: NotificationFormValues): NotificationSendBody {
  return NotificationSendBody.parse({
    subject: values.subject,
    content: values.content,
    recipients: values.recipients,
    userIds: values.recipients === 'selected' ? values.userIds.map(Number) : [],
  });
}
