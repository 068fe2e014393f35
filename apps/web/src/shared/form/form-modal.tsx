import { useId, type FormEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../ui/modal.tsx';
import { FormActions } from './form-actions.tsx';

export interface FormModalProps {
  title: ReactNode;
  description?: ReactNode;
  /** The call is running: save spins, cancel is disabled. */
  pending: boolean;
  onClose: () => void;
  /** The form's submit handler (react-hook-form's handleSubmit(...)). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Classes of the form element (its layout). */
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** A form in the generic modal with cancel and save in its footer (the save button submits the form). */
export function FormModal({ title, description, pending, onClose, onSubmit, className, testId, children }: FormModalProps) {
  const { t } = useTranslation(['common']);
  const formId = useId();
  return (
    <Modal
      open
      testId={testId}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={title}
      description={description}
      footer={<FormActions onCancel={onClose} pending={pending} submitLabel={t('common:save')} form={formId} />}
    >
      <form id={formId} noValidate className={className} onSubmit={onSubmit}>
        {children}
      </form>
    </Modal>
  );
}
