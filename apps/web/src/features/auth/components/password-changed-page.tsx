import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AUTH_BUTTON_CLASSES } from './auth-button.tsx';
import { AuthCard } from './auth-card.tsx';

/** Password Changed (/auth/password-changed/). */
export function PasswordChangedPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('passwordChanged.title')}>
      <p className="text-sm text-slate-600">{t('passwordChanged.text')}</p>
      <Link to="/auth/login/" className={`mt-6 ${AUTH_BUTTON_CLASSES}`}>
        {t('passwordChanged.signIn')}
      </Link>
    </AuthCard>
  );
}
