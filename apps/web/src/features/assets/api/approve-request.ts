import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RequestView, type RequestAction } from '@aurum/domain/assets/request-schemas';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { requestQueries } from './request-queries.ts';

/**
 * POST asset/{kind}/{requestId}/approve (multipart/form-data with the verified receipt 'receipt'):
 * posts it. 403 (1150, SELF_APPROVAL_REFUSED) for its submitter; 409 (3200) when no longer pending.
 */
export function approveRequest({ action, requestId, receipt }: { action: RequestAction; requestId: number; receipt: File }) {
  const form = new FormData();
  form.set('receipt', receipt, receipt.name);
  return money.request(`${SECURE_API}/asset/${action}/${requestId}/approve`, { method: 'POST', body: form, schema: RequestView });
}

export function useApproveRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: approveRequest,
    onSettled: () => Promise.all(requestQueries.afterChange().map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
