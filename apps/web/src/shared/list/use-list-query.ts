import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readListState, setLimit, setPage, toggleSort, withoutEmpty, type ListDefaults, type ListState } from './list-query.ts';

export interface ListQuery extends ListState {
  query: URLSearchParams;
  toggleSort: (field: string) => void;
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
  /** Replaces the query (empty values dropped). */
  setQuery: (next: URLSearchParams) => void;
}

/** The shared list state of SPEC.md §2, read from and written to the URL query. */
export function useListQuery(defaults: ListDefaults = {}): ListQuery {
  const [query, setSearchParams] = useSearchParams();
  const { limit: defaultLimit, sort: defaultSort, order: defaultOrder } = defaults;
  const state = useMemo(() => readListState(query, { limit: defaultLimit, sort: defaultSort, order: defaultOrder }), [query, defaultLimit, defaultSort, defaultOrder]);
  const setQuery = useCallback((next: URLSearchParams) => setSearchParams(withoutEmpty(next)), [setSearchParams]);
  return {
    ...state,
    query,
    setQuery,
    toggleSort: useCallback((field: string) => setSearchParams((q) => toggleSort(q, field, { sort: defaultSort, order: defaultOrder })), [setSearchParams, defaultSort, defaultOrder]),
    setPage: useCallback((page: number) => setSearchParams((q) => setPage(q, page)), [setSearchParams]),
    setLimit: useCallback((limit: number) => setSearchParams((q) => setLimit(q, limit)), [setSearchParams]),
  };
}
