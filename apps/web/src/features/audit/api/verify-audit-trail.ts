import { useMutation } from '@tanstack/react-query';
import { AuditVerifyAnswer } from '@aurum/domain/audit/audit-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** GET audit_trail/verify (verifyAudit, superAdmin): the hash chain checked, ok with its head or the first broken row. */
export function verifyAuditTrail(): Promise<AuditVerifyAnswer> {
  return http.request(`${SECURE_API}/audit_trail/verify`, { schema: AuditVerifyAnswer });
}

/** A mutation, not a query: the check reads the whole trail, so it runs only when asked. */
export function useVerifyAuditTrail() {
  return useMutation({ mutationFn: verifyAuditTrail });
}
