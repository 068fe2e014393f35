import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ForgotPasswordBody } from '@aurum/domain/auth/schemas';
import { useLazyZodResolver } from '#shared/forms/lazy-zod-resolver.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { TextField } from '#shared/ui/text-field.tsx';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthButton } from './auth-button.tsx';
import { AuthCard } from './auth-card.tsx';

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
      <AuthCard title={t('auth:forgot.sentTitle')}>
        <p className="text-sm text-slate-600" data-testid="reset-email-sent">
          {t('auth:forgot.sentText', { email: sentTo })}
        </p>
        <Link to="/auth/login/" className="mt-6 inline-block text-sm font-medium text-amber-700 hover:underline">
          {t('auth:backToSignIn')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth:forgot.title')} subtitle={t('auth:forgot.subtitle')}>
      <form
        noValidate
        className="flex flex-col gap-4"
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
        <AuthButton loading={forgot.isPending}>
          {t('auth:forgot.submit')}
        </AuthButton>
        <Link to="/auth/login/" className="text-center text-sm font-medium text-amber-700 hover:underline">
          {t('auth:backToSignIn')}
        </Link>
      </form>
    </AuthCard>
  );
}
