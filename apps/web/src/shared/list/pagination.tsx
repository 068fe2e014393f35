import { useId, type ReactNode } from 'react';
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
  const { start, end, lastPage, current } = pageBounds(page, limit, total);
  const atFirst = current <= 1;
  const atLast = current >= lastPage;
  return (
    <PagerFrame
      limit={limit}
      onLimit={onLimit}
      label={t('list.range', { start, end, total: Math.max(0, total) })}
      first={atFirst ? null : () => onPage(1)}
      previous={atFirst ? null : () => onPage(current - 1)}
      next={atLast ? null : () => onPage(current + 1)}
      last={atLast ? null : () => onPage(lastPage)}
    />
  );
}

export interface PagerFrameProps {
  limit: number;
  onLimit: (limit: number) => void;
  /** What the page holds ('start-end of total', or another text). */
  label: ReactNode;
  /** Each move, or null when it is not possible (its button disabled). */
  first: (() => void) | null;
  previous: (() => void) | null;
  next: (() => void) | null;
  last: (() => void) | null;
}

/** The pager's frame, numbered or cursor pages alike: page size, the label, first, previous, next, last. */
export function PagerFrame({ limit, onLimit, label, first, previous, next, last }: PagerFrameProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const button = 'rounded-md p-1.5 text-slate-600 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-amber-600';
  const moves = [
    { name: 'first', go: first, icon: <Chevron double left /> },
    { name: 'previous', go: previous, icon: <Chevron left /> },
    { name: 'next', go: next, icon: <Chevron /> },
    { name: 'last', go: last, icon: <Chevron double /> },
  ] as const;
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
      <span data-testid="page-range">{label}</span>
      <div className="flex items-center gap-1">
        {moves.map(({ name, go, icon }) => (
          <button key={name} type="button" className={button} aria-label={t(`list.${name}`)} disabled={go === null} onClick={() => go?.()}>
            {icon}
          </button>
        ))}
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
