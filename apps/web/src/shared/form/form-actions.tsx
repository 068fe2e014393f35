import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ButtonVariant } from '#shared/ui/button-recipe.ts';
import { Button } from '#shared/ui/button.tsx';

export interface FormActionsProps {
  onCancel: () => void;
  /** Both buttons wait (cancel disabled, submit busy) while the call runs. */
  pending: boolean;
  submitLabel: ReactNode;
  /** Submits the form of this id (a dialog's footer stands outside its form). */
  form?: string;
  /** Instead of submitting a form, the submit button calls this. */
  onSubmit?: () => void;
  variant?: ButtonVariant;
  disabled?: boolean;
  title?: string;
  /** The row's classes; without them the two buttons stand alone (a dialog's footer). */
  className?: string;
}

/** Cancel and submit, the pair under every form and in every form dialog's footer. */
export function FormActions({ onCancel, pending, submitLabel, form, onSubmit, variant, disabled, title, className }: FormActionsProps) {
  const { t } = useTranslation('common');
  const buttons = (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        {t('confirm.cancel')}
      </Button>
      <Button type={onSubmit ? 'button' : 'submit'} form={form} variant={variant} loading={pending} disabled={disabled} title={title} onClick={onSubmit}>
        {submitLabel}
      </Button>
    </>
  );
  return className ? <div className={className}>{buttons}</div> : buttons;
}
