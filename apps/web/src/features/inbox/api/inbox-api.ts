import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { InboxDecideAnswer, InboxPage, receiptFieldOf, type InboxDecision, type InboxItemRef } from '@aurum/domain/inbox/inbox-schemas';
import { http, money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { inboxQueries } from '#shared/queries/inbox-queries.ts';
import { userQueries } from '#shared/queries/user-queries.ts';

/** GET inbox?page&limit → the items awaiting a decision, oldest first. */
export function listInbox(page: number, limit: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/inbox?page=${page}&limit=${limit}`, { schema: InboxPage, signal });
}

export const inboxListQuery = (page: number, limit: number) =>
  queryOptions({ queryKey: [...inboxQueries.all(), 'list', page, limit], queryFn: ({ signal }) => listInbox(page, limit, signal), placeholderData: keepPreviousData });

export function useInboxList(page: number, limit: number) {
  return useQuery(inboxListQuery(page, limit));
}

export interface DecideInput {
  decision: InboxDecision;
  items: readonly InboxItemRef[];
  reason?: string;
  /** The verified receipt of each payment request to approve, by receiptFieldOf(item). */
  receipts?: ReadonlyMap<string, File>;
}

/** POST inbox/decide (multipart): every item's outcome, refused ones with their code. */
export function decideInbox({ decision, items, reason, receipts }: DecideInput) {
  const form = new FormData();
  form.set('decision', decision);
  form.set('items', JSON.stringify(items.map(({ kind, id }) => ({ kind, id }))));
  if (decision === 'decline' && reason) form.set('reason', reason);
  if (decision === 'approve') {
    for (const item of items) {
      const file = receipts?.get(receiptFieldOf(item));
      if (file) form.set(receiptFieldOf(item), file, file.name);
    }
  }
  return money.request(`${SECURE_API}/inbox/decide`, { method: 'POST', body: form, schema: InboxDecideAnswer });
}

export function useDecideInbox() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideInbox,
    // decisions change wallets and the request and user screens too
    onSettled: () => Promise.all([inboxQueries.all(), ['assets'], userQueries.all()].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
