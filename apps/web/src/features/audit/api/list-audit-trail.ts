import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AuditListAnswer } from '@aurum/domain/audit/audit-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { listBody } from './audit-filter.ts';

type ListBody = ReturnType<typeof listBody>;

/** POST audit_trail/list {username, timeRange, actionClassification, limit, after | before} → {items, pageInfo}, newest first. */
export function listAuditTrail(body: ListBody, signal?: AbortSignal): Promise<AuditListAnswer> {
  return http.request(`${SECURE_API}/audit_trail/list`, { method: 'POST', body, schema: AuditListAnswer, signal });
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
