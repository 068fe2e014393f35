import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { USER_CATEGORIES, USER_SEARCH_CONDITIONS } from '@aurum/domain/users/user-enums';
import type { UserListItem } from '@aurum/domain/users/user-views';
import { ActionButton, ActionGroup } from '#shared/access/action-button.tsx';
import type { PagedColumn } from '#shared/list/paged-table.tsx';
import { PagedTable } from '#shared/list/paged-table.tsx';
import { SearchForm } from '#shared/list/search-form.tsx';
import { FilterButton } from '#shared/list/filter-button.tsx';
import type { FilterField } from '#shared/list/filter-field.ts';
import { patchQuery } from '#shared/list/list-query.ts';
import { useListQuery } from '#shared/list/use-list-query.ts';
import { formatDate, orDash } from '#shared/format/display.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { ExportButton } from '#shared/export/export-button.tsx';
import { Select } from '#shared/ui/select.tsx';
import { useUserList, userListSearch } from '../api/list-users.ts';
import { bankBadge } from './user-labels.ts';

// the fee dialog brings the decimal rules: fetched when opened, not with the list
const AllUsersFeeDialog = lazy(() => import('./all-users-fee-dialog.tsx').then((m) => ({ default: m.AllUsersFeeDialog })));

/** User List (/account/user/): search by condition + input, category filter, sort, pages. */
export function UserListPage() {
  const { t } = useTranslation(['user', 'common']);
  const navigate = useNavigate();
  const list = useListQuery();
  const users = useUserList(list.query);
  const [feesOpen, setFeesOpen] = useState(false);

  const filters = useMemo<FilterField[]>(
    () => [
      {
        name: 'category',
        label: t('user:fields.category'),
        kind: 'select',
        defaultValue: 'all',
        options: [{ value: 'all', label: t('user:categories.all') }, ...USER_CATEGORIES.map((c) => ({ value: c, label: t(`user:categories.${c}`) }))],
      },
    ],
    [t],
  );

  const columns = useMemo<PagedColumn<UserListItem>[]>(
    () => [
      { key: 'id', header: t('user:fields.id'), sortField: 'id', cell: (u) => u.id },
      {
        key: 'username',
        header: t('user:fields.username'),
        sortField: 'username',
        cell: (u) => (
          <Link to={`/account/user/${u.id}`} className="font-medium text-amber-700 hover:underline">
            {u.username}
          </Link>
        ),
      },
      { key: 'name', header: t('user:fields.name'), cell: (u) => `${u.firstName} ${u.lastName}` },
      { key: 'email', inCards: false, header: t('user:fields.email'), sortField: 'email', cell: (u) => u.email },
      { key: 'phone', inCards: false, header: t('user:fields.phone'), cell: (u) => (u.phone ? `+${u.phone.countryCode} ${u.phone.number}` : orDash(null)) },
      {
        key: 'category',
        header: t('user:fields.category'),
        sortField: 'category',
        cell: (u) => <Badge variant="gray">{t(`user:categories.${u.category}`)}</Badge>,
      },
      {
        key: 'bank',
        header: t('user:fields.bankStatus'),
        cell: (u) => <Badge variant={bankBadge(u.bankStatus)}>{t(`user:bankStatus.${u.bankStatus ?? 'none'}`)}</Badge>,
      },
      { key: 'createdAt', inCards: false, header: t('user:fields.createdAt'), sortField: 'createdAt', cell: (u) => formatDate(u.createdAt) },
    ],
    [t],
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('user:list')}
        actions={
          <ActionGroup>
            <ExportButton list="users" search={userListSearch(list.query)} />
            <ActionButton variant="secondary" permission="editAllUsersFee" onClick={() => setFeesOpen(true)}>
              {t('user:allFees.open')}
            </ActionButton>
            <ActionButton permission="addUser" onClick={() => void navigate('/account/user/create/')}>
              {t('user:create')}
            </ActionButton>
          </ActionGroup>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <SearchBar query={list.query} onSearch={(condition, input) => list.setQuery(patchQuery(list.query, { condition: input ? condition : null, input, page: 1 }))} />
        <FilterButton fields={filters} />
      </div>
      <PagedTable query={users} list={list} columns={columns} rowKey={(u) => u.id} label={t('user:list')} testId="user-table" skeleton={{ columns: 8 }} />
      {feesOpen ? (
        <Suspense fallback={null}>
          <AllUsersFeeDialog onClose={() => setFeesOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

function SearchBar({ query, onSearch }: { query: URLSearchParams; onSearch: (condition: string, input: string) => void }) {
  const { t } = useTranslation(['user', 'common']);
  const [condition, setCondition] = useState(query.get('condition') ?? 'USER_NAME');
  return (
    <SearchForm
      initial={query.get('input') ?? ''}
      onSearch={(input) => onSearch(condition, input)}
      label={t('user:search.input')}
      placeholder={t('user:search.placeholder')}
      submitLabel={t('user:search.submit')}
      width="w-64"
      className="flex flex-wrap items-center gap-2"
    >
      <Select
        label={t('user:search.condition')}
        hideLabel
        className="w-40"
        options={USER_SEARCH_CONDITIONS.map((c) => ({ value: c, label: t(`user:search.conditions.${c}`) }))}
        value={condition}
        onChange={setCondition}
      />
    </SearchForm>
  );
}
