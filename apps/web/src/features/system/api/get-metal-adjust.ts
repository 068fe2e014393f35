import { useQuery } from '@tanstack/react-query';
import type { Metal } from '@aurum/domain/system/metals';
import { systemQueries } from '#shared/queries/system-queries.ts';

export function useMetalAdjust(metal: Metal) {
  return useQuery(systemQueries.metalAdjust(metal));
}
