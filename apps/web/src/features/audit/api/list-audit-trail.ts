import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_HEADERS, AuditListAnswer } from '@aurum/domain/audit/audit-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { listBody } from '../model/audit-filter.ts';

type ListBody = ReturnType<typeof listBody>;

/** One page of the trail and the cursors of the pages beside it (from the answer headers; null when there is none). */
export interface AuditTrailPage {
  items: AuditListAnswer;
  /** Send as `after` for the next, older page. */
  next: string | null;
  /** Send as `before` for the previous, newer page. */
  previous: string | null;
}

/**
 * POST audit_trail/list {username, timeRange, actionClassification, limit, after | before}: a list
 * of rows, newest first; the cursors come in the X-Next-Cursor and X-Previous-Cursor headers.
 */
export async function listAuditTrail(body: ListBody, signal?: AbortSignal): Promise<AuditTrailPage> {
  let next: string | null = null;
  let previous: string | null = null;
  const items = await http.request(`${SECURE_API}/audit_trail/list`, {
    method: 'POST',
    body,
    schema: AuditListAnswer,
    signal,
    onHeaders: (headers) => {
      next = headers.get(AUDIT_PAGE_HEADERS.next);
      previous = headers.get(AUDIT_PAGE_HEADERS.previous);
    },
  });
  return { items, next, previous };
}

export function useAuditTrail(query: URLSearchParams, limit: number) {
  const body = listBody(query, limit);
  return useQuery({
    queryKey: ['audit', 'list', body],
    queryFn: ({ signal }) => listAuditTrail(body, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
