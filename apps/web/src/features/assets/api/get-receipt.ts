import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { requestKeys } from './request-keys.ts';

export type ReceiptWhich = 'user' | 'verified';

/**
 * GET asset/{requestId}/receipt/{user|verified} → the image as a Blob. It needs the bearer token,
 * which an <img src> cannot send: the console fetches it and shows an object URL.
 */
export function getReceipt(requestId: number, which: ReceiptWhich, signal?: AbortSignal) {
  return http.request<Blob>(`${SECURE_API}/asset/${requestId}/receipt/${which}`, { responseType: 'blob', signal });
}

/** The receipt as an object URL (revoked when it changes or the screen goes), plus the query state. */
export function useReceiptUrl(requestId: number, which: ReceiptWhich, enabled: boolean) {
  const query = useQuery({ queryKey: requestKeys.receipt(requestId, which), queryFn: ({ signal }) => getReceipt(requestId, which, signal), enabled, staleTime: Infinity });
  const [url, setUrl] = useState<string | null>(null);
  const blob = query.data;
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return { url, isPending: enabled && query.isPending, isError: query.isError, error: query.error };
}
