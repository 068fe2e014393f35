import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page.tsx';

/** What a route shows when it fails to load or render: no sidebar or top bar. */
export function ErrorPage() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  useEffect(() => {
    console.error('route error', error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{t('errorPage.title')}</h1>
      <p className="max-w-md text-sm text-slate-600">{t('errorPage.text')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-md bg-amber-600 px-4 py-2 text-sm font-medium text-white hover:bg-amber-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
      >
        {t('errorPage.reload')}
      </button>
    </main>
  );
}
