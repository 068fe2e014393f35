import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AdminSessionList,
  SecondFactorConfirmAnswer,
  SecondFactorEnrolAnswer,
  SecondFactorRoles,
  SecondFactorStatus,
} from '@aurum/domain/auth/second-factor-schemas';
import type { AdminRole } from '@aurum/domain/access/roles';
import { http } from '#shared/http/client.ts';
import { AUTH_API, SECURE_API } from '#shared/http/paths.ts';

/** The signed-in admin's second factor and sessions, all under the auth root (decisions 0210, 0220). */
export const securityQueries = {
  all: ['security'] as const,
  status: () => queryOptions({ queryKey: ['security', 'secondFactor'], queryFn: () => http.request(`${AUTH_API}/second_factor`, { schema: SecondFactorStatus }) }),
  sessions: () => queryOptions({ queryKey: ['security', 'sessions'], queryFn: () => http.request(`${AUTH_API}/sessions`, { schema: AdminSessionList }) }),
};

export const useSecondFactorStatus = () => useQuery(securityQueries.status());
export const useOwnSessions = () => useQuery(securityQueries.sessions());

export function useStartEnrolment() {
  return useMutation({ mutationFn: () => http.request(`${AUTH_API}/second_factor/enrol`, { method: 'POST', schema: SecondFactorEnrolAnswer }) });
}

export function useConfirmEnrolment() {
  return useMutation({
    mutationFn: (code: string) => http.request(`${AUTH_API}/second_factor/confirm`, { method: 'POST', body: { code }, schema: SecondFactorConfirmAnswer }),
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      http.request(`${AUTH_API}/sessions/${encodeURIComponent(sessionId)}/end`, { method: 'POST', schema: z.object({ sessionId: z.string() }) }),
    onSuccess: () => client.invalidateQueries({ queryKey: securityQueries.all }),
  });
}

/** GET/POST /web/secure/second_factor/roles: the roles whose admins must have the factor (a superAdmin's setting). */
const rolesQuery = () => queryOptions({ queryKey: ['security', 'roles'], queryFn: () => http.request(`${SECURE_API}/second_factor/roles`, { schema: SecondFactorRoles }) });

export const useSecondFactorRoles = (enabled: boolean) => useQuery({ ...rolesQuery(), enabled });

export function useSaveSecondFactorRoles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (roles: AdminRole[]) => http.request(`${SECURE_API}/second_factor/roles`, { method: 'POST', body: { roles }, schema: SecondFactorRoles }),
    onSuccess: () => client.invalidateQueries({ queryKey: securityQueries.all }),
  });
}
