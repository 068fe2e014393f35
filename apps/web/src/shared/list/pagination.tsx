import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@aurum/domain/list/paging';
import { formatNumber } from '../format/display.ts';
import { Button } from '../ui/button.tsx';
import { Select } from '../ui/select.tsx';
import { pageBounds } from './list-query.ts';

const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

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
      // row numbers en-US grouped (SPEC.md §9): '12,341-12,345 of 12,345'
      label={t('list.range', { start: formatNumber(start, 0), end: formatNumber(end, 0), total: formatNumber(Math.max(0, total), 0) })}
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
  const moves = [
    { name: 'first', go: first, icon: <Chevron double left /> },
    { name: 'previous', go: previous, icon: <Chevron left /> },
    { name: 'next', go: next, icon: <Chevron /> },
    { name: 'last', go: last, icon: <Chevron double /> },
  ] as const;
  return (
    <nav aria-label={t('list.pagination')} data-testid="pager" className="flex flex-wrap items-center justify-end gap-x-6 gap-y-2 text-sm text-slate-600">
      <div className="flex items-center gap-2">
        <span aria-hidden="true">{t('list.pageSize')}</span>
        <Select
          label={t('list.pageSize')}
          hideLabel
          className="w-20"
          options={PAGE_SIZE_OPTIONS}
          value={String(limit)}
          onChange={(value) => onLimit(Number(value))}
        />
      </div>
      <span data-testid="page-range">{label}</span>
      <div className="flex items-center gap-1">
        {moves.map(({ name, go, icon }) => (
          <Button key={name} variant="ghost" size="icon" className="p-1.5 text-slate-600" aria-label={t(`list.${name}`)} disabled={go === null} onClick={() => go?.()}>
            {icon}
          </Button>
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
