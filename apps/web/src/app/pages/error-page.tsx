import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { plainButtonClasses } from '#shared/ui/button-recipe.ts';
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
      <button type="button" onClick={() => window.location.reload()} className={plainButtonClasses()}>
        {t('errorPage.reload')}
      </button>
    </main>
  );
}
