import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { orderKeys } from './order-wire.ts';

const RevertedDetail = z.object({ executor: z.string().nullable(), executedAt: z.string().nullable(), reason: z.string().nullable() });
export type RevertedDetail = z.infer<typeof RevertedDetail>;

/** POST order/reverted_detail {orderId} → executor, executedAt, reason. A failure gives an empty detail (SPEC.md §8). */
export async function getRevertedDetail(orderId: number, signal?: AbortSignal): Promise<RevertedDetail> {
  try {
    return await http.request(`${SECURE_API}/order/reverted_detail`, { method: 'POST', body: { orderId }, schema: RevertedDetail, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { executor: null, executedAt: null, reason: null };
  }
}

/** Fetched only when the order is reverted (SPEC.md §4). */
export function useRevertedDetail(orderId: number, reverted: boolean) {
  return useQuery({ queryKey: orderKeys.reverted(orderId), queryFn: ({ signal }) => getRevertedDetail(orderId, signal), enabled: reverted && orderId > 0 });
}
