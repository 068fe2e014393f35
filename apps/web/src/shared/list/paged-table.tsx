import type { Column } from './data-table.tsx';
import { DataTable } from './data-table.tsx';
import { Pagination } from './pagination.tsx';
import { TableSkeleton } from './table-skeleton.tsx';
import type { ListQuery } from './use-list-query.ts';
import { QueryContent, type QueryLike } from '#shared/ui/query-content.tsx';

export interface PagedTableProps<T> {
  /** The page query: its data is one page of rows and the total. */
  query: QueryLike<{ items: readonly T[]; total: number }> & { isPlaceholderData: boolean };
  list: ListQuery;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  label: string;
  testId: string;
  /** The skeleton's shape while the first page loads. */
  skeleton: { columns: number; rows?: number };
}

/** A paged list (SPEC.md §2): the skeleton while loading, the alert on failure, else the sortable table and its pagination. */
export function PagedTable<T>({ query, list, columns, rowKey, label, testId, skeleton }: PagedTableProps<T>) {
  return (
    <QueryContent query={query} pending={<TableSkeleton columns={skeleton.columns} rows={skeleton.rows} pagination />}>
      {(page) => (
        <>
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
          <Pagination page={list.page} limit={list.limit} total={page.total} onPage={list.setPage} onLimit={list.setLimit} />
        </>
      )}
    </QueryContent>
  );
}
