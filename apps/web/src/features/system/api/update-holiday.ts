import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Holiday, type HolidayBody } from '@aurum/domain/system/system-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { settingsQueries } from './settings-queries.ts';

/** PUT holiday/update/{id} {name, date} (editHoliday); a date another holiday keeps is 409 1001 'date'. */
export function updateHoliday({ id, body }: { id: number; body: HolidayBody }): Promise<Holiday> {
  return http.request(`${SECURE_API}/holiday/update/${id}`, { method: 'PUT', body, schema: Holiday });
}

export function useUpdateHoliday() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateHoliday, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueries.holidays().queryKey }) });
}
