import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AdminSessionList } from '@aurum/domain/auth/second-factor-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** A superAdmin's view of another admin's sessions (logoutAdmin) and the reset of its second factor (decisions 0210, 0222). */
const sessionsOf = (adminId: number) =>
  queryOptions({ queryKey: ['admins', adminId, 'sessions'], queryFn: () => http.request(`${SECURE_API}/admin/${adminId}/sessions`, { schema: AdminSessionList }) });

export const useAdminSessions = (adminId: number, enabled: boolean) => useQuery({ ...sessionsOf(adminId), enabled });

export function useEndAdminSession(adminId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      http.request(`${SECURE_API}/admin/${adminId}/sessions/${encodeURIComponent(sessionId)}/end`, { method: 'POST', schema: z.object({ sessionId: z.string() }) }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsOf(adminId).queryKey }),
  });
}

export function useResetSecondFactor(adminId: number) {
  return useMutation({
    mutationFn: () => http.request(`${SECURE_API}/admin/${adminId}/second_factor/reset`, { method: 'POST', schema: z.object({ id: z.number().int() }) }),
  });
}
