import { useQuery } from '@tanstack/react-query';
import { settingsQueries } from './settings-queries.ts';

export function useHolidays() {
  return useQuery(settingsQueries.holidays());
}
