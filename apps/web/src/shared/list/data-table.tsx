import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from '@aurum/domain/list/paging';

export interface Column<T> {
  key: string;
  header: ReactNode;
  /** The list's sort field when the header sorts. */
  sortField?: string;
  cell: (row: T) => ReactNode;
  className?: string;
  /** Long text (a name) wraps within the column instead of widening the table. */
  wrap?: boolean;
  /** false: left out of a phone's cards (what a card needs is the row's point: status and amount, not every detail). */
  inCards?: boolean;
}

export interface DataTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  sort?: string | null;
  order?: SortOrder;
  onSort?: (field: string) => void;
  /** Accessible name of the table. */
  label: string;
  /** Dims the rows while a new page loads. */
  stale?: boolean;
  testId?: string;
  /** Tighter cells and headers that wrap: a wide table of figures within a laptop's width. */
  compact?: boolean;
}

/**
 * A list table (SPEC.md §2): sortable headers (aria-sort), 'No Data' when empty. Rows are
 * memoised and rendered with content-visibility: a page of 1000 rows paints only what is on
 * screen and re-renders only rows that changed.
 */
export function DataTable<T>({ columns, rows, rowKey, sort, order = 'asc', onSort, label, stale = false, testId, compact = false }: DataTableProps<T>) {
  const pad = compact ? 'px-2 py-1.5' : 'px-4 py-2.5';
  const { t } = useTranslation('common');
  return (
    // a table wider than the screen scrolls in its own frame: the frame takes keyboard focus so
    // that it can be scrolled without a mouse (axe scrollable-region-focusable, WCAG 2.1.1); it is
    // positioned, so the visually hidden (absolute) texts of its cells are clipped by it and do not
    // widen the page at 390 px
    <div tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-amber-600">
      <table aria-label={label} data-testid={testId} className={`min-w-full divide-y divide-slate-200 text-sm ${stale ? 'opacity-60' : ''}`}>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => {
              const sorted = column.sortField !== undefined && column.sortField === sort;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sorted ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={`${pad} text-left text-xs font-semibold tracking-wide text-slate-600 uppercase ${compact ? 'align-bottom' : 'whitespace-nowrap'} ${column.className ?? ''}`}
                >
                  {column.sortField && onSort ? (
                    <button type="button" onClick={() => onSort(column.sortField as string)} className="inline-flex items-center gap-1 uppercase hover:text-slate-900">
                      {column.header}
                      <SortIcon state={sorted ? order : null} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center text-slate-500" data-testid="no-data">
                {t('list.noData')}
              </td>
            </tr>
          ) : (
            rows.map((row) => <Row key={rowKey(row)} row={row} columns={columns as readonly Column<unknown>[]} pad={pad} />)
          )}
        </tbody>
      </table>
    </div>
  );
}

const Row = memo(function Row({ row, columns, pad }: { row: unknown; columns: readonly Column<unknown>[]; pad: string }) {
  return (
    <tr className="hover:bg-slate-50 [contain-intrinsic-size:auto_2.75rem] [content-visibility:auto]">
      {columns.map((column) => (
        <td key={column.key} className={`${pad} ${column.wrap ? 'min-w-40' : 'whitespace-nowrap'} text-slate-800 ${column.className ?? ''}`}>
          {column.cell(row)}
        </td>
      ))}
    </tr>
  );
});

function SortIcon({ state }: { state: SortOrder | null }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 12 16" className="h-3.5 w-3" fill="currentColor">
      <path d="M6 1 2 6h8z" className={state === 'asc' ? 'text-amber-600' : 'opacity-30'} />
      <path d="M6 15 2 10h8z" className={state === 'desc' ? 'text-amber-600' : 'opacity-30'} />
    </svg>
  );
}
