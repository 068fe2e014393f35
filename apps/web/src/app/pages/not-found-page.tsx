import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { plainButtonClasses } from '#shared/ui/button-recipe.ts';

/** Unknown paths: no sidebar or top bar. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-6xl font-bold text-amber-700">404</p>
      <h1 className="text-2xl font-semibold text-slate-900">{t('notFound.title')}</h1>
      <p className="max-w-md text-sm text-slate-600">{t('notFound.text')}</p>
      <Link to="/" className={plainButtonClasses()}>
        {t('notFound.home')}
      </Link>
    </main>
  );
}
