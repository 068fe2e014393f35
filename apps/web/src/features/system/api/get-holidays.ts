import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Holiday } from '@aurum/domain/system/system-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** GET holiday: [{id, name, date yyyy-MM-dd}], by date. */
export function getHolidays(): Promise<Holiday[]> {
  return http.request(`${SECURE_API}/holiday`, { schema: z.array(Holiday) });
}

export const holidaysKey = ['system', 'holidays'] as const;

export function useHolidays() {
  return useQuery({ queryKey: holidaysKey, queryFn: getHolidays, staleTime: 0 });
}
