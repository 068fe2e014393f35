import { useTranslation } from 'react-i18next';
import { errorMessage } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { imageProblem, IMAGE_TYPES } from '#shared/ui/image-upload.tsx';
import { useUploadAdjustmentEvidence } from '../api/upload-adjustment-evidence.ts';

/** Its maker attaches evidence to a pending adjustment (or replaces it): a file input styled as a button, uploaded once chosen. */
export function EvidenceUpload({ adjustmentId, replaces }: { adjustmentId: number; replaces: boolean }) {
  const { t } = useTranslation(['finance', 'common']);
  const toast = useToast();
  const upload = useUploadAdjustmentEvidence();
  const label = replaces ? t('finance:adjustments.evidenceReplace', { id: adjustmentId }) : t('finance:adjustments.evidenceAttach', { id: adjustmentId });
  return (
    <label className="inline-flex cursor-pointer items-center text-xs">
      <input
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className="peer sr-only"
        aria-label={label}
        disabled={upload.isPending}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (!file) return;
          const problem = imageProblem(file);
          if (problem) return toast.error(t(`common:${problem}`));
          upload.mutate(
            { id: adjustmentId, file },
            {
              onSuccess: () => toast.success(t('finance:adjustments.evidenceUploaded', { id: adjustmentId })),
              onError: (err) => toast.error(t('finance:adjustments.evidenceFailed', { id: adjustmentId }), errorMessage(err)),
            },
          );
        }}
      />
      <span className="rounded-md border border-slate-300 px-2 py-1 text-slate-700 peer-focus-visible:outline-2 peer-focus-visible:outline-amber-600 hover:bg-slate-50">{label}</span>
    </label>
  );
}
