import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ModeAnswer } from '@aurum/domain/system/system-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { settingsQueries } from './settings-queries.ts';

export type ModeName = 'panic' | 'tradingPeriod' | 'autoSettle';

const PATHS: Readonly<Record<ModeName, string>> = {
  panic: 'set_panic',
  tradingPeriod: 'set_trading_period',
  autoSettle: 'set_auto_settle',
};

/** POST mode/set_panic | set_trading_period | set_auto_settle {enabled}; answers every mode. */
export function setMode({ mode, enabled }: { mode: ModeName; enabled: boolean }): Promise<ModeAnswer> {
  return http.request(`${SECURE_API}/mode/${PATHS[mode]}`, { method: 'POST', body: { enabled }, schema: ModeAnswer });
}

export function useSetMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMode,
    onSuccess: (answer) => queryClient.setQueryData(settingsQueries.modes().queryKey, answer),
  });
}
