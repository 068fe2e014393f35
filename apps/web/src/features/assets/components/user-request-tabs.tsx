import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RequestAction, RequestView } from '@aurum/domain/assets/request-schemas';
import type { UserTabProps } from '#shared/slots/slots.ts';
import { useCan } from '#shared/access/use-can.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { formatDateTime, orDash } from '#shared/format/display.ts';
import { DataTable, type Column } from '#shared/list/data-table.tsx';
import { Pagination } from '#shared/list/pagination.tsx';
import { TableSkeleton } from '#shared/list/table-skeleton.tsx';
import { buttonVariants } from '#shared/ui/button.tsx';
import { Card } from '#shared/ui/card.tsx';
import { useRequestList } from '../api/list-requests.ts';
import { useRequestsLive } from '../api/use-requests-live.ts';
import { requestListPath, requestPath, requestPermission, requestValue } from './request-labels.ts';
import { RequestStatusBadge } from './request-status-badge.tsx';

const TAB_LIMIT = 10;

/**
 * The deposit, withdrawal and transfer tabs of User Information: that user's requests of the kind
 * (a transfer tab also lists the transfers the user receives), newest first, linking to details.
 * The page is kept in the tab itself: the information page's query belongs to its own lists.
 */
function UserRequestsTab({ userId, action }: UserTabProps & { action: RequestAction }) {
  const { t } = useTranslation(['asset', 'sidebar', 'common']);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(TAB_LIMIT);
  const search = new URLSearchParams({ action, userId: String(userId), page: String(page), limit: String(limit) }).toString();
  const requests = useRequestList(search);
  const canCreate = useCan(requestPermission('submit', action));
  useRequestsLive();

  const columns = useMemo<Column<RequestView>[]>(
    () => [
      {
        key: 'id',
        header: t('asset:fields.id'),
        cell: (r) => (
          <Link to={requestPath(r.id)} className="font-medium text-amber-700 hover:underline">
            #{r.id}
          </Link>
        ),
      },
      ...(action === 'transfer'
        ? [
            { key: 'sender', header: t('asset:fields.sender'), cell: (r: RequestView) => orDash(r.sender?.username) },
            { key: 'receiver', header: t('asset:fields.receiver'), cell: (r: RequestView) => orDash(r.receiver?.username) },
          ]
        : []),
      { key: 'type', header: t('asset:fields.type'), cell: (r) => r.type },
      { key: 'value', header: t('asset:fields.value'), className: 'text-right tabular-nums', cell: (r) => requestValue(r) },
      { key: 'status', header: t('asset:fields.status'), cell: (r) => <RequestStatusBadge status={r.status} /> },
      { key: 'submittedBy', header: t('asset:fields.submittedBy'), cell: (r) => orDash(r.submittedBy) },
      { key: 'createdAt', header: t('asset:fields.createdAt'), cell: (r) => formatDateTime(r.createdAt) },
    ],
    [t, action],
  );

  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">{t(`sidebar:${action}Requests`)}</h2>
        <div className="flex gap-2 text-sm">
          <Link to={requestListPath(action, { userId: String(userId) })} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
            {t('asset:viewAll')}
          </Link>
          {canCreate ? (
            <Link to={`/asset/create/?action=${action}&userId=${userId}`} className={buttonVariants({ size: 'sm' })}>
              {t('asset:createButton')}
            </Link>
          ) : null}
        </div>
      </div>
      {requests.isPending ? (
        <TableSkeleton columns={action === 'transfer' ? 8 : 6} rows={5} pagination />
      ) : requests.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(requests.error)}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <DataTable label={t(`sidebar:${action}Requests`)} testId={`user-${action}-requests`} columns={columns} rows={requests.data.items} rowKey={(r) => r.id} stale={requests.isPlaceholderData} />
          <Pagination
            page={page}
            limit={limit}
            total={requests.data.total}
            onPage={setPage}
            onLimit={(next) => {
              setLimit(next);
              setPage(1);
            }}
          />
        </div>
      )}
    </Card>
  );
}

export function UserDepositTab({ userId }: UserTabProps) {
  return <UserRequestsTab userId={userId} action="deposit" />;
}

export function UserWithdrawalTab({ userId }: UserTabProps) {
  return <UserRequestsTab userId={userId} action="withdrawal" />;
}

export function UserTransferTab({ userId }: UserTabProps) {
  return <UserRequestsTab userId={userId} action="transfer" />;
}
