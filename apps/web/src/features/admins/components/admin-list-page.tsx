import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ADMIN_ROLES, roleFromServer } from '@aurum/domain/access/roles';
import type { AdminListItem } from '@aurum/domain/admins/admin-views';
import { useCan } from '#shared/access/use-can.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { formatDate, orDash } from '#shared/format/display.ts';
import { DataTable, type Column } from '#shared/list/data-table.tsx';
import { FilterButton, type FilterField } from '#shared/list/filter-button.tsx';
import { patchQuery } from '#shared/list/list-query.ts';
import { Pagination } from '#shared/list/pagination.tsx';
import { TableSkeleton } from '#shared/list/table-skeleton.tsx';
import { useListQuery } from '#shared/list/use-list-query.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { Button } from '#shared/ui/button.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { useAdminList } from '../api/list-admins.ts';

/** Admin List (/account/admin/): search (username, e-mail or name), role filter, sort, pages. */
export function AdminListPage() {
  const { t } = useTranslation(['admin', 'common']);
  const navigate = useNavigate();
  const list = useListQuery();
  const admins = useAdminList(list.query);
  const canAdd = useCan('addAdmin');

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

  const columns = useMemo<Column<AdminListItem>[]>(
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
      { key: 'email', header: t('admin:fields.email'), sortField: 'email', cell: (a) => a.email },
      { key: 'role', header: t('admin:fields.role'), sortField: 'role', cell: (a) => <Badge>{t(`common:roles.${roleFromServer(a.role)}`)}</Badge> },
      { key: 'createdAt', header: t('admin:fields.createdAt'), sortField: 'createdAt', cell: (a) => formatDate(a.createdAt) },
      { key: 'createdBy', header: t('admin:fields.createdBy'), cell: (a) => orDash(a.createdBy) },
    ],
    [t],
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('admin:list')}
        actions={
          <Button disabled={!canAdd} title={canAdd ? undefined : t('common:noPermission')} onClick={() => void navigate('/account/admin/create/')}>
            {t('admin:create')}
          </Button>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <SearchBar initial={list.query.get('input') ?? ''} onSearch={(input) => list.setQuery(patchQuery(list.query, { input, page: 1 }))} />
        <FilterButton fields={filters} />
      </div>
      {admins.isPending ? (
        <TableSkeleton columns={7} pagination />
      ) : admins.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {errorMessage(admins.error)}
        </p>
      ) : (
        <>
          <DataTable
            label={t('admin:list')}
            testId="admin-table"
            columns={columns}
            rows={admins.data.items}
            rowKey={(a) => a.id}
            sort={list.sort}
            order={list.order}
            onSort={list.toggleSort}
            stale={admins.isPlaceholderData}
          />
          <Pagination page={list.page} limit={list.limit} total={admins.data.total} onPage={list.setPage} onLimit={list.setLimit} />
        </>
      )}
    </div>
  );
}

function SearchBar({ initial, onSearch }: { initial: string; onSearch: (input: string) => void }) {
  const { t } = useTranslation(['admin']);
  const [input, setInput] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(input.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex items-center gap-2">
      <input
        type="search"
        aria-label={t('admin:search.input')}
        placeholder={t('admin:search.placeholder')}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        className="w-72 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none"
      />
      <Button type="submit" variant="secondary">
        {t('admin:search.submit')}
      </Button>
    </form>
  );
}
