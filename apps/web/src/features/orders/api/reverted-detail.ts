import { RevertedDetail } from '@aurum/domain/orders/order-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** POST order/reverted_detail {orderId} → executor, executedAt, reason. A failure gives an empty detail (SPEC.md §8). */
export async function getRevertedDetail(orderId: number, signal?: AbortSignal): Promise<RevertedDetail> {
  try {
    return await http.request(`${SECURE_API}/order/reverted_detail`, { method: 'POST', body: { orderId }, schema: RevertedDetail, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { executor: null, executedAt: null, reason: null };
  }
}
