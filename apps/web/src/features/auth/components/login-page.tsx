import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import type { LoginForm } from '@aurum/domain/auth/schemas';
import { useLazyZodResolver } from '#shared/forms/lazy-zod-resolver.ts';
import { useAuth } from '#shared/auth/use-auth.ts';
import { clearSessionMessage, peekSessionMessage } from '#shared/auth/session-storage.ts';
import { TextField } from '#shared/ui/text-field.tsx';
import { useLogin } from '../api/login.ts';
import { AuthButton } from './auth-button.tsx';
import { AuthCard } from './auth-card.tsx';

// the second step (decision 0224) loads only for an admin with a second factor
const SecondFactorStep = lazy(() => import('./second-factor-step.tsx').then((m) => ({ default: m.SecondFactorStep })));

const MAX_LENGTH = { username: 100, password: 200 } as const;

function returnToFrom(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'returnTo' in state) {
    const { returnTo } = state as { returnTo: unknown };
    if (typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//')) return returnTo;
  }
  return '/';
}

/**
 * Login (/auth/login/). Shows once the session message a failed refresh stored (the landing
 * route '/' sends signed-out admins here), then forgets it.
 */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const auth = useAuth();
  const location = useLocation();
  const [sessionMessage] = useState(() => peekSessionMessage(window.sessionStorage));
  const [challenge, setChallenge] = useState<string | null>(null);
  const loginMutation = useLogin(setChallenge);
  const resolver = useLazyZodResolver<LoginForm>(() => import('@aurum/domain/auth/schemas').then((m) => m.LoginForm));
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginForm>({ resolver, mode: 'onSubmit', reValidateMode: 'onChange', defaultValues: { username: '', password: '' } });

  useEffect(() => {
    clearSessionMessage(window.sessionStorage);
  }, []);

  if (auth.status === 'signedIn') return <Navigate to={returnToFrom(location.state)} replace />;
  if (challenge) {
    return (
      <Suspense fallback={null}>
        <SecondFactorStep challenge={challenge} onRestart={() => setChallenge(null)} />
      </Suspense>
    );
  }

  return (
    <AuthCard title={t('auth:login.title')} subtitle={t('auth:login.subtitle')}>
      {sessionMessage ? (
        <div role="status" data-testid="session-message" className="mb-5 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {sessionMessage}
        </div>
      ) : null}
      <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit((values) => loginMutation.mutate(values))}>
        <TextField
          label={t('auth:login.username')}
          autoComplete="username"
          autoFocus
          required
          error={errors.username?.message}
          errorValues={{ length: MAX_LENGTH.username }}
          {...register('username')}
        />
        <TextField
          label={t('auth:login.password')}
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          errorValues={{ length: MAX_LENGTH.password }}
          {...register('password')}
        />
        <div className="flex justify-end">
          <Link to="/auth/forgot-password/" className="text-sm font-medium text-amber-700 hover:text-amber-800 hover:underline">
            {t('auth:login.forgot')}
          </Link>
        </div>
        <AuthButton loading={loginMutation.isPending}>
          {t('auth:login.submit')}
        </AuthButton>
      </form>
    </AuthCard>
  );
}
