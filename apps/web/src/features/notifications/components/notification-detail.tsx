import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, orDash } from '#shared/format/display.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { Pagination } from '#shared/list/pagination.tsx';
import { Badge } from '#shared/ui/badge.tsx';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { Modal } from '#shared/ui/modal.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { TableHead } from '#shared/ui/table-head.tsx';
import { useNotification } from '../api/get-notification.ts';
import { RECIPIENT_PAGE_SIZE } from '../api/notification-queries.ts';

/** One sent notification: subject, content, counts and a page of its recipients with their delivery and read state. */
export function NotificationDetailModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation(['action']);
  return (
    <Modal open={id !== null} onOpenChange={(open) => !open && onClose()} title={t('action:detail.title')} drawer testId="notification-detail">
      {id !== null ? <Detail key={id} id={id} /> : null}
    </Modal>
  );
}

function Detail({ id }: { id: number }) {
  const { t } = useTranslation(['action', 'common']);
  const [page, setPage] = useState(1);
  const detail = useNotification(id, page);
  if (detail.isPending) return <SectionSpinner />;
  if (detail.isError) return <p role="alert" className="text-sm text-red-700">{errorMessage(detail.error)}</p>;
  const n = detail.data;
  return (
    <div className="flex flex-col gap-5">
      <DetailList
        items={[
          { label: t('action:fields.subject'), value: n.subject, testId: 'notification-subject' },
          { label: t('action:fields.sentAt'), value: formatDateTime(n.createdAt) },
          { label: t('action:fields.sentBy'), value: orDash(n.createdBy) },
          { label: t('action:fields.recipients'), value: t(`action:recipients.${n.recipients}`) },
          { label: t('action:fields.delivery'), value: t('action:delivery', { delivered: n.deliveredCount, failed: n.failedCount, read: n.readCount, total: n.recipientCount }) },
        ]}
      />
      <section>
        <h3 className="mb-1 text-xs font-medium tracking-wide text-slate-500 uppercase">{t('action:fields.content')}</h3>
        <p data-testid="notification-content" className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">
          {n.content}
        </p>
      </section>
      <section className="flex flex-col gap-2">
        <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t('action:detail.recipients')}</h3>
        <div className="relative overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label={t('action:detail.recipients')} data-testid="notification-recipients">
            <TableHead
              className="bg-slate-50 text-left text-xs font-semibold text-slate-600 uppercase"
              cellClassName="px-3 py-2"
              labels={(['user', 'email', 'state', 'readAt'] as const).map((key) => t(`action:fields.${key}`))}
            />
            <tbody className="divide-y divide-slate-100">
              {n.recipientList.items.map((r) => (
                <tr key={r.userId}>
                  <td className="px-3 py-2 font-medium">{r.username}</td>
                  <td className="px-3 py-2">{r.email}</td>
                  <td className="px-3 py-2">
                    {r.deliveredAt ? (
                      <Badge variant="approved">{t('action:state.delivered', { at: formatDateTime(r.deliveredAt) })}</Badge>
                    ) : r.failedAt ? (
                      <span title={r.lastError ?? undefined}>
                        <Badge variant="declined">{t('action:state.failed', { count: r.attempts })}</Badge>
                      </span>
                    ) : (
                      <Badge variant="pending">{t('action:state.pending', { count: r.attempts })}</Badge>
                    )}
                  </td>
                  <td className="px-3 py-2">{formatDateTime(r.readAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {n.recipientList.total > RECIPIENT_PAGE_SIZE ? <RecipientPager page={page} total={n.recipientList.total} onPage={setPage} /> : null}
      </section>
    </div>
  );
}

function RecipientPager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  // the recipient pages have a fixed size: the size select is not offered
  return (
    <div className="[&_select]:hidden [&_label]:hidden">
      <Pagination page={page} limit={RECIPIENT_PAGE_SIZE} total={total} onPage={onPage} onLimit={() => undefined} />
    </div>
  );
}
