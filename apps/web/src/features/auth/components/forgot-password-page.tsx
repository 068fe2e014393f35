import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ForgotPasswordBody } from '@aurum/domain/auth/schemas';
import { useLazyZodResolver } from '#shared/forms/lazy-zod-resolver.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { TextField } from '#shared/ui/text-field.tsx';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthForm, AuthMessage } from './auth-message.tsx';

/** Forgot Password (/auth/forgot-password/), then its e-mail-sent confirmation. */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const toast = useToast();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const forgot = useForgotPassword();
  const resolver = useLazyZodResolver<ForgotPasswordBody>(() => import('@aurum/domain/auth/schemas').then((m) => m.ForgotPasswordBody));
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordBody>({ resolver, mode: 'onSubmit', reValidateMode: 'onChange', defaultValues: { email: '' } });

  if (sentTo !== null) {
    return (
      <AuthMessage title={t('auth:forgot.sentTitle')} testId="reset-email-sent" link={{ to: '/auth/login/', label: t('auth:backToSignIn') }}>
        {t('auth:forgot.sentText', { email: sentTo })}
      </AuthMessage>
    );
  }

  return (
    <AuthForm
      title={t('auth:forgot.title')}
      subtitle={t('auth:forgot.subtitle')}
      pending={forgot.isPending}
      submitLabel={t('auth:forgot.submit')}
      link={{ to: '/auth/login/', label: t('auth:backToSignIn') }}
      onSubmit={handleSubmit((values) =>
        forgot.mutate(values, {
          onSuccess: () => {
            toast.success(t('auth:forgot.success'));
            setSentTo(values.email);
          },
          onError: (error) => toast.error(t('common:failed'), errorMessage(error)),
        }),
      )}
    >
      <TextField
        label={t('auth:forgot.email')}
        type="email"
        autoComplete="email"
        autoFocus
        required
        error={errors.email?.message}
        errorValues={{ length: 254 }}
        {...register('email')}
      />
    </AuthForm>
  );
}
