import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthRuntime } from '#shared/auth/auth-runtime.tsx';
import { useAuth } from '#shared/auth/use-auth.ts';
import { authController } from '#shared/http/client.ts';
import { PreviousPathProvider } from '#shared/navigation/previous-path-provider.tsx';
import { ToastHost } from '#shared/toast/toast-host.tsx';
import { FullPageSpinner } from '#shared/ui/spinner.tsx';

/**
 * Root of every route: session runtime, toasts, previous-path memory. While auth initialises
 * (about 1 s) only a spinner shows. A refused refresh sends the console to '/'.
 */
export function RootLayout() {
  const { t } = useTranslation('common');
  const auth = useAuth();
  const navigate = useNavigate();

  useEffect(() => authController.onExpired(() => void navigate('/', { replace: true })), [navigate]);

  return (
    <PreviousPathProvider>
      <AuthRuntime />
      {auth.status === 'initialising' ? (
        <FullPageSpinner label={t('loading')} />
      ) : (
        <Suspense fallback={<FullPageSpinner label={t('loading')} />}>
          <Outlet />
        </Suspense>
      )}
      <ToastHost />
    </PreviousPathProvider>
  );
}
