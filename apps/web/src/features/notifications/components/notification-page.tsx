import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { NOTIFICATION_CONTENT_MAX, NOTIFICATION_SUBJECT_MAX, type NotificationSummary } from '@aurum/domain/notifications/notification-schemas';
import { ActionButton, ActionGroup } from '#shared/access/action-button.tsx';
import { fullName } from '@aurum/domain/users/full-name';
import { UserMultiPicker, type UserLabel } from '#shared/form/user-picker.tsx';
import { lengthValues } from '#shared/form/server-errors.ts';
import { formatDateTime, orDash } from '#shared/format/display.ts';
import { errorMessage, isApiError } from '#shared/http/api-error.ts';
import type { PagedColumn } from '#shared/list/paged-table.tsx';
import { PagedTable } from '#shared/list/paged-table.tsx';
import { useListQuery } from '#shared/list/use-list-query.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { Button } from '#shared/ui/button.tsx';
import { Card } from '#shared/ui/card.tsx';
import { ConfirmDialog } from '#shared/ui/confirm-dialog.tsx';
import { FieldShell, INPUT_CLASSES, inputBorder } from '#shared/ui/field.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { ExportButton } from '#shared/export/export-button.tsx';
import type { SelectOption } from '#shared/ui/select.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useNotificationList } from '../api/list-notifications.ts';
import { useSendNotification } from '../api/send-notification.ts';
import { NotificationDetailModal } from './notification-detail.tsx';
import { EMPTY_NOTIFICATION, NO_RECIPIENTS, NotificationForm, toSendBody, type NotificationFormValues } from './notification-form.ts';

/**
 * Notification (Management > Notification, /action/notification/): subject, content, all users or
 * selected users; confirm, send (sendNotification), 'notification sent'; below, the history of
 * sent notifications with their delivery counts and a detail per notification.
 */
export function NotificationPage() {
  const { t } = useTranslation(['action', 'sidebar']);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar:notification')} subtitle={t('action:subtitle')} />
      <SendForm />
      <History />
    </div>
  );
}

/** How the recipient picker shows a user: 'aminah (Aminah Rahman)'. */
const recipientLabel: UserLabel = (u) => `${u.username} (${fullName(u)})`;

const SERVER_FIELDS = ['subject', 'content', 'userIds', 'recipients'] as const;

function SendForm() {
  const { t } = useTranslation(['action', 'common', 'validation']);
  const toast = useToast();
  const send = useSendNotification();
  const [confirming, setConfirming] = useState<NotificationFormValues | null>(null);
  const { register, control, handleSubmit, watch, reset, setError, formState } = useForm<NotificationFormValues>({
    resolver: zodResolver(NotificationForm),
    // checked on submit, then as typed: a message appearing on blur would move the send button under the pointer
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY_NOTIFICATION,
  });
  const { errors } = formState;
  const recipients = watch('recipients');
  // the picked users' options: the confirmation names them (a later search may no longer list them)
  const [picked, setPicked] = useState<readonly SelectOption[]>([]);
  const chosenNames = (ids: readonly string[]) => picked.filter((o) => ids.includes(o.value)).map((o) => o.label.split(' (')[0]);
  const userIdsError = errors.userIds?.message ?? errors.userIds?.root?.message;

  const confirmMessage = confirming
    ? confirming.recipients === 'all'
      ? t('action:confirm.all', { subject: confirming.subject.trim() })
      : t('action:confirm.selected', { subject: confirming.subject.trim(), count: confirming.userIds.length, names: chosenNames(confirming.userIds).join(', ') })
    : undefined;

  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold text-slate-900">{t('action:compose')}</h2>
      <form noValidate aria-label={t('action:compose')} className="flex flex-col gap-4" onSubmit={handleSubmit((values) => setConfirming(values))}>
        <TextField
          label={t('action:fields.subject')}
          required
          maxLength={NOTIFICATION_SUBJECT_MAX + 50}
          error={errors.subject?.message}
          errorValues={lengthValues(errors.subject?.message, { max: NOTIFICATION_SUBJECT_MAX })}
          {...register('subject')}
        />
        <ContentField error={errors.content?.message} registration={register('content')} label={t('action:fields.content')} />
        <Controller
          control={control}
          name="recipients"
          render={({ field }) => (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-700">{t('action:fields.recipients')}</legend>
              <div className="flex flex-wrap gap-6 text-sm text-slate-800">
                {(['all', 'selected'] as const).map((kind) => (
                  <label key={kind} className="flex items-center gap-2">
                    <input type="radio" name={field.name} value={kind} checked={field.value === kind} onChange={() => field.onChange(kind)} className="h-4 w-4 accent-amber-600" />
                    {t(`action:recipients.${kind}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        />
        {recipients === 'selected' ? (
          <Controller
            control={control}
            name="userIds"
            render={({ field }) => (
              <UserMultiPicker
                label={t('action:fields.users')}
                required
                optionLabel={recipientLabel}
                value={field.value}
                onChange={(ids, options) => {
                  field.onChange(ids);
                  setPicked(options);
                }}
                onBlur={field.onBlur}
                error={userIdsError === NO_RECIPIENTS ? t(`action:${NO_RECIPIENTS}`) : userIdsError}
              />
            )}
          />
        ) : (
          <p className="text-sm text-slate-600">{t('action:allHint')}</p>
        )}
        {errors.recipients?.message ? (
          <p role="alert" className="text-xs text-red-600">
            {t('action:form.noUsersAtAll')}
          </p>
        ) : null}
        <ActionGroup className="self-end">
          <Button variant="secondary" onClick={() => reset(EMPTY_NOTIFICATION)}>
            {t('action:clear')}
          </Button>
          <ActionButton type="submit" permission="sendNotification" data-testid="send-notification">
            {t('action:send')}
          </ActionButton>
        </ActionGroup>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('action:confirm.title')}
        message={confirmMessage}
        confirmLabel={t('action:send')}
        loading={send.isPending}
        onConfirm={() => {
          if (!confirming) return;
          send.mutate(toSendBody(confirming), {
            onSuccess: (answer) => {
              toast.success(t('action:toast.sent'), t('action:toast.sentTo', { count: answer.recipientCount }));
              setConfirming(null);
              reset(EMPTY_NOTIFICATION);
            },
            onError: (error) => {
              setConfirming(null);
              const field = isApiError(error) && error.status === 400 && error.code === ErrorCode.InvalidFormat ? SERVER_FIELDS.find((f) => f === error.context) : undefined;
              if (field === 'recipients') setError('recipients', { message: 'noUsersAtAll' });
              else if (field) setError(field, { message: field === 'userIds' ? t('action:form.unknownUsers') : 'required' }, { shouldFocus: true });
              else toast.error(t('common:failed'), errorMessage(error));
            },
          });
        }}
      />
    </Card>
  );
}

function ContentField({ label, error, registration }: { label: string; error?: string; registration: ReturnType<ReturnType<typeof useForm<NotificationFormValues>>['register']> }) {
  const id = 'notification-content';
  return (
    <FieldShell label={label} htmlFor={id} required error={error} errorValues={lengthValues(error, { max: NOTIFICATION_CONTENT_MAX })} errorId={`${id}-error`}>
      <textarea
        id={id}
        rows={6}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${INPUT_CLASSES} ${inputBorder(Boolean(error))} resize-y`}
        {...registration}
      />
    </FieldShell>
  );
}

function History() {
  const { t } = useTranslation(['action', 'common']);
  const list = useListQuery({ sort: 'createdAt', order: 'desc' });
  const history = useNotificationList({ page: list.page, limit: list.limit, sort: list.sort, order: list.order });
  const [shown, setShown] = useState<number | null>(null);
  const columns = useMemo<PagedColumn<NotificationSummary>[]>(
    () => [
      { key: 'createdAt', header: t('action:fields.sentAt'), sortField: 'createdAt', cell: (n) => <span className="tabular-nums">{formatDateTime(n.createdAt)}</span> },
      {
        key: 'subject',
        header: t('action:fields.subject'),
        sortField: 'subject',
        cell: (n) => (
          <span className="block max-w-80 truncate font-medium" title={n.subject}>
            {n.subject}
          </span>
        ),
      },
      { key: 'recipients', header: t('action:fields.recipients'), cell: (n) => <Badge variant="gray">{t(`action:recipients.${n.recipients}`)}</Badge> },
      { key: 'count', header: t('action:fields.recipientCount'), cell: (n) => n.recipientCount },
      {
        key: 'delivery',
        header: t('action:fields.delivery'),
        cell: (n) => (
          <span className="text-xs">
            {t('action:delivery', { delivered: n.deliveredCount, failed: n.failedCount, read: n.readCount, total: n.recipientCount })}
          </span>
        ),
      },
      { key: 'createdBy', inCards: false, header: t('action:fields.sentBy'), cell: (n) => orDash(n.createdBy) },
      {
        key: 'detail',
        header: <span className="sr-only">{t('action:detail.title')}</span>,
        className: 'text-right',
        cell: (n) => (
          <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setShown(n.id)} aria-label={t('action:detail.open', { subject: n.subject })}>
            {t('action:detail.button')}
          </Button>
        ),
      },
    ],
    [t],
  );
  return (
    <section className="flex flex-col gap-3" aria-labelledby="notification-history">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="notification-history" className="text-lg font-semibold text-slate-900">
          {t('action:history')}
        </h2>
        <ExportButton list="notifications" search={new URLSearchParams({ ...(list.sort ? { sort: list.sort } : {}), order: list.order }).toString()} />
      </div>
      <PagedTable query={history} list={list} columns={columns} rowKey={(n) => n.id} label={t('action:history')} testId="notification-history" skeleton={{ columns: 7, rows: 5 }} />
      <NotificationDetailModal id={shown} onClose={() => setShown(null)} />
    </section>
  );
}
