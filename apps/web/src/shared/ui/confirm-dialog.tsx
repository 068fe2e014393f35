import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
}

/**
 * The confirm dialog (SPEC.md §2): a question, cancel and confirm (with a spinner while it runs).
 * The keyboard starts on confirm (Enter takes it), on cancel when the action is destructive.
 */
export function ConfirmDialog({ open, onOpenChange, title, message, confirmLabel, cancelLabel, danger = false, loading = false, onConfirm }: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!loading) onOpenChange(next);
      }}
      title={title}
      description={message}
      testId="confirm-dialog"
      footer={
        <>
          <Button variant="secondary" disabled={loading} onClick={() => onOpenChange(false)} data-initial-focus={danger ? true : undefined}>
            {cancelLabel ?? t('confirm.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} loading={loading} onClick={onConfirm}>
            {confirmLabel ?? t('confirm.confirm')}
          </Button>
        </>
      }
    />
  );
}
