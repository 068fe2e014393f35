import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Holiday, type HolidayBody } from '@aurum/domain/system/system-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { settingsQueries } from './settings-queries.ts';

/** POST holiday/create {name, date} (addHoliday); a date already kept is 409 1001 'date'. */
export function createHoliday(body: HolidayBody): Promise<Holiday> {
  return http.request(`${SECURE_API}/holiday/create`, { method: 'POST', body, schema: Holiday });
}

export function useCreateHoliday() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createHoliday, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueries.holidays().queryKey }) });
}
