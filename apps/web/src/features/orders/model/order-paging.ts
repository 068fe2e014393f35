import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@aurum/domain/list/paging';
import { formatNumber } from '#shared/format/display.ts';

/**
 * Cursor paging of the orders connection (SPEC.md §2, §7; decision 0450).
 * The server orders by id ascending; the console shows newest first:
 * - newest page (no cursor): `last: limit`, reversed for display;
 * - older (display "next"): `before: startCursor, last: limit`;
 * - newer (display "previous"): `after: endCursor, first: limit`;
 * - oldest page ("last"): `first: tail` with no cursor, marked `oldest=1&tail=n` in the URL, where
 *   the tail is what is left over the full pages (total mod limit, else limit): the last page holds
 *   only the rows no other page holds, so it never overlaps the one before it ('11-11 of 11').
 * `page` stays out of the URL; the cursors `after`/`before` are in it.
 */
export interface CursorState {
  after: string | null;
  before: string | null;
  oldest: boolean;
  limit: number;
  /** The oldest page's row count (1..limit); the limit when absent. */
  tail?: number | null;
}

export interface PageInfo {
  startCursor: string | null;
  endCursor: string | null;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

export interface PageVariables {
  first?: number;
  last?: number;
  after?: string;
  before?: string;
}

type QueryLike = Pick<URLSearchParams, 'get'>;

const nonEmpty = (v: string | null) => (v !== null && v.trim() !== '' ? v.trim() : null);

/** The paging state a query asks for (limit one of the page sizes, else the default). */
export function readCursorState(query: QueryLike): CursorState {
  const limitText = query.get('limit');
  const limit = limitText && /^\d+$/.test(limitText) && (PAGE_SIZES as readonly number[]).includes(Number(limitText)) ? Number(limitText) : DEFAULT_PAGE_SIZE;
  const after = nonEmpty(query.get('after'));
  const before = after ? null : nonEmpty(query.get('before'));
  const oldest = !after && !before && query.get('oldest') === '1';
  const tailText = query.get('tail') ?? '';
  const tail = oldest && /^\d{1,3}$/.test(tailText) && Number(tailText) >= 1 && Number(tailText) <= limit ? Number(tailText) : null;
  return { after, before, oldest, limit, tail };
}

/** The connection's paging variables: forward after+first, backward before+last. */
export function pageVariables(state: CursorState): PageVariables {
  if (state.after) return { first: state.limit, after: state.after };
  if (state.before) return { last: state.limit, before: state.before };
  if (state.oldest) return { first: state.tail ?? state.limit };
  return { last: state.limit };
}

/** The rows of a page for display: the server's ascending page reversed (newest first). */
export function forDisplay<T>(edges: ReadonlyArray<{ node: T }>): T[] {
  return edges.map((e) => e.node).reverse();
}

export type PagingMove = 'newest' | 'newer' | 'older' | 'oldest';

const CURSOR_KEYS = { after: null, before: null, oldest: null, tail: null, page: null } as const;

/** How many rows the oldest page holds: what is left over the full pages; null when the total is a lower bound. */
export function tailRows(total: number, limit: number, totalIsLowerBound = false): number | null {
  if (totalIsLowerBound || total <= 0) return null;
  return total % limit || limit;
}

/**
 * The cursor part of the query after a move; null when the move is not possible from this page.
 * `tail` is the oldest page's row count (tailRows), when known.
 */
export function cursorsFor(move: PagingMove, info: PageInfo, tail: number | null = null): Record<string, string | null> | null {
  switch (move) {
    case 'newest':
      return info.hasNextPage ? { ...CURSOR_KEYS } : null;
    case 'newer':
      return info.hasNextPage && info.endCursor ? { ...CURSOR_KEYS, after: info.endCursor } : null;
    case 'older':
      return info.hasPreviousPage && info.startCursor ? { ...CURSOR_KEYS, before: info.startCursor } : null;
    case 'oldest':
      return info.hasPreviousPage ? { ...CURSOR_KEYS, oldest: '1', tail: tail === null ? null : String(tail) } : null;
  }
}

/** Applies changes to a query (null or '' removes a key; empty values dropped). */
export function patched(query: URLSearchParams, changes: Readonly<Record<string, string | null>>): URLSearchParams {
  const out = new URLSearchParams(query);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') out.delete(key);
    else out.set(key, value);
  }
  for (const [key, value] of [...out]) if (value.trim() === '') out.delete(key);
  return out;
}

/** A new page size goes back to the newest page. */
export function withLimit(query: URLSearchParams, limit: number): URLSearchParams {
  return patched(query, { ...CURSOR_KEYS, limit: String(limit) });
}

/**
 * Where a page starts, when the console knows it: 0 on the newest page, carried along with the
 * moves (history state), counted from the end on the oldest page; null after a reload of a
 * middle page.
 */
export function offsetAfter(move: PagingMove, current: number | null, rows: number, limit: number): number | null {
  switch (move) {
    case 'newest':
      return 0;
    case 'older':
      return current === null ? null : current + rows;
    case 'newer':
      return current === null ? null : Math.max(0, current - limit);
    case 'oldest':
      return null;
  }
}

/** The page of a connection the pager moves from: its page info, its row count and its total. */
export interface ShownPage {
  pageInfo: PageInfo;
  edges: ReadonlyArray<unknown>;
  totalCount: number;
  totalIsLowerBound: boolean;
}

/**
 * Where the shown page starts: 0 on the newest page, counted from the end on the oldest page (exact
 * total), else as carried along with the moves (null when unknown).
 */
export function pageStart(paging: CursorState, page: ShownPage, carried: number | null): number | null {
  if (!paging.after && !paging.before && !paging.oldest) return 0;
  if (paging.oldest && !page.totalIsLowerBound) return Math.max(0, page.totalCount - page.edges.length);
  return carried;
}

/** A list's paging held in state (not in the address) after a move; null when the move is not possible. */
export function pagingAfter(to: PagingMove, paging: CursorState & { offset: number | null }, page: ShownPage): (CursorState & { offset: number | null }) | null {
  const cursors = cursorsFor(to, page.pageInfo, tailRows(page.totalCount, paging.limit, page.totalIsLowerBound));
  if (!cursors) return null;
  return {
    limit: paging.limit,
    after: cursors.after ?? null,
    before: cursors.before ?? null,
    oldest: cursors.oldest === '1',
    tail: cursors.tail ? Number(cursors.tail) : null,
    offset: offsetAfter(to, pageStart(paging, page, paging.offset), page.edges.length, paging.limit),
  };
}

/**
 * The 'start-end of total' bounds, or null when the start is unknown. With a total that is a lower
 * bound ("10,000+") the oldest page's start is unknown and the end is not capped by the total.
 */
export function pageRange(state: CursorState, offset: number | null, rows: number, total: number, totalIsLowerBound = false): { start: number; end: number } | null {
  if (rows === 0) return { start: 0, end: 0 };
  let start: number | null;
  if (!state.after && !state.before && !state.oldest) start = 0;
  else if (state.oldest) start = totalIsLowerBound ? null : Math.max(0, total - rows);
  else start = offset;
  if (start === null) return null;
  return { start: start + 1, end: totalIsLowerBound ? start + rows : Math.min(total, start + rows) };
}

/** The translation keys of the pager's label. */
export type PagerLabelKey = 'common:list.range' | 'common:list.rangeAtLeast' | 'order:paging.rows' | 'order:paging.rowsAtLeast';

/**
 * The pager's label (SPEC.md §2 'start-end of total'; decision 0421):
 * '1-10 of 25', or '1-10 of 10,000+' when the total is a lower bound; 'n rows of total' when the
 * start is unknown.
 */
export function pagerLabel(
  t: (key: PagerLabelKey, values: Record<string, string | number>) => string,
  p: { range: { start: number; end: number } | null; rows: number; total: number; totalIsLowerBound: boolean },
): string {
  // row numbers en-US grouped (SPEC.md §9), as the numbered pager writes them
  const total = formatNumber(Math.max(0, p.total), 0);
  if (p.range) return t(p.totalIsLowerBound ? 'common:list.rangeAtLeast' : 'common:list.range', { start: formatNumber(p.range.start, 0), end: formatNumber(p.range.end, 0), total });
  return t(p.totalIsLowerBound ? 'order:paging.rowsAtLeast' : 'order:paging.rows', { count: p.rows, total });
}
