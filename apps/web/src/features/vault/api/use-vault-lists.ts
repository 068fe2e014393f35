import { useQuery } from '@tanstack/react-query';
import { vaultQueries } from './vault-queries.ts';

export const useVaults = () => useQuery(vaultQueries.vaults());
export const useBars = (search: string) => useQuery(vaultQueries.bars(search));
export const useMovements = (search: string) => useQuery(vaultQueries.movements(search));
