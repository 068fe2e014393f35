import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HitView } from '@aurum/domain/compliance/hit-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { holdQueries } from './holds-queries.ts';
import { hitQueries } from './hit-queries.ts';

type HitStep = { id: number; step: 'dismiss' | 'confirm'; note: string } | { id: number; step: 'agree' };

/**
 * POST compliance/hits/{id}/dismiss {note} (propose a false hit), /agree (a different officer:
 * dismissed) or /confirm {note} (a true match: the customer's hold proposed for freezing).
 */
export function hitStep(s: HitStep) {
  return http.request(`${SECURE_API}/compliance/hits/${s.id}/${s.step}`, { method: 'POST', ...(s.step === 'agree' ? {} : { body: { note: s.note } }), schema: HitView });
}

/** A hit's step: the hits refetched, and the holds (a confirmation proposes a freeze). */
export function useHitStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: hitStep,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: hitQueries.all() }), client.invalidateQueries({ queryKey: holdQueries.all() })]),
  });
}
