import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../http/client.ts';
import { SECURE_API } from '../http/paths.ts';
import { useObjectUrl } from '../hooks/use-object-url.ts';

/**
 * GET ledger/adjustments/{id}/evidence → the image as a Blob. It needs the bearer token, which an
 * <img src> cannot send: the console fetches it and shows an object URL.
 */
export function getAdjustmentEvidence(id: number, signal?: AbortSignal) {
  return http.request<Blob>(`${SECURE_API}/ledger/adjustments/${id}/evidence`, { responseType: 'blob', signal });
}

/** Kept out of the finance queries: a write there must not refetch an image; a new upload is a new adjustment state, read again when opened. */
export const adjustmentEvidenceQuery = (id: number) =>
  queryOptions({ queryKey: ['adjustment-evidence', id], queryFn: ({ signal }) => getAdjustmentEvidence(id, signal), staleTime: 0, gcTime: 60_000 });

/** The evidence image's object URL once loaded (only while `enabled`). */
export function useAdjustmentEvidenceUrl(id: number, enabled: boolean) {
  const query = useQuery({ ...adjustmentEvidenceQuery(id), enabled });
  return { url: useObjectUrl(query.data), isError: query.isError, isLoading: query.isLoading };
}
