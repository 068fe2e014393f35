import { useQuery } from '@tanstack/react-query';
import { barQuery } from './vault-queries.ts';

/** One bar with its movements (GET vault/bar/{id}). */
export const useBar = (id: number) => useQuery(barQuery(id));
