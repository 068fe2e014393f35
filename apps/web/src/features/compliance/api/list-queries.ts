import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListChange } from '@aurum/domain/compliance/list-rules';
import { DiffAnswer, ListsAnswer, VersionsAnswer } from '@aurum/domain/compliance/list-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** GET compliance/lists → every list with its active and proposed versions (readCompliance). */
export function getLists(signal?: AbortSignal) {
  return http.request(`${SECURE_API}/compliance/lists`, { schema: ListsAnswer, signal });
}

/** GET compliance/lists/{id}/versions → the list's versions, newest first. */
export function getVersions(listId: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/compliance/lists/${listId}/versions`, { schema: VersionsAnswer, signal });
}

/** GET compliance/lists/versions/{id}/diff → one kind of change of a version, a page of entries. */
export function getDiff(versionId: number, change: ListChange, limit: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/compliance/lists/versions/${versionId}/diff?change=${change}&limit=${limit}`, { schema: DiffAnswer, signal });
}

/** The screening lists' queries (an upload or a decision refetches everything under `all`). */
export const listQueries = {
  all: () => ['compliance', 'lists'] as const,
  lists: () => queryOptions({ queryKey: [...listQueries.all(), 'lists'], queryFn: ({ signal }) => getLists(signal) }),
  versions: (listId: number) => queryOptions({ queryKey: [...listQueries.all(), 'versions', listId], queryFn: ({ signal }) => getVersions(listId, signal) }),
  diff: (versionId: number, change: ListChange, limit: number) =>
    queryOptions({ queryKey: [...listQueries.all(), 'diff', versionId, change, limit], queryFn: ({ signal }) => getDiff(versionId, change, limit, signal), placeholderData: keepPreviousData }),
};

export function useLists(enabled: boolean) {
  return useQuery({ ...listQueries.lists(), enabled });
}

export function useVersions(listId: number) {
  return useQuery(listQueries.versions(listId));
}

export function useDiff(versionId: number, change: ListChange, limit: number) {
  return useQuery(listQueries.diff(versionId, change, limit));
}
