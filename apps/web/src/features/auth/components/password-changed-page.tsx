import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from './auth-card.tsx';

/** Password Changed (/auth/password-changed/). */
export function PasswordChangedPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('passwordChanged.title')}>
      <p className="text-sm text-slate-600">{t('passwordChanged.text')}</p>
      <Link
        to="/auth/login/"
        className="mt-6 inline-flex w-full items-center justify-center rounded-md bg-amber-600 px-4 py-2 text-sm font-medium text-white hover:bg-amber-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
      >
        {t('passwordChanged.signIn')}
      </Link>
    </AuthCard>
  );
}
