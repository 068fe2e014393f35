import { useQuery } from '@tanstack/react-query';
import { settingsQueries } from './settings-queries.ts';

export function useModes() {
  return useQuery(settingsQueries.modes());
}
