import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@aurum/domain/list/paging';
import { pageBounds } from './list-query.ts';

export interface PaginationProps {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

/** Pagination (SPEC.md §2): page size, 'start-end of total', first, previous, next, last. */
export function Pagination({ page, limit, total, onPage, onLimit }: PaginationProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const { start, end, lastPage, current } = pageBounds(page, limit, total);
  const atFirst = current <= 1;
  const atLast = current >= lastPage;
  const button = 'rounded-md p-1.5 text-slate-600 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-amber-600';
  return (
    <nav aria-label={t('list.pagination')} className="flex flex-wrap items-center justify-end gap-x-6 gap-y-2 text-sm text-slate-600">
      <div className="flex items-center gap-2">
        <label htmlFor={id}>{t('list.pageSize')}</label>
        <select id={id} value={limit} onChange={(event) => onLimit(Number(event.target.value))} className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm">
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <span data-testid="page-range">{t('list.range', { start, end, total: Math.max(0, total) })}</span>
      <div className="flex items-center gap-1">
        <button type="button" className={button} aria-label={t('list.first')} disabled={atFirst} onClick={() => onPage(1)}>
          <Chevron double left />
        </button>
        <button type="button" className={button} aria-label={t('list.previous')} disabled={atFirst} onClick={() => onPage(current - 1)}>
          <Chevron left />
        </button>
        <button type="button" className={button} aria-label={t('list.next')} disabled={atLast} onClick={() => onPage(current + 1)}>
          <Chevron />
        </button>
        <button type="button" className={button} aria-label={t('list.last')} disabled={atLast} onClick={() => onPage(lastPage)}>
          <Chevron double />
        </button>
      </div>
    </nav>
  );
}

function Chevron({ left = false, double = false }: { left?: boolean; double?: boolean }) {
  const d = left ? (double ? 'M11 17l-5-5 5-5M18 17l-5-5 5-5' : 'M15 18l-6-6 6-6') : double ? 'M13 17l5-5-5-5M6 17l5-5-5-5' : 'M9 18l6-6-6-6';
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}
