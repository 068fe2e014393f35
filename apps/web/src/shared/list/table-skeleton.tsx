import { useTranslation } from 'react-i18next';

export interface TableSkeletonProps {
  columns?: number;
  rows?: number;
  /** Shows a placeholder for the filter bar above the table. */
  filter?: boolean;
  /** Shows a placeholder for the pagination below the table. */
  pagination?: boolean;
}

const bar = 'h-3 animate-pulse rounded bg-slate-200';

/** The loading placeholder table (SPEC.md §2): 6 columns and 10 rows by default. */
export function TableSkeleton({ columns = 6, rows = 10, filter = false, pagination = false }: TableSkeletonProps) {
  const { t } = useTranslation('common');
  const cols = Array.from({ length: columns }, (_, i) => i);
  return (
    <div role="status" aria-label={t('loading')} data-testid="table-skeleton" className="flex flex-col gap-3">
      {filter ? (
        <div className="flex gap-3" data-testid="table-skeleton-filter">
          <div className="h-9 w-64 animate-pulse rounded-md bg-slate-200" />
          <div className="h-9 w-24 animate-pulse rounded-md bg-slate-200" />
        </div>
      ) : null}
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full">
          <thead className="bg-slate-50">
            <tr>
              {cols.map((c) => (
                <th key={c} className="px-4 py-3">
                  <div className={`${bar} w-16`} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {Array.from({ length: rows }, (_, r) => (
              <tr key={r}>
                {cols.map((c) => (
                  <td key={c} className="px-4 py-3">
                    <div className={`${bar} ${(r + c) % 3 === 0 ? 'w-24' : (r + c) % 3 === 1 ? 'w-16' : 'w-20'}`} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pagination ? <div className="h-9 w-80 animate-pulse self-end rounded-md bg-slate-200" data-testid="table-skeleton-pagination" /> : null}
    </div>
  );
}
