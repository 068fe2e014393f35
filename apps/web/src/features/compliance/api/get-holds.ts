import { useQuery } from '@tanstack/react-query';
import { holdQueries } from './holds-queries.ts';

/** The holds in force; not asked for by an admin who may not read them (`enabled` false). */
export function useHolds(enabled: boolean) {
  return useQuery({ ...holdQueries.inForce(), enabled });
}
