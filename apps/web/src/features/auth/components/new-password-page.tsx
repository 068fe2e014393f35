import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { NewPasswordForm } from '@aurum/domain/auth/schemas';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ValidationMessage } from '@aurum/domain/validation/rules';
import { errorMessage } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { NewPasswordFields } from '#shared/form/new-password-fields.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthForm, AuthMessage } from './auth-message.tsx';

function lengthFor(message: string | undefined): number | undefined {
  if (message === ValidationMessage.minLength) return PASSWORD_MIN_LENGTH;
  if (message === ValidationMessage.maxLength) return PASSWORD_MAX_LENGTH;
  return undefined;
}

/** New Password (/auth/reset-password/?token=...): the e-mailed link lands here. */
export function NewPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const toast = useToast();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPasswordForm>({
    resolver: zodResolver(NewPasswordForm),
    mode: 'onSubmit', reValidateMode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (token.length === 0) {
    return (
      <AuthMessage title={t('auth:newPassword.invalidTitle')} link={{ to: '/auth/forgot-password/', label: t('auth:newPassword.requestNew') }}>
        {t('auth:newPassword.invalidText')}
      </AuthMessage>
    );
  }

  return (
    <AuthForm
      title={t('auth:newPassword.title')}
      subtitle={t('auth:newPassword.subtitle')}
      pending={reset.isPending}
      submitLabel={t('auth:newPassword.submit')}
      link={{ to: '/auth/forgot-password/', label: t('auth:newPassword.requestNew') }}
      onSubmit={handleSubmit((values) =>
        reset.mutate(
          { token, password: values.password },
          {
            onSuccess: () => void navigate('/auth/password-changed/', { replace: true }),
            onError: (error) => toast.error(t('common:failed'), errorMessage(error)),
          },
        ),
      )}
    >
      <NewPasswordFields
        strength
        autoFocus
        hint={t('auth:newPassword.rule', { min: PASSWORD_MIN_LENGTH })}
        label={(name) => (name === 'password' ? t('auth:newPassword.password') : t('auth:newPassword.confirm'))}
        field={(name) => ({ error: errors[name]?.message, errorValues: { length: lengthFor(errors[name]?.message) ?? PASSWORD_MIN_LENGTH }, ...register(name) })}
      />
    </AuthForm>
  );
}
