import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { REQUEST_ACTIONS, REQUEST_STATUSES, REQUEST_TYPES, type RequestView } from '@aurum/domain/assets/request-schemas';
import { ActionButton, ActionGroup } from '#shared/access/action-button.tsx';
import { formatDateTime, orDash } from '#shared/format/display.ts';
import type { PagedColumn } from '#shared/list/paged-table.tsx';
import { PagedTable } from '#shared/list/paged-table.tsx';
import { FilterButton } from '#shared/list/filter-button.tsx';
import type { FilterField } from '#shared/list/filter-field.ts';
import { useListQuery } from '#shared/list/use-list-query.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { ExportButton } from '#shared/export/export-button.tsx';
import { useRequestList } from '../api/list-requests.ts';
import { requestListSearch } from '../api/request-queries.ts';
import { useRequestsLive } from '../api/use-requests-live.ts';
import { actionOf, requestPath, requestPermission, requestValue } from './request-labels.ts';
import { RequestStatusBadge } from './request-status-badge.tsx';

const isDate = (value: string) => (value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value) ? undefined : 'invalidDate');

/**
 * Asset List (/asset/?action=deposit|withdrawal|transfer): the requests of one kind (all kinds
 * without action), filters status, type, user and created dates, sortable, paged, live.
 */
const EXPORT_OF = { deposit: 'deposits', withdrawal: 'withdrawals', transfer: 'transfers' } as const;

export function AssetListPage() {
  const { t } = useTranslation(['asset', 'sidebar', 'common']);
  const navigate = useNavigate();
  const list = useListQuery();
  const action = actionOf(list.query.get('action'));
  const requests = useRequestList(requestListSearch(list.query));
  useRequestsLive();
  // the list of every kind offers a request of any kind the admin may submit
  const submitPermissions = (action ? [action] : REQUEST_ACTIONS).map((a) => requestPermission('submit', a));
  const title = action ? t(`sidebar:${action}Requests`) : t('asset:list');

  const filters = useMemo<FilterField[]>(
    () => [
      {
        name: 'status',
        label: t('asset:fields.status'),
        kind: 'select',
        placeholder: t('asset:filters.all'),
        options: [{ value: '', label: t('asset:filters.all') }, ...REQUEST_STATUSES.map((s) => ({ value: s, label: t(`asset:statuses.${s}`) }))],
      },
      {
        name: 'type',
        label: t('asset:fields.type'),
        kind: 'select',
        placeholder: t('asset:filters.all'),
        options: [{ value: '', label: t('asset:filters.all') }, ...REQUEST_TYPES.map((type) => ({ value: type, label: type }))],
      },
      {
        name: 'userId',
        label: t('asset:fields.user'),
        kind: 'user',
        placeholder: t('asset:filters.anyUser'),
        userLabel: (u) => `${u.username} (#${u.id})`,
      },
      { name: 'createdAfter', label: t('asset:filters.createdAfter'), kind: 'date', validate: isDate },
      { name: 'createdBefore', label: t('asset:filters.createdBefore'), kind: 'date', validate: isDate, notBefore: 'createdAfter' },
    ],
    [t],
  );

  const columns = useMemo<PagedColumn<RequestView>[]>(
    () => [
      {
        key: 'id',
        header: t('asset:fields.id'),
        sortField: 'id',
        cell: (r) => (
          <Link to={requestPath(r.id)} className="font-medium text-amber-700 hover:underline">
            #{r.id}
          </Link>
        ),
      },
      ...(action ? [] : [{ key: 'action', header: t('asset:fields.action'), cell: (r: RequestView) => t(`asset:${r.action}`) }]),
      { key: 'sender', header: t('asset:fields.sender'), cell: (r) => orDash(r.sender?.username) },
      { key: 'receiver', header: t('asset:fields.receiver'), cell: (r) => orDash(r.receiver?.username) },
      { key: 'type', inCards: false, header: t('asset:fields.type'), cell: (r) => <Badge variant="gray">{r.type}</Badge> },
      { key: 'value', header: t('asset:fields.value'), className: 'text-right tabular-nums', cell: (r) => requestValue(r) },
      { key: 'status', header: t('asset:fields.status'), sortField: 'status', cell: (r) => <RequestStatusBadge status={r.status} /> },
      { key: 'submittedBy', inCards: false, header: t('asset:fields.submittedBy'), cell: (r) => orDash(r.submittedBy) },
      { key: 'createdAt', header: t('asset:fields.createdAt'), sortField: 'createdAt', cell: (r) => formatDateTime(r.createdAt) },
    ],
    [t, action],
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        actions={
          <ActionGroup>
            {/* one export per kind (the list without a kind mixes them; choose one from the sidebar) */}
            {action ? <ExportButton list={EXPORT_OF[action]} search={requestListSearch(list.query)} /> : null}
            <ActionButton permission={submitPermissions} onClick={() => void navigate(`/asset/create/${action ? `?action=${action}` : ''}`)}>
              {t('asset:createButton')}
            </ActionButton>
          </ActionGroup>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <FilterButton fields={filters} />
      </div>
      <PagedTable query={requests} list={list} columns={columns} rowKey={(r) => r.id} label={title} testId="request-table" skeleton={{ columns: action ? 8 : 9 }} />
    </div>
  );
}
