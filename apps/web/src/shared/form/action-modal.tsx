import { useId, type ReactNode } from 'react';
import { Modal } from '#shared/ui/modal.tsx';
import { FormActions } from './form-actions.tsx';

export interface ActionModalProps {
  /** The call runs: the dialog stays open, its buttons wait. */
  pending: boolean;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  variant?: 'danger';
  /** The submit button is off (the input breaks a rule). */
  disabled?: boolean;
  title: string;
  description: string;
  testId: string;
  children: ReactNode;
}

/**
 * A dialog that asks for something before an action (a reason, a receipt, an amount): cancel and
 * the action below. Its fields are a form, so Enter in a one-line field takes the action (a
 * multi-line reason keeps Enter for a new line).
 */
export function ActionModal({ pending, onClose, onSubmit, submitLabel, variant, disabled, title, description, testId, children }: ActionModalProps) {
  const formId = useId();
  return (
    <Modal
      open
      onOpenChange={(open) => (open || pending ? undefined : onClose())}
      title={title}
      description={description}
      testId={testId}
      footer={<FormActions onCancel={onClose} pending={pending} submitLabel={submitLabel} form={formId} variant={variant} disabled={disabled} />}
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending && !disabled) onSubmit();
        }}
      >
        {children}
      </form>
    </Modal>
  );
}
