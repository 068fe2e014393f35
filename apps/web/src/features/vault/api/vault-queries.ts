import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { BarDetail, BarPage, MovementPage, VaultList } from '@aurum/domain/vault/vault-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** GET vault/list → the vaults. */
export function listVaults(signal?: AbortSignal) {
  return http.request(`${SECURE_API}/vault/list`, { schema: VaultList, signal });
}

/** GET vault/bar/list?metal&vaultId&status&serial&page&limit → a page of bars and the totals per metal. */
export function listBars(search: string, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/vault/bar/list${search ? `?${search}` : ''}`, { schema: BarPage, signal });
}

/** GET vault/movement/list?status&page&limit → bar movements, newest first. */
export function listMovements(search: string, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/vault/movement/list${search ? `?${search}` : ''}`, { schema: MovementPage, signal });
}

/** The vault screen's queries. */
export const vaultQueries = {
  all: () => ['vault'] as const,
  vaults: () => queryOptions({ queryKey: [...vaultQueries.all(), 'vaults'], queryFn: ({ signal }) => listVaults(signal) }),
  bars: (search: string) => queryOptions({ queryKey: [...vaultQueries.all(), 'bars', search], queryFn: ({ signal }) => listBars(search, signal), placeholderData: keepPreviousData }),
  movements: (search: string) =>
    queryOptions({ queryKey: [...vaultQueries.all(), 'movements', search], queryFn: ({ signal }) => listMovements(search, signal), placeholderData: keepPreviousData, refetchInterval: 10_000 }),
};

/** GET vault/bar/{id} → the bar and its movements, newest first. */
export function getBar(id: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/vault/bar/${id}`, { schema: BarDetail, signal });
}

export const barQuery = (id: number) => queryOptions({ queryKey: [...vaultQueries.all(), 'bar', id], queryFn: ({ signal }) => getBar(id, signal) });
