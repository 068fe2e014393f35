import { queryOptions } from '@tanstack/react-query';
import type { DueDiligenceStatus } from '@aurum/domain/compliance/due-diligence-rules';
import { DueDiligenceList, DueDiligenceView } from '@aurum/domain/compliance/due-diligence-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

const BASE = `${SECURE_API}/compliance/due-diligence`;

/** GET compliance/due-diligence?status → the first 500 files of one status, or all (readCompliance). */
export function listDueDiligence(status: DueDiligenceStatus | null, signal?: AbortSignal) {
  return http.request(`${BASE}?limit=500${status ? `&status=${status}` : ''}`, { schema: DueDiligenceList, signal });
}

/** GET compliance/due-diligence/{userId} → the customer's file, its people and risk. */
export function getDueDiligence(userId: number, signal?: AbortSignal) {
  return http.request(`${BASE}/${userId}`, { schema: DueDiligenceView, signal });
}

/** The due diligence desk's queries (a write refetches everything under `all`). */
export const dueDiligenceQueries = {
  all: () => ['compliance', 'dueDiligence'] as const,
  list: (status: DueDiligenceStatus | null) => queryOptions({ queryKey: [...dueDiligenceQueries.all(), 'list', status], queryFn: ({ signal }) => listDueDiligence(status, signal) }),
  file: (userId: number) => queryOptions({ queryKey: [...dueDiligenceQueries.all(), 'file', userId], queryFn: ({ signal }) => getDueDiligence(userId, signal) }),
};
