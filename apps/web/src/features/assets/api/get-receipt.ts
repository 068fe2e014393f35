import { useQuery } from '@tanstack/react-query';
import { useObjectUrl } from '#shared/hooks/use-object-url.ts';
import { requestQueries, type ReceiptWhich } from './request-queries.ts';

/** The receipt as an object URL (revoked when it changes or the screen goes), plus the query state. */
export function useReceiptUrl(requestId: number, which: ReceiptWhich, enabled: boolean) {
  const query = useQuery({ ...requestQueries.receipt(requestId, which), enabled });
  const url = useObjectUrl(query.data);
  return { url, isPending: enabled && query.isPending, isError: query.isError, error: query.error };
}
