import { OfflinePriceCheck } from '@aurum/domain/orders/offline-price-band';
import type { CustomizeOrderBody } from '@aurum/domain/orders/order-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** POST order/customize/price_check: an offline order's prices against the live mid and the band; changes nothing. */
export function checkOfflinePrices(body: CustomizeOrderBody): Promise<OfflinePriceCheck> {
  return http.request(`${SECURE_API}/order/customize/price_check`, { method: 'POST', body, schema: OfflinePriceCheck });
}
