import { useTranslation } from 'react-i18next';
import { PagerFrame } from '#shared/list/pagination.tsx';
import type { PageInfo, PagingMove } from '../model/order-paging.ts';
import { cursorsFor, pagerLabel } from '../model/order-paging.ts';

export interface CursorPagerProps {
  info: PageInfo;
  limit: number;
  /** 'start-end' when the console knows where the page starts. */
  range: { start: number; end: number } | null;
  rows: number;
  total: number;
  /** The total is a lower bound: the label reads '1-10 of 10,000+'. */
  totalIsLowerBound?: boolean;
  onMove: (move: PagingMove) => void;
  onLimit: (limit: number) => void;
  /** The rows on screen are the previous page's while the next one loads: no moves, no range. */
  stale?: boolean;
}

/**
 * Pagination of a cursor list (SPEC.md §2): page size, 'start-end of total', first (newest),
 * previous (newer), next (older), last (oldest).
 */
export function CursorPager({ info, limit, range, rows, total, totalIsLowerBound = false, onMove, onLimit, stale = false }: CursorPagerProps) {
  const { t } = useTranslation(['common', 'order']);
  const move = (to: PagingMove) => (!stale && cursorsFor(to, info) !== null ? () => onMove(to) : null);
  return (
    <PagerFrame
      limit={limit}
      onLimit={onLimit}
      label={stale ? t('common:loading') : pagerLabel((key, values) => t(key, values), { range, rows, total, totalIsLowerBound })}
      first={move('newest')}
      previous={move('newer')}
      next={move('older')}
      last={move('oldest')}
    />
  );
}
