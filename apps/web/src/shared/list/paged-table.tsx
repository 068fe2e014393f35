import { useTranslation } from 'react-i18next';
import type { SortOrder } from '@aurum/domain/list/paging';
import { useMediaQuery } from '#shared/hooks/use-media-query.ts';
import type { Column } from './data-table.tsx';
import { DataTable } from './data-table.tsx';
import { CARDS_QUERY, RowCards } from './fit-table.tsx';
import { Pagination } from './pagination.tsx';
import { TableSkeleton } from './table-skeleton.tsx';
import type { ListQuery } from './use-list-query.ts';
import { QueryContent, type QueryLike } from '#shared/ui/query-content.tsx';

/** A paged list's column: a sortable one's header is text, the name of its sort field above a phone's cards. */
export type PagedColumn<T> = Column<T> & ({ sortField: string; header: string } | { sortField?: undefined });

export interface PagedTableProps<T> {
  /** The page query: its data is one page of rows and the total. */
  query: QueryLike<{ items: readonly T[]; total: number }> & { isPlaceholderData: boolean };
  list: ListQuery;
  columns: readonly PagedColumn<T>[];
  rowKey: (row: T) => string | number;
  label: string;
  testId: string;
  /** The skeleton's shape while the first page loads. */
  skeleton: { columns: number; rows?: number };
}

/**
 * A paged list (SPEC.md §2): the skeleton while loading, the alert on failure, else the sortable
 * table and its pagination. On a phone (below 640 px) each row is a card of the columns that matter
 * (`inCards: false` leaves a detail out), and the headers' sort becomes a field and an order above
 * the cards, so nothing scrolls sideways and nothing is lost.
 */
export function PagedTable<T>({ query, list, columns, rowKey, label, testId, skeleton }: PagedTableProps<T>) {
  const cards = useMediaQuery(CARDS_QUERY);
  return (
    <QueryContent query={query} pending={<TableSkeleton columns={skeleton.columns} rows={skeleton.rows} pagination />}>
      {(page) => (
        <>
          {cards ? (
            <div className="flex flex-col gap-2">
              <CardSort columns={columns} list={list} />
              <RowCards label={label} testId={testId} columns={columns} rows={page.items} rowKey={rowKey} stale={query.isPlaceholderData} />
            </div>
          ) : (
            <DataTable
              label={label}
              testId={testId}
              columns={columns}
              rows={page.items}
              rowKey={rowKey}
              sort={list.sort}
              order={list.order}
              onSort={list.toggleSort}
              stale={query.isPlaceholderData}
            />
          )}
          <Pagination page={list.page} limit={list.limit} total={page.total} onPage={list.setPage} onLimit={list.setLimit} />
        </>
      )}
    </QueryContent>
  );
}

/** The cards' sort: the sortable columns by name, and the order reversed by a button (the headers' toggle). */
function CardSort<T>({ columns, list }: { columns: readonly PagedColumn<T>[]; list: ListQuery }) {
  const { t } = useTranslation('shell');
  const sortable = columns.filter((c): c is Column<T> & { sortField: string; header: string } => c.sortField !== undefined);
  if (sortable.length === 0) return null;
  const order: SortOrder = list.order;
  return (
    <div className="flex flex-wrap items-center justify-end gap-2 text-sm" data-testid="card-sort">
      <label className="flex items-center gap-2 text-slate-700">
        {t('cardSort.sortBy')}
        <select
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-800"
          value={list.sort ?? ''}
          onChange={(e) => {
            if (e.currentTarget.value) list.toggleSort(e.currentTarget.value);
          }}
        >
          {list.sort === null || list.sort === undefined ? <option value="">—</option> : null}
          {sortable.map((c) => (
            <option key={c.key} value={c.sortField}>
              {c.header}
            </option>
          ))}
        </select>
      </label>
      {list.sort ? (
        <button
          type="button"
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-700 hover:bg-slate-50"
          onClick={() => list.toggleSort(list.sort as string)}
          aria-label={t('cardSort.reverse', { order: t(order === 'asc' ? 'cardSort.ascending' : 'cardSort.descending') })}
        >
          {order === 'asc' ? `↑ ${t('cardSort.ascending')}` : `↓ ${t('cardSort.descending')}`}
        </button>
      ) : null}
    </div>
  );
}
