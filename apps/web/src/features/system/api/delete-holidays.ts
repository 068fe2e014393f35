import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { settingsQueries } from './settings-queries.ts';

/** DELETE holiday with body {id: [number]} (deleteHoliday): all or none. */
export function deleteHolidays(ids: number[]): Promise<{ deleted: number }> {
  return http.request(`${SECURE_API}/holiday`, { method: 'DELETE', body: { id: ids }, schema: z.object({ deleted: z.number() }) });
}

export function useDeleteHolidays() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteHolidays, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueries.holidays().queryKey }) });
}
