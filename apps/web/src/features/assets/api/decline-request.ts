import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RequestView, type RequestAction } from '@aurum/domain/assets/request-schemas';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { requestQueries } from './request-queries.ts';

/**
 * POST asset/{kind}/{requestId}/decline {reason?}: releases a hold. 403 (1150) for its submitter;
 * 409 (3200) when no longer pending.
 */
export function declineRequest({ action, requestId, reason }: { action: RequestAction; requestId: number; reason?: string }) {
  const trimmed = reason?.trim();
  return money.request(`${SECURE_API}/asset/${action}/${requestId}/decline`, { method: 'POST', body: trimmed ? { reason: trimmed } : {}, schema: RequestView });
}

export function useDeclineRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: declineRequest,
    onSettled: () => Promise.all(requestQueries.afterChange().map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
