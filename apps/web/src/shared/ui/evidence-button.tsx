import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdjustmentEvidenceUrl } from '../queries/adjustment-evidence-queries.ts';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';
import { Spinner } from './spinner.tsx';

/**
 * An adjustment's evidence: a button that opens the image in a dialog (fetched with the bearer
 * token when opened, shown from an object URL), with a link to it full size in a new tab.
 */
export function EvidenceButton({ adjustmentId }: { adjustmentId: number }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const evidence = useAdjustmentEvidenceUrl(adjustmentId, open);
  const title = t('evidence.title', { id: adjustmentId });
  return (
    <>
      <Button size="sm" variant="secondary" data-testid={`evidence-${adjustmentId}`} onClick={() => setOpen(true)}>
        {t('evidence.open', { id: adjustmentId })}
      </Button>
      {open ? (
        <Modal open onOpenChange={(next) => (next ? undefined : setOpen(false))} title={title} testId="evidence-dialog">
          <div className="flex min-h-48 items-center justify-center">
            {evidence.url ? (
              <a href={evidence.url} target="_blank" rel="noreferrer" title={t('evidence.fullSize')}>
                <img src={evidence.url} alt={title} className="max-h-[60vh] max-w-full object-contain" />
              </a>
            ) : evidence.isError ? (
              <span className="text-sm text-red-700">{t('evidence.broken')}</span>
            ) : (
              <Spinner className="h-5 w-5 text-slate-400" label={t('evidence.loading')} />
            )}
          </div>
        </Modal>
      ) : null}
    </>
  );
}
