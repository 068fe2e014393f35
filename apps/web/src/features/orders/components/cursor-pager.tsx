import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@aurum/domain/list/paging';
import type { PageInfo, PagingMove } from '../api/order-paging.ts';
import { cursorsFor } from '../api/order-paging.ts';

export interface CursorPagerProps {
  info: PageInfo;
  limit: number;
  /** 'start-end' when the console knows where the page starts. */
  range: { start: number; end: number } | null;
  rows: number;
  total: number;
  onMove: (move: PagingMove) => void;
  onLimit: (limit: number) => void;
  /** The rows on screen are the previous page's while the next one loads: no moves, no range. */
  stale?: boolean;
}

/**
 * Pagination of a cursor list (SPEC.md §2): page size, 'start-end of total', first (newest),
 * previous (newer), next (older), last (oldest).
 */
export function CursorPager({ info, limit, range, rows, total, onMove, onLimit, stale = false }: CursorPagerProps) {
  const { t } = useTranslation(['common', 'order']);
  const id = useId();
  const button = 'rounded-md p-1.5 text-slate-600 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-amber-600';
  const can = (move: PagingMove) => !stale && cursorsFor(move, info) !== null;
  return (
    <nav aria-label={t('common:list.pagination')} className="flex flex-wrap items-center justify-end gap-x-6 gap-y-2 text-sm text-slate-600">
      <div className="flex items-center gap-2">
        <label htmlFor={id}>{t('common:list.pageSize')}</label>
        <select id={id} value={limit} onChange={(event) => onLimit(Number(event.target.value))} className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm">
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <span data-testid="page-range">
        {stale ? t('common:loading') : range ? t('common:list.range', { start: range.start, end: range.end, total: Math.max(0, total) }) : t('order:paging.rows', { count: rows, total })}
      </span>
      <div className="flex items-center gap-1">
        <button type="button" className={button} aria-label={t('common:list.first')} disabled={!can('newest')} onClick={() => onMove('newest')}>
          <Chevron double left />
        </button>
        <button type="button" className={button} aria-label={t('common:list.previous')} disabled={!can('newer')} onClick={() => onMove('newer')}>
          <Chevron left />
        </button>
        <button type="button" className={button} aria-label={t('common:list.next')} disabled={!can('older')} onClick={() => onMove('older')}>
          <Chevron />
        </button>
        <button type="button" className={button} aria-label={t('common:list.last')} disabled={!can('oldest')} onClick={() => onMove('oldest')}>
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
