import { ActivateAnswer, ListVersionView, UploadAnswer } from '@aurum/domain/compliance/list-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useWrite } from '#shared/http/use-write.ts';
import { listQueries } from './list-queries.ts';

/** POST compliance/lists/{id}/versions (multipart: file; placeComplianceHold) → the proposed version, or the active one when unchanged. */
export function uploadVersion({ listId, file }: { listId: number; file: File }) {
  const form = new FormData();
  form.set('file', file, file.name);
  return http.request(`${SECURE_API}/compliance/lists/${listId}/versions`, { method: 'POST', body: form, schema: UploadAnswer });
}

/** POST compliance/lists/versions/{id}/activate {confirmLargeDrop} (decideComplianceHold; not the uploader). */
export function activateVersion({ versionId, confirmLargeDrop }: { versionId: number; confirmLargeDrop: boolean }) {
  return http.request(`${SECURE_API}/compliance/lists/versions/${versionId}/activate`, { method: 'POST', body: { confirmLargeDrop }, schema: ActivateAnswer });
}

/** POST compliance/lists/versions/{id}/reject (decideComplianceHold; not the uploader). */
export function rejectVersion(versionId: number) {
  return http.request(`${SECURE_API}/compliance/lists/versions/${versionId}/reject`, { method: 'POST', schema: ListVersionView });
}

export const useUploadVersion = () => useWrite(uploadVersion, listQueries.all());
export const useActivateVersion = () => useWrite(activateVersion, listQueries.all());
export const useRejectVersion = () => useWrite(rejectVersion, listQueries.all());
