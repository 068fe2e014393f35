import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ADMIN_ROLES, roleFromServer } from '@aurum/domain/access/roles';
import type { AdminListItem } from '@aurum/domain/admins/admin-views';
import { ActionButton, ActionGroup } from '#shared/access/action-button.tsx';
import { formatDate, orDash } from '#shared/format/display.ts';
import type { PagedColumn } from '#shared/list/paged-table.tsx';
import { PagedTable } from '#shared/list/paged-table.tsx';
import { SearchForm } from '#shared/list/search-form.tsx';
import { FilterButton } from '#shared/list/filter-button.tsx';
import type { FilterField } from '#shared/list/filter-field.ts';
import { patchQuery } from '#shared/list/list-query.ts';
import { useListQuery } from '#shared/list/use-list-query.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { ExportButton } from '#shared/export/export-button.tsx';
import { adminListSearch } from '../api/admin-queries.ts';
import { useAdminList } from '../api/list-admins.ts';

/** Admin List (/account/admin/): search (username, e-mail or name), role filter, sort, pages. */
export function AdminListPage() {
  const { t } = useTranslation(['admin', 'common']);
  const navigate = useNavigate();
  const list = useListQuery();
  const admins = useAdminList(list.query);

  const filters = useMemo<FilterField[]>(
    () => [
      {
        name: 'role',
        label: t('admin:fields.role'),
        kind: 'select',
        defaultValue: 'all',
        options: [{ value: 'all', label: t('admin:allRoles') }, ...ADMIN_ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))],
      },
    ],
    [t],
  );

  const columns = useMemo<PagedColumn<AdminListItem>[]>(
    () => [
      { key: 'id', header: t('admin:fields.id'), sortField: 'id', cell: (a) => a.id },
      {
        key: 'username',
        header: t('admin:fields.username'),
        sortField: 'username',
        cell: (a) => (
          <Link to={`/account/admin/info/?adminId=${a.id}`} className="font-medium text-amber-700 hover:underline">
            {a.username}
          </Link>
        ),
      },
      { key: 'name', header: t('admin:fields.fullName'), cell: (a) => a.fullName },
      { key: 'email', inCards: false, header: t('admin:fields.email'), sortField: 'email', cell: (a) => a.email },
      { key: 'role', header: t('admin:fields.role'), sortField: 'role', cell: (a) => <Badge>{t(`common:roles.${roleFromServer(a.role)}`)}</Badge> },
      { key: 'createdAt', inCards: false, header: t('admin:fields.createdAt'), sortField: 'createdAt', cell: (a) => formatDate(a.createdAt) },
      { key: 'createdBy', inCards: false, header: t('admin:fields.createdBy'), cell: (a) => orDash(a.createdBy) },
    ],
    [t],
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('admin:list')}
        actions={
          <ActionGroup>
            <ExportButton list="admins" search={adminListSearch(list.query)} />
            <ActionButton permission="addAdmin" onClick={() => void navigate('/account/admin/create/')}>
              {t('admin:create')}
            </ActionButton>
          </ActionGroup>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <SearchForm
          initial={list.query.get('input') ?? ''}
          onSearch={(input) => list.setQuery(patchQuery(list.query, { input, page: 1 }))}
          label={t('admin:search.input')}
          placeholder={t('admin:search.placeholder')}
          submitLabel={t('admin:search.submit')}
          width="w-72"
        />
        <FilterButton fields={filters} />
      </div>
      <PagedTable query={admins} list={list} columns={columns} rowKey={(a) => a.id} label={t('admin:list')} testId="admin-table" skeleton={{ columns: 7 }} />
    </div>
  );
}
