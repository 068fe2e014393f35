import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RequestView, type RequestAction } from '@aurum/domain/assets/request-schemas';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { requestQueries } from './request-queries.ts';

export interface CreateRequestInput {
  action: RequestAction;
  /** The text fields (userId, type, amount or quantity, receiverUserId, note); empty ones are left out. */
  fields: Readonly<Record<string, string | undefined>>;
  receipt: File;
  /** Sent as Idempotency-Key: a retry after a lost answer (5 s time-out, a slow upload) cannot make a second request and hold. */
  idempotencyKey: string;
}

/** The multipart body: each non-empty field as text, the image as 'receipt'. */
export function requestFormData(fields: CreateRequestInput['fields'], receipt: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && value.trim() !== '') form.set(name, value.trim());
  form.set('receipt', receipt, receipt.name);
  return form;
}

/**
 * POST asset/{deposit|withdrawal|transfer}/create (multipart/form-data) → the new pending request.
 * 422 2080 when a withdrawal or transfer is more than the user has; 422 3201 for a MYR
 * withdrawal without an approved bank account.
 */
export function createRequest({ action, fields, receipt, idempotencyKey }: CreateRequestInput) {
  return money.request(`${SECURE_API}/asset/${action}/create`, {
    method: 'POST',
    body: requestFormData(fields, receipt),
    schema: RequestView,
    idempotencyKey,
  });
}

export function useCreateRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createRequest,
    // a hold changes the wallet the users feature shows too
    onSettled: () => Promise.all(requestQueries.afterChange().map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
