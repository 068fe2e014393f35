import { useQuery } from '@tanstack/react-query';
import { FreezeReport } from '@aurum/domain/compliance/freeze-report';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { holdQueries } from './holds-queries.ts';

/** GET compliance/holds/{id}/freeze-report (readCompliance): drafted when the hold was frozen. */
export function getFreezeReport(holdId: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/compliance/holds/${holdId}/freeze-report`, { schema: FreezeReport, signal });
}

/** The report of a frozen hold; asked for only while its dialog is open (`holdId` not null). */
export function useFreezeReport(holdId: number | null) {
  return useQuery({ queryKey: [...holdQueries.all(), 'freezeReport', holdId], queryFn: ({ signal }) => getFreezeReport(holdId!, signal), enabled: holdId !== null });
}
