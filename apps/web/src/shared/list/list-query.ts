/**
 * The shared list behaviour of SPEC.md §2, as pure functions of the URL query: page (1-based),
 * limit (a page size), sort (a field), order (asc | desc, default asc). The hooks and components
 * of this folder call these; every later list screen uses them.
 */
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type SortOrder } from '@aurum/domain/list/paging';

export interface ListState {
  page: number;
  limit: number;
  sort: string | null;
  order: SortOrder;
}

export interface ListDefaults {
  limit?: number;
  sort?: string | null;
  order?: SortOrder;
}

/** Read-only view of a query: URLSearchParams or anything with get(). */
type QueryLike = Pick<URLSearchParams, 'get'>;

const positiveInt = (text: string | null): number | null => {
  if (text === null || !/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
};

/** The list state a query asks for; anything unreadable falls back to the defaults. */
export function readListState(query: QueryLike, defaults: ListDefaults = {}): ListState {
  const limitText = positiveInt(query.get('limit'));
  const limit = limitText !== null && (PAGE_SIZES as readonly number[]).includes(limitText) ? limitText : (defaults.limit ?? DEFAULT_PAGE_SIZE);
  const order = query.get('order');
  return {
    page: positiveInt(query.get('page')) ?? 1,
    limit,
    sort: query.get('sort') || defaults.sort || null,
    order: order === 'asc' || order === 'desc' ? order : (defaults.order ?? 'asc'),
  };
}

/** A copy without empty values (SPEC.md §2: empty query values are removed). */
export function withoutEmpty(query: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of query) if (value.trim() !== '') out.append(key, value);
  return out;
}

/** A copy with some keys set (null or '' removes the key), empty values dropped. */
export function patchQuery(query: URLSearchParams, changes: Readonly<Record<string, string | number | null | undefined>>): URLSearchParams {
  const out = new URLSearchParams(query);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || String(value) === '') out.delete(key);
    else out.set(key, String(value));
  }
  return withoutEmpty(out);
}

/**
 * A click on a sortable header: another field sorts by it ascending; the same field again
 * toggles the order.
 */
export function toggleSort(query: URLSearchParams, field: string, defaults: ListDefaults = {}): URLSearchParams {
  const state = readListState(query, defaults);
  const order: SortOrder = state.sort === field ? (state.order === 'asc' ? 'desc' : 'asc') : 'asc';
  return patchQuery(query, { sort: field, order });
}

export function setPage(query: URLSearchParams, page: number): URLSearchParams {
  return patchQuery(query, { page: Math.max(1, Math.floor(page)) });
}

/** Changing the page size goes back to page 1. */
export function setLimit(query: URLSearchParams, limit: number): URLSearchParams {
  return patchQuery(query, { limit, page: 1 });
}

/** The 'start-end of total' label of the pagination (0-0 of 0 when empty). */
export function pageLabel(page: number, limit: number, total: number): string {
  if (total <= 0) return '0-0 of 0';
  const { start, end } = pageBounds(page, limit, total);
  return `${start}-${end} of ${total}`;
}

export function pageBounds(page: number, limit: number, total: number): { start: number; end: number; lastPage: number; current: number } {
  if (total <= 0) return { start: 0, end: 0, lastPage: 1, current: 1 };
  const lastPage = Math.max(1, Math.ceil(total / limit));
  const current = Math.min(Math.max(1, page), lastPage);
  return { start: (current - 1) * limit + 1, end: Math.min(total, current * limit), lastPage, current };
}

// ---- filters --------------------------------------------------------------------------------

/** A filter field's name in the query: dots are written as underscores (SPEC.md §2). */
export function queryNameOf(field: string): string {
  return field.replaceAll('.', '_');
}

/** A filter as the badge sees it: its name, the value that filters nothing, whether it only qualifies another. */
export interface CountedFilter {
  name: string;
  /** The value that filters nothing ('all'): not counted. */
  defaultValue?: string;
  /** Says how another filter is read (search by name or id): not a filter of its own. */
  qualifier?: boolean;
}

/**
 * How many filters the query applies (the filter button's badge): a filter counts when its value
 * is set and is not its default; a qualifier (userCondition beside userInput) never counts.
 */
export function activeFilterCount(query: QueryLike, fields: readonly (string | CountedFilter)[]): number {
  return fields.filter((entry) => {
    const field = typeof entry === 'string' ? { name: entry } : entry;
    if (field.qualifier) return false;
    const value = query.get(queryNameOf(field.name))?.trim() ?? '';
    return value !== '' && value !== (field.defaultValue ?? '');
  }).length;
}

/** The filter form's values from the query, each field's default when absent. */
export function filterValuesFrom(query: QueryLike, defaults: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, fallback] of Object.entries(defaults)) out[field] = query.get(queryNameOf(field)) ?? fallback;
  return out;
}

export interface FilterSubmitOptions {
  /** 'first' sets page 1 (default); 'empty' leaves page out (GraphQL-style cursor lists). */
  page?: 'first' | 'empty';
  defaultLimit?: number;
}

/**
 * The query after submitting the filter form: the other parameters kept, the filter values set
 * (dotted names with underscores), page reset to 1 (or left empty), the cursors after and before
 * (and a cursor list's oldest marker with its tail) cleared, limit kept (from the query, otherwise the default), empty values dropped.
 */
export function applyFilters(query: URLSearchParams, values: Readonly<Record<string, string | null | undefined>>, options: FilterSubmitOptions = {}): URLSearchParams {
  const out = new URLSearchParams(query);
  for (const [field, value] of Object.entries(values)) {
    const name = queryNameOf(field);
    out.delete(name);
    if (value !== null && value !== undefined && value.trim() !== '') out.set(name, value.trim());
  }
  out.delete('after');
  out.delete('before');
  out.delete('page');
  if ((options.page ?? 'first') === 'first') out.set('page', '1');
  // a cursor list starts again at its newest page: its "oldest page" marker (and that page's row count) goes with the cursors
  else {
    out.delete('oldest');
    out.delete('tail');
  }
  out.set('limit', query.get('limit') || String(options.defaultLimit ?? DEFAULT_PAGE_SIZE));
  return withoutEmpty(out);
}

/**
 * The query string a list asks its server with: the named parameters of the address, trimmed,
 * empty ones dropped, and `allParam` dropped when it says 'all' (the filter's "any").
 */
export function listSearch(query: Pick<URLSearchParams, 'get'>, params: readonly string[], allParam?: string): string {
  const out = new URLSearchParams();
  for (const key of params) {
    const value = query.get(key)?.trim();
    if (value && !(key === allParam && value === 'all')) out.set(key, value);
  }
  return out.toString();
}
