import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DueDiligenceView, type DueDiligenceBody, type VerifyBody } from '@aurum/domain/compliance/due-diligence-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { dueDiligenceQueries } from './due-diligence-queries.ts';

const BASE = `${SECURE_API}/compliance/due-diligence`;

/** PUT compliance/due-diligence/{userId}: the whole file; a broken rule is 422 (3250) naming the field. */
export function saveDueDiligence({ userId, body }: { userId: number; body: DueDiligenceBody }) {
  return http.request(`${BASE}/${userId}`, { method: 'PUT', body, schema: DueDiligenceView });
}

/** POST compliance/due-diligence/{userId}/verify {eddNote?}: verified, or EDD proposed when the risk is high. */
export function verifyDueDiligence({ userId, body }: { userId: number; body: VerifyBody }) {
  return http.request(`${BASE}/${userId}/verify`, { method: 'POST', body, schema: DueDiligenceView });
}

/** POST compliance/due-diligence/{userId}/approve (decideComplianceHold): not by the officer who proposed it. */
export function approveEdd(userId: number) {
  return http.request(`${BASE}/${userId}/approve`, { method: 'POST', schema: DueDiligenceView });
}

function useFileWrite<V>(call: (variables: V) => Promise<DueDiligenceView>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: dueDiligenceQueries.all() }) });
}

export const useSaveDueDiligence = () => useFileWrite(saveDueDiligence);
export const useVerifyDueDiligence = () => useFileWrite(verifyDueDiligence);
export const useApproveEdd = () => useFileWrite(approveEdd);
