import { useQuery } from '@tanstack/react-query';
import { settingsQueries } from './settings-queries.ts';

export function useManualPrices() {
  return useQuery(settingsQueries.manualPrices());
}
