import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { NewPasswordForm } from '@aurum/domain/auth/schemas';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@aurum/domain/validation/rules';
import { Modal } from '../ui/modal.tsx';
import { FormActions } from './form-actions.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { lengthValues } from './server-errors.ts';

type PasswordForm = { password: string; confirmPassword: string };

export interface PasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  loading?: boolean;
  onSubmit: (password: string) => void;
}

/** Sets someone's new password: password and confirmation with the domain's rules. */
export function PasswordDialog({ open, onOpenChange, title, description, loading = false, onSubmit, strength = false }: PasswordDialogProps & { strength?: boolean }) {
  const { t } = useTranslation('common');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PasswordForm>({ resolver: zodResolver(NewPasswordForm), mode: 'onTouched', defaultValues: { password: '', confirmPassword: '' } });
  const limits = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={title}
      description={description}
      footer={<FormActions onCancel={() => onOpenChange(false)} pending={loading} submitLabel={t('password.submit')} form="password-dialog-form" />}
    >
      <form id="password-dialog-form" noValidate className="flex flex-col gap-4" onSubmit={handleSubmit((values) => onSubmit(values.password))}>
        <NewPasswordFields
          strength={strength}
          label={(name) => (name === 'password' ? t('password.new') : t('password.confirm'))}
          field={(name) => ({ error: errors[name]?.message, errorValues: name === 'password' ? lengthValues(errors.password?.message, limits) : undefined, ...register(name) })}
        />
      </form>
    </Modal>
  );
}
