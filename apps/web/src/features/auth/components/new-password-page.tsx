import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NewPasswordForm } from '@aurum/domain/auth/schemas';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ValidationMessage } from '@aurum/domain/validation/rules';
import { errorMessage } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { TextField } from '#shared/ui/text-field.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthButton } from './auth-button.tsx';
import { AuthCard } from './auth-card.tsx';

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
      <AuthCard title={t('auth:newPassword.invalidTitle')}>
        <p className="text-sm text-slate-600">{t('auth:newPassword.invalidText')}</p>
        <Link to="/auth/forgot-password/" className="mt-6 inline-block text-sm font-medium text-amber-700 hover:underline">
          {t('auth:newPassword.requestNew')}
        </Link>
      </AuthCard>
    );
  }

  const passwordError = errors.password?.message;
  const confirmError = errors.confirmPassword?.message;
  return (
    <AuthCard title={t('auth:newPassword.title')} subtitle={t('auth:newPassword.subtitle')}>
      <form
        noValidate
        className="flex flex-col gap-4"
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
        <TextField
          label={t('auth:newPassword.password')}
          type="password"
          autoComplete="new-password"
          autoFocus
          required
          hint={t('auth:newPassword.rule', { min: PASSWORD_MIN_LENGTH })}
          error={passwordError}
          errorValues={{ length: lengthFor(passwordError) ?? PASSWORD_MIN_LENGTH }}
          {...register('password')}
        />
        <TextField
          label={t('auth:newPassword.confirm')}
          type="password"
          autoComplete="new-password"
          required
          error={confirmError}
          errorValues={{ length: lengthFor(confirmError) ?? PASSWORD_MIN_LENGTH }}
          {...register('confirmPassword')}
        />
        <AuthButton loading={reset.isPending}>
          {t('auth:newPassword.submit')}
        </AuthButton>
        <Link to="/auth/forgot-password/" className="text-center text-sm font-medium text-amber-700 hover:underline">
          {t('auth:newPassword.requestNew')}
        </Link>
      </form>
    </AuthCard>
  );
}
